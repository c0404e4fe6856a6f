import { RECORD_SCOPES, type RecordOfType, type RecordScope, type RecordType, type SceneRecord } from '../../protocol/records';
import { jsonEqual } from '../../protocol/patch';
import { hasOwn, isPlainObject } from './check';
import type { RecordsDiff } from './diff';
import { createRandomIds, type IdGenerator } from './ids';
import { RECORD_REFERENCES, RecordValidationError, referencesOf, validateRecord } from './validators';

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
  /** How many records of a type there are (O(1), inside a transaction too). */
  countOf(type: RecordType): number;
  /**
   * The records of `type` that refer to `id` (a storey's walls, a wall's openings, a surface's
   * pavings), ordered by id. Costs what it finds (after a first query of the type, which indexes
   * it), so a command working on one storey or wall never walks the whole scene.
   */
  referring<T extends RecordType>(id: string, type: T): RecordOfType<T>[];
}

export interface Transaction extends RecordReader {
  /** Validates and stores the record (a frozen copy of it), replacing the one with its id. */
  put(record: SceneRecord): void;
  /** Removes the record; removing an absent id is a no-op so commands can be idempotent. */
  remove(id: string): void;
  newId(type: RecordType): string;
  /**
   * The ids written or removed since the last call (the first call: since the transaction began),
   * each once in the order first touched, with the record each had before that: what the upkeep
   * pass (commands/upkeep.ts) works from. A put of an equal record counts as touched. Nothing
   * touched: a shared empty map (the pass asks after every command of a batch).
   */
  takeTouched(): ReadonlyMap<string, SceneRecord | undefined>;
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

/** The order ofType lists records in (by id, code unit order). */
export function byId(a: SceneRecord, b: SceneRecord): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function readerOver(
  lookup: (id: string) => SceneRecord | undefined,
  list: () => SceneRecord[],
  listOfType: (type: RecordType) => SceneRecord[],
  countOf: (type: RecordType) => number,
  referring: (id: string, type: RecordType) => SceneRecord[],
): RecordReader {
  return {
    countOf,
    referring: <T extends RecordType>(id: string, type: T) => referring(id, type) as RecordOfType<T>[],
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

/** Where an id is in a list sorted by id: its index, or -(the index it would go to) - 1. */
function searchById(list: readonly SceneRecord[], id: string): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid]!.id;
    if (at < id) lo = mid + 1;
    else if (at > id) hi = mid - 1;
    else return mid;
  }
  return -lo - 1;
}

/** Which records of one type refer to which ids: referenced id -> ids of the records referring to it. */
type Referrers = Map<string, Set<string>>;

function addReferrer(refs: Referrers, record: SceneRecord): void {
  for (const ref of referencesOf(record)) {
    let ids = refs.get(ref.id);
    if (!ids) refs.set(ref.id, (ids = new Set()));
    ids.add(record.id);
  }
}

function deleteReferrer(refs: Referrers, record: SceneRecord): void {
  for (const ref of referencesOf(record)) {
    const ids = refs.get(ref.id);
    if (ids?.delete(record.id) && ids.size === 0) refs.delete(ref.id);
  }
}

function sameReferences(a: SceneRecord, b: SceneRecord): boolean {
  const x = referencesOf(a);
  const y = referencesOf(b);
  return x.length === y.length && x.every((ref, i) => ref.id === y[i]!.id);
}

/** The types whose records refer to others: what a removal must be checked against. */
const REFERENCING_TYPES = Object.keys(RECORD_REFERENCES) as RecordType[];

/**
 * Splices a record into (next) or an id out of (next null) a list sorted by id. A commit patches
 * this many lists' entries in place at most; past that (a load) they are dropped and sorted again
 * when next asked for, which is cheaper than shifting a long list thousands of times.
 */
const PATCHES_PER_COMMIT = 64;

/**
 * The committed records, indexed by id and by type, with sorted lists cached per type and for all
 * (kept through a commit that touches few records) and, per referring type once first asked for,
 * who refers to what: a commit costs what it touched, and a command reading one type (a wall's
 * openings) pays for that type alone, not for the whole scene.
 */
function createIndex() {
  const records = new Map<string, SceneRecord>();
  const byType = new Map<RecordType, Map<string, SceneRecord>>();
  const sortedOfType = new Map<RecordType, SceneRecord[]>();
  let sorted: SceneRecord[] | null = null;
  const referrersOfType = new Map<RecordType, Referrers>();
  let patches = 0;

  const typeMap = (type: RecordType) => {
    let map = byType.get(type);
    if (!map) byType.set(type, (map = new Map()));
    return map;
  };
  /** False when the list is better dropped (see PATCHES_PER_COMMIT). */
  const patch = (list: SceneRecord[], id: string, next: SceneRecord | null): boolean => {
    const at = searchById(list, id);
    if (at >= 0 && next) list[at] = next;
    else if (patches-- <= 0) return false;
    else if (at >= 0) list.splice(at, 1);
    else if (next) list.splice(-at - 1, 0, next);
    return true;
  };
  const patchOfType = (type: RecordType, id: string, next: SceneRecord | null) => {
    const list = sortedOfType.get(type);
    if (list && !patch(list, id, next)) sortedOfType.delete(type);
  };

  return {
    get: (id: string) => records.get(id),
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
    /** Who refers to what among the records of one type (indexed on the first call). */
    referrers(type: RecordType): Referrers {
      let refs = referrersOfType.get(type);
      if (!refs) {
        refs = new Map();
        for (const r of byType.get(type)?.values() ?? []) addReferrer(refs, r);
        referrersOfType.set(type, refs);
      }
      return refs;
    },
    beginCommit(): void {
      patches = PATCHES_PER_COMMIT;
    },
    set(id: string, next: SceneRecord | null): void {
      const prev = records.get(id);
      if (prev && next && prev.type === next.type) {
        // An update (the common commit): same place in every list, references rarely changed.
        records.set(id, next);
        byType.get(next.type)!.set(id, next);
        const refs = referrersOfType.get(next.type);
        if (refs && !sameReferences(prev, next)) {
          deleteReferrer(refs, prev);
          addReferrer(refs, next);
        }
        patchOfType(next.type, id, next);
        if (sorted) patch(sorted, id, next);
        return;
      }
      if (prev) {
        byType.get(prev.type)?.delete(id);
        const refs = referrersOfType.get(prev.type);
        if (refs) deleteReferrer(refs, prev);
        if (prev.type !== next?.type) patchOfType(prev.type, id, null);
      }
      if (next) {
        records.set(id, next);
        typeMap(next.type).set(id, next);
        const refs = referrersOfType.get(next.type);
        if (refs) addReferrer(refs, next);
        patchOfType(next.type, id, next);
      } else records.delete(id);
      if (sorted && !patch(sorted, id, next)) sorted = null;
    },
  };
}

type Index = ReturnType<typeof createIndex>;

/** The records a list of ids names, in the order of their ids. */
const sortedRecords = (records: SceneRecord[]): SceneRecord[] => records.sort(byId);

/** What takeTouched hands back when nothing was touched (shared: nobody writes to it). */
const NOTHING_TOUCHED: ReadonlyMap<string, SceneRecord | undefined> = new Map();

export function createStore(options: StoreOptions = {}): RecordStore {
  const newId = options.ids ?? createRandomIds();
  const index = createIndex();
  let inTransaction = false;

  const reader = readerOver(
    (id) => index.get(id),
    () => index.sorted().slice(),
    (type) => index.sortedOfType(type).slice(),
    (type) => index.countOf(type),
    (id, type) => sortedRecords([...(index.referrers(type).get(id) ?? [])].map((rid) => index.get(rid)!)),
  );

  function transact<R>(fn: (tx: Transaction) => R): TransactionResult<R> {
    if (inTransaction) throw new Error('transactions do not nest: run the inner work in the outer transaction');
    inTransaction = true;
    // Writes land in an overlay (null = removed); the committed records are untouched until the end.
    const changes = new Map<string, SceneRecord | null>();
    /** per type: the overlay's ids whose record had (committed or since) or has that type */
    const overlayOfType = new Map<RecordType, Set<string>>();
    /** per type: records added less records removed so far, so that countOf stays O(1) */
    const countDelta = new Map<RecordType, number>();
    /** per referring type, once `referring` asked for it: who refers to what among the overlay's records */
    const overlayReferrers = new Map<RecordType, Referrers>();
    let touched = new Map<string, SceneRecord | undefined>();
    let open = true;
    const lookup = (id: string) => {
      const changed = changes.get(id);
      return changed === null ? undefined : (changed ?? index.get(id));
    };
    // Merged, sorted views are rebuilt only after a write of their type: commands that read a type
    // many times between writes (a cascade looking for dependants) pay the sort once, and a write
    // of one type (a room renamed) leaves the others' (the walls') alone.
    let merged: SceneRecord[] | null = null;
    const mergedOfType = new Map<RecordType, SceneRecord[]>();
    const list = () => {
      if (!merged) {
        merged = changes.size === 0 ? index.sorted().slice() : index.sorted().filter((r) => !changes.has(r.id));
        if (changes.size > 0) {
          for (const r of changes.values()) if (r) merged.push(r);
          merged.sort(byId);
        }
      }
      return merged.slice();
    };
    const listOfType = (type: RecordType) => {
      const ids = overlayOfType.get(type);
      if (!ids) return index.sortedOfType(type).slice();
      let out = mergedOfType.get(type);
      if (!out) {
        out = index.sortedOfType(type).filter((r) => !ids.has(r.id));
        for (const id of ids) {
          const r = changes.get(id);
          if (r && r.type === type) out.push(r);
        }
        mergedOfType.set(type, out.sort(byId));
      }
      return out.slice();
    };
    const referring = (id: string, type: RecordType): SceneRecord[] => {
      const out: SceneRecord[] = [];
      for (const rid of index.referrers(type).get(id) ?? []) if (!changes.has(rid)) out.push(index.get(rid)!);
      const ids = overlayOfType.get(type);
      if (ids) {
        let refs = overlayReferrers.get(type);
        if (!refs) {
          refs = new Map();
          for (const oid of ids) {
            const r = changes.get(oid);
            if (r && r.type === type) addReferrer(refs, r);
          }
          overlayReferrers.set(type, refs);
        }
        for (const rid of refs.get(id) ?? []) out.push(changes.get(rid)!);
      }
      return sortedRecords(out);
    };
    const noteType = (type: RecordType, id: string) => {
      let ids = overlayOfType.get(type);
      if (!ids) overlayOfType.set(type, (ids = new Set()));
      ids.add(id);
      mergedOfType.delete(type);
    };
    const count = (type: RecordType, by: number) => countDelta.set(type, (countDelta.get(type) ?? 0) + by);
    // Every put and remove: kept to a few map operations (a batch renaming every room does 1,600).
    const written = (id: string, next: SceneRecord | null, overlaid: SceneRecord | null | undefined, committed: SceneRecord | undefined) => {
      const before = overlaid === undefined ? committed : (overlaid ?? undefined);
      if (!touched.has(id)) touched.set(id, before);
      // The types the id had (committed, so far) or gets: their merged lists are out of date.
      const type = next?.type;
      if (committed) noteType(committed.type, id);
      if (before && before.type !== committed?.type) noteType(before.type, id);
      if (type && type !== before?.type && type !== committed?.type) noteType(type, id);
      if (before?.type !== type) {
        if (before) count(before.type, -1);
        if (type) count(type, 1);
      }
      if (overlaid) {
        const refs = overlayReferrers.get(overlaid.type);
        if (refs) deleteReferrer(refs, overlaid);
      }
      if (next) {
        const refs = overlayReferrers.get(next.type);
        if (refs) addReferrer(refs, next);
      }
      changes.set(id, next);
      merged = null;
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
      countOf: (type) => index.countOf(type) + (countDelta.get(type) ?? 0),
      referring: <T extends RecordType>(id: string, type: T) => referring(id, type) as RecordOfType<T>[],
      put(record) {
        assertOpen();
        const id = isPlainObject(record) && typeof record.id === 'string' ? record.id : '';
        const overlaid = changes.get(id);
        const committed = index.get(id);
        // The record it replaces lets an update re-check only the fields it changed.
        const stored = validateRecord(record, overlaid === undefined ? committed : (overlaid ?? undefined));
        written(stored.id, stored, overlaid, committed);
      },
      remove(id) {
        assertOpen();
        if (lookup(id) !== undefined) written(id, null, changes.get(id), index.get(id));
      },
      newId(type) {
        assertOpen();
        let id = newId(type);
        // A generator seeded from a loaded scene could repeat an id; never hand out a live one.
        while (lookup(id) !== undefined) id = newId(type);
        return id;
      },
      takeTouched() {
        if (touched.size === 0) return NOTHING_TOUCHED;
        const out = touched;
        touched = new Map();
        return out;
      },
    };
    try {
      const result = fn(tx);
      if (result instanceof Promise) throw new Error('transactions are synchronous; do async work before transact()');
      const diff = diffOf(index, changes);
      checkReferences(index, changes, diff);
      // Only real changes are written: a put of an equal record keeps the stored object.
      index.beginCommit();
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
  // The committed records that referred to a removed one, found through the index (not by walking
  // the scene): unless the transaction rewrote them, they still do.
  for (const id in diff.removed) {
    for (const type of REFERENCING_TYPES) {
      for (const rid of committed.referrers(type).get(id) ?? []) if (!changes.has(rid)) check(committed.get(rid)!);
    }
  }
  for (const record of changes.values()) if (record) check(record);
}
