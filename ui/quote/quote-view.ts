import { lineAmount, type PriceData, type QuoteLine, type TileQuote } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';

// What the quote screens compute from the kernel's quote beyond quoteListRows: kept apart from the
// screen so it can be checked against the list the export writes.

export type QuoteScope = 'all' | 'wardrobe';

/** The rooms a screen shows: the wardrobe quote keeps the rooms quoted as wardrobes (isYg). */
export function scopedPriceData(priceData: PriceData, scope: QuoteScope): PriceData {
  return scope === 'wardrobe' ? priceData.filter((r) => r.isYg) : priceData;
}

/** The laid tiles a screen lists: the whole quote's; the wardrobe quote is about wardrobes only. */
export function scopedTiles(tiles: readonly TileQuote[], scope: QuoteScope): readonly TileQuote[] {
  return scope === 'wardrobe' ? [] : tiles;
}

/**
 * A line's amount as the screen prints it: from the rounded quantity, as quoteListRows adds it, and
 * for a cabinet the sum of its parts (it has no price of its own), so the screen and the exported
 * table never disagree.
 */
export function lineTotal(line: QuoteLine): number {
  if (line.children && line.children.length > 0) {
    return line.children.reduce((fen, c) => fen + Math.round(lineTotal(c) * 100), 0) / 100;
  }
  return lineAmount(roundQuantity(line.qty), line.price_hs);
}

/** W×D×H in mm; a part with only a length (a handle) shows that alone, never "128×0×0". */
export function lineSize(line: QuoteLine): string {
  const dims = [line.width, line.depth, line.height];
  return dims.every((d) => d > 0) ? dims.join('×') : dims.filter((d) => d > 0).join('×');
}
