import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { PriceListVersion } from '../../api';
import { WALL_BOARD_REPORT_CLASSES } from '../../protocol/price-list';
import type { KernelQuote, WallBoardItem } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';
import { QuoteGrandTotal, QuoteSheet } from './QuoteScreen';
import { useQuote } from './use-quote';
import { WALL_BOARD_SECTIONS, wallBoardAmount, wallBoardSheet, type WallBoardSection } from './wall-board-view';
import './quote-screen.css';
import './wallboard-quote.css';

// /wallboardQuote (issue 14, WallPanelDesign): the wall panels (护墙板) of the open scene priced as
// boards, trims and fixings (catalogues.md §3: board, line, access with report_class), room by
// room, with room subtotals, the grand total in figures and Chinese capitals and the price list
// version. Same sheet and print rules as the cabinet quote, and live in the same way.

const SECTION_LABELS: Readonly<Record<WallBoardSection, MessageDescriptor>> = {
  board: msg`墙板`,
  line: msg`线条`,
  access: msg`辅料`,
};

/** The quotation's units (paramUnitName), shown in the reader's language. */
const UNIT_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  平方米: msg`平方米`,
  米: msg`米`,
  件: msg`件`,
  副: msg`副`,
  处: msg`处`,
};

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qtyFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

export function WallboardQuoteScreen() {
  const { t } = useLingui();
  const { priceList, priceListFailed, load } = useQuote();
  return (
    <QuoteSheet title={t`护墙板报价单`} priceListFailed={priceListFailed} load={load}>
      {(quote) => <WallBoardDocument quote={quote} priceList={priceList} />}
    </QuoteSheet>
  );
}

function WallBoardDocument({ quote, priceList }: { quote: KernelQuote; priceList: PriceListVersion | null }) {
  const { t, i18n } = useLingui();
  const sheet = useMemo(() => wallBoardSheet(quote.wallBoards), [quote.wallBoards]);
  // The quotation names items in Chinese (the factory's language); an English reader gets the
  // price list's English name of the same code.
  const englishNames = useMemo(() => new Map((priceList?.list.items ?? []).map((i) => [i.code, i.name_en])), [priceList]);
  const nameOf = (item: WallBoardItem) => (i18n.locale === 'en' ? (englishNames.get(item.matCode) ?? item.name) : item.name);
  const unpriced = WALL_BOARD_SECTIONS.flatMap((s) => quote.wallBoards[s]).filter((i) => i.remark !== '');
  const unpricedNames = [...new Set(unpriced.map(nameOf))];
  return (
    <>
      {unpricedNames.length > 0 ? (
        <div className="qs-warning" role="alert" data-testid="quote-missing">
          <strong>
            <Trans>以下项目在价格表中没有价格，按 0 计：</Trans>
          </strong>{' '}
          {unpricedNames.join('、')}
        </div>
      ) : null}
      {sheet.rooms.length === 0 ? (
        <p className="qs-state">
          <Trans>方案中还没有护墙板。选中一面墙，在属性中点击「护墙板」即可铺设，报价会自动出现在这里。</Trans>
        </p>
      ) : (
        <table className="qs-table qs-wb-table">
          <colgroup>
            <col className="qs-wb-name" />
            <col className="qs-wb-class" />
            <col className="qs-wb-code" />
            <col className="qs-wb-qty" />
            <col className="qs-wb-unit" />
            <col className="qs-wb-price" />
            <col className="qs-wb-amount" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">
                <Trans>名称</Trans>
              </th>
              <th scope="col">
                <Trans>报表分类</Trans>
              </th>
              <th scope="col">
                <Trans>编码</Trans>
              </th>
              <th scope="col" className="qs-n">
                <Trans>用量</Trans>
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
          {sheet.rooms.map((room, ri) => {
            const roomName = room.roomName || t`未命名房间`;
            return (
              <tbody key={`${ri}-${room.roomName}`} className="qs-room" data-room={room.roomName}>
                <tr className="qs-room__head">
                  <th colSpan={7} scope="rowgroup">
                    {roomName}
                  </th>
                </tr>
                {WALL_BOARD_SECTIONS.filter((s) => room.sections[s].length > 0).map((s) => [
                  <tr key={s} className="qs-group" data-section={s}>
                    <th colSpan={7} scope="rowgroup">
                      {i18n._(SECTION_LABELS[s])}
                    </th>
                  </tr>,
                  ...room.sections[s].map((item, li) => <ItemRow key={`${s}-${li}`} item={item} section={s} name={nameOf(item)} />),
                ])}
                <tr className="qs-subtotal">
                  <th colSpan={6} scope="row">
                    <Trans>{roomName} 小计</Trans>
                  </th>
                  <td className="qs-n" data-testid="quote-room-total">
                    {money.format(room.total)}
                  </td>
                </tr>
              </tbody>
            );
          })}
        </table>
      )}
      <footer className="qs-total">
        <QuoteGrandTotal total={sheet.total} capital={sheet.totalCapital} />
      </footer>
    </>
  );
}

function ItemRow({ item, section, name }: { item: WallBoardItem; section: WallBoardSection; name: string }) {
  const { t, i18n } = useLingui();
  const unit = UNIT_LABELS[item.paramUnitName];
  // The standard classes read in the reader's language; a class of the factory's own stays as written.
  const reportClass = item.report_class === WALL_BOARD_REPORT_CLASSES[section] ? i18n._(SECTION_LABELS[section]) : item.report_class;
  return (
    <tr className="qs-line" data-code={item.matCode}>
      <td className="qs-name">
        {name}
        {item.num > 0 ? (
          <span className="qs-wb-sheets">
            <Trans>需 {item.num} 张</Trans>
          </span>
        ) : null}
        {/* The kernel's only remark here: the list has no price (无价格). */}
        {item.remark ? <span className="qs-remark">{t`无价格`}</span> : null}
      </td>
      <td>{reportClass}</td>
      <td className="qs-code">{item.matCode}</td>
      <td className="qs-n">{qtyFormat.format(roundQuantity(item.qtData.qty))}</td>
      <td className="qs-unit">{unit ? i18n._(unit) : item.paramUnitName}</td>
      <td className="qs-n">{money.format(item.qtData.price_hs)}</td>
      <td className="qs-n">{money.format(wallBoardAmount(item))}</td>
    </tr>
  );
}
