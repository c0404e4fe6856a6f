import { findPrice, worktopPrice, type PriceItem, type PriceList, type PriceUnit } from '../../protocol/price-list';
import { roundQuantity } from '../../protocol/quote-numbers';
import { BLANK_LINE_FIELDS, lineAmount, type QuoteGroupName, type QuoteLine, type WorktopDetail } from '../../protocol/quote';
import type { CabinetRecord, WallRecord } from '../../protocol/records';
import type { RecordReader } from '../document/store';
import { worktops, type Worktop } from '../geometry/worktop';

// The kitchen's worktop quotation (issue 14): the worktops derived from the base runs
// (geometry/worktop.ts), their sinks, cut-outs and backsplash, and the appliances ordered with the
// units, as lines of the groups 台面, 台面毛板, 水槽, 台面附加费 and 方太电器, each tied to the unit
// whose room it is quoted in. Pure.
//
// Pricing rules:
// - 台面: one line per worktop, per running metre (延米) of its material: the pieces' lengths along
//   their wall side added, so an L's corner square is counted once (in the leg running into it);
//   width is that length, depth the slab's, height its thickness, num the pieces, remark the pieces'
//   lengths ("2400+1180");
// - 台面毛板: each slab piece as cut (length x depth x thickness, qty its area in m²), at 0 with
//   the remark 含于台面延米价: the dealer's list prices worktops by the metre, which pays for the
//   slab, so the pieces are listed for the factory and the client, not charged twice;
// - 水槽: a sink per sink unit (single or double bowl) and its tap;
// - 台面附加费: a sink cut-out per sink, a hob cut-out per hob (WF-SINK-CUT, WF-HOB-CUT, each), and
//   the backsplash per metre along the walls (WF-BACKSPLASH), when the worktop has one;
// - 方太电器: each appliance a unit lists, one piece;
// - a price the list lacks: 0, 无价格, and its code reported, as for cabinets.

export const SINK_CODES = { single: 'SK-SINGLE', double: 'SK-DOUBLE' } as const;
export const TAP_CODE = 'SK-TAP';
export const SINK_CUT_CODE = 'WF-SINK-CUT';
export const HOB_CUT_CODE = 'WF-HOB-CUT';
export const BACKSPLASH_CODE = 'WF-BACKSPLASH';
export const SLAB_NAME = '台面毛板';
export const SLAB_REMARK = '含于台面延米价';
const NO_PRICE_REMARK = '无价格';

/** The quotation's unit names (the same words quote.ts prints). */
const UNIT_NAMES: Readonly<Record<PriceUnit, string>> = { m2: '平方米', m: '米', piece: '件', set: '副', each: '处' };

export interface KitchenLine {
  /** the unit whose room the line is quoted in */
  readonly cabinet: CabinetRecord;
  readonly group: QuoteGroupName;
  readonly line: QuoteLine;
}

export interface KitchenQuote {
  readonly lines: readonly KitchenLine[];
  /** the volume report's worktop figures, by the unit whose room they count in */
  readonly worktops: readonly { readonly cabinet: CabinetRecord; readonly metres: number; readonly detail: WorktopDetail }[];
  readonly missing: readonly string[];
}

const blank = BLANK_LINE_FIELDS;

/** The document's worktops, storey by storey (each storey's units against its own walls). */
export function documentWorktops(records: RecordReader): Worktop[] {
  const units = new Map<string, CabinetRecord[]>();
  for (const c of records.ofType('cabinet')) {
    const list = units.get(c.storeyId);
    if (list) list.push(c);
    else units.set(c.storeyId, [c]);
  }
  const out: Worktop[] = [];
  for (const [storeyId, list] of units) {
    const walls: WallRecord[] = records.referring(storeyId, 'wall');
    out.push(...worktops(list, walls));
  }
  return out;
}

export function quoteKitchen(records: RecordReader, list: PriceList, updatedAt: string): KitchenQuote {
  const lines: KitchenLine[] = [];
  const missing: string[] = [];
  const volume: { cabinet: CabinetRecord; metres: number; detail: WorktopDetail }[] = [];

  const priced = (item: PriceItem | undefined, want: string, qty: number, fields: Partial<QuoteLine>): QuoteLine => {
    if (!item) missing.push(want);
    const price = item?.price ?? 0;
    const q = roundQuantity(qty);
    return {
      ...blank,
      name: item?.name_zh ?? want,
      num: 1,
      qty: q,
      price_hs: price,
      sum: lineAmount(q, price),
      paramUnitName: item ? UNIT_NAMES[item.unit] : '',
      updatedAt,
      matCode: item?.code ?? '',
      ...fields,
      remark: item ? (fields.remark ?? '') : NO_PRICE_REMARK,
    };
  };
  const byCode = (code: string, qty: number, fields: Partial<QuoteLine> = {}) => priced(findPrice(list, code), code, qty, fields);

  for (const w of documentWorktops(records)) {
    const owner = records.getOfType(w.ownerId, 'cabinet');
    if (!owner) continue;
    const item = worktopPrice(list, w.material);
    const metres = w.length / 1000;
    const depth = Math.max(...w.pieces.map((p) => p.depth));
    const worktopLine = priced(item, `worktop:${w.material}`, metres, {
      width: round1(w.length),
      depth: round1(depth),
      height: w.thickness,
      num: w.pieces.length,
      remark: w.pieces.map((p) => round1(p.length)).join('+'),
    });
    lines.push({ cabinet: owner, group: '台面', line: worktopLine });
    for (const p of w.pieces) {
      lines.push({
        cabinet: owner,
        group: '台面毛板',
        line: {
          ...blank,
          name: SLAB_NAME,
          matCode: item?.code ?? '',
          width: round1(p.length),
          depth: round1(p.depth),
          height: w.thickness,
          num: 1,
          qty: roundQuantity((p.length * p.depth) / 1e6),
          price_hs: 0,
          sum: 0,
          paramUnitName: UNIT_NAMES.m2,
          updatedAt,
          remark: SLAB_REMARK,
        },
      });
    }
    volume.push({ cabinet: owner, metres, detail: { modelno: item?.code ?? `worktop:${w.material}`, qty: roundQuantity(metres), mats: item?.name_zh ?? w.material } });

    for (const cut of w.cutouts) {
      const unit = records.getOfType(cut.cabinetId, 'cabinet');
      if (!unit) continue;
      const size = { width: cut.size.width, depth: cut.size.depth, remark: unit.name };
      if (cut.kind === 'sink') {
        lines.push({ cabinet: unit, group: '水槽', line: byCode(SINK_CODES[cut.sinkType ?? 'single'], 1, size) });
        lines.push({ cabinet: unit, group: '水槽', line: byCode(TAP_CODE, 1, { remark: unit.name }) });
        lines.push({ cabinet: unit, group: '台面附加费', line: byCode(SINK_CUT_CODE, 1, size) });
      } else lines.push({ cabinet: unit, group: '台面附加费', line: byCode(HOB_CUT_CODE, 1, size) });
    }
    if (w.backsplashLength > 0) {
      lines.push({ cabinet: owner, group: '台面附加费', line: byCode(BACKSPLASH_CODE, w.backsplashLength / 1000, { width: round1(w.backsplashLength), height: w.backsplashHeight }) });
    }
  }

  // Appliances go with any kitchen unit (a hood with the hob's, an oven in a tall unit), worktop or not.
  for (const c of [...records.ofType('cabinet')].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    for (const code of c.appliances ?? []) lines.push({ cabinet: c, group: '方太电器', line: byCode(code, 1, { remark: c.name }) });
  }
  return { lines, worktops: volume, missing };
}

/** Sizes print to a tenth of a millimetre (a butt joint's float noise must not show). */
const round1 = (v: number) => Math.round(v * 10) / 10;
