import { lineAmount, OPENING_TYPE_ARCHWAY, quoteListRows, type KernelQuote, type PriceData, type QuoteLine, type QuoteListRoomTotal, type TileQuote } from '../../protocol/quote';
import { roundQuantity, toChineseCapital } from '../../protocol/quote-numbers';

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

// -- the integrated quotation (/quotationIntegration) --

/** The six parts of a room door in the order the quotation lists them. */
export const DOOR_PART_FIELDS = ['door', 'doorCover', 'doorFrame', 'doorHead', 'doorBoard', 'doorAcces'] as const;
export type DoorPartField = (typeof DOOR_PART_FIELDS)[number];

export interface PricedRow {
  readonly name: string;
  readonly qty: number;
  readonly price_hs: number;
  /** qty (3 decimals) x price, to the fen */
  readonly amount: number;
}

export interface DoorPartRow extends PricedRow {
  readonly field: DoorPartField;
}

export interface DoorRows {
  readonly openingType: string;
  readonly sceneGroup: string;
  readonly archway: boolean;
  /** the parts the opening has (an archway's leaf and hardware are left out) */
  readonly parts: readonly DoorPartRow[];
  readonly total: number;
}

export type WallBoardGroup = 'board' | 'line' | 'access';

export interface WallBoardRow extends PricedRow {
  readonly group: WallBoardGroup;
  readonly reportClass: string;
}

/** A tile quote may carry a price once tiles are priced; until then it has none. */
/** A laid tile as the kernel priced it (price 0: the catalogue has no price for it). */
export type TileRow = TileQuote;

export interface IntegratedQuote {
  readonly cabinets: { readonly rooms: readonly QuoteListRoomTotal[]; readonly total: number };
  readonly doors: { readonly rows: readonly DoorRows[]; readonly total: number };
  readonly wallBoards: { readonly rows: readonly WallBoardRow[]; readonly total: number };
  readonly tiles: { readonly rows: readonly TileRow[]; readonly total: number };
  readonly total: number;
  readonly totalCapital: string;
}

const fen = (yuan: number): number => Math.round(yuan * 100);

function priced(name: string, qty: number, price: number): PricedRow {
  const q = roundQuantity(qty);
  return { name, qty: q, price_hs: price, amount: lineAmount(q, price) };
}

/**
 * The kernel's whole quote summed by section: cabinets by room (the totals quoteListRows prints on
 * /quoteDetails), room doors part by part, wall boards, and tiles where they carry a price. Every
 * amount is qty x price to the fen and totals add the printed amounts in whole fen, so the sheet
 * adds up as a client checking it by hand would add it.
 */
export function integratedQuote(quote: KernelQuote): IntegratedQuote {
  const cabinets = quoteListRows(quote.priceData);

  let doorsFen = 0;
  const doorRows: DoorRows[] = quote.doors.roomDoors.map((d) => {
    const parts: DoorPartRow[] = [];
    for (const field of DOOR_PART_FIELDS) {
      const p = d[field];
      // An empty part (no name, nothing to count) is one the opening does not have.
      if (p.name === '' && p.qtData.qty === 0 && p.qtData.price_hs === 0) continue;
      parts.push({ field, ...priced(p.name, p.qtData.qty, p.qtData.price_hs) });
    }
    const total = parts.reduce((s, p) => s + fen(p.amount), 0);
    doorsFen += total;
    return { openingType: d.opening_type, sceneGroup: d.sceneGroup, archway: d.opening_type === OPENING_TYPE_ARCHWAY, parts, total: total / 100 };
  });

  let boardsFen = 0;
  const boardRows: WallBoardRow[] = [];
  for (const group of ['board', 'line', 'access'] as const) {
    for (const item of quote.wallBoards[group]) {
      const row = { group, reportClass: item.report_class, ...priced(item.name, item.qtData.qty, item.qtData.price_hs) };
      boardsFen += fen(row.amount);
      boardRows.push(row);
    }
  }

  // The kernel priced each tile (the whole tiles bought, or their area, by the catalogue's unit).
  const tileRows: readonly TileRow[] = quote.tiles;
  const tilesFen = tileRows.reduce((sum, tile) => sum + fen(tile.amount), 0);

  const totalFen = fen(cabinets.total) + doorsFen + boardsFen + tilesFen;
  return {
    cabinets: { rooms: cabinets.rooms, total: cabinets.total },
    doors: { rows: doorRows, total: doorsFen / 100 },
    wallBoards: { rows: boardRows, total: boardsFen / 100 },
    tiles: { rows: tileRows, total: tilesFen / 100 },
    total: totalFen / 100,
    totalCapital: toChineseCapital(totalFen / 100),
  };
}
