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
  type FileOwner,
  type SceneFileKind,
  type StoredSceneFile,
} from './files';
import type { IdempotencyScope } from './idempotency';
import { NAME_MAX_CHARS } from './limits';
import { addVersion, findScene, findVersion, labelsOf, requireScene, sceneNotFound, type Actor, type SceneRow, type VersionRow } from './repo';
import { earlierAnswer, ownerOf, runWrite, type Outcome, type SceneDeps } from './write';

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
 * list) with a new scene file. Those files belong to a stored version already, and a file has one
 * owner, so they are copied for the new version instead of being refused.
 */
async function copyEchoes(deps: SceneDeps, actor: Actor, sceneId: number, files: Partial<VersionFilesInput>): Promise<Copies> {
  const copies: Copies = new Map();
  const fields = ['file', ...OPTIONAL_FILES.map((f) => f.field)] as const;
  for (const field of fields) {
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

/** Claims (or takes the copies of) the files of a new version, refusing an empty scene. */
async function claimVersionFiles(tx: Db, owner: FileOwner, files: VersionFilesInput, copies: Copies): Promise<VersionKeys> {
  const take = async (field: string, ref: string, kind: SceneFileKind): Promise<{ key: string; contentRecords: number | null }> => {
    const copied = copies.get(field);
    if (copied && copied[0]) {
      await recordCopies(tx, owner, copied);
      return { key: copied[0].key, contentRecords: copied[0].contentRecords };
    }
    return claimFile(tx, owner, ref, kind, field);
  };
  const scene = await take('file', files.file, 'scene');
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
async function applyCustomPreview(tx: Db, owner: FileOwner, scene: SceneRow, ref: string | null | undefined): Promise<string[]> {
  if (ref === undefined) return [];
  const key = ref === null || ref === '' ? null : keyFromReference(ref);
  if (key !== null && key === scene.custom_preview_key) return [];
  const claimed = ref === null || ref === '' ? null : (await claimFile(tx, owner, ref, 'preview', 'customPreview')).key;
  await tx.query('update scenes set custom_preview_key = $2 where id = $1', [scene.id, claimed]);
  return dropFileRows(tx, [scene.custom_preview_key]);
}

async function reloadDto(tx: Db, actor: Actor, id: number): Promise<SceneDto> {
  const row = await findScene(tx, actor, id, { access: 'read', includeDeleted: true });
  if (!row) throw sceneNotFound();
  return sceneDto(row, (await labelsOf(tx, [id])).get(id) ?? []);
}

async function setCurrent(tx: Db, sceneId: number, version: VersionRow): Promise<void> {
  await tx.query('update scenes set current_version_id = $2 where id = $1', [sceneId, version.id]);
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
    const { row } = await addVersion(tx, {
      sceneId: id,
      kind: 'manual',
      sceneVersion: 1,
      ...keys,
      area: input.area ?? 0,
      isUseStackWall: input.isUseStackWall ?? 0,
      roomType: input.roomType ?? 0,
      clientId: '',
      createdBy: actor.userId,
    });
    await setCurrent(tx, id, row);
    const created = await requireScene(tx, actor, id, 'write');
    await applyCustomPreview(tx, owner, created, input.customPreview);
    return { body: await reloadDto(tx, actor, id) };
  });
}

/**
 * Moves the scene from baseVersion to baseVersion + 1, or explains why not: 404 when the actor
 * may not write it, 412 when someone else saved first. The conditional UPDATE takes the row lock,
 * so of many saves from one base exactly one matches; the others see the new version and fail.
 */
async function bumpVersion(tx: Db, actor: Actor, id: number, baseVersion: number, fields: SceneFieldsInput): Promise<SceneRow> {
  const bumped = await tx.query<{ id: number }>(
    `update scenes set version = version + 1, updated_at = now(),
       name = coalesce($5::text, name), area = coalesce($6::float8, area),
       is_use_stack_wall = coalesce($7::smallint, is_use_stack_wall), jsd_url = coalesce($8::text, jsd_url),
       has_measuring_size = coalesce($9::smallint, has_measuring_size), room_type = coalesce($10::int, room_type)
     where id = $1 and project_code = $2 and owner_id = $3 and version = $4 and deleted_at is null
     returning id`,
    [id, actor.projectCode, actor.userId, baseVersion, ...fieldsParams(fields)],
  );
  if (bumped.length === 0) {
    const current = await findScene(tx, actor, id, { access: 'write' });
    if (!current) throw sceneNotFound();
    throw versionConflict(current, baseVersion);
  }
  return requireScene(tx, actor, id, 'write');
}

/** PUT /meta20/x/scene/{id}: a manual save (with a file) or a change of scene fields (without). */
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
  const file = input.file;
  // Preview, floor images and room info belong to a version: without a new file there is none.
  if (!file && OPTIONAL_FILES.some(({ field }) => typeof input[field] === 'string' && input[field] !== '')) throw badRequest('file');
  const copies = file ? await copyEchoes(deps, actor, id, input) : new Map<string, StoredSceneFile[]>();
  return runWrite(deps, scope, writtenKeys(copies), async (tx) => {
    const scene = await bumpVersion(tx, actor, id, input.baseVersion, input);
    const dropKeys: string[] = [];
    if (file) {
      const keys = await claimVersionFiles(tx, owner, { ...input, file }, copies);
      const added = await addVersion(tx, {
        sceneId: id,
        kind: 'manual',
        sceneVersion: scene.version,
        ...keys,
        area: scene.area,
        isUseStackWall: scene.is_use_stack_wall,
        roomType: scene.room_type,
        clientId: '',
        createdBy: actor.userId,
      });
      await setCurrent(tx, id, added.row);
      dropKeys.push(...added.dropKeys);
    }
    dropKeys.push(...(await applyCustomPreview(tx, owner, scene, input.customPreview)));
    return { body: await reloadDto(tx, actor, id), dropKeys };
  });
}

/** Copies every file of a stored version for a new owner (before a transaction). */
async function copyVersionFiles(deps: SceneDeps, owner: FileOwner, version: VersionRow): Promise<{ copies: Copies; keys: VersionKeys }> {
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
    const added = await addVersion(tx, {
      sceneId,
      kind: 'manual',
      sceneVersion: scene.version,
      ...keys,
      area: version.area,
      isUseStackWall: version.is_use_stack_wall,
      roomType: version.room_type,
      clientId: '',
      createdBy: actor.userId,
    });
    await setCurrent(tx, sceneId, added.row);
    return { body: await reloadDto(tx, actor, sceneId), dropKeys: added.dropKeys };
  });
}

interface PreparedClone {
  source: SceneRow;
  copies: Copies;
  keys: VersionKeys;
  version: VersionRow;
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
  const { row } = await addVersion(tx, {
    sceneId: id,
    kind: 'manual',
    sceneVersion: 1,
    ...p.keys,
    area: p.version.area,
    isUseStackWall: p.version.is_use_stack_wall,
    roomType: p.version.room_type,
    clientId: '',
    createdBy: actor.userId,
  });
  await setCurrent(tx, id, row);
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
