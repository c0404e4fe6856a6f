import type { RecordOfType, RecordType, SceneRecord } from '../../protocol/records';
import { RECORD_KINDS, RECORD_TYPES, REFERRING_TYPES, referencesOf, type RecordShapes } from '../kinds/records';
import type { RecordRef } from '../kinds/record-kind';
import { CheckError, describeValue, hasOwn, isPlainObject, objectOnto, type Check, type Shape } from './check';

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

/** A record's check, given the stored record it replaces (see objectOnto) when there is one. */
type RecordCheck<T> = (value: unknown, path: string, passed: T | undefined) => T;

function validatorOf<T extends RecordType>(type: T): RecordCheck<RecordOfType<T>> {
  const { shape, rules = [] } = RECORD_KINDS[type] as { shape: Shape<RecordOfType<T>>; rules?: readonly ((r: RecordOfType<T>, path: string) => void)[] };
  const check = objectOnto<RecordOfType<T>>(shape);
  if (rules.length === 0) return check;
  return (value, path, passed) => {
    const out = check(value, path, passed);
    for (const rule of rules) rule(out, path);
    return out;
  };
}

const RECORD_CHECKS = Object.fromEntries(RECORD_TYPES.map((t) => [t, validatorOf(t)])) as {
  readonly [T in RecordType]: RecordCheck<RecordOfType<T>>;
};

export const RECORD_VALIDATORS = Object.fromEntries(
  RECORD_TYPES.map((t) => [t, (value: unknown, path: string) => RECORD_CHECKS[t](value, path, undefined)]),
) as { readonly [T in RecordType]: Check<RecordOfType<T>> };

export class RecordValidationError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'RecordValidationError';
  }
}

/**
 * Returns a validated, deep-frozen copy of the record, or throws a RecordValidationError. `replaces`
 * is the stored record of that id, when there is one: the store's records were all validated and
 * deep-frozen here, so the fields the new record shares with it (a rename keeps a room's outline)
 * are kept, not checked and copied again; the type's whole-record rules still run.
 */
export function validateRecord(value: unknown, replaces?: SceneRecord): SceneRecord {
  const label = () => (isPlainObject(value) ? `${String(value.type)} ${String(value.id)}` : 'record');
  if (!isPlainObject(value) || typeof value.type !== 'string' || !hasOwn(RECORD_CHECKS, value.type)) {
    const type = isPlainObject(value) ? describeValue(value.type) : describeValue(value);
    throw new RecordValidationError(`${label()}: unknown record type ${type}`);
  }
  const check = RECORD_CHECKS[value.type as RecordType] as RecordCheck<SceneRecord>;
  const passed = replaces !== undefined && replaces.type === value.type && Object.isFrozen(replaces) ? replaces : undefined;
  try {
    return deepFreeze(check(value, '', passed));
  } catch (e) {
    if (e instanceof CheckError) throw new RecordValidationError(`${label()}: ${e.message}`);
    throw e;
  }
}

/** Freezes what is not frozen yet: the fields kept from a stored record are, and are not walked. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    const object = value as Record<string, unknown>;
    for (const key in object) deepFreeze(object[key]);
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
