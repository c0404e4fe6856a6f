// Tiny validation combinators shared by the record validators and the command argument checks.
// Hand-written instead of a schema library so the worker bundle stays small and every failure
// names the exact field ("width: must be > 240, got 100"), which is what KernelCommandError.detail
// promises. A check returns a fresh plain-JSON value, never the input object: whatever a caller
// keeps a reference to cannot reach the store.

export class CheckError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${path}: ${problem}` : problem);
    this.name = 'CheckError';
  }
}

export type Check<T> = (value: unknown, path: string) => T;

export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/**
 * The composite checks (object, arrayOf) hand their parts an empty path and name the part only
 * when it fails: a record's dozens of fields then cost no path strings on the way through. A part
 * builds its path from the one it was given (joinPath, `${path}.x`), so the path it reports is
 * relative ("", "x", "[2].y", ".name") and is put under the part's own name here.
 */
function under(path: string, key: string | number, error: CheckError): CheckError {
  const head = joinPath(path, key);
  const rest = error.path;
  const full = rest === '' ? head : rest.startsWith('[') || rest.startsWith('.') ? head + rest : `${head}.${rest}`;
  return new CheckError(full, error.problem);
}

function checkPart<T>(check: Check<T>, value: unknown, path: string, key: string | number): T {
  try {
    return check(value, '');
  } catch (e) {
    throw e instanceof CheckError ? under(path, key, e) : e;
  }
}

export interface NumberRule {
  /** inclusive */
  readonly min?: number;
  readonly max?: number;
  /** exclusive lower bound */
  readonly gt?: number;
  readonly integer?: boolean;
}

export function finite(rule: NumberRule = {}): Check<number> {
  // Written once per check, not per call: every coordinate of every record goes through here.
  const bounds = [
    rule.gt !== undefined ? `> ${rule.gt}` : null,
    rule.min !== undefined ? `>= ${rule.min}` : null,
    rule.max !== undefined ? `<= ${rule.max}` : null,
  ]
    .filter(Boolean)
    .join(' and ');
  const expected = `${rule.integer ? 'an integer' : 'a finite number'}${bounds ? ` ${bounds}` : ''}`;
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new CheckError(path, `must be ${expected}, got ${describeValue(value)}`);
    }
    if (
      (rule.integer && !Number.isInteger(value)) ||
      (rule.gt !== undefined && !(value > rule.gt)) ||
      (rule.min !== undefined && value < rule.min) ||
      (rule.max !== undefined && value > rule.max)
    ) {
      throw new CheckError(path, `must be ${expected}, got ${value}`);
    }
    return value;
  };
}

export interface StringRule {
  readonly maxLength?: number;
  readonly pattern?: RegExp;
}

export function string(rule: StringRule = {}): Check<string> {
  return (value, path) => {
    if (typeof value !== 'string') throw new CheckError(path, `must be a string, got ${describeValue(value)}`);
    if (rule.maxLength !== undefined && value.length > rule.maxLength) {
      throw new CheckError(path, `must be at most ${rule.maxLength} characters long`);
    }
    if (rule.pattern && !rule.pattern.test(value)) {
      throw new CheckError(path, `must match ${String(rule.pattern)}, got ${describeValue(value)}`);
    }
    return value;
  };
}

export const boolean: Check<boolean> = (value, path) => {
  if (typeof value !== 'boolean') throw new CheckError(path, `must be true or false, got ${describeValue(value)}`);
  return value;
};

type Literal = string | number | boolean | null;

export function oneOf<const T extends readonly Literal[]>(values: T): Check<T[number]> {
  return (value, path) => {
    if (!values.some((v) => Object.is(v, value))) {
      throw new CheckError(path, `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`);
    }
    return value as T[number];
  };
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : check(value, path));
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, path) => (value === undefined ? undefined : check(value, path));
}

export interface ArrayRule {
  readonly minLength?: number;
  readonly maxLength?: number;
}

export function arrayOf<T>(check: Check<T>, rule: ArrayRule = {}): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new CheckError(path, `must be an array, got ${describeValue(value)}`);
    if (rule.minLength !== undefined && value.length < rule.minLength) {
      throw new CheckError(path, `must have at least ${rule.minLength} items, got ${value.length}`);
    }
    if (rule.maxLength !== undefined && value.length > rule.maxLength) {
      throw new CheckError(path, `must have at most ${rule.maxLength} items, got ${value.length}`);
    }
    return value.map((item, i) => checkPart(check, item, path, i));
  };
}

/** Object.hasOwn needs Chrome 93; designers run Chrome 80+ (core.md §9). */
export function hasOwn(object: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export type Shape<T> = { readonly [K in keyof T]-?: Check<T[K]> };

/**
 * A plain object with exactly the keys of the shape: unknown keys are refused (they would be
 * silently dropped from saved files otherwise), keys whose check yields undefined are left out.
 */
export function object<T extends object>(shape: Shape<T>): Check<T> {
  const check = objectOnto(shape);
  return (value, path) => check(value, path, undefined);
}

/**
 * object(shape), given a value it has already passed and deep-frozen: the fields of the new value
 * that are that value's own (the same frozen object or primitive) are kept as they are instead of
 * being checked and copied again, so re-checking a record one field of which changed costs that
 * field. Whole-value rules are the caller's to run.
 */
export function objectOnto<T extends object>(shape: Shape<T>): (value: unknown, path: string, passed: T | undefined) => T {
  const keys = Object.keys(shape) as (keyof T & string)[];
  return (value, path, passed) => {
    if (!isPlainObject(value)) {
      throw new CheckError(path, `must be an object with ${keys.join(', ')}, got ${describeValue(value)}`);
    }
    for (const key in value) {
      if (hasOwn(value, key) && !hasOwn(shape, key)) {
        throw new CheckError(joinPath(path, key), `is not a known field (known: ${keys.join(', ')})`);
      }
    }
    const out: Partial<Record<keyof T, unknown>> = {};
    for (const key of keys) {
      const field = value[key];
      const checked = passed !== undefined && field === passed[key] ? field : checkPart(shape[key], field, path, key);
      if (checked !== undefined) out[key] = checked;
    }
    return out as T;
  };
}
