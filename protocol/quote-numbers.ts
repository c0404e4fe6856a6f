// The number rules of quotations (catalogues.md §5), shared by the kernel that computes a quote and
// the screens and exports that show it, so a figure rounds the same way wherever it is printed.
// Decimal rounding goes through the number's decimal text ("1.005e2"), not through multiplying by
// 100, because 1.005 * 100 is 100.49999999999999 in binary floating point and would round down.

/** Board thicknesses (mm) a carcass is cut from. */
export const BOARD_THICKNESSES = [9, 18, 25] as const;
export type BoardThickness = (typeof BOARD_THICKNESSES)[number];

/** What roundTo says when given something that is neither a number nor a numeric string. */
export const ROUND_TYPE_ERROR = 'value must be number or string';

/** The result of toChineseCapital for input it does not accept. */
export const CAPITAL_INVALID = '数据非法';

/** v shifted by `digits` decimal places, through its decimal text (exact for what it prints). */
function shift(v: number, digits: number): number {
  const [mantissa, exponent = '0'] = String(v).split('e');
  return Number(`${mantissa}e${Number(exponent) + digits}`);
}

/** Half away from zero, so a refund rounds like the charge it undoes. */
function roundHalfAway(v: number, digits: number): number {
  const scaled = shift(Math.abs(v), digits);
  return Math.sign(v) * shift(Math.round(scaled), -digits) || 0;
}

/**
 * catalogues.md §5: numbers or numeric strings to `digits` decimals (2 by default); undefined gives 0;
 * anything else (or a string that is not a number) throws.
 */
export function roundTo(value: number | string | undefined, digits = 2): number {
  if (value === undefined) return 0;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) n = Number(value);
  else throw new TypeError(ROUND_TYPE_ERROR);
  if (!Number.isFinite(n)) throw new TypeError(ROUND_TYPE_ERROR);
  return roundHalfAway(n, digits);
}

/** A line's quantity (pieces, metres, square metres): 3 decimals. */
export const roundQuantity = (v: number | string | undefined): number => roundTo(v, 3);

/** A line's or a total's amount: 2 decimals. */
export const roundSum = (v: number | string | undefined): number => roundTo(v, 2);

/**
 * A volume (m³) for the volume report: rounded up to 2 decimals, and never under 0.01 when there is
 * any (a small part still costs the factory a minimum).
 */
export function roundVolume(v: number): number {
  if (!Number.isFinite(v)) throw new TypeError(ROUND_TYPE_ERROR);
  if (v <= 0) return 0;
  // toPrecision(12) drops the float noise of the shift (0.1 -> 10.000000000000002) before the ceiling.
  const up = shift(Math.ceil(Number(shift(v, 2).toPrecision(12))), -2);
  return Math.max(0.01, up);
}

/** Square metres of a width x height given in millimetres. */
export const areaM2 = (widthMm: number, heightMm: number): number => (widthMm * heightMm) / 1e6;

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
/** Place within a group of four digits. */
const PLACES = ['', '拾', '佰', '仟'] as const;
/** Group of four digits: units, 万, 亿 (catalogues.md: units up to 亿). */
const GROUPS = ['', '万', '亿'] as const;
const ACCEPTED = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * An amount of yuan in Chinese capital numerals as written on a contract (壹仟贰佰叁拾肆元伍角陆分).
 * catalogues.md §5: only a non-negative number without leading zeros (optional decimals) is accepted,
 * else 数据非法; zero gives an empty result; units go up to 亿, so an amount of a trillion yuan or more
 * is 数据非法 too. Fractions are rounded to the fen.
 */
export function toChineseCapital(amount: number | string): string {
  // A number is taken at the fen (String(1e-7) would be '1e-7', which the pattern refuses).
  const text = typeof amount === 'number' ? (Number.isFinite(amount) && amount >= 0 ? String(roundHalfAway(amount, 2)) : '') : amount.trim();
  if (!ACCEPTED.test(text)) return CAPITAL_INVALID;
  const fen = Math.round(shift(roundHalfAway(Number(text), 2), 2));
  if (fen === 0) return '';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  const integer = String(yuan);
  if (integer.length > PLACES.length * GROUPS.length) return CAPITAL_INVALID;

  let out = '';
  if (yuan > 0) {
    let zeros = 0;
    for (let i = 0; i < integer.length; i++) {
      const digit = Number(integer[i]);
      const position = integer.length - 1 - i;
      const place = position % 4;
      if (digit === 0) zeros++;
      else {
        // One 零 stands for any run of zeros between two written digits.
        if (zeros > 0) out += DIGITS[0];
        zeros = 0;
        out += DIGITS[digit]! + PLACES[place]!;
      }
      // A group's unit (万, 亿) is written unless the whole group was zeros.
      if (place === 0 && zeros < 4) out += GROUPS[position / 4]!;
    }
    out += '元';
  }
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]!}角`;
  else if (yuan > 0) out += DIGITS[0];
  if (cents > 0) out += `${DIGITS[cents]!}分`;
  return out;
}
