import { jsonEqual } from '../../protocol/patch';
import { RECORD_SCOPES, type RecordScope, type SceneRecord } from '../../protocol/records';

// The one currency of change: every committed transaction produces exactly one RecordsDiff, and the
// renderer, the UI patch, and (next) the history and the backup tracker all consume it. Plain JSON
// on purpose, so a diff can be stored as an undo step or sent as a backup delta unchanged.

export interface RecordsDiff {
  readonly added: { readonly [id: string]: SceneRecord };
  readonly updated: { readonly [id: string]: readonly [from: SceneRecord, to: SceneRecord] };
  readonly removed: { readonly [id: string]: SceneRecord };
}

export function emptyDiff(): RecordsDiff {
  return { added: {}, updated: {}, removed: {} };
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

export function isEmptyDiff(diff: RecordsDiff): boolean {
  return !hasKeys(diff.added) && !hasKeys(diff.updated) && !hasKeys(diff.removed);
}

const EMPTY: RecordsDiff = Object.freeze({ added: Object.freeze({}), updated: Object.freeze({}), removed: Object.freeze({}) });

/** A diff that builds the given records from nothing (a renderer attaching to a live scene). */
export function diffAddingAll(records: Iterable<SceneRecord>): RecordsDiff {
  const added: Record<string, SceneRecord> = {};
  for (const r of records) added[r.id] = r;
  return { added, updated: {}, removed: {} };
}

/** The diff that undoes this one. */
export function reverseDiff(diff: RecordsDiff): RecordsDiff {
  const updated: Record<string, readonly [SceneRecord, SceneRecord]> = {};
  for (const [id, [from, to]] of Object.entries(diff.updated)) updated[id] = [to, from];
  return { added: { ...diff.removed }, updated, removed: { ...diff.added } };
}

/**
 * Only the records of one scope: history and backups care about `document` records alone. A diff
 * wholly of that scope (or of none of it) comes back without copying: every edit pays this.
 */
export function diffOfScope(diff: RecordsDiff, scope: RecordScope): RecordsDiff {
  let inside = false;
  let outside = false;
  const see = (type: SceneRecord['type']) => {
    if (RECORD_SCOPES[type] === scope) inside = true;
    else outside = true;
  };
  for (const id in diff.added) see(diff.added[id]!.type);
  for (const id in diff.updated) see(diff.updated[id]![1].type);
  for (const id in diff.removed) see(diff.removed[id]!.type);
  if (!outside) return diff;
  if (!inside) return EMPTY;
  const pick = <V>(entries: { readonly [id: string]: V }, typeOf: (v: V) => SceneRecord['type']) => {
    const out: Record<string, V> = {};
    for (const [id, v] of Object.entries(entries)) if (RECORD_SCOPES[typeOf(v)] === scope) out[id] = v;
    return out;
  };
  return {
    added: pick(diff.added, (r) => r.type),
    updated: pick(diff.updated, ([, to]) => to.type),
    removed: pick(diff.removed, (r) => r.type),
  };
}

/** Every record the diff touches, in its latest state (removed ones as they were). */
export function* touchedRecords(diff: RecordsDiff): Generator<SceneRecord> {
  yield* Object.values(diff.added);
  for (const [, to] of Object.values(diff.updated)) yield to;
  yield* Object.values(diff.removed);
}

/**
 * Folds `next` into `acc` in place, so that acc describes both changes as one (a drag of a
 * thousand pointer moves stays one diff the size of what it touched). acc must be a fresh diff the
 * caller owns; records that end where they started drop out.
 */
export function squashInto(acc: MutableDiff, next: RecordsDiff): void {
  for (const [id, record] of Object.entries(next.added)) {
    const gone = acc.removed[id];
    if (gone) {
      delete acc.removed[id];
      if (!sameJson(gone, record)) acc.updated[id] = [gone, record];
    } else acc.added[id] = record;
  }
  for (const [id, [from, to]] of Object.entries(next.updated)) {
    if (acc.added[id]) acc.added[id] = to;
    else {
      const earlier = acc.updated[id];
      const start = earlier ? earlier[0] : from;
      if (earlier && sameJson(start, to)) delete acc.updated[id];
      else acc.updated[id] = [start, to];
    }
  }
  for (const [id, record] of Object.entries(next.removed)) {
    if (acc.added[id]) delete acc.added[id];
    else {
      const earlier = acc.updated[id];
      delete acc.updated[id];
      acc.removed[id] = earlier ? earlier[0] : record;
    }
  }
}

export interface MutableDiff {
  added: Record<string, SceneRecord>;
  updated: Record<string, readonly [SceneRecord, SceneRecord]>;
  removed: Record<string, SceneRecord>;
}

/** Squashes diffs given oldest first into one new diff. */
export function squashDiffs(diffs: Iterable<RecordsDiff>): RecordsDiff {
  const acc: MutableDiff = { added: {}, updated: {}, removed: {} };
  for (const d of diffs) squashInto(acc, d);
  return acc;
}

function sameJson(a: SceneRecord, b: SceneRecord): boolean {
  type Json = Parameters<typeof jsonEqual>[0];
  return a === b || jsonEqual(a as unknown as Json, b as unknown as Json);
}
