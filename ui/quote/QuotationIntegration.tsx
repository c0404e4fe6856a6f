import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import type { PriceListVersion } from '../../api';
import { PRICE_UNIT_NAMES, type PriceItem } from '../../protocol/price-list';
import type { KernelQuote } from '../../protocol/quote';
import { integratedQuote, type DoorPartField, type WallBoardGroup } from './quote-view';
import { QuoteGrandTotal, QuoteSheet } from './QuoteScreen';
import { useQuote } from './use-quote';
import './quote-screen.css';
import './quotation-integration.css';

// /quotationIntegration (issue 14): the whole quotation of the open scene on one sheet: the
// custom cabinets by room (their lines are on /quoteDetails), the room doors part by part
// (KitQuotationRoomDoorCmd), the wall boards (WallPanelDesign), the laid tiles, and the grand
// total in figures and in Chinese capitals with the price list version. Like the other quote
// screens it lives inside the workspace, re-quotes on every kernel patch, and prints on its own.

const PART_LABELS: Readonly<Record<DoorPartField, MessageDescriptor>> = {
  door: msg`门扇`,
  doorCover: msg`门套线`,
  doorFrame: msg`门套板`,
  doorHead: msg`门头`,
  doorBoard: msg`门槛`,
  doorAcces: msg`五金`,
};

const BOARD_GROUP_LABELS: Readonly<Record<WallBoardGroup, MessageDescriptor>> = {
  board: msg`墙板`,
  line: msg`线条`,
  access: msg`配件`,
};

const FACE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  floor: msg`地面`,
  ceiling: msg`顶面`,
  left: msg`墙面`,
  right: msg`墙面`,
};

/**
 * The kernel names an opening's type in Chinese (opening_type, as the factory software does); the
 * sheet shows it in the reader's language.
 */
const OPENING_TYPE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  单开门: msg`单开门`,
  双开门: msg`双开门`,
  推拉门: msg`推拉门`,
  折叠门: msg`折叠门`,
  阳台门: msg`阳台门`,
  子母门: msg`子母门`,
  门套: msg`门套`,
  垭口: msg`垭口`,
};

const money = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qtyFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

export function QuotationIntegration() {
  const { t } = useLingui();
  const { priceList, priceListFailed, load } = useQuote();
  return (
    <QuoteSheet title={t`整体报价单`} priceListFailed={priceListFailed} load={load}>
      {(quote) => <IntegratedDocument quote={quote} priceList={priceList} />}
    </QuoteSheet>
  );
}

function IntegratedDocument({ quote, priceList }: { quote: KernelQuote; priceList: PriceListVersion | null }) {
  const { t, i18n } = useLingui();
  const en = i18n.locale === 'en';
  const q = integratedQuote(quote);
  // The door parts carry the list's Chinese name; the list of the quote's version gives their unit
  // and English name (the screen reads the current list, the one the kernel just priced from).
  const items = new Map<string, PriceItem>();
  if (priceList?.version === quote.priceListVersion) for (const i of priceList.list.items) if (i.category === 'roomDoor') items.set(i.name_zh, i);
  const partName = (name: string) => (en ? (items.get(name)?.name_en ?? name) : name);
  const partUnit = (name: string) => {
    const unit = items.get(name)?.unit;
    return unit ? PRICE_UNIT_NAMES[unit][en ? 'en' : 'zh'] : '';
  };
  const doors = q.doors.rows.filter((d) => !d.archway);
  const archways = q.doors.rows.filter((d) => d.archway);

  return (
    <>
      {quote.missingPrices.length > 0 ? (
        <div className="qs-warning" role="alert" data-testid="quote-missing">
          <strong>
            <Trans>以下项目在价格表中没有价格，按 0 计：</Trans>
          </strong>{' '}
          {quote.missingPrices.join('、')}
        </div>
      ) : null}

      <Section id="cabinets" title={t`定制柜体`} total={q.cabinets.total} testId="qi-cabinets">
        {q.cabinets.rooms.length === 0 ? (
          <p className="qi-empty">
            <Trans>方案中没有定制柜体。</Trans>
          </p>
        ) : (
          <table className="qs-table qi-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>房间</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>金额(元)</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.cabinets.rooms.map((r, i) => (
                <tr key={`${i}-${r.roomName}`} className="qs-line" data-testid="qi-cabinet-room">
                  <td>{r.roomName || t`未命名房间`}</td>
                  <td className="qs-n">{money.format(r.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="qi-note">
          <Link to="/quoteDetails">
            <Trans>柜体明细见「全部定制」报价单</Trans>
          </Link>
        </p>
      </Section>

      <Section id="doors" title={t`室内门`} total={q.doors.total} testId="qi-doors">
        {q.doors.rows.length === 0 ? (
          <p className="qi-empty">
            <Trans>方案中没有门或垭口。</Trans>
          </p>
        ) : (
          <table className="qs-table qi-table">
            <colgroup>
              <col className="qi-col-part" />
              <col />
              <col className="qi-col-qty" />
              <col className="qi-col-unit" />
              <col className="qi-col-price" />
              <col className="qi-col-amount" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>部件</Trans>
                </th>
                <th scope="col">
                  <Trans>名称</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans context="quoted quantity">数量</Trans>
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
            {[...doors, ...archways].map((d, di) => {
              const where = d.sceneGroup || t`未命名房间`;
              return (
                <tbody key={di} className="qi-door" data-testid="qi-door" data-type={d.openingType}>
                  <tr className="qs-group">
                    <th colSpan={5} scope="rowgroup">
                      {d.archway && di === doors.length ? <span className="qi-apart">{t`垭口（单独计）`}</span> : null}
                      {where} · {OPENING_TYPE_LABELS[d.openingType] ? i18n._(OPENING_TYPE_LABELS[d.openingType]!) : d.openingType}
                    </th>
                    <td className="qs-n qi-door__total" data-testid="qi-door-total">
                      {money.format(d.total)}
                    </td>
                  </tr>
                  {d.parts.map((p) => (
                    <tr key={p.field} className="qs-line qs-line--child" data-part={p.field}>
                      <td className="qs-name">{i18n._(PART_LABELS[p.field])}</td>
                      <td>{partName(p.name)}</td>
                      <td className="qs-n">{qtyFormat.format(p.qty)}</td>
                      <td className="qs-unit">{partUnit(p.name)}</td>
                      <td className="qs-n">{money.format(p.price_hs)}</td>
                      <td className="qs-n">{money.format(p.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              );
            })}
          </table>
        )}
      </Section>

      <Section id="wallBoards" title={t`护墙板`} total={q.wallBoards.total} testId="qi-wall-boards">
        {q.wallBoards.rows.length === 0 ? (
          <p className="qi-empty">
            <Trans>方案中没有护墙板。</Trans>
          </p>
        ) : (
          <table className="qs-table qi-table">
            <colgroup>
              <col className="qi-col-part" />
              <col />
              <col className="qi-col-qty" />
              <col className="qi-col-price" />
              <col className="qi-col-amount" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>类别</Trans>
                </th>
                <th scope="col">
                  <Trans>名称</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans context="quoted quantity">数量</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>单价(元)</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>金额(元)</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.wallBoards.rows.map((r, i) => (
                <tr key={i} className="qs-line" data-testid="qi-wall-board">
                  <td className="qs-name">{i18n._(BOARD_GROUP_LABELS[r.group])}</td>
                  <td>
                    {r.name}
                    {r.reportClass ? <span className="qs-remark">{r.reportClass}</span> : null}
                  </td>
                  <td className="qs-n">{qtyFormat.format(r.qty)}</td>
                  <td className="qs-n">{money.format(r.price_hs)}</td>
                  <td className="qs-n">{money.format(r.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section id="tiles" title={t`瓷砖`} total={q.tiles.total} testId="qi-tiles">
        {q.tiles.rows.length === 0 ? (
          <p className="qi-empty">
            <Trans>方案中没有铺贴瓷砖。</Trans>
          </p>
        ) : (
          <table className="qs-table qi-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>房间</Trans>
                </th>
                <th scope="col">
                  <Trans>位置</Trans>
                </th>
                <th scope="col">
                  <Trans>瓷砖</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>面积(㎡)</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>块数</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>单价(元)</Trans>
                </th>
                <th scope="col" className="qs-n">
                  <Trans>金额(元)</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.tiles.rows.map((r, i) => {
                const face = FACE_LABELS[r.face];
                return (
                  <tr key={i} className="qs-line" data-testid="qi-tile">
                    <td>{r.roomName || t`未命名房间`}</td>
                    <td>{face ? i18n._(face) : r.face}</td>
                    <td>
                      <span className="qs-code">{r.tileCode}</span> {r.tileWidth}×{r.tileHeight}
                    </td>
                    <td className="qs-n">{qtyFormat.format(r.area)}</td>
                    <td className="qs-n">{r.tiles}</td>
                    <td className="qs-n">{r.price === 0 ? '—' : money.format(r.price)}</td>
                    <td className="qs-n">{r.price === 0 ? '—' : money.format(r.amount)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {q.tiles.rows.some((r) => r.price === 0) ? (
          <p className="qi-note">
            <Trans>瓷砖尚未计价，仅列出用量（含 {quote.tiles[0]?.wastePercent ?? 0}% 损耗）。</Trans>
          </p>
        ) : null}
      </Section>

      <footer className="qs-total">
        <dl className="qi-sums">
          {(
            [
              [t`定制柜体`, q.cabinets.total],
              [t`室内门`, q.doors.total],
              [t`护墙板`, q.wallBoards.total],
              [t`瓷砖`, q.tiles.total],
            ] as const
          ).map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{money.format(value)}</dd>
            </Fragment>
          ))}
        </dl>
        <QuoteGrandTotal total={q.total} capital={q.totalCapital} />
      </footer>
    </>
  );
}

function Section({ id, title, total, testId, children }: { id: string; title: string; total: number; testId: string; children: ReactNode }) {
  return (
    <section className="qi-section" aria-labelledby={`qi-${id}`} data-testid={testId}>
      <h2 id={`qi-${id}`} className="qi-section__title">
        <span>{title}</span>
        <span className="qi-section__total" data-testid={`${testId}-total`} data-value={total}>
          ¥ {money.format(total)}
        </span>
      </h2>
      {children}
    </section>
  );
}
