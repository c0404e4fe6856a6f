import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

// A QR code of a link, drawn by the qrcode package (loaded with this component only).

export function QrCode({ text, size = 160 }: { readonly text: string; readonly size?: number }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => !cancelled && setSrc(url))
      .catch(() => !cancelled && setSrc(null));
    return () => {
      cancelled = true;
    };
  }, [text, size]);
  return src ? <img className="pano-qr__code" src={src} width={size} height={size} alt={t`二维码：${text}`} data-testid="pano-qr" /> : <span style={{ display: 'inline-block', width: size, height: size }} />;
}
