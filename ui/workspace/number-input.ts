// Pure helpers for the panel's number fields: what a keystroke may leave in the box (core.md §5:
// number-only inputs strip non-digits, decimal inputs keep digits and one decimal point) and
// whether a committed text is a value the kernel may be sent.

import { decimalOnly, numberOnly } from '../widgets/input';

export interface NumberLimits {
  readonly min: number;
  readonly max: number;
  /** whole millimetres (the default) or decimals */
  readonly decimal?: boolean;
}

/**
 * Sane bounds for what the designer types, in mm. Tighter than the kernel's validators (which only
 * keep the document consistent): a 3 m thick wall is a typo, not a design.
 */
export const LIMITS = {
  wallThickness: { min: 10, max: 1000 },
  wallHeight: { min: 100, max: 10000 },
  openingWidth: { min: 100, max: 10000 },
  openingHeight: { min: 100, max: 10000 },
  elevation: { min: 0, max: 10000 },
  offset: { min: 0, max: 100000 },
  layerHeight: { min: 1000, max: 10000 },
  panelThickness: { min: 1, max: 500 },
  /** a floor opening's width and depth (FLOOR_OPENING_MIN_SIZE up) */
  floorOpening: { min: 100, max: 100000 },
  modelSize: { min: 10, max: 20000 },
  /** degrees */
  rotation: { min: 0, max: 360, decimal: true },
} as const satisfies Record<string, NumberLimits>;

/** Longest room or storey name the panel accepts. */
export const MAX_NAME_LENGTH = 50;

/** Decimals a decimal box keeps: catalogues.md §5 rounds to 2 unless a rule says otherwise. */
export const DECIMAL_PRECISION = 2;

/** What a keystroke may leave in the box: the input helpers of core.md §5 (ui/widgets/input.ts). */
export function sanitiseNumberText(text: string, decimal = false): string {
  return decimal ? decimalOnly(text, DECIMAL_PRECISION) : numberOnly(text);
}

export type ParsedNumber =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: 'empty' | 'range' };

export function parseNumberText(text: string, limits: NumberLimits): ParsedNumber {
  const clean = sanitiseNumberText(text.trim(), limits.decimal);
  if (clean === '' || clean === '.') return { ok: false, reason: 'empty' };
  const value = Number(clean);
  if (!Number.isFinite(value)) return { ok: false, reason: 'empty' };
  if (value < limits.min || value > limits.max) return { ok: false, reason: 'range' };
  return { ok: true, value };
}

/** How a number is shown in a box: whole mm without decimals, others with at most one. */
export function formatNumberText(value: number, decimal = false): string {
  if (!Number.isFinite(value)) return '';
  return decimal ? String(Math.round(value * 10) / 10) : String(Math.round(value));
}
