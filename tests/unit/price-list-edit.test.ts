// The price list screen's edit helpers (ui/screens/price-list-edit.ts).
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import type { PriceList } from '../../protocol/price-list';
import {
  applyEdits,
  countEdits,
  isEdited,
  parsePriceText,
  priceTextProblem,
  rebaseEdits,
  sanitisePriceText,
  textOf,
  WASTE_KEY,
} from '../../ui/screens/price-list-edit';

const item = (code: string) => DEFAULT_PRICE_LIST.items.find((i) => i.code === code)!;

describe('price list edits', () => {
  it('keeps digits and one decimal point while typing', () => {
    expect(sanitisePriceText('2a1.5.0元')).toBe('21.50');
    expect(sanitisePriceText('-12')).toBe('12');
    expect(parsePriceText('')).toBeNaN();
    expect(parsePriceText('.')).toBeNaN();
    expect(parsePriceText('228.5')).toBe(228.5);
  });

  it('counts only boxes that differ from the stored price', () => {
    const edits = new Map([
      ['BRD-PB-18', '215.0'],
      ['HW-HINGE', '30'],
      [WASTE_KEY, '8'],
    ]);
    expect(isEdited(item('BRD-PB-18'), edits)).toBe(false);
    expect(isEdited(item('HW-HINGE'), edits)).toBe(true);
    expect(textOf(item('HW-SHELF-PIN'), edits)).toBe('1.50');
    expect(countEdits(DEFAULT_PRICE_LIST, edits)).toBe(2);
  });

  it('applies the typed prices and refuses what the validator refuses', () => {
    const list = applyEdits(DEFAULT_PRICE_LIST, new Map([['HW-HINGE', '30'], [WASTE_KEY, '12.5']]));
    expect(list.items.find((i) => i.code === 'HW-HINGE')!.price).toBe(30);
    expect(list.tileWastePercent).toBe(12.5);
    expect(list.items.find((i) => i.code === 'BRD-PB-18')).toBe(item('BRD-PB-18'));
    expect(priceTextProblem('')?.zh).toBe('价格必须是数字');
    // A price box keeps two decimals as typed (core.md §5's decimal input), so a third never arrives.
    expect(sanitisePriceText('1.234')).toBe('1.23');
    expect(priceTextProblem('1.234')).toBeNull();
    expect(priceTextProblem('99.9')).toBeNull();
  });

  it('carries unsaved edits onto a newer version, dropping those it already has', () => {
    const newer: PriceList = {
      ...DEFAULT_PRICE_LIST,
      items: DEFAULT_PRICE_LIST.items.filter((i) => i.code !== 'LN-TOP').map((i) => (i.code === 'HW-HINGE' ? { ...i, price: 30 } : i)),
    };
    const kept = rebaseEdits(
      newer,
      new Map([
        ['HW-HINGE', '30'],
        ['DR-FLAT', '450'],
        ['LN-TOP', '66'],
      ]),
    );
    expect([...kept]).toEqual([['DR-FLAT', '450']]);
  });
});
