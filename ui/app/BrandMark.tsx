import { useLingui } from '@lingui/react/macro';
import { PRODUCT_NAME } from '../i18n/locale';

/** The product's mark and name, as shown in bars and on the login brand panel. */
export function BrandMark({ size = 28 }: { readonly size?: number }) {
  const { i18n } = useLingui();
  return (
    <span className="brand-mark">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M8 22V12l8-5 8 5v10l-8 4-8-4Z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <path d="M8 12l8 5 8-5M16 17v9" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" opacity="0.75" />
      </svg>
      <span className="brand-mark__name">{i18n._(PRODUCT_NAME)}</span>
    </span>
  );
}
