import type { RemoveArgs, UpdateArgs } from '../../protocol/commands';
import { RECORD_SCOPES, type DocumentRecordType, type RecordOfType, type RecordType, type StoreyRecord } from '../../protocol/records';
import { CheckError, describeValue, object, optional, type Check, type Shape } from '../document/check';
import { getView } from '../document/session-records';
import type { Transaction } from '../document/store';
import { RECORD_ID_PATTERN, RECORD_SHAPES, REFERRING_TYPES } from '../document/validators';

// Helpers the command families share: the generic `<type>.update` / `<type>.remove` commands and
// removal with dependants, so adding a record type needs no new update or remove code.

export const idArg = RECORD_SHAPES.storey.id;

/** The optional id a caller picks for a record it adds (protocol's ChosenId). */
export const chosenIdArg: Check<string | undefined> = optional((value, path) => {
  if (typeof value !== 'string' || !RECORD_ID_PATTERN.test(value)) {
    throw new CheckError(path, `must be 1 to 128 letters, digits or _ . : / -, got ${describeValue(value)}`);
  }
  return value;
});

/**
 * The id of a record being added: the caller's choice when given (refused when any record, of
 * any type or scope, has it already), else a fresh one.
 */
export function claimId(tx: Transaction, type: RecordType, chosen: string | undefined): string {
  if (chosen === undefined) return tx.newId(type);
  const holder = tx.get(chosen);
  if (holder) throw new Error(`id: "${chosen}" is already used by a ${holder.type}`);
  return chosen;
}

/** Any value: checked later by whatever receives it (a batch entry's args by its own command). */
export const passThrough: Check<unknown> = (value) => value;

export function requireRecord<T extends RecordType>(tx: Transaction, id: string, type: T): RecordOfType<T> {
  const record = tx.getOfType(id, type);
  if (!record) throw new Error(`no ${type} with id "${id}"`);
  return record;
}

/** The given storey, else the current one, else the lowest. */
export function storeyFor(tx: Transaction, storeyId: string | undefined): StoreyRecord {
  if (storeyId !== undefined) return requireRecord(tx, storeyId, 'storey');
  const current = getView(tx).currentStoreyId;
  const storey = (current !== null ? tx.getOfType(current, 'storey') : undefined) ?? tx.ofType('storey').sort((a, b) => a.index - b.index)[0];
  if (!storey) throw new Error('the scene has no storey: add one first (storey.add)');
  return storey;
}

/** The record types that stand on a storey. */
type OnStoreyType = { [K in RecordType]: RecordOfType<K> extends { readonly storeyId: string } ? K : never }[RecordType];

/**
 * Adds a record of a type that stands on a storey: on the args' storey (else the current one),
 * under the caller's chosen id (else a fresh one), with the fields made for that storey.
 */
export function addOnStorey<T extends OnStoreyType>(
  tx: Transaction,
  type: T,
  a: { readonly id?: string; readonly storeyId?: string },
  fields: (storey: StoreyRecord) => Omit<RecordOfType<T>, 'id' | 'type' | 'storeyId'>,
): { id: string } {
  const storey = storeyFor(tx, a.storeyId);
  const id = claimId(tx, type, a.id);
  tx.put({ id, type, storeyId: storey.id, ...fields(storey) } as unknown as RecordOfType<T>);
  return { id };
}

/** The checks of a type's fields, each optional, plus the id: the args of `<type>.update`. */
export function updateArgs<T extends DocumentRecordType>(type: T): Check<UpdateArgs<T>> {
  const shape = RECORD_SHAPES[type] as unknown as Record<string, Check<unknown>>;
  const fields: Record<string, Check<unknown>> = { id: idArg };
  for (const [key, check] of Object.entries(shape)) if (key !== 'id' && key !== 'type') fields[key] = optional(check);
  return object(fields as unknown as Shape<UpdateArgs<T>>);
}

interface UpdateDef<T extends DocumentRecordType> {
  readonly args: Check<UpdateArgs<T>>;
  readonly history: 'undoable';
  run(tx: Transaction, args: UpdateArgs<T>): null;
}

/** `<type>.update`: merges the given fields; `check` adds rules that need other records. */
export function updateCommand<T extends DocumentRecordType>(
  type: T,
  check?: (tx: Transaction, next: RecordOfType<T>) => void,
): UpdateDef<T> {
  return {
    args: updateArgs(type),
    history: 'undoable',
    run(tx, args) {
      const record = requireRecord(tx, args.id, type);
      const next = { ...record, ...args } as RecordOfType<T>;
      tx.put(next);
      check?.(tx, next);
      return null;
    },
  };
}

interface RemoveDef {
  readonly args: Check<RemoveArgs>;
  readonly history: 'undoable';
  run(tx: Transaction, args: RemoveArgs): null;
}

export function removeCommand(type: DocumentRecordType): RemoveDef {
  return {
    args: object<RemoveArgs>({ id: idArg }),
    history: 'undoable',
    run(tx, { id }) {
      requireRecord(tx, id, type);
      removeWithDependents(tx, [id]);
      return null;
    },
  };
}

/**
 * Removes the records and every document record that refers to them, transitively (a storey takes
 * its walls, their openings, its rooms and their ceilings …). Session records are left to
 * repairSession. Returns the removed ids, sorted.
 */
export function removeWithDependents(tx: Transaction, ids: readonly string[]): string[] {
  // In the order given, each before its dependants: the upkeep pass reconciles the storeys that
  // lost walls in that order. Dependants come from the store's references: the cost is theirs.
  const removed = new Set<string>();
  const queue = [...ids];
  for (let next = 0; next < queue.length; next++) {
    const id = queue[next]!;
    if (removed.has(id)) continue;
    const record = tx.get(id);
    if (!record) continue;
    removed.add(id);
    for (const type of REFERRING_TYPES[record.type] ?? []) {
      if (RECORD_SCOPES[type] === 'document') for (const dependant of tx.referring(id, type)) queue.push(dependant.id);
    }
  }
  for (const id of removed) tx.remove(id);
  return [...removed].sort();
}
