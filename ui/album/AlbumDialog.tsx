import { Dialog, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AlbumImage } from '../../protocol/album';
import { notify } from '../notice';
import { downloadFile } from '../quote/download';
import { SceneDialog } from '../workspace/SceneDialog';
import { PdfViewerDialog } from './PdfViewer';
import type { PdfSource } from './pdf';
import type { AlbumSource } from './source';
import { albumZip, fetchImages, schemeFileName } from './zip';
import './album.css';

// 图册: the open scheme's renders and panoramas (newest first, 100 x 100 thumbnails with their
// kind), each opened full size (a panorama in the panorama viewer), deleted after a question,
// chosen with check boxes and downloaded as one zip (core.md §5, §8); the design album PDF of the
// scheme with the chosen renders; and any PDF opened in the album viewer.

type Load = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly images: readonly AlbumImage[] };

/** The panorama viewer's address for a panorama of the album. */
export function panoViewerHref(image: Pick<AlbumImage, 'id'>): string {
  return `/pano?id=${encodeURIComponent(image.id)}`;
}

interface Props {
  readonly sceneId: string;
  readonly schemeName: string;
  readonly source: AlbumSource;
  readonly onClose: () => void;
}

export function AlbumDialog({ sceneId, schemeName, source, onClose }: Props) {
  const { t, i18n } = useLingui();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AlbumImage | null>(null);
  const [busy, setBusy] = useState<'zip' | 'pdf' | null>(null);
  const [pdf, setPdf] = useState<{ source: PdfSource; title: string; id: number } | null>(null);
  const [pdfUrl, setPdfUrl] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    source
      .list(sceneId, ctl.signal)
      .then((images) => {
        setLoad({ state: 'ready', images });
        // A picture deleted elsewhere is no longer chosen.
        setSelected((s) => new Set(images.filter((i) => s.has(i.id)).map((i) => i.id)));
      })
      .catch(() => !ctl.signal.aborted && setLoad({ state: 'failed' }));
    return () => ctl.abort();
  }, [source, sceneId, reload]);

  const images = useMemo(() => (load.state === 'ready' ? load.images : []), [load]);
  const chosen = images.filter((i) => selected.has(i.id));
  const allChosen = images.length > 0 && chosen.length === images.length;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  /** The picture's label, else its kind and place in the album. */
  const nameOf = (image: AlbumImage): string => {
    const n = images.indexOf(image) + 1;
    return image.label || (image.kind === 'pano' ? t`全景图 ${n}` : t`效果图 ${n}`);
  };

  // The full-size viewer pages through the renders; a panorama is looked around in /pano instead.
  const renders = useMemo(() => images.filter((i) => i.kind === 'render'), [images]);
  const open = (image: AlbumImage) => {
    if (image.kind === 'pano') window.open(panoViewerHref(image), '_blank', 'noopener');
    else setViewing(renders.indexOf(image));
  };

  async function download() {
    // core.md §5: nothing chosen, nothing to download.
    if (chosen.length === 0) {
      notify(t`请至少选择一张图片进行下载`, { kind: 'warning' });
      return;
    }
    setBusy('zip');
    try {
      const bytes = albumZip(await fetchImages(chosen.map((i) => i.url)));
      downloadFile({ bytes, fileName: schemeFileName(schemeName, 'zip'), mimeType: 'application/zip' });
    } catch {
      // core.md §8
      notify(t`图片下载失败`, { kind: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function makeAlbum() {
    // The chosen renders, or every render when none is chosen (panoramas are no pages: an
    // equirectangular picture reads as a distorted strip on paper).
    const picked = chosen.length > 0 ? chosen : images;
    const renders = picked.filter((i) => i.kind === 'render');
    setBusy('pdf');
    try {
      const [{ designAlbumInput }, { buildDesignAlbum }] = await Promise.all([import('./design-album-input'), import('./design-album')]);
      const bytes = await buildDesignAlbum(await designAlbumInput(schemeName, renders));
      const fileName = schemeFileName(schemeName, 'pdf');
      downloadFile({ bytes, fileName, mimeType: 'application/pdf' });
      setPdf({ source: { data: bytes }, title: fileName, id: Date.now() });
    } catch (e) {
      console.error('design album', e);
      notify(t`设计图册生成失败`, { kind: 'error' });
    } finally {
      setBusy(null);
    }
  }

  async function remove(image: AlbumImage) {
    setDeleting(null);
    try {
      await source.remove(image);
      notify(t`已删除`, { kind: 'success' });
      if (viewing !== null) setViewing(null);
    } catch {
      notify(t`删除失败`, { kind: 'error' });
    }
    setReload((n) => n + 1);
  }

  // Month, day and time: what tells two renders of the same scheme apart, and fits under 100 px.
  const dateFormat = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : 'zh-CN', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

  const footer = (
    <>
      <form
        className="album__pdf-open"
        onSubmit={(e) => {
          e.preventDefault();
          const url = pdfUrl.trim();
          if (url) setPdf({ source: { url }, title: url.split(/[?#]/)[0]!.split('/').pop() || 'PDF', id: Date.now() });
        }}
      >
        <input className="input" type="url" value={pdfUrl} placeholder={t`PDF 地址`} aria-label={t`PDF 地址`} onChange={(e) => setPdfUrl(e.target.value)} />
        <button type="submit" className="button button--ghost" disabled={!pdfUrl.trim()}>
          <Trans>打开 PDF</Trans>
        </button>
      </form>
      <span className="album__spacer" />
      <button type="button" className="button button--secondary" disabled={busy !== null || load.state !== 'ready'} aria-busy={busy === 'pdf'} onClick={() => void makeAlbum()}>
        {busy === 'pdf' ? <Trans>正在生成…</Trans> : <Trans>生成设计图册</Trans>}
      </button>
      <button type="button" className="button button--primary" disabled={busy !== null || load.state !== 'ready'} aria-busy={busy === 'zip'} onClick={() => void download()}>
        <Trans>下载</Trans>
        {chosen.length > 0 ? ` (${chosen.length})` : ''}
      </button>
    </>
  );

  return (
    <>
      <SceneDialog open title={t`图册`} onClose={onClose} size="wide" footer={footer} description={t`效果图与全景图，最新的在前。勾选后可打包下载，或生成设计图册 PDF。`}>
        {load.state === 'loading' ? (
          <p className="album__state" role="status">
            <Trans>正在加载…</Trans>
          </p>
        ) : load.state === 'failed' ? (
          <p className="album__state" role="alert">
            <Trans>图册加载失败</Trans>{' '}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setLoad({ state: 'loading' });
                setReload((n) => n + 1);
              }}
            >
              <Trans>重试</Trans>
            </button>
          </p>
        ) : images.length === 0 ? (
          <p className="album__state" data-testid="album-empty">
            <Trans>这个方案还没有效果图或全景图。</Trans>
          </p>
        ) : (
          <>
            <div className="album__bar">
              <label className="album__check">
                <input type="checkbox" checked={allChosen} ref={(el) => void (el && (el.indeterminate = chosen.length > 0 && !allChosen))} onChange={() => setSelected(allChosen ? new Set() : new Set(images.map((i) => i.id)))} />
                <Trans>全选</Trans>
              </label>
              <span className="album__count" data-testid="album-count">
                {t`已选 ${chosen.length} / ${images.length}`}
              </span>
            </div>
            <ul className="album__grid" aria-label={t`图片`}>
              {images.map((image) => {
                const name = nameOf(image);
                return (
                  <li key={image.id} className={`album__item${selected.has(image.id) ? ' album__item--chosen' : ''}`} data-testid="album-item" data-id={image.id}>
                    <button type="button" className="album__thumb" onClick={() => open(image)} title={t`查看 ${name}`} aria-label={t`查看 ${name}`}>
                      <img src={image.thumbUrl} alt="" width={100} height={100} loading="lazy" />
                      <span className={`album__kind album__kind--${image.kind}`}>{image.kind === 'pano' ? t`全景` : t`效果图`}</span>
                    </button>
                    <input type="checkbox" className="album__pick" checked={selected.has(image.id)} onChange={() => toggle(image.id)} aria-label={t`选择 ${name}`} />
                    <button type="button" className="album__delete" onClick={() => setDeleting(image)} aria-label={t`删除 ${name}`} title={t`删除`}>
                      <TrashIcon />
                    </button>
                    <span className="album__name" title={name}>
                      {name}
                    </span>
                    <span className="album__date">{dateFormat.format(new Date(image.createdAt))}</span>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </SceneDialog>
      {viewing !== null && renders[viewing] ? (
        <Lightbox images={renders} nameOf={nameOf} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
      ) : null}
      <SceneDialog
        open={deleting !== null}
        title={t`删除图片`}
        role="alertdialog"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
              <Trans>取消</Trans>
            </button>
            <button type="button" className="button button--danger" onClick={() => deleting && void remove(deleting)}>
              <Trans>删除</Trans>
            </button>
          </>
        }
      >
        <p className="scene-dialog__text">
          <Trans>确定删除这张图片吗？删除后无法恢复。</Trans>
        </p>
      </SceneDialog>
      {pdf ? <PdfViewerDialog key={pdf.id} source={pdf.source} title={pdf.title} onClose={() => setPdf(null)} /> : null}
    </>
  );
}

/** A render full size over everything, with previous and next (arrow keys too); Escape closes it. */
function Lightbox({ images, nameOf, index, onIndex, onClose }: { readonly images: readonly AlbumImage[]; readonly nameOf: (image: AlbumImage) => string; readonly index: number; readonly onIndex: (i: number) => void; readonly onClose: () => void }) {
  const { t } = useLingui();
  const image = images[index]!;
  const go = useCallback(
    (by: number) => {
      const next = index + by;
      if (next >= 0 && next < images.length) onIndex(next);
    },
    [index, images.length, onIndex],
  );
  const n = index + 1;
  const total = images.length;
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="lightbox-backdrop" />
        <Dialog.Positioner className="lightbox-positioner">
          <Dialog.Content
            className="lightbox"
            data-testid="lightbox"
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft') go(-1);
              else if (e.key === 'ArrowRight') go(1);
            }}
          >
            <Dialog.Title className="lightbox__title">
              {nameOf(image)} <span className="lightbox__size">{`${image.width} × ${image.height}`}</span>
            </Dialog.Title>
            <img className="lightbox__image" src={image.url} alt={nameOf(image)} data-testid="lightbox-image" />
            <span className="lightbox__count" data-testid="lightbox-count">{`${n} / ${total}`}</span>
            <button type="button" className="lightbox__nav lightbox__nav--prev" disabled={index === 0} onClick={() => go(-1)} aria-label={t`上一张`}>
              ‹
            </button>
            <button type="button" className="lightbox__nav lightbox__nav--next" disabled={index === total - 1} onClick={() => go(1)} aria-label={t`下一张`}>
              ›
            </button>
            <Dialog.CloseTrigger className="lightbox__close" aria-label={t`关闭`}>
              ×
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TrashIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2.75 4.25h10.5M6.25 4.25V2.75h3.5v1.5M4 4.25l.6 9a1 1 0 0 0 1 .95h4.8a1 1 0 0 0 1-.95l.6-9M6.75 7v4.5M9.25 7v4.5" />
    </svg>
  );
}
