// The price list's validator and lookups (protocol/price-list.ts) and the seeded default list.
import { describe, expect, it } from 'vitest';
import {
  boardPrice,
  describeProblems,
  DOOR_PARTS,
  diffPriceLists,
  doorPrice,
  drawerSlidePrice,
  handlePrice,
  hasAtMostTwoDecimals,
  PRICE_CATEGORIES,
  PRICE_CATEGORY_NAMES,
  roomDoorPrice,
  validatePriceList,
  worktopPrice,
  type PriceItem,
  type PriceList,
} from '../../protocol/price-list';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';

function withItem(list: PriceList, code: string, patch: Record<string, unknown>): unknown {
  return { ...list, items: list.items.map((i) => (i.code === code ? { ...i, ...patch } : i)) };
}

describe('the default price list', () => {
  it('is valid and covers every category', () => {
    const check = validatePriceList(DEFAULT_PRICE_LIST);
    expect(check.ok).toBe(true);
    const categories = new Set(DEFAULT_PRICE_LIST.items.map((i) => i.category));
    for (const c of PRICE_CATEGORIES) expect(categories.has(c), c).toBe(true);
    expect(DEFAULT_PRICE_LIST.tileWastePercent).toBe(10);
  });

  it('has market-plausible prices for the reference items', () => {
    const pb18 = boardPrice(DEFAULT_PRICE_LIST, 'PB', 18)!;
    expect(pb18.price).toBeGreaterThanOrEqual(180);
    expect(pb18.price).toBeLessThanOrEqual(260);
    const quartz = worktopPrice(DEFAULT_PRICE_LIST, 'quartz')!;
    expect(quartz.unit).toBe('m');
    expect(quartz.price).toBeGreaterThanOrEqual(1200);
    expect(quartz.price).toBeLessThanOrEqual(2000);
    const hinges = DEFAULT_PRICE_LIST.items.filter((i) => i.category === 'hardware' && i.hardware === 'hinge');
    expect(hinges.length).toBeGreaterThan(0);
    for (const h of hinges) {
      expect(h.price).toBeGreaterThanOrEqual(15);
      expect(h.price).toBeLessThanOrEqual(40);
    }
    // thicker boards of one material cost more
    for (const m of ['PB', 'MDF', 'PLY', 'OSB']) {
      expect(boardPrice(DEFAULT_PRICE_LIST, m, 9)!.price).toBeLessThan(boardPrice(DEFAULT_PRICE_LIST, m, 18)!.price);
      expect(boardPrice(DEFAULT_PRICE_LIST, m, 18)!.price).toBeLessThan(boardPrice(DEFAULT_PRICE_LIST, m, 25)!.price);
    }
  });
});

describe('validatePriceList', () => {
  it('refuses negative, non-numeric and over-precise prices with zh and en reasons', () => {
    const cases: [unknown, RegExp, RegExp][] = [
      [-1, /价格不能为负数/, /cannot be negative/],
      ['215', /价格必须是数字/, /must be a number/],
      [null, /价格必须是数字/, /must be a number/],
      [Number.NaN, /价格必须是数字/, /must be a number/],
      [Number.POSITIVE_INFINITY, /价格必须是数字/, /must be a number/],
      [12.345, /两位小数/, /two decimals/],
      [1e9, /不能超过/, /cannot exceed/],
    ];
    for (const [price, zh, en] of cases) {
      const check = validatePriceList(withItem(DEFAULT_PRICE_LIST, 'BRD-PB-18', { price }));
      expect(check.ok, String(price)).toBe(false);
      if (check.ok) continue;
      expect(check.problems).toHaveLength(1);
      expect(check.problems[0]!.path).toMatch(/^items\[\d+\]\.price$/);
      expect(check.problems[0]!.zh).toMatch(zh);
      expect(check.problems[0]!.zh).toContain('BRD-PB-18');
      expect(check.problems[0]!.en).toMatch(en);
    }
  });

  it('accepts zero and two-decimal prices', () => {
    for (const price of [0, 1.5, 19.99, 1234.05]) {
      const check = validatePriceList(withItem(DEFAULT_PRICE_LIST, 'HW-HINGE', { price }));
      expect(check.ok, String(price)).toBe(true);
      if (check.ok) expect(check.list.items.find((i) => i.code === 'HW-HINGE')!.price).toBe(price);
    }
  });

  it('refuses duplicate codes, bad thicknesses, unknown shapes and units, and lists every problem', () => {
    const items: unknown[] = [...DEFAULT_PRICE_LIST.items];
    items.push({ ...DEFAULT_PRICE_LIST.items[0]! });
    const dup = validatePriceList({ ...DEFAULT_PRICE_LIST, items });
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.problems[0]!.zh).toBe(`编码重复：${DEFAULT_PRICE_LIST.items[0]!.code}`);

    const many = validatePriceList({
      ...DEFAULT_PRICE_LIST,
      tileWastePercent: 150,
      items: DEFAULT_PRICE_LIST.items.map((i) =>
        i.code === 'BRD-PB-18' ? { ...i, thickness: 16 } : i.code === 'DR-FLAT' ? { ...i, doorShape: 'round' } : i.code === 'LN-TOP' ? { ...i, unit: 'ft' } : i,
      ),
    });
    expect(many.ok).toBe(false);
    if (many.ok) return;
    expect(many.problems.map((p) => p.path.replace(/\[\d+\]/, '[]'))).toEqual(['tileWastePercent', 'items[].thickness', 'items[].doorShape', 'items[].unit']);
    expect(describeProblems(many.problems, 'zh')).toMatch(/另有 3 处问题/);
    expect(describeProblems(many.problems, 'en')).toMatch(/and 3 more/);
  });

  it('refuses what is not a list at all', () => {
    for (const input of [null, 'x', [], { currency: 'USD', tileWastePercent: 10, items: [] }]) {
      expect(validatePriceList(input).ok).toBe(false);
    }
  });

  it('returns the canonical shape: names trimmed, unknown fields dropped', () => {
    const check = validatePriceList(withItem(DEFAULT_PRICE_LIST, 'SK-TAP', { name_zh: '  龙头 ', extra: 'x' }));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const tap = check.list.items.find((i) => i.code === 'SK-TAP') as PriceItem & { extra?: unknown };
    expect(tap.name_zh).toBe('龙头');
    expect(tap.extra).toBeUndefined();
  });
});

describe('lookups', () => {
  it('finds doors by shape, handles by id and the longest slide that fits a drawer', () => {
    expect(doorPrice(DEFAULT_PRICE_LIST, 'slidingPanel')!.code).toBe('DR-SLIDE');
    expect(handlePrice(DEFAULT_PRICE_LIST, 'H02')!.code).toBe('HW-HDL-H02');
    expect(drawerSlidePrice(DEFAULT_PRICE_LIST, 480)!.lengthMm).toBe(450);
    expect(drawerSlidePrice(DEFAULT_PRICE_LIST, 500)!.lengthMm).toBe(500);
    expect(drawerSlidePrice(DEFAULT_PRICE_LIST, 250)).toBeUndefined();
  });

  it('diffs two versions by code', () => {
    const newer = { ...(withItem(DEFAULT_PRICE_LIST, 'HW-HINGE', { price: 30 }) as PriceList), tileWastePercent: 8 };
    expect(diffPriceLists(DEFAULT_PRICE_LIST, newer)).toEqual([
      { code: 'HW-HINGE', from: 26, to: 30 },
      { code: 'tileWastePercent', from: 10, to: 8 },
    ]);
  });

  it('counts decimals through the decimal text', () => {
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostTwoDecimals(1e-7)).toBe(false);
    expect(hasAtMostTwoDecimals(2.5e3)).toBe(true);
  });
});

describe('room-door prices', () => {
  const door = (patch: Record<string, unknown>): unknown => ({
    ...DEFAULT_PRICE_LIST,
    items: [...DEFAULT_PRICE_LIST.items, { category: 'roomDoor', code: 'RD-X', name_zh: '测试门', name_en: 'Test door', unit: 'm', price: 10, doorPart: 'cover', ...patch }],
  });

  it('the default list prices every part of a single door and an archway’s trim', () => {
    expect(PRICE_CATEGORY_NAMES.roomDoor).toEqual({ zh: '室内门', en: 'Room doors' });
    for (const part of DOOR_PARTS) expect(roomDoorPrice(DEFAULT_PRICE_LIST, part, 1), part).toBeDefined();
    expect(roomDoorPrice(DEFAULT_PRICE_LIST, 'cover', 8)!.code).toBe('RD-ARCH-COVER');
    expect(roomDoorPrice(DEFAULT_PRICE_LIST, 'frame', 8)!.code).toBe('RD-ARCH-FRAME');
    // A single solid-wood composite door, complete, costs 2000-3500 yuan on the Chinese market.
    const leaf = roomDoorPrice(DEFAULT_PRICE_LIST, 'leaf', 1)!;
    expect(leaf.price).toBeGreaterThanOrEqual(800);
    expect(leaf.price).toBeLessThanOrEqual(2500);
  });

  it('a kind’s own price comes first, then the general one; an archway takes only its own', () => {
    const list = validatePriceList(door({ code: 'RD-COVER-SLIDE', openingKind: 3, price: 55 }));
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(roomDoorPrice(list.list, 'cover', 3)!.code).toBe('RD-COVER-SLIDE');
    expect(roomDoorPrice(list.list, 'cover', 1)!.code).toBe('RD-COVER');
    const noArchway = { ...list.list, items: list.list.items.filter((i) => i.code !== 'RD-ARCH-COVER') };
    expect(roomDoorPrice(noArchway, 'cover', 8)).toBeUndefined();
    expect(roomDoorPrice(noArchway, 'leaf', 8)).toBeUndefined();
  });

  it('keeps the door part and opening kind, drops unknown fields', () => {
    const check = validatePriceList(door({ openingKind: 2, colour: 'red' }));
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.list.items.at(-1)).toEqual({ category: 'roomDoor', code: 'RD-X', name_zh: '测试门', name_en: 'Test door', unit: 'm', price: 10, doorPart: 'cover', openingKind: 2 });
  });

  it('refuses an unknown part and an opening kind that is not a door or an archway, in zh and en', () => {
    const part = validatePriceList(door({ doorPart: 'window' }));
    expect(part.ok).toBe(false);
    if (!part.ok) expect(part.problems).toEqual([{ path: `items[${DEFAULT_PRICE_LIST.items.length}].doorPart`, zh: 'RD-X：门的部件无效', en: 'RD-X: unknown door part' }]);
    // 0 is a window, 7 a wall hole: not quoted as doors.
    for (const openingKind of [0, 7, '1', 99]) {
      const kind = validatePriceList(door({ openingKind }));
      expect(kind.ok, String(openingKind)).toBe(false);
      if (!kind.ok) expect(kind.problems[0]).toMatchObject({ path: `items[${DEFAULT_PRICE_LIST.items.length}].openingKind`, zh: 'RD-X：门洞类型只能是门或垭口', en: 'RD-X: the opening kind must be a door or an archway' });
    }
    const noPart = validatePriceList(door({ doorPart: undefined }));
    expect(noPart.ok).toBe(false);
  });
});
