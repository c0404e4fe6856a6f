// Pure helpers of the price list screen: what an admin's typing leaves in a price box, the list a
// save sends, and carrying unsaved edits over onto a newer version when someone else saved first
// (so a refused save never throws away what the admin typed).
import { priceProblem, type PriceItem, type PriceList } from '../../protocol/price-list';
import { sanitiseNumberText } from '../workspace/number-input';

/** Typed texts by item code; the tile waste allowance under WASTE_KEY. Untouched items are absent. */
export type PriceEdits = ReadonlyMap<string, string>;

export const WASTE_KEY = '@tileWastePercent';

/** core.md §5: a decimal input keeps digits and one decimal point. */
export const sanitisePriceText = (text: string): string => sanitiseNumberText(text, true);

/** How a stored price shows in its box: always two decimals, as on a printed price list. */
export function formatPrice(price: number): string {
  return price.toFixed(2);
}

/** Two decimals with thousands separators, for read-only cells and the history. */
export function displayPrice(price: number, locale: string): string {
  return price.toLocaleString(locale === 'en' ? 'en-US' : 'zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The number a typed text stands for; NaN for an empty box, which the validator refuses. */
export function parsePriceText(text: string): number {
  const clean = sanitisePriceText(text.trim());
  return clean === '' || clean === '.' ? Number.NaN : Number(clean);
}

export function textOf(item: PriceItem, edits: PriceEdits): string {
  return edits.get(item.code) ?? formatPrice(item.price);
}

/** true when the box holds a value other than the stored price (typing "215.0" over 215 is no change). */
export function isEdited(item: PriceItem, edits: PriceEdits): boolean {
  const text = edits.get(item.code);
  return text !== undefined && parsePriceText(text) !== item.price;
}

export function wasteText(list: PriceList, edits: PriceEdits): string {
  return edits.get(WASTE_KEY) ?? String(list.tileWastePercent);
}

export function isWasteEdited(list: PriceList, edits: PriceEdits): boolean {
  const text = edits.get(WASTE_KEY);
  return text !== undefined && parsePriceText(text) !== list.tileWastePercent;
}

/** How many boxes differ from the stored list. */
export function countEdits(list: PriceList, edits: PriceEdits): number {
  return list.items.filter((i) => isEdited(i, edits)).length + (isWasteEdited(list, edits) ? 1 : 0);
}

/** The list a save sends: the stored one with the typed prices in. Validate it before sending. */
export function applyEdits(list: PriceList, edits: PriceEdits): PriceList {
  return {
    ...list,
    tileWastePercent: edits.has(WASTE_KEY) ? parsePriceText(edits.get(WASTE_KEY)!) : list.tileWastePercent,
    items: list.items.map((i) => (edits.has(i.code) ? { ...i, price: parsePriceText(edits.get(i.code)!) } : i)),
  };
}

/** The zh/en reason a typed price would be refused for, or null. */
export function priceTextProblem(text: string): { zh: string; en: string } | null {
  return priceProblem(parsePriceText(text));
}

/**
 * The edits that still mean something on `newer`: those of items it still has, minus those that
 * now equal the newer price. Used when a save met a newer version.
 */
export function rebaseEdits(newer: PriceList, edits: PriceEdits): Map<string, string> {
  const codes = new Set(newer.items.map((i) => i.code));
  const kept = new Map<string, string>();
  for (const [code, text] of edits) {
    if (code !== WASTE_KEY && !codes.has(code)) continue;
    kept.set(code, text);
  }
  for (const item of newer.items) if (kept.has(item.code) && !isEdited(item, kept)) kept.delete(item.code);
  if (kept.has(WASTE_KEY) && !isWasteEdited(newer, kept)) kept.delete(WASTE_KEY);
  return kept;
}
