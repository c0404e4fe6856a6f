import type { CabinetKind } from '../../protocol/cabinets';
import type { CabinetRecord } from '../../protocol/records';
import { findPrice, type PriceItem, type PriceList } from '../../protocol/price-list';
import type { QuoteLine } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';
import { RUN_WIDTHS } from '../geometry/cabinet-run';
import { CABINET_DEFAULTS } from '../kinds/cabinet/record';

// 柜体附加费, the cabinet surcharges of the price list's cabinetFee section (issue 14):
// - CF-NONSTD, per piece: a cabinet the factory cannot take from its standard range. Standard is
//   a width the run filler uses for its kind (RUN_WIDTHS) and its kind's default height and depth
//   (CABINET_DEFAULTS): anything else is cut to order. A corner unit has no run widths, so only its
//   default width is standard; a filler is cut to size by nature and priced by its board, so never.
// - CF-INSTALL, per running metre of each room: every cabinet's width counts, wall units included.
//   A wall unit is hung and levelled on its own above the base run, so fitting a kitchen of base
//   and wall runs is two runs of work, while a tall unit is one; the dealer's 按延米 installation is
//   the length of units fitted.
// - CF-SHAPED (angled cut, per cut) is not charged: no cabinet record describes an angled carcass
//   yet (the kinds are rectangular), so there is nothing to count it from.

export const NONSTANDARD_FEE_CODE = 'CF-NONSTD';
export const INSTALL_FEE_CODE = 'CF-INSTALL';
export const SHAPED_FEE_CODE = 'CF-SHAPED';

/** The widths the factory makes a kind in without a surcharge. */
export function standardWidths(kind: CabinetKind): readonly number[] {
  switch (kind) {
    case 'base':
    case 'wall':
    case 'tall':
    case 'wardrobe':
      return RUN_WIDTHS[kind];
    case 'cornerBase':
      return [CABINET_DEFAULTS.cornerBase.width];
    case 'filler':
      return [];
  }
}

/** Which of a cabinet's sizes are not standard for its kind ([] for a standard one or a filler). */
export function nonStandardSizes(c: Pick<CabinetRecord, 'cabinetKind' | 'width' | 'depth' | 'height'>): ('width' | 'depth' | 'height')[] {
  if (c.cabinetKind === 'filler') return [];
  const d = CABINET_DEFAULTS[c.cabinetKind];
  const out: ('width' | 'depth' | 'height')[] = [];
  if (!standardWidths(c.cabinetKind).includes(c.width)) out.push('width');
  if (c.depth !== d.depth) out.push('depth');
  if (c.height !== d.height) out.push('height');
  return out;
}

/** Makes a priced line of an item (the quoter's: its blank fields, unit names and missing-price rule). */
export type FeeLineMaker = (
  item: PriceItem | undefined,
  want: string,
  fields: { readonly name: string; readonly num: number; readonly qty: number; readonly width?: number; readonly depth?: number; readonly height?: number; readonly remark?: string },
) => QuoteLine;

/** The CF-NONSTD line of one cabinet, or null when it is standard. */
export function nonStandardFeeLine(c: CabinetRecord, list: PriceList, make: FeeLineMaker): QuoteLine | null {
  if (nonStandardSizes(c).length === 0) return null;
  const item = findPrice(list, NONSTANDARD_FEE_CODE);
  return make(item, NONSTANDARD_FEE_CODE, { name: item?.name_zh ?? '非标尺寸加工费', num: 1, qty: 1, width: c.width, depth: c.depth, height: c.height, remark: c.name });
}

/** The CF-INSTALL line of a room whose cabinets are `widthMm` long in all, or null for none. */
export function installFeeLine(widthMm: number, cabinets: number, list: PriceList, make: FeeLineMaker): QuoteLine | null {
  if (widthMm <= 0) return null;
  const item = findPrice(list, INSTALL_FEE_CODE);
  return make(item, INSTALL_FEE_CODE, { name: item?.name_zh ?? '安装费', num: cabinets, qty: roundQuantity(widthMm / 1000) });
}
