// Versions stored as deltas (docs/scenes.md "Delta saves"). A delta version's row holds the
// delta from its checkpoint (a full scene file of the same scene, by key) to its content, so any
// version resolves in one step: read the checkpoint, apply the row's delta. Saves compose the
// client's delta (against any stored version) onto the base's delta from its checkpoint; every
// CHECKPOINT_EVERY saves, or once that delta grows past CHECKPOINT_BYTES, the save stores the full
// file instead and starts a new chain. The newest resolved version of recent scenes stays in
// memory, so a save of a small edit neither reads nor parses the whole file.
import { z } from 'zod';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import {
  applyBackupDelta,
  BACKUP_DELTA_FORMAT,
  canonicalJson,
  compareIds,
  isBackupDelta,
  SCENE_FILE_FORMAT,
  SceneDeltaError,
  type BackupDelta,
  type BackupDeltaV2,
  type FileRecord,
  type SceneFile,
} from '../../protocol/scene-file';
import { newKey, readSceneFileBytes, type FileOwner, type StoredSceneFile } from './files';
import { CHECKPOINT_BYTES, CHECKPOINT_EVERY, DELTA_CACHE_SCENES, SCENE_FILE_MAX_DEPTH } from './limits';
import { SceneScanError, scanSceneBytes, STRUCTURAL_RECORD_TYPES } from './scan';
import { STORED_VERSION_COLUMNS, type StoredVersionRow } from './repo';
import type { SceneDeps } from './write';

/** What a delta stands for, relative to its checkpoint: records whole, so one apply resolves it. */
interface Chain {
  readonly put: ReadonlyMap<string, FileRecord>;
  readonly removed: ReadonlySet<string>;
  readonly schema: { readonly [type: string]: number };
  readonly meta: { readonly [field: string]: unknown } | undefined;
}

/** A version's content, resolved, with what the next delta save on top of it needs. */
export interface ResolvedVersion {
  readonly versionId: number;
  readonly file: SceneFile;
  readonly contentRecords: number;
  /** the full file this version's chain starts from (its own file when it is full) */
  readonly checkpointKey: string;
  readonly chain: Chain;
  readonly chainLength: number;
}

const EMPTY_CHAIN: Chain = { put: new Map(), removed: new Set(), schema: {}, meta: undefined };

export function baseNotFound(base: string): ApiError {
  return new ApiError(409, RETCODE.BACKUP_BASE_NOT_FOUND, 'saveBaseNotFound', { base: base.slice(0, 32) }, { field: 'delta.base' });
}

export function deltaInvalid(reason: string, field = 'delta', detail?: string): ApiError {
  return new ApiError(400, RETCODE.BACKUP_DELTA_INVALID, 'saveDeltaInvalid', { reason }, { field, reason: detail ?? reason });
}

/** What a stored full file must be to resolve against (a loop, not a schema: it runs over every record). */
function isSceneFile(v: unknown): v is SceneFile {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as { format?: unknown; schema?: unknown; meta?: unknown; records?: unknown };
  const isObject = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (f.format !== SCENE_FILE_FORMAT || !isObject(f.schema) || !isObject(f.meta) || !Array.isArray(f.records)) return false;
  for (const r of f.records as unknown[]) {
    if (!isObject(r) || typeof (r as FileRecord).id !== 'string' || typeof (r as FileRecord).type !== 'string') return false;
  }
  return true;
}

export function contentRecordsOf(file: SceneFile): number {
  let n = 0;
  for (const r of file.records) if (!STRUCTURAL_RECORD_TYPES.has(r.type)) n++;
  return n;
}

/** The chain as the BackupDelta stored in the row (canonical JSON), applied to the checkpoint. */
function chainDelta(chain: Chain, base: string): BackupDeltaV2 {
  const put = [...chain.put.values()].sort((a, b) => compareIds(a.id, b.id));
  const removed = [...chain.removed].sort(compareIds);
  return {
    format: BACKUP_DELTA_FORMAT,
    version: 2,
    base,
    schema: chain.schema,
    ...(chain.meta === undefined ? {} : { meta: chain.meta }),
    put,
    removed,
  };
}

function chainFromDelta(delta: BackupDelta): Chain {
  return {
    put: new Map(delta.put.map((r) => [r.id, r])),
    removed: new Set(delta.removed),
    schema: delta.schema ?? {},
    meta: delta.meta,
  };
}

/**
 * The chain after `delta` (which took `base` to `next`). Every record the delta touched is carried
 * whole as it is in `next` (a patch's result, not the patch), or as removed.
 */
export function composeChain(chain: Chain, delta: BackupDelta, next: SceneFile): Chain {
  const put = new Map(chain.put);
  const removed = new Set(chain.removed);
  const touched = new Set<string>([...delta.removed, ...delta.put.map((r) => r.id)]);
  if (delta.version === 2) for (const p of delta.patch ?? []) touched.add(p.id);
  const byId = new Map<string, FileRecord>();
  if (touched.size > 0) for (const r of next.records) if (touched.has(r.id)) byId.set(r.id, r);
  for (const id of touched) {
    const record = byId.get(id);
    if (record) {
      put.set(id, record);
      removed.delete(id);
    } else {
      put.delete(id);
      removed.add(id);
    }
  }
  return { put, removed, schema: { ...chain.schema, ...(delta.schema ?? {}) }, meta: delta.meta ?? chain.meta };
}

// ---------------------------------------------------------------------------------------------
// The newest resolved version of recently saved scenes, by scene (least recently used first out).
// Versions never change, so an entry is right for as long as it lives; another process simply
// resolves from storage.

const recent = new Map<number, ResolvedVersion>();

function remember(sceneId: number, v: ResolvedVersion): void {
  recent.delete(sceneId);
  recent.set(sceneId, v);
  while (recent.size > DELTA_CACHE_SCENES) recent.delete(recent.keys().next().value!);
}

function recalled(sceneId: number, versionId: number): ResolvedVersion | null {
  const v = recent.get(sceneId);
  if (!v || v.versionId !== versionId) return null;
  recent.delete(sceneId);
  recent.set(sceneId, v);
  return v;
}

/** Tests: forget every remembered version, so that the next resolve reads storage. */
export function forgetResolvedVersions(): void {
  recent.clear();
}

async function readFullFile(deps: SceneDeps, key: string): Promise<SceneFile | null> {
  const bytes = await readSceneFileBytes(deps.storage, key);
  if (!bytes) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  return isSceneFile(parsed) ? parsed : null;
}

/** A stored version's content (null when its files are gone). */
export async function resolveVersion(deps: SceneDeps, row: StoredVersionRow, options: { remember?: boolean } = {}): Promise<ResolvedVersion | null> {
  const known = recalled(row.scene_id, row.id);
  if (known) return known;
  let out: ResolvedVersion;
  if (row.delta === null || row.checkpoint_key === null) {
    const file = await readFullFile(deps, row.file_key);
    if (!file) return null;
    out = { versionId: row.id, file, contentRecords: contentRecordsOf(file), checkpointKey: row.file_key, chain: EMPTY_CHAIN, chainLength: 0 };
  } else {
    const checkpoint = await readFullFile(deps, row.checkpoint_key);
    if (!checkpoint) return null;
    const delta = JSON.parse(row.delta) as BackupDelta;
    const file = applyBackupDelta(checkpoint, delta);
    out = { versionId: row.id, file, contentRecords: contentRecordsOf(file), checkpointKey: row.checkpoint_key, chain: chainFromDelta(delta), chainLength: row.chain_length };
  }
  if (options.remember) remember(row.scene_id, out);
  return out;
}

const encoder = new TextEncoder();

/**
 * Whether every object in v already lists its keys in sorted order (as V8 iterates them): then
 * JSON.stringify writes canonicalJson's text without the sorted copy canonicalJson makes. Files
 * parsed from canonical text (what the kernel and this server write) and the records a kernel
 * delta carries always pass; anything else is sorted the slow way.
 */
function inCanonicalOrder(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (Array.isArray(v)) {
    for (const item of v) if (!inCanonicalOrder(item)) return false;
    return true;
  }
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && !(keys[i - 1]! < keys[i]!)) return false;
    if (!inCanonicalOrder((v as Record<string, unknown>)[keys[i]!])) return false;
  }
  return true;
}

/**
 * The bytes a full save of this content stores (inflated): canonicalJson of the file. A house is
 * 800 KB of JSON, serialised on the one event loop, so the sorted copy is skipped when the file
 * is in canonical order already (a walk of the keys costs a fraction of the copy).
 */
export function fileBytes(file: SceneFile): Uint8Array {
  const { format, meta, records, schema } = file;
  const ordered = inCanonicalOrder(meta) && inCanonicalOrder(schema) && inCanonicalOrder(records);
  return encoder.encode(ordered ? JSON.stringify({ format, meta, records, schema }) : canonicalJson({ format, meta, records, schema }));
}

// ---------------------------------------------------------------------------------------------
// Saving a delta

const DeltaShape = z.object({
  base: z.string().regex(/^[1-9][0-9]{0,15}$/),
  put: z.array(z.object({ id: z.string().min(1).max(200), type: z.string().min(1).max(100) }).loose()),
  removed: z.array(z.string().max(200)),
});

/**
 * The checks an upload makes of a whole file, for what the delta brings: the records it puts and
 * the fields its patches set go through the same scanner (structure, depth) as an uploaded file.
 */
export function checkDeltaShape(delta: unknown, field = 'delta'): BackupDelta {
  if (!isBackupDelta(delta)) throw deltaInvalid('malformed delta', field);
  if (!DeltaShape.safeParse(delta).success) throw deltaInvalid('malformed delta', field);
  const patches = delta.version === 2 ? (delta.patch ?? []) : [];
  const carried = [...delta.put, ...patches.map((p) => ({ id: p.id, type: 'patch', ...p.set }))];
  try {
    scanSceneBytes(encoder.encode(`{"format":"${SCENE_FILE_FORMAT}","records":${JSON.stringify(carried)}}`), SCENE_FILE_MAX_DEPTH);
  } catch (e) {
    if (e instanceof SceneScanError) throw deltaInvalid('malformed delta', field, e.message);
    throw e;
  }
  return delta;
}

/** A delta save made ready before its transaction. */
export interface PreparedDelta {
  /** the new version's file key: reserved (materialised on first read), or the checkpoint written now */
  readonly file: StoredSceneFile;
  /** written to storage before the transaction (a new checkpoint): deleted again if it fails */
  readonly written: string[];
  /** the row's delta and checkpoint; null when this save stores the full file */
  readonly delta: string | null;
  readonly checkpointKey: string | null;
  readonly chainLength: number;
  /** remembered once the version has its id */
  readonly resolved: Omit<ResolvedVersion, 'versionId'>;
}

/**
 * Finds the base (a stored version of this scene), applies the client's delta to it and decides
 * whether the new version is a delta or a new checkpoint. `base` is the version row the delta
 * names, already checked to belong to a scene the actor may write.
 */
export async function prepareDelta(deps: SceneDeps, owner: FileOwner, base: StoredVersionRow, delta: BackupDelta): Promise<PreparedDelta> {
  const resolvedBase = await resolveVersion(deps, base, { remember: true });
  if (!resolvedBase) throw baseNotFound(delta.base);
  let next: SceneFile;
  try {
    next = applyBackupDelta(resolvedBase.file, delta);
  } catch (e) {
    if (e instanceof SceneDeltaError) throw deltaInvalid(e.code, 'delta', e.message);
    throw e;
  }
  const contentRecords = contentRecordsOf(next);
  const chain = composeChain(resolvedBase.chain, delta, next);
  const chainLength = resolvedBase.chainLength + 1;
  const text = canonicalJson(chainDelta(chain, String(base.id)));
  if (chainLength > CHECKPOINT_EVERY || text.length > CHECKPOINT_BYTES) {
    const key = newKey(owner.projectCode, 'json');
    const info = await deps.storage.put(key, fileBytes(next), { contentType: 'application/json', gzip: true });
    return {
      file: { key, kind: 'scene', contentType: 'application/json', size: info.size, contentRecords, children: [] },
      written: [key],
      delta: null,
      checkpointKey: null,
      chainLength: 0,
      resolved: { file: next, contentRecords, checkpointKey: key, chain: EMPTY_CHAIN, chainLength: 0 },
    };
  }
  return {
    // size 0 until the first read writes the file
    file: { key: newKey(owner.projectCode, 'json'), kind: 'scene', contentType: 'application/json', size: 0, contentRecords, children: [] },
    written: [],
    delta: text,
    checkpointKey: resolvedBase.checkpointKey,
    chainLength,
    resolved: { file: next, contentRecords, checkpointKey: resolvedBase.checkpointKey, chain, chainLength },
  };
}

/** After the version row exists (inside its transaction): the next save from it needs no read. */
export function rememberSaved(sceneId: number, versionId: number, prepared: PreparedDelta): void {
  remember(sceneId, { versionId, ...prepared.resolved });
}

// ---------------------------------------------------------------------------------------------
// Reading a delta version's file

/**
 * Writes the full file of a delta version under its reserved key if it is not there yet (the
 * first GET of its address, a restore or a clone of it). Returns false when the key is no
 * delta version's (or its files are gone). Writes are atomic and of identical bytes, so two
 * readers at once are harmless; a version trimmed meanwhile has its file removed again.
 */
export async function materialise(deps: SceneDeps, key: string): Promise<boolean> {
  if (await deps.storage.stat(key)) return true;
  const rows = await deps.db.query<StoredVersionRow>(`select ${STORED_VERSION_COLUMNS} from scene_versions where file_key = $1 and delta is not null`, [key]);
  const row = rows[0];
  if (!row) return false;
  const resolved = await resolveVersion(deps, row);
  if (!resolved) return false;
  const info = await deps.storage.put(key, fileBytes(resolved.file), { contentType: 'application/json', gzip: true });
  await deps.db.query('update scene_files set size = $2 where key = $1 and size = 0', [key, info.size]);
  const still = await deps.db.query('select 1 from scene_files where key = $1', [key]);
  if (still.length === 0) {
    await deps.storage.delete(key);
    return false;
  }
  return true;
}

/**
 * Opens a stored scene file for reading, writing a delta version's full file first when this is
 * its first read. Every reader of a version's file by key goes through here (or materialise).
 */
export async function openSceneFile(deps: SceneDeps, key: string): ReturnType<SceneDeps['storage']['openRead']> {
  return (await deps.storage.openRead(key)) ?? ((await materialise(deps, key)) ? await deps.storage.openRead(key) : null);
}

/** The version's full file bytes, from storage or resolved (restore, backups against it). */
export async function versionFileOf(deps: SceneDeps, row: StoredVersionRow): Promise<SceneFile | null> {
  return (await resolveVersion(deps, row))?.file ?? null;
}
