import { RECORD_SCOPES, type RecordOfType, type RecordScope, type RecordType, type SceneRecord } from '../../protocol/records';
import { jsonEqual } from '../../protocol/patch';
import { hasOwn } from './check';
import type { RecordsDiff } from './diff';
import { createRandomIds, type IdGenerator } from './ids';
import { RecordValidationError, referencesOf, validateRecord } from './validators';

// The scene document: immutable records keyed by id. The only way in is transact(), which either
// commits all of its writes as one diff or none of them.

export interface RecordReader {
  get(id: string): SceneRecord | undefined;
  /** The record with this id if it has this type. */
  getOfType<T extends RecordType>(id: string, type: T): RecordOfType<T> | undefined;
  /** Records of one type, ordered by id so that everything derived from them is deterministic. */
  ofType<T extends RecordType>(type: T): RecordOfType<T>[];
  all(): SceneRecord[];
  has(id: string): boolean;
  /** How many records of a type there are (O(1) outside a transaction). */
  countOf(type: RecordType): number;
}

export interface Transaction extends RecordReader {
  /** Validates and stores the record (a frozen copy of it), replacing the one with its id. */
  put(record: SceneRecord): void;
  /** Removes the record; removing an absent id is a no-op so commands can be idempotent. */
  remove(id: string): void;
  newId(type: RecordType): string;
}

export interface TransactionResult<R> {
  readonly result: R;
  readonly diff: RecordsDiff;
}

export interface RecordStore extends RecordReader {
  /**
   * Runs fn inside a transaction. If fn throws (or a written record fails validation or points at
   * a missing record) nothing is committed and the error propagates; otherwise the writes commit
   * together and the one diff describing them is returned.
   */
  transact<R>(fn: (tx: Transaction) => R): TransactionResult<R>;
  /** All records ordered by id: the canonical form (tests compare it byte for byte). */
  toJSON(): SceneRecord[];
  scopeOf(type: RecordType): RecordScope;
}

export interface StoreOptions {
  readonly ids?: IdGenerator;
  readonly initial?: readonly SceneRecord[];
}

function byId(a: SceneRecord, b: SceneRecord): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function readerOver(
  lookup: (id: string) => SceneRecord | undefined,
  list: () => SceneRecord[],
  listOfType: (type: RecordType) => SceneRecord[],
  countOf: (type: RecordType) => number,
): RecordReader {
  return {
    countOf,
    get: lookup,
    has: (id) => lookup(id) !== undefined,
    getOfType<T extends RecordType>(id: string, type: T) {
      const r = lookup(id);
      return r && r.type === type ? (r as RecordOfType<T>) : undefined;
    },
    ofType<T extends RecordType>(type: T) {
      return listOfType(type) as RecordOfType<T>[];
    },
    all: list,
  };
}

/**
 * The committed records, indexed by id and by type, with sorted lists cached per type and for all:
 * a commit costs what it touched, and a command reading one type (a wall's openings) pays for that
 * type alone, not for the whole scene.
 */
function createIndex() {
  const records = new Map<string, SceneRecord>();
  const byType = new Map<RecordType, Map<string, SceneRecord>>();
  const sortedOfType = new Map<RecordType, SceneRecord[]>();
  let sorted: SceneRecord[] | null = null;

  const typeMap = (type: RecordType) => {
    let map = byType.get(type);
    if (!map) byType.set(type, (map = new Map()));
    return map;
  };

  return {
    get: (id: string) => records.get(id),
    values: () => records.values(),
    countOf: (type: RecordType) => byType.get(type)?.size ?? 0,
    /** Shared, sorted by id: callers copy before handing it out. */
    sorted(): readonly SceneRecord[] {
      return (sorted ??= [...records.values()].sort(byId));
    },
    sortedOfType(type: RecordType): readonly SceneRecord[] {
      let list = sortedOfType.get(type);
      if (!list) sortedOfType.set(type, (list = [...(byType.get(type)?.values() ?? [])].sort(byId)));
      return list;
    },
    set(id: string, next: SceneRecord | null): void {
      const prev = records.get(id);
      if (prev) {
        byType.get(prev.type)?.delete(id);
        sortedOfType.delete(prev.type);
      }
      if (next) {
        records.set(id, next);
        typeMap(next.type).set(id, next);
        sortedOfType.delete(next.type);
      } else records.delete(id);
      sorted = null;
    },
  };
}

type Index = ReturnType<typeof createIndex>;

export function createStore(options: StoreOptions = {}): RecordStore {
  const newId = options.ids ?? createRandomIds();
  const index = createIndex();
  let inTransaction = false;

  const reader = readerOver(
    (id) => index.get(id),
    () => index.sorted().slice(),
    (type) => index.sortedOfType(type).slice(),
    (type) => index.countOf(type),
  );

  function transact<R>(fn: (tx: Transaction) => R): TransactionResult<R> {
    if (inTransaction) throw new Error('transactions do not nest: run the inner work in the outer transaction');
    inTransaction = true;
    // Writes land in an overlay (null = removed); the committed records are untouched until the end.
    const changes = new Map<string, SceneRecord | null>();
    /** types with a record written or removed in the overlay (before or after the write) */
    const changedTypes = new Set<RecordType>();
    let open = true;
    const lookup = (id: string) => {
      const changed = changes.get(id);
      return changed === null ? undefined : (changed ?? index.get(id));
    };
    // Merged, sorted views are rebuilt only after a write: commands that read a type many times
    // between writes (a cascade looking for dependants) pay the sort once.
    let merged: SceneRecord[] | null = null;
    const mergedOfType = new Map<RecordType, SceneRecord[]>();
    const merge = (committed: readonly SceneRecord[], keep: (r: SceneRecord) => boolean) => {
      const out = committed.filter((r) => !changes.has(r.id));
      for (const r of changes.values()) if (r && keep(r)) out.push(r);
      return out.sort(byId);
    };
    const list = () => {
      merged ??= changes.size === 0 ? index.sorted().slice() : merge(index.sorted(), () => true);
      return merged.slice();
    };
    const listOfType = (type: RecordType) => {
      if (!changedTypes.has(type)) return index.sortedOfType(type).slice();
      let out = mergedOfType.get(type);
      if (!out) mergedOfType.set(type, (out = merge(index.sortedOfType(type), (r) => r.type === type)));
      return out.slice();
    };
    const written = (id: string, next: SceneRecord | null) => {
      const before = lookup(id);
      if (before) changedTypes.add(before.type);
      const committed = index.get(id);
      if (committed) changedTypes.add(committed.type);
      if (next) changedTypes.add(next.type);
      changes.set(id, next);
      merged = null;
      mergedOfType.clear();
    };
    const assertOpen = () => {
      if (!open) throw new Error('this transaction has finished');
    };
    // One plain literal (no spread of a reader): V8 builds it on the fast path, and every command
    // makes one.
    const tx: Transaction = {
      get: lookup,
      has: (id) => lookup(id) !== undefined,
      getOfType<T extends RecordType>(id: string, type: T) {
        const r = lookup(id);
        return r && r.type === type ? (r as RecordOfType<T>) : undefined;
      },
      ofType: <T extends RecordType>(type: T) => listOfType(type) as RecordOfType<T>[],
      all: list,
      countOf: (type) => (changedTypes.has(type) ? listOfType(type).length : index.countOf(type)),
      put(record) {
        assertOpen();
        const stored = validateRecord(record);
        written(stored.id, stored);
      },
      remove(id) {
        assertOpen();
        if (lookup(id) !== undefined) written(id, null);
      },
      newId(type) {
        assertOpen();
        let id = newId(type);
        // A generator seeded from a loaded scene could repeat an id; never hand out a live one.
        while (lookup(id) !== undefined) id = newId(type);
        return id;
      },
    };
    try {
      const result = fn(tx);
      if (result instanceof Promise) throw new Error('transactions are synchronous; do async work before transact()');
      const diff = diffOf(index, changes);
      checkReferences(index, changes, diff);
      // Only real changes are written: a put of an equal record keeps the stored object.
      for (const id in diff.updated) index.set(id, diff.updated[id]![1]);
      for (const id in diff.added) index.set(id, diff.added[id]!);
      for (const id in diff.removed) index.set(id, null);
      return { result, diff };
    } finally {
      open = false;
      inTransaction = false;
    }
  }

  const store: RecordStore = {
    ...reader,
    transact,
    toJSON: () => index.sorted().slice(),
    scopeOf: (type) => RECORD_SCOPES[type],
  };
  if (options.initial?.length) {
    const initial = options.initial;
    transact((tx) => initial.forEach((r) => tx.put(r)));
  }
  return store;
}

function diffOf(before: Index, changes: ReadonlyMap<string, SceneRecord | null>): RecordsDiff {
  const added: Record<string, SceneRecord> = {};
  const updated: Record<string, readonly [SceneRecord, SceneRecord]> = {};
  const removed: Record<string, SceneRecord> = {};
  for (const [id, next] of changes) {
    const prev = before.get(id);
    if (prev && next) {
      // A put of an equal record is not a change: no undo step, no mesh rebuild, no patch.
      if (!sameRecord(prev, next)) updated[id] = [prev, next];
    } else if (next) added[id] = next;
    else if (prev) removed[id] = prev;
  }
  return { added, updated, removed };
}

function sameRecord(a: SceneRecord, b: SceneRecord): boolean {
  type Json = Parameters<typeof jsonEqual>[0];
  return jsonEqual(a as unknown as Json, b as unknown as Json);
}

/** Every reference of a written record resolves, and no record left refers to a removed one. */
function checkReferences(committed: Index, changes: ReadonlyMap<string, SceneRecord | null>, diff: RecordsDiff): void {
  const next = (id: string) => (changes.has(id) ? changes.get(id) : committed.get(id));
  const written = [...Object.values(diff.added), ...Object.values(diff.updated).map(([, to]) => to)];
  for (const record of written) {
    for (const ref of referencesOf(record)) {
      if (next(ref.id)?.type !== ref.type) {
        throw new RecordValidationError(`${record.type} ${record.id}: ${ref.field}: no ${ref.type} with id "${ref.id}"`);
      }
    }
  }
  if (Object.keys(diff.removed).length === 0) return;
  const check = (record: SceneRecord) => {
    for (const ref of referencesOf(record)) {
      if (hasOwn(diff.removed, ref.id)) {
        throw new RecordValidationError(
          `${record.type} ${record.id}: ${ref.field}: still refers to removed ${ref.type} "${ref.id}"`,
        );
      }
    }
  };
  for (const record of committed.values()) if (!changes.has(record.id)) check(record);
  for (const record of changes.values()) if (record) check(record);
}
