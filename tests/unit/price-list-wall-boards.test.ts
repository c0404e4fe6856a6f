// The wall-board items of the price list (category wallBoard: board, line, access): the seeded
// ones, the validator's reasons in zh and en, and the board lookup the quote uses.
import { describe, expect, it } from 'vitest';
import { validatePriceList, wallBoardFor, wallBoardPrices, WALL_BOARD_LINES, type PriceList, type PriceListProblem } from '../../protocol/price-list';
import { DEFAULT_PRICE_LIST, DEFAULT_WALL_BOARD_ITEMS } from '../../protocol/price-list-default';

function withItem(code: string, patch: Record<string, unknown>): unknown {
  return { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.map((i) => (i.code === code ? { ...i, ...patch } : i)) };
}

function problemsOf(input: unknown): readonly PriceListProblem[] {
  const check = validatePriceList(input);
  expect(check.ok).toBe(false);
  return check.ok ? [] : check.problems;
}

describe('default wall-board prices', () => {
  it('are in the default list: boards of both styles, a trim for every edge, fixings', () => {
    for (const i of DEFAULT_WALL_BOARD_ITEMS) expect(DEFAULT_PRICE_LIST.items).toContainEqual(i);
    expect(new Set(wallBoardPrices(DEFAULT_PRICE_LIST, 'board').map((b) => b.style))).toEqual(new Set(['flat', 'framed']));
    expect(wallBoardPrices(DEFAULT_PRICE_LIST, 'line').map((l) => l.line)).toEqual([...WALL_BOARD_LINES]);
    expect(wallBoardPrices(DEFAULT_PRICE_LIST, 'access').length).toBeGreaterThan(0);
  });

  it('are market-plausible (yuan, tax included)', () => {
    for (const b of wallBoardPrices(DEFAULT_PRICE_LIST, 'board')) {
      expect(b.unit).toBe('m2');
      expect(b.price).toBeGreaterThanOrEqual(60);
      expect(b.price).toBeLessThanOrEqual(1200);
    }
    // framed wainscoting costs more than flat of the same thickness
    expect(wallBoardFor(DEFAULT_PRICE_LIST, 'framed', 18)!.price).toBeGreaterThan(wallBoardFor(DEFAULT_PRICE_LIST, 'flat', 18)!.price);
    for (const l of wallBoardPrices(DEFAULT_PRICE_LIST, 'line')) {
      expect(l.unit).toBe('m');
      expect(l.price).toBeGreaterThanOrEqual(8);
      expect(l.price).toBeLessThanOrEqual(120);
    }
  });
});

describe('wall-board validation', () => {
  it('accepts a per-board price and keeps an access item’s style only when given', () => {
    const check = validatePriceList(withItem('WB-BRD-FLAT-9', { unit: 'piece', price: 95, extra: 1 }));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.list.items.find((i) => i.code === 'WB-BRD-FLAT-9')).toEqual({ ...DEFAULT_WALL_BOARD_ITEMS[0], unit: 'piece', price: 95 });
    expect(check.list.items.find((i) => i.code === 'WB-ACC-CLIP')).not.toHaveProperty('style');
    expect(check.list.items.find((i) => i.code === 'WB-ACC-BATTEN')).toHaveProperty('style', 'framed');
  });

  it('refuses an unknown part with zh and en reasons', () => {
    const [p] = problemsOf(withItem('WB-LN-TOP', { part: 'panel' }));
    expect(p!.path).toMatch(/^items\[\d+\]\.part$/);
    expect(p!.zh).toBe('WB-LN-TOP：墙板分项只能是 board（墙板）、line（线条）或 access（辅料）');
    expect(p!.en).toBe('WB-LN-TOP: the wall board part must be board, line or access');
  });

  it('refuses a board without a style, thickness, sheet size, or with a unit other than m² or piece', () => {
    const problems = problemsOf(withItem('WB-BRD-FLAT-18', { style: 'carved', thickness: 18.5, boardWidth: 0, boardHeight: 7000, unit: 'm' }));
    expect(problems.map((p) => p.path.replace(/\[\d+\]/, '[]'))).toEqual(['items[].style', 'items[].thickness', 'items[].boardWidth', 'items[].boardHeight', 'items[].unit']);
    expect(problems[0]!.en).toBe('WB-BRD-FLAT-18: the wall board style must be flat or framed');
    expect(problems[1]!.zh).toBe('WB-BRD-FLAT-18：墙板厚度必须是 1-500 的整数毫米');
    expect(problems[4]!.zh).toBe('WB-BRD-FLAT-18：墙板按平方米或按张计价');
  });

  it('refuses a trim of an unknown edge or not per metre', () => {
    const problems = problemsOf(withItem('WB-LN-SKIRT', { line: 'crown', unit: 'piece' }));
    expect(problems.map((p) => p.path.replace(/\[\d+\]/, '[]'))).toEqual(['items[].line', 'items[].unit']);
    expect(problems[1]!.en).toBe('WB-LN-SKIRT: a wall trim is priced per metre');
  });

  it('refuses a fixing without a positive quantity per m² of at most three decimals', () => {
    for (const perM2 of [0, -1, '8', 8.0001, 1001, undefined]) {
      const [p] = problemsOf(withItem('WB-ACC-CLIP', { perM2 }));
      expect(p!.path).toMatch(/\.perM2$/);
      expect(p!.zh).toMatch(/每平方米用量/);
    }
    expect(validatePriceList(withItem('WB-ACC-CLIP', { perM2: 0.125 })).ok).toBe(true);
    const [bad] = problemsOf(withItem('WB-ACC-CLIP', { style: 'round' }));
    expect(bad!.path).toMatch(/\.style$/);
  });
});

describe('wallBoardFor', () => {
  const list = (thicknesses: number[]): PriceList => ({
    ...DEFAULT_PRICE_LIST,
    items: thicknesses.map((thickness) => ({ category: 'wallBoard', part: 'board', code: `B${thickness}`, name_zh: 'b', name_en: 'b', unit: 'm2', price: 1, style: 'flat', thickness, boardWidth: 600, boardHeight: 2400 })),
  });
  it('takes the nearest thickness of the style, the thicker on a tie, none for another style', () => {
    expect(wallBoardFor(list([9, 18]), 'flat', 12)!.code).toBe('B9');
    expect(wallBoardFor(list([9, 18]), 'flat', 14)!.code).toBe('B18');
    expect(wallBoardFor(list([10, 20]), 'flat', 15)!.code).toBe('B20');
    expect(wallBoardFor(list([9, 18]), 'flat', 40)!.code).toBe('B18');
    expect(wallBoardFor(list([9, 18]), 'framed', 18)).toBeUndefined();
  });
});
