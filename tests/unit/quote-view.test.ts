import { describe, expect, it } from 'vitest';
import { QUOTE_GROUP_NAMES, quoteListRows, STANDARD_QUOTE_NAME, VOLUME_NO_GROUPS, type KernelQuote } from '../../protocol/quote';
import { integratedQuote, lineSize, lineTotal, scopedPriceData } from '../../ui/quote/quote-view';
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

describe('the integrated quotation', () => {
  const wb = { roomName: '厨房', matCode: '', paramUnitName: '', sum: 0, num: 0, remark: '' };
  const part = (name: string, qty: number, price_hs: number) => ({ name, qtData: { price_hs, qty } });
  const EMPTY = part('', 0, 0);
  const quote: KernelQuote = {
    priceListVersion: 5,
    // one room with one line: 2 x 150.25 = 300.50
    priceData: [{ roomName: '厨房', isYg: false, groups: { 台面: [quoteLine({ name: '石英石台面', qty: 2, price_hs: 150.25 })] } }],
    volume: { ok: false, message: VOLUME_NO_GROUPS },
    standard: { name: STANDARD_QUOTE_NAME, rooms: [] },
    tiles: [{ roomName: '厨房', surfaceId: 'room-1', face: 'floor', tileCode: 'T1', tileName: '', tileWidth: 600, tileHeight: 600, area: 10.378, tiles: 32, wastePercent: 10, price: 0, unit: 'piece', qty: 32, amount: 0 }],
    doors: {
      roomDoors: [
        {
          door: part('门扇', 1, 1280),
          // 5.1 x 42 = 214.20
          doorCover: part('门套线', 5.1, 42),
          // 5.1 x 138 = 703.80
          doorFrame: part('门套板', 5.1, 138),
          // 0.9 x 85 = 76.50
          doorHead: part('门头', 0.9, 85),
          // 0.9 x 160 = 144
          doorBoard: part('门槛石', 0.9, 160),
          doorAcces: part('五金', 1, 260),
          opening_type: '单开门',
          sceneGroup: '厨房',
        },
        // 6 x 48 = 288 and 6 x 158 = 948
        { door: EMPTY, doorCover: part('垭口套线', 6, 48), doorFrame: part('垭口套板', 6, 158), doorHead: EMPTY, doorBoard: EMPTY, doorAcces: EMPTY, opening_type: '垭口', sceneGroup: '厨房/餐厅' },
      ],
    },
    // 3.333 x 199.99 = 666.566... -> 666.57; 2.5 x 30 = 75
    wallBoards: { board: [{ ...wb, name: '护墙板', qtData: { qty: 3.333, price_hs: 199.99 }, report_class: '墙板' }], line: [{ ...wb, name: '收口线', qtData: { qty: 2.5, price_hs: 30 }, report_class: '' }], access: [] },
    clientData: { ClientName: '', ClientTel: '', OrderNo: '', ClientAddress: '', Remark: '' },
    missingPrices: [],
  };

  it('sums each section to the fen and the grand total in figures and capitals', () => {
    const q = integratedQuote(quote);
    expect(q.cabinets).toEqual({ rooms: [{ roomName: '厨房', total: 300.5 }], total: 300.5 });
    // 1280 + 214.20 + 703.80 + 76.50 + 144 + 260 = 2678.50
    expect(q.doors.rows[0]).toMatchObject({ openingType: '单开门', sceneGroup: '厨房', archway: false, total: 2678.5 });
    expect(q.doors.rows[0]!.parts.map((p) => [p.field, p.amount])).toEqual([
      ['door', 1280],
      ['doorCover', 214.2],
      ['doorFrame', 703.8],
      ['doorHead', 76.5],
      ['doorBoard', 144],
      ['doorAcces', 260],
    ]);
    // The archway lists only the parts it has: 288 + 948 = 1236.
    expect(q.doors.rows[1]).toMatchObject({ archway: true, total: 1236 });
    expect(q.doors.rows[1]!.parts.map((p) => p.field)).toEqual(['doorCover', 'doorFrame']);
    expect(q.doors.total).toBe(3914.5);
    expect(q.wallBoards.rows.map((r) => [r.group, r.name, r.amount])).toEqual([
      ['board', '护墙板', 666.57],
      ['line', '收口线', 75],
    ]);
    expect(q.wallBoards.total).toBe(741.57);
    // Unpriced tiles are listed but add nothing.
    expect(q.tiles.rows[0]!.amount).toBe(0);
    expect(q.tiles.total).toBe(0);
    // 300.50 + 3914.50 + 741.57 = 4956.57
    expect(q.total).toBe(4956.57);
    expect(q.totalCapital).toBe('肆仟玖佰伍拾陆元伍角柒分');
  });

  it('adds the tiles as the kernel priced them', () => {
    // 32 tiles x 35.50 = 1136, as quoteTiles prices a per-piece catalogue price
    const tile = { ...quote.tiles[0]!, price: 35.5, amount: 1136 };
    const priced: KernelQuote = { ...quote, tiles: [tile] };
    // 32 tiles x 35.50 = 1136
    const q = integratedQuote(priced);
    expect(q.tiles.total).toBe(1136);
    expect(q.total).toBe(4956.57 + 1136);
  });

  it('an empty scene totals 0 with no capital amount', () => {
    const q = integratedQuote({ ...quote, priceData: [], tiles: [], doors: { roomDoors: [] }, wallBoards: { board: [], line: [], access: [] } });
    expect(q.total).toBe(0);
    expect(q.totalCapital).toBe('');
  });
});
