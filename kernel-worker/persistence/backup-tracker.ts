import { jsonEqual } from '../../protocol/patch';
import { RECORD_SCOPES, type DocumentRecordType, type MetaRecord, type SceneRecord } from '../../protocol/records';
import {
  BACKUP_DELTA_FORMAT,
  BACKUP_DELTA_VERSION,
  canonicalJson,
  compareIds,
  type BackupDeltaResult,
  type BackupDeltaV2,
  type FileRecord,
  type RecordPatch,
} from '../../protocol/scene-file';
import type { RecordsDiff } from '../document/diff';
import type { RecordReader } from '../document/store';
import { currentVersion, isDocumentRecordType } from './migrations';
import { buildSceneFile, encodeSceneFile, fileMeta } from './scene-codec';

// What changed since the last acknowledged backup, learned from the diffs the store already emits:
// for each document record touched since the base, the value it had at the base (null: it did not
// exist). A delta then costs O(records touched), whatever the size of the scene, and an edit that
// was undone again drops out because the record is back to its base value.
//
// The base moves only when the UI acknowledges a stored payload. Between handing a payload out
// (backupDelta() or save()) and its acknowledgement the user keeps editing, so the tracker also
// remembers the state at that hand-out (a checkpoint): acknowledging makes the checkpoint the new
// base and keeps the edits made since then pending.

/** id -> the record as it was at the reference point (null: absent then). */
type Baseline = Map<string, SceneRecord | null>;

export interface BackupTracker {
  /** Feed every committed diff (any scope; session records are skipped). */
  observe(diff: RecordsDiff): void;
  /** The change since the acknowledged base; marks a checkpoint that acknowledge() refers to. */
  take(): BackupDeltaResult;
  /** Marks the current state as the one an acknowledge() refers to (save() hands out a file). */
  checkpoint(): void;
  /** The payload handed out last is stored as `base`: deltas are relative to it from now on. */
  acknowledge(base: string): void;
  /** Forget the base (a new document was loaded); the loaded state is the checkpoint. */
  reset(): void;
  /** The acknowledged base's name, null before the first acknowledge. */
  readonly base: string | null;
  /** Whether anything was touched since the base (possibly changed back: take() tells for sure). */
  readonly changed: boolean;
}

function note(baseline: Baseline, id: string, before: SceneRecord | null): void {
  if (!baseline.has(id)) baseline.set(id, before);
}

function isDocument(record: SceneRecord): boolean {
  return RECORD_SCOPES[record.type] === 'document';
}

type Json = NonNullable<Parameters<typeof jsonEqual>[0]>;

function sameRecord(a: SceneRecord, b: SceneRecord): boolean {
  return a === b || jsonEqual(a as unknown as Json, b as unknown as Json);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function metaOrUndefined(record: SceneRecord | null | undefined): MetaRecord | undefined {
  return record?.type === 'meta' ? record : undefined;
}

/**
 * The changed top-level fields of a record that exists in the base, or null when the whole record
 * is as small (a record whose type changed is always put whole: its schema is another one).
 */
function recordPatch(before: SceneRecord, now: SceneRecord): RecordPatch | null {
  if (before.type !== now.type) return null;
  type Fields = { readonly [field: string]: Json };
  const a = before as unknown as Fields;
  const b = now as unknown as Fields;
  const set: Record<string, Json> = {};
  const unset: string[] = [];
  let changed = false;
  for (const field of Object.keys(b)) {
    if (!(field in a) || !jsonEqual(a[field], b[field])) {
      set[field] = b[field]!;
      changed = true;
    }
  }
  for (const field of Object.keys(a)) if (!(field in b)) unset.push(field);
  const entry: Mutable<RecordPatch> = { id: now.id };
  if (changed) entry.set = set;
  if (unset.length > 0) entry.unset = unset.sort();
  // Measured as written (canonical JSON): a record with most fields changed goes whole.
  return canonicalJson(entry).length < canonicalJson(now).length ? entry : null;
}

export function createBackupTracker(records: RecordReader, findMeta: () => MetaRecord | undefined): BackupTracker {
  let base: string | null = null;
  let sinceBase: Baseline = new Map();
  // null: nothing handed out since the last acknowledge/reset
  let sinceCheckpoint: Baseline | null = new Map();

  function observeInto(baseline: Baseline, diff: RecordsDiff): void {
    for (const id in diff.added) if (isDocument(diff.added[id]!)) note(baseline, id, null);
    for (const id in diff.updated) {
      const from = diff.updated[id]![0];
      if (isDocument(from)) note(baseline, id, from);
    }
    for (const id in diff.removed) if (isDocument(diff.removed[id]!)) note(baseline, id, diff.removed[id]!);
  }

  function delta(baseName: string): BackupDeltaV2 | null {
    const put: FileRecord[] = [];
    const patch: RecordPatch[] = [];
    const removed: string[] = [];
    const types = new Set<DocumentRecordType>();
    let metaChanged = false;
    for (const [id, before] of sinceBase) {
      const now = records.get(id);
      if (now === undefined) {
        if (before !== null) removed.push(id);
      } else if (before === null || !sameRecord(before, now)) {
        const entry = before === null ? null : recordPatch(before, now);
        if (entry) patch.push(entry);
        else put.push(now as unknown as FileRecord);
        if (isDocumentRecordType(now.type)) types.add(now.type);
      } else continue;
      if (before?.type === 'meta' || now?.type === 'meta') {
        metaChanged ||= canonicalJson(fileMeta(metaOrUndefined(before))) !== canonicalJson(fileMeta(metaOrUndefined(now)));
      }
    }
    if (put.length === 0 && patch.length === 0 && removed.length === 0) return null;
    put.sort((a, b) => compareIds(a.id, b.id));
    patch.sort((a, b) => compareIds(a.id, b.id));
    removed.sort(compareIds);
    const out: Mutable<BackupDeltaV2> = { format: BACKUP_DELTA_FORMAT, version: BACKUP_DELTA_VERSION, base: baseName, put, removed };
    // Only what the server needs: an unchanged meta, no patches, no typed records are left out.
    if (types.size > 0) out.schema = Object.fromEntries([...types].sort().map((t) => [t, currentVersion(t)]));
    if (metaChanged) out.meta = fileMeta(findMeta());
    if (patch.length > 0) out.patch = patch;
    return out;
  }

  return {
    observe(diff) {
      observeInto(sinceBase, diff);
      if (sinceCheckpoint) observeInto(sinceCheckpoint, diff);
    },
    take() {
      sinceCheckpoint = new Map();
      if (base === null) return { kind: 'full', file: encodeSceneFile(buildSceneFile(records.all())) };
      const d = delta(base);
      if (!d) {
        // Every touched record is back at its base value: the document is the base again.
        sinceBase = new Map();
        return { kind: 'none' };
      }
      return { kind: 'delta', delta: d, json: canonicalJson(d) };
    },
    checkpoint() {
      sinceCheckpoint = new Map();
    },
    acknowledge(name) {
      base = name;
      sinceBase = sinceCheckpoint ?? new Map();
      sinceCheckpoint = null;
    },
    reset() {
      base = null;
      sinceBase = new Map();
      sinceCheckpoint = new Map();
    },
    get base() {
      return base;
    },
    get changed() {
      return sinceBase.size > 0;
    },
  };
}
