// Writes that make versions: create, save (PUT /{id}), restore a stored version, clone.
// Each one follows write.ts: files first, one transaction, then file deletions.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import { sceneDto, type SceneDto } from './dto';
import {
  claimFile,
  copyStoredFile,
  deleteStoredBytes,
  dropFileRows,
  keyFromReference,
  recordFile,
  unavailable,
  type Claimed,
  type FileOwner,
  type SceneFileKind,
  type StoredSceneFile,
} from './files';
import { baseNotFound, checkDeltaShape, materialise, prepareDelta, rememberSaved, type PreparedDelta } from './deltas';
import type { IdempotencyScope } from './idempotency';
import { NAME_MAX_CHARS } from './limits';
import { assertStorageRoom } from '../storage/quota';
import {
  addVersion,
  findScene,
  findVersion,
  requireScene,
  SCENE_OWN_COLUMNS,
  sceneNotFound,
  STORED_VERSION_COLUMNS,
  type StoredVersionRow,
  type Actor,
  type SceneOwnRow,
  type SceneRow,
} from './repo';
import { earlierAnswer, ownerOf, runWrite, type Outcome, type SceneDeps } from './write';
import { linkSceneClient } from '../clients/repo';

/** Scene-level fields a create or an update may set (core.md §3). */
export interface SceneFieldsInput {
  name?: string;
  area?: number;
  isUseStackWall?: 0 | 1;
  jsdUrl?: string;
  hasMeasuringSize?: 0 | 1;
  roomType?: number;
  /** an uploaded preview; null removes the custom preview */
  customPreview?: string | null;
  /** the client (customer) the scheme belongs to; null unlinks it, absent keeps the link */
  clientId?: number | null;
}

/** The files of a new version: references (key or /files/ address) to uploads of this user. */
export interface VersionFilesInput {
  file: string;
  preview?: string | null;
  multiFloorImage?: string | null;
  roomInfoUrl?: string | null;
}

export interface CreateInput extends SceneFieldsInput, VersionFilesInput {
  name: string;
  uuid?: string;
  fromSceneId?: number;
}

export interface SaveInput extends SceneFieldsInput, Partial<VersionFilesInput> {
  /** the version this save was based on (SceneDto.version as last read) */
  baseVersion: number;
  /** instead of file: a BackupDelta whose base is the id of a stored version of this scene */
  delta?: unknown;
}

export const COPY_SUFFIX = ' 副本';
export const UNNAMED_SCENE_NAME = '未命名方案';

export function emptyScene(): ApiError {
  return new ApiError(400, RETCODE.SCENE_EMPTY, 'sceneEmpty', undefined, { field: 'file' });
}

export function versionConflict(current: SceneRow, base: number): ApiError {
  return new ApiError(
    412,
    RETCODE.SCENE_VERSION_CONFLICT,
    'sceneVersionConflict',
    { current: current.version, base },
    { currentVersion: current.version, baseVersion: base, updatedAt: current.updated_at.toISOString() },
  );
}

const OPTIONAL_FILES: readonly { field: 'preview' | 'multiFloorImage' | 'roomInfoUrl'; kind: SceneFileKind }[] = [
  { field: 'preview', kind: 'preview' },
  { field: 'multiFloorImage', kind: 'floors' },
  { field: 'roomInfoUrl', kind: 'roomInfo' },
];

/** Files copied before the transaction, by the request field they stand in for. */
type Copies = Map<string, StoredSceneFile[]>;

interface VersionKeys {
  fileKey: string;
  previewKey: string | null;
  multiFloorKey: string | null;
  roomInfoKey: string | null;
}

/**
 * A client often sends back the addresses it was given (the same room-info file, the same floor
 * list, the same preview) with a new scene file. Those files belong to a stored version already, and a file has one
 * owner, so they are copied for the new version instead of being refused.
 */
async function copyEchoes(deps: SceneDeps, actor: Actor, sceneId: number, files: Partial<VersionFilesInput>): Promise<Copies> {
  const copies: Copies = new Map();
  // The scene file itself is new with every save (the client serialises the scene again), so only
  // the optional files are looked at; a scene file sent twice is refused as already used.
  for (const { field } of OPTIONAL_FILES) {
    const ref = files[field];
    const key = typeof ref === 'string' ? keyFromReference(ref) : null;
    if (!key) continue;
    const owned = await deps.db.query(
      `select 1 from scene_versions v join scenes s on s.id = v.scene_id
       where s.id = $1 and s.project_code = $2 and $3 in (v.file_key, v.preview_key, v.multi_floor_key, v.room_info_key)`,
      [sceneId, actor.projectCode, key],
    );
    if (owned.length > 0) copies.set(field, await copyStoredFile(deps.db, deps.storage, ownerOf(actor), key));
  }
  return copies;
}

function writtenKeys(copies: Copies): string[] {
  return [...copies.values()].flat().map((f) => f.key);
}

async function recordCopies(tx: Db, owner: FileOwner, files: readonly StoredSceneFile[]): Promise<void> {
  for (const f of files) await recordFile(tx, owner, f, true);
}

/**
 * Claims (or takes the copies of) the files of a new version, refusing an empty scene. `sceneFile`
 * is the scene file when the caller claimed it already (a save claims it in its version bump).
 */
async function claimVersionFiles(tx: Db, owner: FileOwner, files: VersionFilesInput, copies: Copies, sceneFile?: Claimed): Promise<VersionKeys> {
  const take = async (field: string, ref: string, kind: SceneFileKind): Promise<{ key: string; contentRecords: number | null }> => {
    const copied = copies.get(field);
    if (copied && copied[0]) {
      await recordCopies(tx, owner, copied);
      return { key: copied[0].key, contentRecords: copied[0].contentRecords };
    }
    return claimFile(tx, owner, ref, kind, field);
  };
  const scene = sceneFile ?? (await take('file', files.file, 'scene'));
  if (scene.contentRecords === 0) throw emptyScene();
  const keys: VersionKeys = { fileKey: scene.key, previewKey: null, multiFloorKey: null, roomInfoKey: null };
  for (const { field, kind } of OPTIONAL_FILES) {
    const ref = files[field];
    if (typeof ref !== 'string' || ref === '') continue;
    const { key } = await take(field, ref, kind);
    if (field === 'preview') keys.previewKey = key;
    else if (field === 'multiFloorImage') keys.multiFloorKey = key;
    else keys.roomInfoKey = key;
  }
  return keys;
}

/** Sets or clears the custom preview; returns keys to delete after the commit. */
async function applyCustomPreview(
  tx: Db,
  owner: FileOwner,
  scene: Pick<SceneRow, 'id' | 'custom_preview_key'>,
  ref: string | null | undefined,
): Promise<string[]> {
  if (ref === undefined) return [];
  const key = ref === null || ref === '' ? null : keyFromReference(ref);
  if (key !== null && key === scene.custom_preview_key) return [];
  const claimed = ref === null || ref === '' ? null : (await claimFile(tx, owner, ref, 'preview', 'customPreview')).key;
  await tx.query('update scenes set custom_preview_key = $2 where id = $1', [scene.id, claimed]);
  return dropFileRows(tx, [scene.custom_preview_key]);
}

/** Applies a write's clientId to the scene row (absent or unchanged: no statement). */
async function applyClient<R extends Pick<SceneRow, 'id' | 'client_id' | 'client_name'>>(
  tx: Db,
  actor: Actor,
  row: R,
  clientId: number | null | undefined,
): Promise<R> {
  if (clientId === undefined || clientId === row.client_id) return row;
  return { ...row, client_id: clientId, client_name: await linkSceneClient(tx, actor, row.id, clientId) };
}

async function reloadDto(tx: Db, actor: Actor, id: number): Promise<SceneDto> {
  const row = await findScene(tx, actor, id, { access: 'read', includeDeleted: true });
  if (!row) throw sceneNotFound();
  return sceneDto(row);
}

const SCENE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

function fieldsParams(input: SceneFieldsInput): unknown[] {
  return [
    input.name ?? null,
    input.area ?? null,
    input.isUseStackWall ?? null,
    input.jsdUrl ?? null,
    input.hasMeasuringSize ?? null,
    input.roomType ?? null,
  ];
}

interface InsertScene {
  name: string;
  uuid: string;
  fromSceneId: number | null;
  fields: SceneFieldsInput;
  airConditioner?: unknown;
}

async function insertScene(tx: Db, actor: Actor, s: InsertScene): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into scenes (project_code, owner_id, uuid, name, area, is_use_stack_wall, jsd_url, has_measuring_size, room_type,
       from_scene_id, air_conditioner)
     values ($1, $2, $3, $4, coalesce($5::float8, 0), coalesce($6::smallint, 0), coalesce($7::text, ''),
       coalesce($8::smallint, 0), coalesce($9::int, 0), $10, $11::jsonb)
     returning id`,
    [
      actor.projectCode,
      actor.userId,
      s.uuid,
      s.name,
      s.fields.area ?? null,
      s.fields.isUseStackWall ?? null,
      s.fields.jsdUrl ?? null,
      s.fields.hasMeasuringSize ?? null,
      s.fields.roomType ?? null,
      s.fromSceneId,
      s.airConditioner === undefined || s.airConditioner === null ? null : JSON.stringify(s.airConditioner),
    ],
  );
  return rows[0]!.id;
}

/** POST /meta20/x/scene: a new scene whose first manual save is the given file. */
export async function createScene(deps: SceneDeps, actor: Actor, scope: IdempotencyScope | null, input: CreateInput): Promise<Outcome<SceneDto | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const owner = ownerOf(actor);
  let fromSceneId: number | null = null;
  if (input.fromSceneId !== undefined) {
    // Only a scene the user can see is recorded as the origin, so the field leaks nothing.
    const source = await findScene(deps.db, actor, input.fromSceneId, { access: 'read', includeDeleted: true });
    fromSceneId = source ? source.id : null;
  }
  return runWrite(deps, scope, [], async (tx) => {
    const id = await insertScene(tx, actor, {
      name: input.name,
      uuid: input.uuid && SCENE_CODE.test(input.uuid) ? input.uuid : randomUUID(),
      fromSceneId,
      fields: input,
    });
    const keys = await claimVersionFiles(tx, owner, input, new Map());
    await addVersion(
      tx,
      {
        sceneId: id,
        kind: 'manual',
        sceneVersion: 1,
        ...keys,
        area: input.area ?? 0,
        isUseStackWall: input.isUseStackWall ?? 0,
        roomType: input.roomType ?? 0,
        clientId: '',
        createdBy: actor.userId,
      },
      { makeCurrent: true },
    );
    await applyCustomPreview(tx, owner, { id, custom_preview_key: null }, input.customPreview);
    await applyClient(tx, actor, { id, client_id: null, client_name: '' }, input.clientId);
    return { body: await reloadDto(tx, actor, id) };
  });
}

/** The scene after its version moved on, and what became of the scene file the save claimed with it. */
interface Bumped extends SceneOwnRow {
  /** the scene file named by the save was this user's unclaimed upload and is now claimed */
  file_claimed: boolean;
  file_content_records: number | null;
}

/**
 * Moves the scene from baseVersion to baseVersion + 1, or explains why not: 404 when the actor
 * may not write it, 412 when someone else saved first. The conditional UPDATE takes the row lock,
 * so of many saves from one base exactly one matches; the others see the new version and fail.
 * The same statement then claims the save's scene file (`fileKey`, when there is one; only once
 * the scene moved, so locks are taken scene first, file second, like every other writer) and
 * answers the scene row with its labels: a save needs no separate claim and no reload.
 */
async function bumpVersion(tx: Db, actor: Actor, id: number, baseVersion: number, fields: SceneFieldsInput, fileKey: string | null = null): Promise<Bumped> {
  const bumped = await tx.query<Bumped>(
    `with bumped as (
       update scenes s set version = s.version + 1, updated_at = now(),
         name = coalesce($5::text, s.name), area = coalesce($6::float8, s.area),
         is_use_stack_wall = coalesce($7::smallint, s.is_use_stack_wall), jsd_url = coalesce($8::text, s.jsd_url),
         has_measuring_size = coalesce($9::smallint, s.has_measuring_size), room_type = coalesce($10::int, s.room_type)
       where s.id = $1 and s.project_code = $2 and s.owner_id = $3 and s.version = $4 and s.deleted_at is null
       returning s.*
     ), claimed as (
       update scene_files set claimed = true
       where key = $11 and project_code = $2 and owner_id = $3 and kind = 'scene' and not claimed and exists (select 1 from bumped)
       returning content_records
     )
     select ${SCENE_OWN_COLUMNS},
       exists (select 1 from claimed) as file_claimed, (select content_records from claimed) as file_content_records
     from bumped s`,
    [id, actor.projectCode, actor.userId, baseVersion, ...fieldsParams(fields), fileKey],
  );
  const row = bumped[0];
  if (!row) {
    const current = await findScene(tx, actor, id, { access: 'write' });
    if (!current) throw sceneNotFound();
    throw versionConflict(current, baseVersion);
  }
  return row;
}

/**
 * The delta of a save, applied to its base before the transaction (docs/scenes.md "Delta saves").
 * The base must be a version of a scene this actor may write: anything else reads nothing.
 */
async function prepareDeltaSave(deps: SceneDeps, actor: Actor, sceneId: number, body: unknown): Promise<PreparedDelta> {
  const delta = checkDeltaShape(body);
  const rows = await deps.db.query<StoredVersionRow>(
    `select ${STORED_VERSION_COLUMNS} from scene_versions
     where id = $1 and scene_id = $2
       and exists (select 1 from scenes s where s.id = $2 and s.project_code = $3 and s.owner_id = $4 and s.deleted_at is null)`,
    [Number(delta.base), sceneId, actor.projectCode, actor.userId],
  );
  const base = rows[0];
  if (!base) {
    await requireScene(deps.db, actor, sceneId, 'write');
    throw baseNotFound(delta.base);
  }
  return prepareDelta(deps, ownerOf(actor), base, delta);
}

/** PUT /meta20/x/scene/{id}: a manual save (with a file or a delta) or a change of scene fields (without). */
export async function saveScene(
  deps: SceneDeps,
  actor: Actor,
  scope: IdempotencyScope | null,
  id: number,
  input: SaveInput,
): Promise<Outcome<SceneDto | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const owner = ownerOf(actor);
  // The scene file came through /upload (checked there) or is a small delta: a save is refused
  // here only once the quota is used up, before a checkpoint or copies are written.
  await assertStorageRoom(deps.db, deps.quota, owner, 0);
  const prepared = input.delta === undefined ? null : await prepareDeltaSave(deps, actor, id, input.delta);
  const file = prepared ? prepared.file.key : input.file;
  // Preview, floor images and room info belong to a version: without a new file there is none.
  if (!file && OPTIONAL_FILES.some(({ field }) => typeof input[field] === 'string' && input[field] !== '')) throw badRequest('file');
  const copies = file ? await copyEchoes(deps, actor, id, input) : new Map<string, StoredSceneFile[]>();
  // A delta save's file is the server's own (recorded below), not an upload to claim.
  const fileKey = file && !prepared ? keyFromReference(file) : null;
  return runWrite(deps, scope, [...writtenKeys(copies), ...(prepared?.written ?? [])], async (tx) => {
    const { file_claimed: claimedUpload, file_content_records: uploadRecords, ...bumped } = await bumpVersion(
      tx,
      actor,
      id,
      input.baseVersion,
      input,
      fileKey,
    );
    const scene = await applyClient(tx, actor, bumped, input.clientId);
    let fileClaimed = claimedUpload;
    let contentRecords = uploadRecords;
    if (prepared) {
      await recordFile(tx, owner, prepared.file, true);
      fileClaimed = true;
      contentRecords = prepared.file.contentRecords;
    }
    const dropKeys: string[] = [];
    let version: { id: number; keys: VersionKeys } | null = null;
    if (file) {
      // the checks claimFile makes, in its order, for the claim the bump made
      const sceneFileKey = prepared ? prepared.file.key : fileKey;
      if (!sceneFileKey) throw badRequest('file');
      if (!fileClaimed) throw unavailable('file');
      const keys = await claimVersionFiles(tx, owner, { ...input, file }, copies, { key: sceneFileKey, contentRecords });
      const added = await addVersion(
        tx,
        {
          sceneId: id,
          kind: 'manual',
          sceneVersion: scene.version,
          ...keys,
          area: scene.area,
          isUseStackWall: scene.is_use_stack_wall,
          roomType: scene.room_type,
          clientId: '',
          createdBy: actor.userId,
          delta: prepared?.delta ? { text: prepared.delta, checkpointKey: prepared.checkpointKey!, chainLength: prepared.chainLength } : null,
        },
        { makeCurrent: true },
      );
      if (prepared) rememberSaved(id, added.row.id, prepared);
      dropKeys.push(...added.dropKeys);
      version = { id: added.row.id, keys };
    }
    dropKeys.push(...(await applyCustomPreview(tx, owner, scene, input.customPreview)));
    // The bump answered the scene row; with the new version's files it is the answer. A change of
    // the custom preview, or a save without a file, reads the row again instead.
    const body =
      version && input.customPreview === undefined
        ? sceneDto({
            ...scene,
            current_version_id: version.id,
            file_key: version.keys.fileKey,
            preview_key: version.keys.previewKey,
            multi_floor_key: version.keys.multiFloorKey,
            room_info_key: version.keys.roomInfoKey,
          })
        : await reloadDto(tx, actor, id);
    return { body, dropKeys };
  });
}

/** Copies every file of a stored version for a new owner (before a transaction); a delta version's file is resolved first. */
async function copyVersionFiles(deps: SceneDeps, owner: FileOwner, version: StoredVersionRow): Promise<{ copies: Copies; keys: VersionKeys }> {
  const sizes = await deps.db.query<{ total: string | number | null }>(
    'select sum(size) as total from scene_files where key = any($1::text[])',
    [[version.file_key, version.preview_key, version.multi_floor_key, version.room_info_key].filter((k): k is string => k !== null)],
  );
  await assertStorageRoom(deps.db, deps.quota, owner, Number(sizes[0]?.total ?? 0));
  if (version.delta !== null && !(await materialise(deps, version.file_key))) throw sceneNotFound();
  const copies: Copies = new Map();
  const one = async (field: string, key: string | null): Promise<string | null> => {
    if (!key) return null;
    const copied = await copyStoredFile(deps.db, deps.storage, owner, key);
    copies.set(field, copied);
    return copied[0]!.key;
  };
  const keys: VersionKeys = {
    fileKey: (await one('file', version.file_key))!,
    previewKey: await one('preview', version.preview_key),
    multiFloorKey: await one('multiFloorImage', version.multi_floor_key),
    roomInfoKey: await one('roomInfoUrl', version.room_info_key),
  };
  return { copies, keys };
}

/** Restores a stored version (any of the three lists) as a new manual save; needs the base version like a save. */
export async function restoreVersion(
  deps: SceneDeps,
  actor: Actor,
  scope: IdempotencyScope | null,
  sceneId: number,
  versionId: number,
  baseVersion: number,
): Promise<Outcome<SceneDto | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const owner = ownerOf(actor);
  await requireScene(deps.db, actor, sceneId, 'write');
  const version = await findVersion(deps.db, sceneId, versionId);
  if (!version) throw new ApiError(404, RETCODE.NOT_FOUND, 'versionNotFound', { id: versionId }, { field: 'versionId' });
  const { copies, keys } = await copyVersionFiles(deps, owner, version);
  return runWrite(deps, scope, writtenKeys(copies), async (tx) => {
    const scene = await bumpVersion(tx, actor, sceneId, baseVersion, {
      area: version.area,
      isUseStackWall: version.is_use_stack_wall ? 1 : 0,
      roomType: version.room_type,
    });
    for (const files of copies.values()) await recordCopies(tx, owner, files);
    const added = await addVersion(
      tx,
      {
        sceneId,
        kind: 'manual',
        sceneVersion: scene.version,
        ...keys,
        area: version.area,
        isUseStackWall: version.is_use_stack_wall,
        roomType: version.room_type,
        clientId: '',
        createdBy: actor.userId,
      },
      { makeCurrent: true },
    );
    return { body: await reloadDto(tx, actor, sceneId), dropKeys: added.dropKeys };
  });
}

interface PreparedClone {
  source: SceneRow;
  copies: Copies;
  keys: VersionKeys;
  version: StoredVersionRow;
  customPreview: StoredSceneFile | null;
  airConditioner: unknown;
}

async function prepareClone(deps: SceneDeps, actor: Actor, sourceId: number): Promise<PreparedClone> {
  const source = await requireScene(deps.db, actor, sourceId, 'read');
  const version = source.current_version_id ? await findVersion(deps.db, source.id, source.current_version_id) : null;
  if (!version) throw sceneNotFound();
  const owner = ownerOf(actor);
  const { copies, keys } = await copyVersionFiles(deps, owner, version);
  const customPreview = source.custom_preview_key ? ((await copyStoredFile(deps.db, deps.storage, owner, source.custom_preview_key))[0] ?? null) : null;
  const ac = await deps.db.query<{ air_conditioner: unknown }>('select air_conditioner from scenes where id = $1', [source.id]);
  return { source, copies, keys, version, customPreview, airConditioner: ac[0]?.air_conditioner ?? null };
}

function clonedFiles(p: PreparedClone): string[] {
  return [...writtenKeys(p.copies), ...(p.customPreview ? [p.customPreview.key] : [])];
}

async function insertClone(tx: Db, actor: Actor, p: PreparedClone, name: string): Promise<number> {
  const owner = ownerOf(actor);
  const id = await insertScene(tx, actor, {
    name,
    uuid: randomUUID(),
    fromSceneId: p.source.id,
    fields: {
      area: p.source.area,
      isUseStackWall: p.source.is_use_stack_wall ? 1 : 0,
      jsdUrl: p.source.jsd_url,
      hasMeasuringSize: p.source.has_measuring_size ? 1 : 0,
      roomType: p.source.room_type,
    },
    airConditioner: p.airConditioner,
  });
  for (const files of p.copies.values()) await recordCopies(tx, owner, files);
  await addVersion(
    tx,
    {
      sceneId: id,
      kind: 'manual',
      sceneVersion: 1,
      ...p.keys,
      area: p.version.area,
      isUseStackWall: p.version.is_use_stack_wall,
      roomType: p.version.room_type,
      clientId: '',
      createdBy: actor.userId,
    },
    { makeCurrent: true },
  );
  if (p.customPreview) {
    await recordFile(tx, owner, p.customPreview, true);
    await tx.query('update scenes set custom_preview_key = $2 where id = $1', [id, p.customPreview.key]);
  }
  return id;
}

function copyName(name: string): string {
  return (name + COPY_SUFFIX).slice(0, NAME_MAX_CHARS);
}

/** PUT /meta20/x/scene/clone/{id}: a copy of the scene as it opens now, owned by the caller. */
export async function cloneScene(
  deps: SceneDeps,
  actor: Actor,
  scope: IdempotencyScope | null,
  sourceId: number,
  name: string | undefined,
): Promise<Outcome<SceneDto | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const prepared = await prepareClone(deps, actor, sourceId);
  return runWrite(deps, scope, clonedFiles(prepared), async (tx) => {
    const id = await insertClone(tx, actor, prepared, name ?? copyName(prepared.source.name));
    return { body: await reloadDto(tx, actor, id) };
  });
}

/** POST /meta20/x/scene/clone-to-unnamed: copies of several scenes, named 未命名方案; all or nothing. */
export async function cloneToUnnamed(
  deps: SceneDeps,
  actor: Actor,
  scope: IdempotencyScope | null,
  sceneIds: readonly number[],
): Promise<Outcome<SceneDto[] | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const prepared: PreparedClone[] = [];
  try {
    for (const id of sceneIds) prepared.push(await prepareClone(deps, actor, id));
  } catch (e) {
    await deleteStoredBytes(deps.storage, deps.logger, prepared.flatMap(clonedFiles));
    throw e;
  }
  return runWrite(deps, scope, prepared.flatMap(clonedFiles), async (tx) => {
    const out: SceneDto[] = [];
    for (const p of prepared) out.push(await reloadDto(tx, actor, await insertClone(tx, actor, p, UNNAMED_SCENE_NAME)));
    return { body: out };
  });
}
