import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect, useRef, useState } from 'react';
import { getPriceList, isApiError, type PriceListVersion } from '../../api';
import { isModuleRefusal, showAuthorityTip } from '../auth/access';
import { QUOTE_GROUP_NAMES, quoteListRows, type KernelQuote, type QuoteGroupName, type QuoteLine } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';
import { lineSize, lineTotal, scopedPriceData, type QuoteScope } from './quote-view';
import { api } from '../app/api';
import { readUser } from '../auth/storage';
import { kernelQuotes, useKernel } from '../kernel';
import { notify, notifyApiError } from '../notice';
import { downloadCabinetTable, isoDate, type CabinetTableInput } from './export-cabinet-table';
import './quote-screen.css';

// The quote screens (issue 14, core.md §2 /quoteDetails and /wardrobeQuote): the kernel's quote of
// the open scene laid out as the document a client signs, by room and group, with room subtotals,
// the grand total in figures and in Chinese capitals, and the price list version it was priced
// from. They are children of the workspace route, so the kernel (and the scene) stay alive behind
// them, and every kernel patch re-quotes: the kernel caches per cabinet, so that is cheap.

const GROUP_LABELS: Readonly<Record<QuoteGroupName, MessageDescriptor>> = {
  柜体: msg`柜体`,
  台面: msg`台面`,
  水槽: msg`水槽`,
  五金: msg`五金`,
  线条: msg`线条`,
  趟门: msg`趟门`,
  台面毛板: msg`台面毛板`,
  柜体附加费: msg`柜体附加费`,
  台面附加费: msg`台面附加费`,
  方太电器: msg`方太电器`,
};

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qtyFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

type Load = { readonly state: 'loading' } | { readonly state: 'failed'; readonly reason: string } | { readonly state: 'ready'; readonly quote: KernelQuote };

/**
 * The kernel's quote, re-asked after each kernel patch (the mirror's seq). One question at a time:
 * patches that arrive while one is out make one more question when it answers.
 */
function useLiveQuote(priceList: PriceListVersion | null): Load {
  const { seq, status } = useKernel();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const busy = useRef(false);
  const again = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    // Opened straight from the address bar, the screen renders before the workspace's kernel has started.
    if (!priceList || status !== 'ready') return;
    if (busy.current) {
      again.current = true;
      return;
    }
    const ask = async (): Promise<void> => {
      busy.current = true;
      do {
        again.current = false;
        try {
          const quote = await kernelQuotes.quote(priceList);
          if (alive.current) setLoad({ state: 'ready', quote });
        } catch (e) {
          if (alive.current) setLoad({ state: 'failed', reason: e instanceof Error ? e.message : String(e) });
        }
      } while (again.current && alive.current);
      busy.current = false;
    };
    void ask();
  }, [seq, status, priceList]);
  return load;
}

export function QuoteScreen({ scope }: { scope: QuoteScope }) {
  const { t } = useLingui();
  const [priceList, setPriceList] = useState<PriceListVersion | null>(null);
  const [priceListFailed, setPriceListFailed] = useState(false);
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    // Silent: the failure is told once, below (a missing module as the authority tip).
    getPriceList(api, undefined, { signal: ctl.signal, silent: true })
      .then(setPriceList)
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setPriceListFailed(true);
        if (isModuleRefusal(e)) showAuthorityTip();
        else if (isApiError(e)) notifyApiError(e);
      });
    return () => ctl.abort();
  }, []);
  const load = useLiveQuote(priceList);
  const title = scope === 'wardrobe' ? t`衣柜报价单` : t`定制家具报价单`;
  const today = new Date();

  async function exportAs(format: 'xlsx' | 'csv') {
    if (load.state !== 'ready') return;
    const user = readUser();
    const q = load.quote;
    const input: CabinetTableInput = {
      priceData: scopedPriceData(q.priceData, scope),
      client: q.clientData,
      // The scene's order number is the factory's plan number (计划号).
      planNo: q.clientData.OrderNo,
      // No customer uid reaches the UI yet: the standard template, and the plan number is asked for.
      customerUid: null,
      project: user?.project ?? '',
      brand: user?.project ?? '',
      date: new Date(),
    };
    setExporting(true);
    try {
      await downloadCabinetTable(input, format);
    } catch (e) {
      console.error('[quote] export failed', e);
      notify(t`导出失败，请重试`, { kind: 'error' });
    } finally {
      setExporting(false);
    }
  }

  let body;
  if (priceListFailed) {
    body = (
      <p className="qs-state" role="alert">
        <Trans>无法读取价格表，暂时不能报价。</Trans>
      </p>
    );
  } else if (load.state === 'loading') {
    body = (
      <p className="qs-state" role="status">
        <Trans>正在计算报价…</Trans>
      </p>
    );
  } else if (load.state === 'failed') {
    body = (
      <p className="qs-state" role="alert" title={load.reason}>
        <Trans>报价计算失败。</Trans>
      </p>
    );
  } else {
    body = <QuoteDocument quote={load.quote} scope={scope} />;
  }

  const ready = load.state === 'ready';
  const client = ready ? load.quote.clientData : null;
  return (
    <section className="qs" aria-labelledby="quote-title">
      <div className="qs-toolbar" role="toolbar" aria-label={t`报价操作`}>
        <nav className="qs-tabs" aria-label={t`报价类型`}>
          <Link to="/quoteDetails" className="qs-tab" activeProps={{ 'aria-current': 'page' }}>
            <Trans>全部定制</Trans>
          </Link>
          <Link to="/wardrobeQuote" className="qs-tab" activeProps={{ 'aria-current': 'page' }}>
            <Trans>衣柜</Trans>
          </Link>
        </nav>
        <span className="qs-toolbar__spacer" />
        <button type="button" className="button button--primary" disabled={!ready || exporting} onClick={() => void exportAs('xlsx')}>
          <Trans>导出 Excel</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={!ready || exporting} onClick={() => void exportAs('csv')}>
          <Trans>导出 CSV</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={!ready} onClick={() => window.print()}>
          <Trans>打印</Trans>
        </button>
        <Link to="/" className="icon-button" aria-label={t`关闭报价`}>
          ×
        </Link>
      </div>
      <article className="qs-paper">
        <header className="qs-head">
          <h1 id="quote-title">{title}</h1>
          <dl className="qs-meta">
            <div>
              <dt>
                <Trans>客户</Trans>
              </dt>
              <dd>{client?.ClientName || '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>电话</Trans>
              </dt>
              <dd>{client?.ClientTel || '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>计划号</Trans>
              </dt>
              <dd>{client?.OrderNo || '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>日期</Trans>
              </dt>
              <dd>{isoDate(today)}</dd>
            </div>
            <div className="qs-meta__wide">
              <dt>
                <Trans>地址</Trans>
              </dt>
              <dd>{client?.ClientAddress || '—'}</dd>
            </div>
            <div>
              <dt>
                <Trans>价格表版本</Trans>
              </dt>
              <dd data-testid="quote-price-version">{ready ? `v${load.quote.priceListVersion}` : '—'}</dd>
            </div>
          </dl>
        </header>
        {body}
      </article>
    </section>
  );
}

function QuoteDocument({ quote, scope }: { quote: KernelQuote; scope: QuoteScope }) {
  const { t, i18n } = useLingui();
  const priceData = scopedPriceData(quote.priceData, scope);
  const list = quoteListRows(priceData);
  const missing = quote.missingPrices;
  return (
    <>
      {missing.length > 0 ? (
        <div className="qs-warning" role="alert" data-testid="quote-missing">
          <strong>
            <Trans>以下项目在价格表中没有价格，按 0 计：</Trans>
          </strong>{' '}
          {missing.join('、')}
        </div>
      ) : null}
      {priceData.length === 0 ? (
        <p className="qs-state">{scope === 'wardrobe' ? <Trans>方案中还没有衣柜。</Trans> : <Trans>方案中还没有定制柜体。在「定制」面板中放置柜体后，报价会自动出现在这里。</Trans>}</p>
      ) : (
        <table className="qs-table">
          <colgroup>
            <col className="qs-col-name" />
            <col className="qs-col-color" />
            <col className="qs-col-code" />
            <col className="qs-col-size" />
            <col className="qs-col-num" />
            <col className="qs-col-qty" />
            <col className="qs-col-unit" />
            <col className="qs-col-price" />
            <col className="qs-col-amount" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">
                <Trans>名称</Trans>
              </th>
              <th scope="col">
                <Trans>颜色</Trans>
              </th>
              <th scope="col">
                <Trans>编码</Trans>
              </th>
              <th scope="col">
                <Trans>宽×深×高(mm)</Trans>
              </th>
              <th scope="col" className="qs-n">
                <Trans>件数</Trans>
              </th>
              <th scope="col" className="qs-n">
                <Trans>数量</Trans>
              </th>
              <th scope="col">
                <Trans>单位</Trans>
              </th>
              <th scope="col" className="qs-n">
                <Trans>单价(元)</Trans>
              </th>
              <th scope="col" className="qs-n">
                <Trans>金额(元)</Trans>
              </th>
            </tr>
          </thead>
          {priceData.map((room, ri) => {
            const roomName = room.roomName || t`未命名房间`;
            return (
            <tbody key={`${ri}-${room.roomName}`} className="qs-room" data-room={room.roomName}>
              <tr className="qs-room__head">
                <th colSpan={9} scope="rowgroup">
                  {roomName}
                  <span className="qs-room__kind">{room.isYg ? <Trans>衣柜</Trans> : <Trans>橱柜</Trans>}</span>
                </th>
              </tr>
              {QUOTE_GROUP_NAMES.filter((g) => (room.groups[g]?.length ?? 0) > 0).map((g) => (
                <Fragment key={g}>
                  <tr className="qs-group">
                    <th colSpan={9} scope="rowgroup">
                      {i18n._(GROUP_LABELS[g])}
                    </th>
                  </tr>
                  {(room.groups[g] ?? []).map((line, li) => (
                    <Fragment key={li}>
                      {/* A cabinet the designer has not named is numbered within its group, as the plan labels it. */}
                      <LineRow line={line.name || g !== '柜体' ? line : { ...line, name: t`柜体 ${li + 1}` }} parent={(line.children?.length ?? 0) > 0} />
                      {(line.children ?? []).map((c, ci) => (
                        <LineRow key={ci} line={c} child />
                      ))}
                    </Fragment>
                  ))}
                </Fragment>
              ))}
              <tr className="qs-subtotal">
                <th colSpan={8} scope="row">
                  <Trans>{roomName} 小计</Trans>
                </th>
                <td className="qs-n" data-testid="quote-room-total">
                  {money.format(list.rooms[ri]?.total ?? 0)}
                </td>
              </tr>
            </tbody>
            );
          })}
        </table>
      )}
      <footer className="qs-total">
        <div className="qs-total__row">
          <span>
            <Trans>合计(元)</Trans>
          </span>
          <strong data-testid="quote-total" data-value={list.total}>
            ¥ {money.format(list.total)}
          </strong>
        </div>
        <div className="qs-total__row qs-total__capital">
          <span>
            <Trans>大写金额</Trans>
          </span>
          <strong data-testid="quote-total-capital">{list.totalCapital || '—'}</strong>
        </div>
        <div className="qs-sign">
          <span>
            <Trans>客户签字：</Trans>
          </span>
          <span>
            <Trans>设计师签字：</Trans>
          </span>
          <span>
            <Trans>签字日期：</Trans>
          </span>
        </div>
      </footer>
    </>
  );
}

function LineRow({ line, parent = false, child = false }: { line: QuoteLine; parent?: boolean; child?: boolean }) {
  const cls = parent ? 'qs-line qs-line--parent' : child ? 'qs-line qs-line--child' : 'qs-line';
  return (
    <tr className={cls}>
      <td className="qs-name">
        {line.name}
        {line.remark ? <span className="qs-remark">{line.remark}</span> : null}
      </td>
      <td>{line.color}</td>
      <td className="qs-code">{line.matCode}</td>
      <td className="qs-size">{lineSize(line)}</td>
      <td className="qs-n">{parent ? '' : line.num}</td>
      <td className="qs-n">{parent ? '' : qtyFormat.format(roundQuantity(line.qty))}</td>
      <td className="qs-unit">{parent ? '' : line.paramUnitName}</td>
      <td className="qs-n">{parent ? '' : money.format(line.price_hs)}</td>
      <td className="qs-n">{money.format(lineTotal(line))}</td>
    </tr>
  );
}
