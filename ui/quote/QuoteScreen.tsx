import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment, useState, type ReactNode } from 'react';
import { LIST_GROUP_NAMES, MISSING_TILE_PREFIX, quotedRooms, quoteListRows, TILE_GROUP_NAME, type ClientData, type KernelQuote, type ListGroupName, type QuoteLine } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';
import { lineSize, lineTotal, scopedPriceData, scopedTiles, type QuoteScope } from './quote-view';
import { cabinetTableInputOf } from './export-input';
import { readUser } from '../auth/storage';
import { notify } from '../notice';
import { useQuote, type Load } from './use-quote';
import { downloadCabinetTable, isoDate } from './export-cabinet-table';
import './quote-screen.css';

// The quote screens (issue 14, core.md §2 /quoteDetails and /wardrobeQuote): the kernel's quote of
// the open scene laid out as the document a client signs, by room and group, with room subtotals,
// the grand total in figures and in Chinese capitals, and the price list version it was priced
// from. They are children of the workspace route, so the kernel (and the scene) stay alive behind
// them, and every kernel patch re-quotes: the kernel caches per cabinet, so that is cheap.

const GROUP_LABELS: Readonly<Record<ListGroupName, MessageDescriptor>> = {
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
  瓷砖: msg`瓷砖`,
};

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qtyFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

export function QuoteScreen({ scope }: { scope: QuoteScope }) {
  const { t } = useLingui();
  const [exporting, setExporting] = useState(false);
  const { priceListFailed, load } = useQuote();
  const title = scope === 'wardrobe' ? t`衣柜报价单` : t`定制家具报价单`;

  async function exportAs(format: 'xlsx' | 'csv') {
    if (load.state !== 'ready') return;
    const input = cabinetTableInputOf(load.quote, scope, readUser(), new Date());
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

  return (
    <QuoteSheet
      title={title}
      priceListFailed={priceListFailed}
      load={load}
      actions={(ready) => (
        <>
          <button type="button" className="button button--primary" disabled={!ready || exporting} onClick={() => void exportAs('xlsx')}>
            <Trans>导出 Excel</Trans>
          </button>
          <button type="button" className="button button--secondary" disabled={!ready || exporting} onClick={() => void exportAs('csv')}>
            <Trans>导出 CSV</Trans>
          </button>
        </>
      )}
    >
      {(quote) => <QuoteDocument quote={quote} scope={scope} />}
    </QuoteSheet>
  );
}

/**
 * The frame every quote screen shares: the tabs, the screen's own actions, print and close; the
 * sheet's title and header; the document once the quote has come, else what it is waiting for.
 */
export function QuoteSheet({
  title,
  priceListFailed,
  load,
  actions,
  children,
}: {
  title: string;
  priceListFailed: boolean;
  load: Load;
  actions?: (ready: boolean) => ReactNode;
  children: (quote: KernelQuote) => ReactNode;
}) {
  const { t } = useLingui();
  const quote = load.state === 'ready' && !priceListFailed ? load.quote : null;
  return (
    <section className="qs" aria-labelledby="quote-title">
      <div className="qs-toolbar" role="toolbar" aria-label={t`报价操作`}>
        <QuoteTabs />
        <span className="qs-toolbar__spacer" />
        {actions?.(quote !== null)}
        <button type="button" className="button button--secondary" disabled={quote === null} onClick={() => window.print()}>
          <Trans>打印</Trans>
        </button>
        <Link to="/" className="icon-button" aria-label={t`关闭报价`}>
          ×
        </Link>
      </div>
      <article className="qs-paper">
        <header className="qs-head">
          <h1 id="quote-title">{title}</h1>
          <QuoteMeta client={quote?.clientData ?? null} version={quote?.priceListVersion ?? null} />
        </header>
        {quote ? children(quote) : <QuoteStatus priceListFailed={priceListFailed} load={load} />}
      </article>
    </section>
  );
}

/** What a quote screen shows until the quote has come: reading the prices failed, computing, or it failed. */
function QuoteStatus({ priceListFailed, load }: { priceListFailed: boolean; load: Load }) {
  if (priceListFailed) {
    return (
      <p className="qs-state" role="alert">
        <Trans>无法读取价格表，暂时不能报价。</Trans>
      </p>
    );
  }
  if (load.state === 'failed') {
    return (
      <p className="qs-state" role="alert" title={load.reason}>
        <Trans>报价计算失败。</Trans>
      </p>
    );
  }
  return (
    <p className="qs-state" role="status">
      <Trans>正在计算报价…</Trans>
    </p>
  );
}

/** The quote screens' tabs: the cabinet quote, the wardrobe quote, the wall boards and the whole quotation. */
function QuoteTabs() {
  const { t } = useLingui();
  return (
    <nav className="qs-tabs" aria-label={t`报价类型`}>
      <Link to="/quoteDetails" className="qs-tab" activeProps={{ 'aria-current': 'page' }}>
        <Trans>全部定制</Trans>
      </Link>
      <Link to="/wardrobeQuote" className="qs-tab" activeProps={{ 'aria-current': 'page' }}>
        <Trans>衣柜</Trans>
      </Link>
      <Link to="/wallboardQuote" className="qs-tab" activeProps={{ 'aria-current': 'page' }}>
        <Trans>护墙板</Trans>
      </Link>
      <Link to="/quotationIntegration" className="qs-tab" activeProps={{ 'aria-current': 'page' }}>
        <Trans>报价汇总</Trans>
      </Link>
    </nav>
  );
}

/** The client, the date and the price list version a quote sheet is headed with. */
function QuoteMeta({ client, version }: { client: ClientData | null; version: number | null }) {
  return (
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
        <dd>{isoDate(new Date())}</dd>
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
        <dd data-testid="quote-price-version">{version === null ? '—' : `v${version}`}</dd>
      </div>
    </dl>
  );
}

function QuoteDocument({ quote, scope }: { quote: KernelQuote; scope: QuoteScope }) {
  const { t, i18n } = useLingui();
  const priceData = scopedPriceData(quote.priceData, scope);
  const tiles = scopedTiles(quote.tiles, scope);
  const rooms = quotedRooms(priceData, tiles);
  const list = quoteListRows(priceData, tiles);
  // A laid tile's price comes from the tile catalogue, not the price list: said apart.
  const missing = quote.missingPrices.filter((m) => !m.startsWith(MISSING_TILE_PREFIX));
  const missingTiles = tiles.length === 0 ? [] : quote.missingPrices.filter((m) => m.startsWith(MISSING_TILE_PREFIX)).map((m) => m.slice(MISSING_TILE_PREFIX.length));
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
      {missingTiles.length > 0 ? (
        <div className="qs-warning" role="alert" data-testid="quote-missing-tiles">
          <strong>
            <Trans>以下瓷砖在瓷砖库中没有价格，按 0 计：</Trans>
          </strong>{' '}
          {missingTiles.join('、')}
        </div>
      ) : null}
      {rooms.length === 0 ? (
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
          {rooms.map((room, ri) => {
            const roomName = room.roomName || t`未命名房间`;
            return (
            <tbody key={`${ri}-${room.roomName}`} className="qs-room" data-room={room.roomName}>
              <tr className="qs-room__head">
                <th colSpan={9} scope="rowgroup">
                  {roomName}
                  {Object.keys(room.groups).some((g) => g !== TILE_GROUP_NAME) ? <span className="qs-room__kind">{room.isYg ? <Trans>衣柜</Trans> : <Trans>橱柜</Trans>}</span> : null}
                </th>
              </tr>
              {LIST_GROUP_NAMES.filter((g) => (room.groups[g]?.length ?? 0) > 0).map((g) => (
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
        <QuoteGrandTotal total={list.total} capital={list.totalCapital} />
      </footer>
    </>
  );
}

/** The foot of every quote sheet: the total in figures and in Chinese capitals, and the lines to sign on. */
export function QuoteGrandTotal({ total, capital }: { total: number; capital: string }) {
  return (
    <>
      <div className="qs-total__row">
        <span>
          <Trans>合计(元)</Trans>
        </span>
        <strong data-testid="quote-total" data-value={total}>
          ¥ {money.format(total)}
        </strong>
      </div>
      <div className="qs-total__row qs-total__capital">
        <span>
          <Trans>大写金额</Trans>
        </span>
        <strong data-testid="quote-total-capital">{capital || '—'}</strong>
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
