import { describe, expect, it } from 'vitest';
import type { QuoteLine } from '../../protocol/quote';
import { mergeLines } from '../../kernel-worker/quote/merge-lines';
import { nonStandardSizes, standardWidths } from '../../kernel-worker/quote/cabinet-fees';

// Merging a room's repeated lines and the standard-size rule of the 非标 surcharge, on their own.

const hw = (over: Partial<QuoteLine>): QuoteLine => ({
  name: '挂衣杆',
  color: '',
  matCode: 'HW-RAIL',
  width: 1000,
  depth: 0,
  height: 0,
  num: 1,
  qty: 1,
  price_hs: 36,
  sum: 36,
  textureDir: '',
  doorShape: '',
  handle: '',
  hingSlidName: '',
  hingSlidModelno: '',
  remark: '',
  paramUnitName: '米',
  updatedAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

describe('mergeLines', () => {
  it('adds num and qty of the same article, rounds qty after adding and recomputes the amount', () => {
    // three rails of 0.1, 0.2 and 0.2 m: the float sum 0.5000000000000001 must print as 0.5
    const lines = [hw({ width: 100, qty: 0.1, sum: 3.6 }), hw({ width: 100, qty: 0.2, num: 2 }), hw({ width: 100, qty: 0.2 })];
    expect(mergeLines(lines)).toEqual([hw({ width: 100, num: 4, qty: 0.5, sum: 18 })]);
    // 0.333 + 0.333 + 0.334 = 1 m at 36.55: the amount is lineAmount(1, 36.55), not the parts' sums added
    const odd = [0.333, 0.333, 0.334].map((qty) => hw({ qty, price_hs: 36.55, sum: 0 }));
    expect(mergeLines(odd)[0]).toMatchObject({ num: 3, qty: 1, sum: 36.55 });
  });

  it('keeps apart what differs in code, name, size, price or colour, in the order first met', () => {
    const a = hw({});
    const lines = [a, hw({ width: 1200 }), hw({ price_hs: 40 }), hw({ matCode: 'HW-RAIL-2' }), hw({ name: '衣通' }), hw({ color: 'W01' }), hw({ num: 3, qty: 3 })];
    const merged = mergeLines(lines);
    expect(merged.map((l) => [l.width, l.price_hs, l.matCode, l.name, l.color, l.num])).toEqual([
      [1000, 36, 'HW-RAIL', '挂衣杆', '', 4],
      [1200, 36, 'HW-RAIL', '挂衣杆', '', 1],
      [1000, 40, 'HW-RAIL', '挂衣杆', '', 1],
      [1000, 36, 'HW-RAIL-2', '挂衣杆', '', 1],
      [1000, 36, 'HW-RAIL', '衣通', '', 1],
      [1000, 36, 'HW-RAIL', '挂衣杆', 'W01', 1],
    ]);
    // A line without a twin is passed on as it is; the merged one is new and the inputs are untouched.
    expect(merged[1]).toBe(lines[1]);
    expect(merged[0]).not.toBe(a);
    expect(a).toEqual(hw({}));
  });

  it('remarks: one shared is kept, a few cabinet names are listed, many or some missing give none', () => {
    const remark = (rs: string[]) => mergeLines(rs.map((r) => hw({ remark: r })))[0]!.remark;
    expect(remark(['含于轨道', '含于轨道'])).toBe('含于轨道');
    expect(remark(['主卧衣柜', '次卧衣柜', '主卧衣柜'])).toBe('主卧衣柜、次卧衣柜');
    expect(remark(['甲', '乙', '丙'])).toBe('甲、乙、丙');
    expect(remark(['甲', '乙', '丙', '丁'])).toBe('');
    expect(remark(['甲', ''])).toBe('');
  });
});

describe('standard cabinet sizes', () => {
  it('are the run widths and the kind\'s default depth and height; fillers are never off standard', () => {
    expect(standardWidths('base')).toContain(600);
    expect(standardWidths('cornerBase')).toEqual([1000]);
    expect(nonStandardSizes({ cabinetKind: 'base', width: 600, depth: 560, height: 720 })).toEqual([]);
    expect(nonStandardSizes({ cabinetKind: 'base', width: 650, depth: 600, height: 720 })).toEqual(['width', 'depth']);
    expect(nonStandardSizes({ cabinetKind: 'wardrobe', width: 1200, depth: 600, height: 2600 })).toEqual(['height']);
    expect(nonStandardSizes({ cabinetKind: 'tall', width: 500, depth: 580, height: 2100 })).toEqual(['width']);
    expect(nonStandardSizes({ cabinetKind: 'filler', width: 37, depth: 100, height: 900 })).toEqual([]);
  });
});
