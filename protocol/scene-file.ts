// The scene file and the backup delta: the two payloads that leave the kernel to be stored.
// Shared by the kernel (writes them), the server (resolves a delta against its stored base) and tests.

export const SCENE_FILE_FORMAT = 'yfang-scene';
export const BACKUP_DELTA_FORMAT = 'yfang-scene-delta';
/**
 * How the detail of a load refusal starts when the file is no scene file at all (JSON of another
 * program, a glTF): the UI tells "not a scene file" apart from "a damaged scene file" by it.
 */
export const NOT_A_SCENE_FILE = 'not a scene file';
/** ... and when the file names a format other than SCENE_FILE_FORMAT. */
export const UNKNOWN_FILE_FORMAT = 'unknown file format';
/**
 * Version of the delta envelope itself (records inside carry their own schema versions). v2 added
 * field-level `patch` entries and made `schema` and `meta` optional; applyBackupDelta reads v1 too.
 */
export const BACKUP_DELTA_VERSION = 2;
export const BACKUP_DELTA_VERSIONS = [1, 2] as const;

/** A stored record: plain JSON with at least type and id. */
export interface FileRecord {
  readonly id: string;
  readonly type: string;
  readonly [field: string]: unknown;
}

export interface SceneFile {
  readonly format: typeof SCENE_FILE_FORMAT;
  /** record type -> schema version its records were written with */
  readonly schema: { readonly [recordType: string]: number };
  /** scene-level information that is not a record (name, style …), see the kernel's meta record */
  readonly meta: { readonly [field: string]: unknown };
  /** document-scope records, sorted by id so that equal scenes serialise to equal bytes */
  readonly records: readonly FileRecord[];
}

/**
 * A record of the base whose top-level fields changed (v2): `set` gives the new value of each
 * changed field, whole; `unset` names the fields it no longer has. Its id and type stay.
 */
export interface RecordPatch {
  readonly id: string;
  readonly set?: { readonly [field: string]: unknown };
  readonly unset?: readonly string[];
}

/** v1: every changed record whole. */
export interface BackupDeltaV1 {
  readonly format: typeof BACKUP_DELTA_FORMAT;
  readonly version: 1;
  /** the name of the stored version this delta applies to (the id the server gave that backup or save) */
  readonly base: string;
  readonly schema: { readonly [recordType: string]: number };
  readonly meta: { readonly [field: string]: unknown };
  /** records added or changed since the base, whole */
  readonly put: readonly FileRecord[];
  /** ids of records removed since the base */
  readonly removed: readonly string[];
}

/** v2: records that exist in the base and changed travel as field patches when that is smaller. */
export interface BackupDeltaV2 {
  readonly format: typeof BACKUP_DELTA_FORMAT;
  readonly version: 2;
  readonly base: string;
  /** versions of the record types in put and patch; absent when there are none */
  readonly schema?: { readonly [recordType: string]: number };
  /** the file's meta, present only when it changed since the base */
  readonly meta?: { readonly [field: string]: unknown };
  /** records added since the base, and changed ones whose patch would be larger; always present (may be empty) */
  readonly put: readonly FileRecord[];
  /** changed records of the base, field by field; absent when empty */
  readonly patch?: readonly RecordPatch[];
  /** ids of records removed since the base; always present (may be empty) */
  readonly removed: readonly string[];
}

export type BackupDelta = BackupDeltaV1 | BackupDeltaV2;

export type DeltaError = 'NOT_A_DELTA' | 'UNSUPPORTED_DELTA_VERSION' | 'SCHEMA_MISMATCH' | 'BASE_MISMATCH';

export class SceneDeltaError extends Error {
  constructor(readonly code: DeltaError, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'SceneDeltaError';
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function isFileRecord(v: unknown): v is FileRecord {
  return isObject(v) && typeof v.id === 'string' && typeof v.type === 'string';
}

/** A patch may change any field but the ones that say which record it is. */
const FIXED_FIELDS: readonly string[] = ['id', 'type'];

function isRecordPatch(v: unknown): v is RecordPatch {
  if (!isObject(v) || typeof v.id !== 'string') return false;
  if (v.set !== undefined && (!isObject(v.set) || Object.keys(v.set).some((k) => FIXED_FIELDS.includes(k)))) return false;
  if (v.unset !== undefined && (!isStringArray(v.unset) || v.unset.some((k) => FIXED_FIELDS.includes(k)))) return false;
  return true;
}

/**
 * Whether v is a backup delta: the envelope every version shares (format, base, put, removed) plus
 * the fields of its version. A version this module does not know passes on the shared envelope,
 * so that applyBackupDelta can refuse it by name (UNSUPPORTED_DELTA_VERSION).
 */
export function isBackupDelta(v: unknown): v is BackupDelta {
  if (!isObject(v) || v.format !== BACKUP_DELTA_FORMAT || typeof v.base !== 'string') return false;
  if (!Array.isArray(v.put) || !v.put.every(isFileRecord) || !isStringArray(v.removed)) return false;
  if (v.version === 1) return isObject(v.schema) && isObject(v.meta);
  if (v.version === 2) {
    return (
      (v.schema === undefined || isObject(v.schema)) &&
      (v.meta === undefined || isObject(v.meta)) &&
      (v.patch === undefined || (Array.isArray(v.patch) && v.patch.every(isRecordPatch)))
    );
  }
  return true;
}

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * base + delta -> the scene as it was when the delta was taken. The base must already be at the
 * delta's schema versions (the kernel migrates before it backs up), otherwise the result would mix
 * versions, so a mismatch is refused rather than guessed at; so is a patch of a record the base
 * does not have.
 */
export function applyBackupDelta(base: SceneFile, delta: BackupDelta): SceneFile {
  if (!isBackupDelta(delta)) throw new SceneDeltaError('NOT_A_DELTA', 'payload is not a backup delta');
  if (!(BACKUP_DELTA_VERSIONS as readonly unknown[]).includes(delta.version)) {
    throw new SceneDeltaError('UNSUPPORTED_DELTA_VERSION', `delta version ${String(delta.version)}`);
  }
  const schema = delta.schema ?? {};
  const checkSchema = (type: string): void => {
    const baseVersion = base.schema[type];
    if (baseVersion !== undefined && baseVersion !== schema[type]) {
      throw new SceneDeltaError('SCHEMA_MISMATCH', `record type ${type}: base v${baseVersion}, delta v${String(schema[type])}`);
    }
  };
  for (const record of delta.put) checkSchema(record.type);

  const patches = delta.version === 2 ? (delta.patch ?? []) : [];
  const records = isSortedById(base.records) ? mergeSorted(base.records, delta, patches, checkSchema) : mergeAny(base.records, delta, patches, checkSchema);
  return { format: SCENE_FILE_FORMAT, schema: { ...base.schema, ...schema }, meta: delta.meta ?? base.meta, records };
}

function patched(p: RecordPatch, record: FileRecord | undefined, checkSchema: (type: string) => void): FileRecord {
  if (!record) throw new SceneDeltaError('BASE_MISMATCH', `patch of record ${p.id}, which the base does not have`);
  checkSchema(record.type);
  const next: Record<string, unknown> = { ...record, ...p.set };
  for (const field of p.unset ?? []) delete next[field];
  return next as FileRecord;
}

/** Any base: every record through a map, then sorted. */
function mergeAny(base: readonly FileRecord[], delta: BackupDelta, patches: readonly RecordPatch[], checkSchema: (type: string) => void): FileRecord[] {
  const byId = new Map<string, FileRecord>();
  for (const r of base) byId.set(r.id, r);
  for (const p of patches) byId.set(p.id, patched(p, byId.get(p.id), checkSchema));
  for (const id of delta.removed) byId.delete(id);
  for (const r of delta.put) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

function isSortedById(records: readonly FileRecord[]): boolean {
  for (let i = 1; i < records.length; i++) if (compareIds(records[i - 1]!.id, records[i]!.id) >= 0) return false;
  return true;
}

function indexOfId(records: readonly FileRecord[], id: string): number {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareIds(records[mid]!.id, id);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A base sorted by id with unique ids (every file the kernel writes, every resolved delta): the
 * changes are looked up and merged in, without a map or a sort of the whole scene. Gives exactly
 * what mergeAny gives.
 */
function mergeSorted(base: readonly FileRecord[], delta: BackupDelta, patches: readonly RecordPatch[], checkSchema: (type: string) => void): FileRecord[] {
  // id -> the record it becomes, or null when removed; applied in mergeAny's order
  const changes = new Map<string, FileRecord | null>();
  for (const p of patches) {
    const earlier = changes.get(p.id);
    const i = indexOfId(base, p.id);
    changes.set(p.id, patched(p, earlier === undefined ? (i >= 0 ? base[i] : undefined) : (earlier ?? undefined), checkSchema));
  }
  for (const id of delta.removed) changes.set(id, null);
  for (const r of delta.put) changes.set(r.id, r);
  const ids = [...changes.keys()].sort(compareIds);
  const out: FileRecord[] = [];
  let i = 0;
  for (const id of ids) {
    while (i < base.length && compareIds(base[i]!.id, id) < 0) out.push(base[i++]!);
    if (i < base.length && base[i]!.id === id) i++;
    const next = changes.get(id);
    if (next) out.push(next);
  }
  while (i < base.length) out.push(base[i++]!);
  return out;
}

/**
 * JSON with object keys in sorted order: the canonical text of a scene file, so that
 * save -> load -> save gives identical bytes whatever order fields were written in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]);
    return out;
  }
  return value;
}

// What the kernel API hands out and takes for files (protocol/kernel-api.ts). Whole scenes cross
// the worker boundary as one string or one transferred byte buffer, never as a cloned object tree.

/** save(): the canonical JSON of the SceneFile and the same bytes gzipped (stable: no time stamp). */
export interface SavedScene {
  readonly json: string;
  readonly gzip: Uint8Array;
}

/** load(): what was read. */
export interface LoadResult {
  /** document records now in the scene */
  readonly records: number;
  /** records that were written by an older version and migrated up */
  readonly migrated: number;
}

export type BackupDeltaResult =
  /** nothing changed since the acknowledged base */
  | { readonly kind: 'none' }
  /** json: the canonical JSON of delta, the bytes to upload */
  | { readonly kind: 'delta'; readonly delta: BackupDelta; readonly json: string }
  /** no acknowledged base yet (a new or just-loaded scene): the whole scene, as save() gives it */
  | { readonly kind: 'full'; readonly file: SavedScene };

/** core.md §3 "Room info entries". */
export interface RoomInfo {
  readonly type: string;
  readonly roomType: number;
  /** m², two decimals */
  readonly area: number;
  readonly groundArea: number;
  readonly name: string;
}

/** core.md §3 "Saved-file data": what a manual save sends besides the file address. */
export interface SavedFileData {
  /** the scene's uuid (scene code) */
  readonly sceneCode: string;
  /** the scene file's canonical JSON (as save().json) */
  readonly sceneJson: string;
  /** preview image (data URL); empty until the renderer provides previews */
  readonly imageData: string;
  /** per-floor previews; empty until the renderer provides previews */
  readonly imageList: readonly { readonly layerIndex: number; readonly preview: string }[];
  /** total room area in m², two decimals */
  readonly area: number;
  readonly isUseStackWall: 0 | 1;
  readonly roomInfoList: readonly RoomInfo[];
}
