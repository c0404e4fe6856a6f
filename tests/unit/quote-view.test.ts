import { describe, expect, it } from 'vitest';
import { QUOTE_GROUP_NAMES, quoteListRows } from '../../protocol/quote';
import { lineSize, lineTotal, scopedPriceData } from '../../ui/quote/quote-view';
import { generatedPriceData, quoteLine, SAMPLE_PRICE_DATA } from '../fixtures/quote-price-data';

// The quote screen's own figures must agree with the quote list the export writes: a cabinet's
// amount on screen is the sum of its part rows, and every room's lines add up to its subtotal.

describe('quote screen figures', () => {
  it('keeps only wardrobe rooms in the wardrobe quote', () => {
    expect(scopedPriceData(SAMPLE_PRICE_DATA, 'wardrobe').map((r) => r.roomName)).toEqual(['主卧']);
    expect(scopedPriceData(SAMPLE_PRICE_DATA, 'all')).toBe(SAMPLE_PRICE_DATA);
  });

  it('prices a cabinet as the sum of its parts, as the exported rows do (hand-computed: 532.80 + 547.20)', () => {
    const cabinet = SAMPLE_PRICE_DATA[0]!.groups['柜体']![0]!;
    expect(lineTotal(cabinet)).toBe(1080);
    const rows = quoteListRows(SAMPLE_PRICE_DATA).rows.filter((r) => r.CellInfo === cabinet.name);
    expect(lineTotal(cabinet)).toBe(rows.reduce((fen, r) => fen + Math.round(r.TotalAmount * 100), 0) / 100);
  });

  it('rounds a line from its 3-decimal quantity (0.3333 x 3 -> 0.333 x 3 = 1.00)', () => {
    expect(lineTotal(quoteLine({ name: '铰链', qty: 0.3333, price_hs: 3 }))).toBe(1);
  });

  it('adds each room of a generated priceData to the subtotal the quote list gives', () => {
    const data = generatedPriceData(300, 7);
    const list = quoteListRows(data);
    data.forEach((room, i) => {
      let fen = 0;
      for (const g of QUOTE_GROUP_NAMES) for (const line of room.groups[g] ?? []) fen += Math.round(lineTotal(line) * 100);
      expect(fen / 100).toBe(list.rooms[i]!.total);
    });
  });

  it('writes W×D×H, or only the dimensions a part has', () => {
    expect(lineSize(quoteLine({ name: '侧板', qty: 1, price_hs: 1, width: 560, depth: 18, height: 720 }))).toBe('560×18×720');
    expect(lineSize(quoteLine({ name: '拉手', qty: 1, price_hs: 1, width: 128, depth: 0, height: 0 }))).toBe('128');
    expect(lineSize(quoteLine({ name: '加工费', qty: 1, price_hs: 1, width: 0, depth: 0, height: 0 }))).toBe('');
  });
});
