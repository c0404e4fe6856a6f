import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { BrandMark } from '../app/BrandMark';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { PRODUCT_NAME } from '../i18n/locale';
import { KernelCanvas, kernelFiles, useKernel } from '../kernel';
import { DimensionSwitch } from '../workspace/ViewSection';
import type { ViewerFailure, ViewerLoader } from './loaders';
import { useViewerQuote, type ViewerQuote } from './use-viewer-quote';
import '../workspace/house-panel.css';
import '../workspace/scene.css';
import './viewer.css';

// The read-only viewer of a scheme, shared by /scene-share (a share code) and /onlyShowScene (a
// scene file address): brand and scheme name, the kernel's canvas started read-only (camera
// controls and the plan/3D switch; no panel, no save, no timers, no backups), and on request a
// summary of the quotation. The loader decides where the scene comes from.

type Phase = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly name: string } | { readonly kind: 'failed'; readonly reason: ViewerFailure | 'bad-file' };

interface Props {
  readonly load: ViewerLoader;
  /** show the quotation summary when the scene has anything to quote */
  readonly showQuotation?: boolean;
}

export function SceneViewer({ load, showQuotation = false }: Props) {
  const { t, i18n } = useLingui();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const { meta } = useKernel();

  useEffect(() => {
    // The loader is made once per page (the query does not change under a viewer).
    const ctl = new AbortController();
    void (async () => {
      const source = await load(ctl.signal);
      if (ctl.signal.aborted) return;
      if (!source.ok) return setPhase({ kind: 'failed', reason: source.reason });
      try {
        await kernelFiles.load(source.bytes);
      } catch (e) {
        console.error('[viewer] the scene file was refused', e);
        if (!ctl.signal.aborted) setPhase({ kind: 'failed', reason: 'bad-file' });
        return;
      }
      if (!ctl.signal.aborted) setPhase({ kind: 'ready', name: source.name });
    })();
    return () => ctl.abort();
  }, [load]);

  const name = phase.kind === 'ready' ? phase.name || meta.name || t`未命名方案` : '';
  useEffect(() => {
    const product = i18n._(PRODUCT_NAME);
    document.title = name ? `${name} - ${product}` : product;
    return () => void (document.title = product);
  }, [name, i18n]);

  const quote = useViewerQuote(showQuotation, phase.kind === 'ready');

  return (
    <div className="workspace viewer" data-testid="scene-viewer">
      <header className="topbar">
        <BrandMark />
        <span className="topbar__divider" aria-hidden="true" />
        {name ? (
          <span className="topbar__scene viewer__name" data-testid="viewer-name" title={name}>
            {name}
          </span>
        ) : null}
        <span className="viewer__badge">
          <Trans>只读预览</Trans>
        </span>
        <span className="topbar__spacer" />
        {phase.kind === 'ready' ? <DimensionSwitch /> : null}
        <LanguageSwitch />
      </header>
      <main className="workspace__view viewer__view">
        <KernelCanvas readOnly createDefaultRoom={false} />
        {phase.kind === 'loading' ? (
          <div className="scene-busy" role="status" aria-live="polite">
            <div className="scene-busy__card">
              <span className="spinner" aria-hidden="true" />
              <span>
                <Trans>正在加载方案…</Trans>
              </span>
            </div>
          </div>
        ) : null}
        {phase.kind === 'failed' ? <ViewerMessage reason={phase.reason} /> : null}
        {phase.kind === 'ready' && quote ? <QuotePanel quote={quote} /> : null}
      </main>
    </div>
  );
}

function ViewerMessage({ reason }: { readonly reason: ViewerFailure | 'bad-file' }) {
  const { t } = useLingui();
  const text = {
    // core.md §5: 'scene link is wrong'
    'bad-link': t`场景链接错误`,
    'not-shared': t`分享链接无效或已取消分享`,
    // core.md §8: 'cannot get scene file'
    'no-file': t`无法获取场景文件`,
    'bad-file': t`场景文件已损坏或无法识别`,
  }[reason];
  return (
    <div className="viewer__message" data-testid="viewer-message">
      <div className="viewer__message-card" role="alert">
        <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
          <circle cx="20" cy="20" r="18" fill="var(--color-primary-soft)" />
          <path d="M20 11v11" stroke="var(--color-primary)" strokeWidth="3" strokeLinecap="round" />
          <circle cx="20" cy="28" r="2" fill="var(--color-primary)" />
        </svg>
        <p className="viewer__message-text">{text}</p>
      </div>
    </div>
  );
}

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function QuotePanel({ quote }: { readonly quote: ViewerQuote }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(true);
  const version = quote.priceListVersion;
  const label = (kind: ViewerQuote['summary']['rows'][number]['kind'], name: string) =>
    ({ cabinets: name || t`未命名房间`, doors: t`室内门`, wallBoards: t`护墙板`, tiles: t`瓷砖` })[kind];
  return (
    <aside className="viewer-quote" aria-label={t`报价`} data-testid="viewer-quote">
      <header className="viewer-quote__header">
        <h2 className="viewer-quote__title">
          <Trans>报价</Trans>
        </h2>
        <button type="button" className="button button--ghost viewer-quote__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? <Trans>收起</Trans> : <Trans>展开</Trans>}
        </button>
      </header>
      {open ? (
        <>
          <table className="viewer-quote__table">
            <tbody>
              {quote.summary.rows.map((row, i) => (
                <tr key={`${row.kind}-${i}`}>
                  <th scope="row">
                    {row.kind === 'cabinets' ? <span className="viewer-quote__kind">{t`柜体`}</span> : null}
                    {label(row.kind, row.name)}
                  </th>
                  <td>{money.format(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="viewer-quote__note">
            {version === null ? <Trans>按默认价格表计算</Trans> : <Trans>价格表第 {version} 版</Trans>}
          </p>
        </>
      ) : null}
      <footer className="viewer-quote__total">
        <span>
          <Trans>合计（元）</Trans>
        </span>
        <strong data-testid="viewer-quote-total">{money.format(quote.summary.total)}</strong>
      </footer>
      {open ? <p className="viewer-quote__capital">{quote.summary.totalCapital}</p> : null}
    </aside>
  );
}
