import { useEffect, useRef, type CSSProperties } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { kernelCaptures } from './files';
import { kernelState } from './mirror';
import { acquireKernel, releaseKernel } from './session';

export interface KernelCanvasProps {
  readonly className?: string;
  /** Build the default room when the kernel starts with an empty scene (default true). */
  readonly createDefaultRoom?: boolean;
  /** A viewer: the kernel refuses every document change (a shared scene, /onlyShowScene). */
  readonly readOnly?: boolean;
}

const frameStyle: CSSProperties = { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' };
// touch-action none: touch drags orbit the view instead of scrolling the page.
const canvasStyle: CSSProperties = { display: 'block', width: '100%', height: '100%', touchAction: 'none' };
const overlayStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 24,
  textAlign: 'center',
  background: '#f1f3f5',
  color: '#343a40',
  fontSize: 14,
};

/** The 3D view: a canvas handed to the kernel worker, or a message when that is impossible. */
export function KernelCanvas({ className, createDefaultRoom = true, readOnly = false }: KernelCanvasProps) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLCanvasElement>(null);
  const { status, error } = useSnapshot(kernelState);
  const locale = i18n.locale === 'en' ? 'en' : 'zh';

  // The plan view draws room names in the worker, which has no catalogues of its own.
  useEffect(() => {
    if (status !== 'ready') return;
    kernelCaptures.setRenderOptions({ locale }).catch(() => {});
  }, [status, locale]);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    // Failures land in kernelState (status/error) and are shown below.
    acquireKernel(canvas, { defaultRoom: createDefaultRoom, readOnly }).catch(() => {});
    return () => releaseKernel(canvas);
  }, [createDefaultRoom, readOnly]);

  let message: string | null = null;
  const unsupported = error?.code === 'WEBGL2_UNAVAILABLE' || (status === 'failed' && typeof Worker === 'undefined');
  if (unsupported) {
    message = t`三维视图无法启动：浏览器不支持 WebGL2 或 Web Worker。`;
  } else if (status === 'failed') {
    message = t`三维视图无法启动，请刷新页面重试。`;
  } else if (error) {
    message = readOnly ? t`三维视图无法显示。` : t`三维视图无法显示，场景仍可编辑。`;
  }

  return (
    <div className={className} style={frameStyle} aria-busy={status === 'starting'}>
      <canvas ref={ref} data-kernel-canvas="" role="img" aria-label={t`三维视图`} tabIndex={0} style={canvasStyle} />
      {message && (
        <div role="alert" style={overlayStyle}>
          {message}
        </div>
      )}
    </div>
  );
}
