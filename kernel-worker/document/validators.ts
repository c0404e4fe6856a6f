import type { RecordOfType, RecordType, SceneRecord } from '../../protocol/records';
import { RECORD_KINDS, RECORD_TYPES, REFERRING_TYPES, referencesOf, type RecordShapes } from '../kinds/records';
import type { RecordRef } from '../kinds/record-kind';
import { CheckError, describeValue, hasOwn, isPlainObject, object, type Check, type Shape } from './check';

// One validator per record type, made from its kind (kernel-worker/kinds/<type>/record.ts): the
// store runs it on every put, so no command (and later no scene file or migration) can store a
// record the renderer or the saver would choke on.

export { RECORD_ID_PATTERN, tileImage, wallColor } from '../kinds/fields';
export { PLAN_ZOOM_LIMITS } from '../kinds/view/record';
export { OPENING_TOOL_SHAPE, WALL_DRAW_SHAPE } from '../kinds/tool/record';
export { REFERRING_TYPES, referencesOf, type RecordRef };

/**
 * The field checks of each type. Exported so that `<type>.update` commands can accept any subset
 * of them; whole records are still checked by RECORD_VALIDATORS (which adds cross-field rules).
 */
export const RECORD_SHAPES = Object.fromEntries(RECORD_TYPES.map((t) => [t, RECORD_KINDS[t].shape])) as RecordShapes;

function validatorOf<T extends RecordType>(type: T): Check<RecordOfType<T>> {
  const { shape, rules = [] } = RECORD_KINDS[type] as { shape: Shape<RecordOfType<T>>; rules?: readonly ((r: RecordOfType<T>, path: string) => void)[] };
  const check = object<RecordOfType<T>>(shape);
  if (rules.length === 0) return check;
  return (value, path) => {
    const out = check(value, path);
    for (const rule of rules) rule(out, path);
    return out;
  };
}

export const RECORD_VALIDATORS = Object.fromEntries(RECORD_TYPES.map((t) => [t, validatorOf(t)])) as {
  readonly [T in RecordType]: Check<RecordOfType<T>>;
};

export class RecordValidationError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'RecordValidationError';
  }
}

/** Returns a validated, deep-frozen copy of the record, or throws a RecordValidationError. */
export function validateRecord(value: unknown): SceneRecord {
  const label = () => (isPlainObject(value) ? `${String(value.type)} ${String(value.id)}` : 'record');
  if (!isPlainObject(value) || typeof value.type !== 'string' || !hasOwn(RECORD_VALIDATORS, value.type)) {
    const type = isPlainObject(value) ? describeValue(value.type) : describeValue(value);
    throw new RecordValidationError(`${label()}: unknown record type ${type}`);
  }
  const check = RECORD_VALIDATORS[value.type as RecordType] as Check<SceneRecord>;
  try {
    return deepFreeze(check(value, ''));
  } catch (e) {
    if (e instanceof CheckError) throw new RecordValidationError(`${label()}: ${e.message}`);
    throw e;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The references each type holds, by type (each kind's `references`). */
export const RECORD_REFERENCES = Object.fromEntries(
  RECORD_TYPES.flatMap((t) => {
    const refs = RECORD_KINDS[t].references;
    return refs ? [[t, refs]] : [];
  }),
) as { readonly [T in RecordType]?: (record: RecordOfType<T>) => RecordRef[] };
