import { Dialog, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { TraceProgress } from '../../protocol/kernel-api';
import { kernelTrace, useKernel } from '../kernel';
import { DIALOG_TOP } from '../widgets/constants';
import './render-preview.css';

// The quick render preview (issue 20): the current 3D view path-traced progressively in the
// kernel worker on the designer's own GPU (kernel traceStart, render/trace.ts), shown in a dialog
// that refreshes as samples add up, with the sample count, a stop button and a JPEG download.
// The high-quality stills are render jobs on the server; this is the instant look.

/** Samples the preview traces before it stops by itself: smooth enough to judge light and colour. */
export const PREVIEW_SAMPLES = 64;
/** The picture's longer side (px): the dialog's size, and quick on a laptop GPU. */
const PREVIEW_LONG_SIDE = 960;
const POLL_MS = 400;
/** The shown picture is refreshed at most this often while tracing (encoding a JPEG costs a frame). */
const REFRESH_MS = 1500;

function previewSize(width: number, height: number): { width: number; height: number } {
  const aspect = width > 0 && height > 0 ? width / height : 16 / 9;
  return aspect >= 1
    ? { width: PREVIEW_LONG_SIDE, height: Math.max(16, Math.round(PREVIEW_LONG_SIDE / aspect)) }
    : { width: Math.max(16, Math.round(PREVIEW_LONG_SIDE * aspect)), height: PREVIEW_LONG_SIDE };
}

/** The 渲染预览 button over the 3D view and its dialog. */
export function RenderPreview() {
  const { t } = useLingui();
  const { status, cameraView } = useKernel();
  const [open, setOpen] = useState(false);
  // The plan (2) is a drawing: nothing to trace there.
  if (status !== 'ready' || cameraView === 2) return null;
  return (
    <>
      <button type="button" className="button button--secondary render-preview__open" title={t`用光线追踪渲染当前视角`} onClick={() => setOpen(true)}>
        <Trans>渲染预览</Trans>
      </button>
      {open ? <PreviewDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Phase = { kind: 'starting' } | { kind: 'running'; progress: TraceProgress } | { kind: 'failed'; detail: string };

function PreviewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [image, setImage] = useState<{ url: string; samples: number } | null>(null);
  const bytes = useRef<Uint8Array | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let shownSamples = 0;
    let lastRefresh = 0;
    let url: string | null = null;

    const show = async () => {
      const picture = await kernelTrace.traceImage(0.9);
      if (cancelled) return;
      bytes.current = picture.jpeg;
      const next = URL.createObjectURL(new Blob([picture.jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
      if (url) URL.revokeObjectURL(url);
      url = next;
      shownSamples = picture.samples;
      lastRefresh = performance.now();
      setImage({ url: next, samples: picture.samples });
    };

    const poll = async () => {
      timer = null;
      try {
        const progress = await kernelTrace.traceProgress();
        if (cancelled) return;
        if (progress.state === 'failed') {
          setPhase({ kind: 'failed', detail: progress.error ?? '' });
          return;
        }
        setPhase({ kind: 'running', progress });
        const finished = progress.state === 'done' || progress.state === 'stopped';
        if (progress.samples > shownSamples && (finished || performance.now() - lastRefresh > REFRESH_MS)) await show();
        if (cancelled || (finished && progress.samples <= shownSamples)) return;
      } catch (e) {
        if (cancelled) return;
        setPhase({ kind: 'failed', detail: e instanceof Error ? e.message : String(e) });
        return;
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };

    void (async () => {
      try {
        const camera = await kernelTrace.viewCamera();
        const canvas = document.querySelector<HTMLCanvasElement>('.workspace__view canvas');
        const size = previewSize(canvas?.clientWidth ?? 0, canvas?.clientHeight ?? 0);
        await kernelTrace.traceStart({ camera, storeyId: null, ...size, samples: PREVIEW_SAMPLES });
        if (!cancelled) void poll();
      } catch (e) {
        if (!cancelled) setPhase({ kind: 'failed', detail: e instanceof Error ? e.message : String(e) });
      }
    })();

    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
      kernelTrace.traceStop().catch(() => {});
    };
  }, []);

  const progress = phase.kind === 'running' ? phase.progress : null;
  const tracing = phase.kind === 'starting' || progress?.state === 'preparing' || progress?.state === 'tracing';

  const download = () => {
    if (!bytes.current) return;
    const a = document.createElement('a');
    const url = URL.createObjectURL(new Blob([bytes.current as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
    a.href = url;
    a.download = `${t`渲染预览`}.jpg`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  let line: string;
  if (phase.kind === 'failed') line = t`渲染失败：${phase.detail}`;
  else if (!progress || progress.state === 'preparing') line = t`正在准备场景…`;
  else if (progress.state === 'done') line = t`已完成 ${progress.samples} 次采样`;
  else if (progress.state === 'stopped') line = t`已停止，${progress.samples} 次采样`;
  else line = t`正在渲染：${progress.samples} / ${progress.target} 次采样`;

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner" style={{ paddingTop: DIALOG_TOP }}>
          <Dialog.Content className="dialog render-preview">
            <Dialog.Title className="dialog__title">
              <Trans>渲染预览</Trans>
            </Dialog.Title>
            <div className="render-preview__frame">
              {image ? <img className="render-preview__image" src={image.url} alt={t`渲染预览图`} data-samples={image.samples} /> : <div className="render-preview__wait">{line}</div>}
            </div>
            <p className="render-preview__status" role="status" data-state={phase.kind === 'running' ? phase.progress.state : phase.kind}>
              {line}
            </p>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" disabled={!tracing} onClick={() => kernelTrace.traceStop().catch(() => {})}>
                <Trans>停止</Trans>
              </button>
              <button type="button" className="button button--secondary" disabled={!image} onClick={download}>
                <Trans>下载</Trans>
              </button>
              <button type="button" className="button button--primary" onClick={onClose}>
                <Trans>关闭</Trans>
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
