import { lineAmount, type QuoteGroupName, type QuoteLine } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';

// Merging a room's repeated lines (issue 14): every cabinet prices its own hardware, so a run of
// ten units would list 铰链 ten times. A quote the client signs and the factory orders from lists
// each article once with its count, so the adding-up merges lines that are the same article at
// the same price. The per-cabinet lines stay as they are in the quoter's cache: merging makes new
// line objects and never touches the cached ones, so a one-door edit still re-prices one cabinet.

/**
 * The groups whose lines are articles bought by count or length: hardware, trims and the per-piece
 * surcharges. 柜体 lines are cabinets (each its own build), 趟门 panels are cut to their wardrobe.
 */
export const MERGED_GROUPS: ReadonlySet<QuoteGroupName> = new Set<QuoteGroupName>(['五金', '线条', '柜体附加费']);

/** At most this many different cabinet names are kept in a merged line's remark; more say nothing. */
export const MAX_MERGED_REMARKS = 3;

/** Keys by line: a cabinet's lines are cached across re-quotes, so a re-quote builds no key twice. */
const keys = new WeakMap<QuoteLine, string>();

/**
 * What makes two lines the same article: everything printed about it except the counts, the amount
 * and the remark (which names the cabinet it came from). Colour and model numbers are part of it so
 * that two trims of different colours, or two slides of different lengths, stay apart.
 */
function articleKey(l: QuoteLine): string {
  let key = keys.get(l);
  if (key === undefined) {
    key = [l.matCode, l.name, l.width, l.depth, l.height, l.price_hs, l.color, l.paramUnitName, l.textureDir, l.doorShape, l.handle, l.hingSlidName, l.hingSlidModelno].join('\u0000');
    keys.set(l, key);
  }
  return key;
}


/**
 * The remark of merged lines: one remark shared by all is kept (含于轨道, 无价格, one cabinet's
 * name); a few different cabinet names are listed; when one of the lines has none, or there are
 * more than MAX_MERGED_REMARKS, a list of names would mislead or clutter the sheet, so none.
 */
function mergedRemark(remarks: readonly string[]): string {
  const distinct = [...new Set(remarks)];
  if (distinct.length === 1) return distinct[0]!;
  if (distinct.includes('') || distinct.length > MAX_MERGED_REMARKS) return '';
  return distinct.join('、');
}

/**
 * Lines of one room and group with the same article merged into one, at the first one's place:
 * num and qty added (qty rounded to 3 decimals after adding), the amount recomputed from them with
 * lineAmount. A line that has no twin is returned as it is (the same object).
 */
export function mergeLines(lines: readonly QuoteLine[]): QuoteLine[] {
  const byKey = new Map<string, QuoteLine[]>();
  const order: QuoteLine[][] = [];
  for (const l of lines) {
    const key = articleKey(l);
    const same = byKey.get(key);
    if (same) same.push(l);
    else {
      const group = [l];
      byKey.set(key, group);
      order.push(group);
    }
  }
  return order.map((same) => {
    if (same.length === 1) return same[0]!;
    const first = same[0]!;
    let num = 0;
    // Thousandths as integers: adding many 0.1 m rails gathers no float noise.
    let milli = 0;
    for (const l of same) {
      num += l.num;
      milli += Math.round(l.qty * 1000);
    }
    const qty = roundQuantity(milli / 1000);
    return { ...first, num, qty, sum: lineAmount(qty, first.price_hs), remark: mergedRemark(same.map((l) => l.remark)) };
  });
}
