import { describe, expect, it } from 'vitest';
import { quoteListRows, type PriceData } from '../../protocol/quote';
import { quoteLine, SAMPLE_PRICE_DATA } from '../fixtures/quote-price-data';

// Amounts worked out by hand (catalogues.md §5: quantities to 3 decimals, sums to 2):
//   主卧: 侧板 2.88 m² x 185 = 532.80; 背板 5.76 x 95 = 547.20; 拉手 4 x 12.5 = 50.00;
//         趟门 5.76 x 420 = 2419.20; room 3549.20
//   厨房: 台面 3.6 m x 880 = 3168.00; 水槽 1 x 1299.99; 铰链 0.3333 -> 0.333 x 3 = 0.999 -> 1.00;
//         加工费 1.0005 -> 1.001 x 100 = 100.10; room 4569.09
//   total 8118.29 = 捌仟壹佰壹拾捌元贰角玖分

describe('quoteListRows', () => {
  const list = quoteListRows(SAMPLE_PRICE_DATA);

  it('gives one row per priced line in room and group order, a cabinet by its parts', () => {
    expect(list.rows.map((r) => `${r.SpaceInfo}/${r.CombinationInfo}/${r.CellInfo}/${r.Name}`)).toEqual([
      '主卧/柜体/衣柜 2400/侧板',
      '主卧/柜体/衣柜 2400/背板',
      '主卧/五金//拉手',
      '主卧/趟门//趟门',
      '厨房/台面//石英石台面',
      '厨房/水槽//水槽',
      '厨房/五金//铰链',
      '厨房/柜体附加费//异形加工费',
    ]);
  });

  it('maps the line fields onto the quote list columns', () => {
    expect(list.rows[0]).toEqual({
      Code: 'B18-WH',
      Name: '侧板',
      Length: 600,
      Width: 18,
      Height: 2400,
      Color: '暖白',
      Quantity: 2,
      TotalAmount: 532.8,
      QuoteQty: 2.88,
      UnitPrice: 185,
      SpaceInfo: '主卧',
      CombinationInfo: '柜体',
      CellInfo: '衣柜 2400',
    });
  });

  it('rounds quantities to 3 decimals before pricing and amounts to 2', () => {
    expect(list.rows.map((r) => r.TotalAmount)).toEqual([532.8, 547.2, 50, 2419.2, 3168, 1299.99, 1, 100.1]);
    expect(list.rows[6]!.QuoteQty).toBe(0.333);
    expect(list.rows[7]!.QuoteQty).toBe(1.001);
  });

  it('totals each room and the whole quote, in figures and in Chinese capitals', () => {
    expect(list.rooms).toEqual([
      { roomName: '主卧', total: 3549.2 },
      { roomName: '厨房', total: 4569.09 },
    ]);
    expect(list.total).toBe(8118.29);
    expect(list.totalCapital).toBe('捌仟壹佰壹拾捌元贰角玖分');
  });

  it('adds many small amounts without float noise', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => quoteLine({ name: `L${i}`, qty: 1, price_hs: 0.1 }));
    const many: PriceData = [{ roomName: 'R', isYg: true, groups: { 五金: lines } }];
    expect(quoteListRows(many).total).toBe(100);
    expect(quoteListRows(many).totalCapital).toBe('壹佰元整');
  });

  it('gives an empty list, a zero total and an empty capital for an empty quote', () => {
    expect(quoteListRows([])).toEqual({ rows: [], rooms: [], total: 0, totalCapital: '' });
    const emptyRoom = quoteListRows([{ roomName: '书房', isYg: true, groups: {} }]);
    expect(emptyRoom.rooms).toEqual([{ roomName: '书房', total: 0 }]);
  });
});
