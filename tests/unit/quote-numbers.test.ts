import { describe, expect, it } from 'vitest';
import { areaM2, CAPITAL_INVALID, ROUND_TYPE_ERROR, roundQuantity, roundSum, roundTo, roundVolume, toChineseCapital } from '../../protocol/quote-numbers';

// catalogues.md §5. The capital-numeral expectations are written as they appear on Chinese invoices
// and contracts (the convention of the People's Bank's 正确填写票据和结算凭证的基本规定).

describe('roundTo', () => {
  it('rounds numbers and numeric strings to 2 decimals by default, half away from zero', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo('2.675')).toBe(2.68);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(roundTo(1.004)).toBe(1);
    expect(roundTo(3)).toBe(3);
    expect(roundTo(1.23456, 3)).toBe(1.235);
    expect(roundTo(1e-7)).toBe(0);
  });
  it('gives 0 for undefined and refuses other types', () => {
    expect(roundTo(undefined)).toBe(0);
    expect(() => roundTo('abc')).toThrow(ROUND_TYPE_ERROR);
    expect(() => roundTo('')).toThrow(ROUND_TYPE_ERROR);
    expect(() => roundTo(Number.NaN)).toThrow(ROUND_TYPE_ERROR);
    expect(() => roundTo(null as unknown as number)).toThrow(ROUND_TYPE_ERROR);
    expect(() => roundTo({} as unknown as number)).toThrow(ROUND_TYPE_ERROR);
  });
  it('rounds quantities to 3 decimals and sums to 2', () => {
    expect(roundQuantity(0.0005)).toBe(0.001);
    expect(roundQuantity(2.4 * 0.6 * 0.3333)).toBe(0.48);
    expect(roundSum(0.1 + 0.2)).toBe(0.3);
    expect(roundSum(12.345)).toBe(12.35);
  });
});

describe('roundVolume', () => {
  it('rounds up to 2 decimals without float noise', () => {
    expect(roundVolume(0.1)).toBe(0.1);
    expect(roundVolume(0.101)).toBe(0.11);
    expect(roundVolume(2.4 * 0.6 * 0.018)).toBe(0.03);
    expect(roundVolume(1.2)).toBe(1.2);
  });
  it('is at least 0.01 when there is any volume, 0 when there is none', () => {
    expect(roundVolume(0.0001)).toBe(0.01);
    expect(roundVolume(0)).toBe(0);
    expect(() => roundVolume(Number.POSITIVE_INFINITY)).toThrow(ROUND_TYPE_ERROR);
  });
});

describe('areaM2', () => {
  it('divides a millimetre area by 1e6', () => {
    expect(areaM2(2400, 2000)).toBe(4.8);
    expect(areaM2(600, 0)).toBe(0);
  });
});

describe('toChineseCapital', () => {
  it.each([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100', '壹佰元整'],
    ['10', '壹拾元整'],
    ['1010', '壹仟零壹拾元整'],
    ['1001', '壹仟零壹元整'],
    ['100005', '壹拾万零伍元整'],
    ['200000', '贰拾万元整'],
    ['100000000', '壹亿元整'],
    ['100010000', '壹亿零壹万元整'],
    ['100000001', '壹亿零壹元整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['10.05', '壹拾元零伍分'],
    ['10.5', '壹拾元伍角'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['3.456', '叁元肆角陆分'],
  ])('%s -> %s', (input, expected) => {
    expect(toChineseCapital(input)).toBe(expected);
  });
  it('takes numbers too', () => {
    expect(toChineseCapital(1234.56)).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseCapital(0.1 + 0.2)).toBe('叁角');
  });
  it('gives an empty result for zero', () => {
    expect(toChineseCapital('0')).toBe('');
    expect(toChineseCapital('0.00')).toBe('');
    expect(toChineseCapital(0)).toBe('');
    expect(toChineseCapital('0.001')).toBe('');
  });
  it('refuses negatives, leading zeros, non-numbers and amounts past 亿', () => {
    for (const bad of ['-1', '01', '00.5', '1.', '.5', 'abc', '', '1,000', '1e5', '1000000000000'])
      expect(toChineseCapital(bad), bad).toBe(CAPITAL_INVALID);
    expect(toChineseCapital(-3)).toBe(CAPITAL_INVALID);
    expect(toChineseCapital(Number.NaN)).toBe(CAPITAL_INVALID);
  });
});
