import { Trans, useLingui } from '@lingui/react/macro';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { downloadFile, safeFileName } from '../quote/download';
import { SceneDialog } from '../workspace/SceneDialog';
import { clampPage, fitScale, openPdf, pagePng, type PdfSource } from './pdf';
import './album.css';

// The PDF album viewer (core.md §2): one page at a time with previous and next (clamped at the
// ends, catalogues.md §4), page n / total, and the page as a PNG (catalogues.md §7). A PDF that
// cannot be read says PDF 加载失败: and why (catalogues.md §8).

/** Scale of the PNG download: 180 dpi, sharp enough to print the page. */
const PNG_SCALE = 2.5;

function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function PdfViewerDialog({ source, title, onClose }: { readonly source: PdfSource; readonly title: string; readonly onClose: () => void }) {
  const { t } = useLingui();
  return (
    <SceneDialog open title={title} onClose={onClose} size="full" footer={null}>
      <PdfViewer source={source} title={title} failure={t`PDF 加载失败:`} />
    </SceneDialog>
  );
}

function PdfViewer({ source, title, failure }: { readonly source: PdfSource; readonly title: string; readonly failure: string }) {
  const { t } = useLingui();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [drawing, setDrawing] = useState(false);
  const [saving, setSaving] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    // Each PDF gets a viewer of its own (the caller keys it), so the state starts fresh.
    openPdf(source)
      .then((d) => {
        opened = d;
        if (alive) setDoc(d);
        else void d.destroy();
      })
      .catch((e: unknown) => alive && setError(reasonOf(e)));
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, [source]);

  const total = doc?.numPages ?? 0;

  useEffect(() => {
    if (!doc || !canvas.current || !stage.current) return;
    let task: RenderTask | null = null;
    let alive = true;
    const target = canvas.current;
    const box = stage.current.getBoundingClientRect();
    setDrawing(true);
    void (async () => {
      try {
        const p = await doc.getPage(page);
        if (!alive) return;
        const base = p.getViewport({ scale: 1 });
        const scale = fitScale(base.width, base.height, box.width - 16, box.height - 16);
        const dpr = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: scale * dpr });
        target.width = Math.ceil(viewport.width);
        target.height = Math.ceil(viewport.height);
        target.style.width = `${Math.floor(viewport.width / dpr)}px`;
        target.style.height = `${Math.floor(viewport.height / dpr)}px`;
        task = p.render({ canvas: target, viewport, background: '#ffffff' });
        await task.promise;
      } catch (e) {
        // A render cancelled by the next page turn is no failure.
        if (alive && !(e instanceof Error && e.name === 'RenderingCancelledException')) setError(reasonOf(e));
      } finally {
        if (alive) setDrawing(false);
      }
    })();
    return () => {
      alive = false;
      task?.cancel();
    };
  }, [doc, page]);

  const turn = (by: number) => setPage((p) => clampPage(p + by, total));

  async function savePng() {
    if (!doc) return;
    setSaving(true);
    try {
      const bytes = await pagePng(await doc.getPage(page), PNG_SCALE);
      downloadFile({ bytes, fileName: `${safeFileName(title.replace(/\.pdf$/i, '')) || 'page'}-${page}.png`, mimeType: 'image/png' });
    } catch (e) {
      setError(reasonOf(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div
      className="pdf-viewer"
      data-testid="pdf-viewer"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'PageUp') turn(-1);
        else if (e.key === 'ArrowRight' || e.key === 'PageDown') turn(1);
      }}
    >
      <div className="pdf-viewer__bar" role="toolbar" aria-label={t`翻页`}>
        <button type="button" className="button button--secondary" disabled={!doc || page <= 1} onClick={() => turn(-1)}>
          <Trans>上一页</Trans>
        </button>
        <span className="pdf-viewer__page" data-testid="pdf-page" aria-live="polite">
          {doc ? t`第 ${page} / ${total} 页` : '—'}
        </span>
        <button type="button" className="button button--secondary" disabled={!doc || page >= total} onClick={() => turn(1)}>
          <Trans>下一页</Trans>
        </button>
        <span className="pdf-viewer__spacer" />
        <button type="button" className="button button--primary" disabled={!doc || saving} aria-busy={saving} onClick={() => void savePng()}>
          <Trans>下载本页 PNG</Trans>
        </button>
      </div>
      <div className="pdf-viewer__stage" ref={stage} aria-busy={!error && (!doc || drawing)}>
        {error !== null ? (
          <p className="pdf-viewer__error" role="alert" data-testid="pdf-error">
            {failure} {error}
          </p>
        ) : (
          <canvas ref={canvas} className="pdf-viewer__canvas" data-testid="pdf-canvas" data-page={doc && !drawing ? page : undefined} aria-label={t`第 ${page} 页`} />
        )}
      </div>
    </div>
  );
}
