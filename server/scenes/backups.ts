// Versions that do not move the scene: timed backups (store-scene-backup, a full file or a delta
// against a stored version) and auto saves (auto_save_scene on a forced logout).
import { z } from 'zod';
import type { Db } from '../db/types';
import { ApiError, loggedInElsewhereError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import {
  applyBackupDelta,
  canonicalJson,
  isBackupDelta,
  SCENE_FILE_FORMAT,
  SceneDeltaError,
  type BackupDelta,
  type SceneFile,
} from '../../protocol/scene-file';
import { versionFileOf } from './deltas';
import { versionDto, type VersionDto } from './dto';
import { claimFile, invalidFile, putPreparedScene, putPreview, putSceneJson, recordFile, type StoredSceneFile } from './files';
import type { PreparedScene } from './inline-body';
import type { IdempotencyScope } from './idempotency';
import { addVersion, findScene, findVersion, requireScene, type Actor, type VersionKind } from './repo';
import { emptyScene } from './saves';
import { earlierAnswer, ownerOf, runWrite, type Outcome, type SceneDeps } from './write';
import { assertStorageRoom } from '../storage/quota';

export interface BackupInput {
  sceneId: number;
  /** a full SceneFile, or a BackupDelta whose base is the id of a stored version of this scene */
  content?: unknown;
  /** a full SceneFile content, already made ready (readInlineSceneBody): stored instead of content */
  prepared?: PreparedScene | null;
  /** instead of content: an uploaded scene file */
  file?: string;
  preview?: string | null;
  multiFloorImage?: string | null;
  roomInfoUrl?: string | null;
}

const DeltaShape = z.object({
  base: z.string().regex(/^[1-9][0-9]{0,15}$/),
  put: z.array(z.object({ id: z.string().min(1), type: z.string().min(1) }).loose()),
  removed: z.array(z.string()),
});

function baseNotFound(base: string): ApiError {
  return new ApiError(409, RETCODE.BACKUP_BASE_NOT_FOUND, 'backupBaseNotFound', { base: base.slice(0, 32) }, { field: 'content.base' });
}

const encoder = new TextEncoder();

/** The full scene file a backup body stands for, as canonical JSON bytes. */
export async function resolveBackupContent(deps: SceneDeps, sceneId: number, content: unknown): Promise<Uint8Array> {
  if (isBackupDelta(content)) {
    const shape = DeltaShape.safeParse(content);
    if (!shape.success) {
      throw new ApiError(400, RETCODE.BACKUP_DELTA_INVALID, 'backupDeltaInvalid', { reason: 'malformed delta' }, { field: 'content' });
    }
    const base = await findVersion(deps.db, sceneId, Number(shape.data.base));
    if (!base) throw baseNotFound(content.base);
    // the base may itself be a delta version: resolved from its checkpoint like any reader does
    const baseFile = await versionFileOf(deps, base);
    if (!baseFile) throw baseNotFound(content.base);
    let resolved: SceneFile;
    try {
      resolved = applyBackupDelta(baseFile, content as BackupDelta);
    } catch (e) {
      if (e instanceof SceneDeltaError) {
        throw new ApiError(400, RETCODE.BACKUP_DELTA_INVALID, 'backupDeltaInvalid', { reason: e.code }, { field: 'content', reason: e.message });
      }
      throw e;
    }
    return encoder.encode(canonicalJson(resolved));
  }
  if (typeof content !== 'object' || content === null || Array.isArray(content) || (content as { format?: unknown }).format !== SCENE_FILE_FORMAT) {
    throw invalidFile('content', `expected a ${SCENE_FILE_FORMAT} file or a backup delta`);
  }
  return encoder.encode(canonicalJson(content));
}

interface PreparedFiles {
  scene: StoredSceneFile | null;
  preview: StoredSceneFile | null;
}

function preparedKeys(p: PreparedFiles): string[] {
  return [p.scene?.key, p.preview?.key].filter((k): k is string => typeof k === 'string');
}

/** POST /meta20/x/scene/store-scene-backup: a timed backup; the resolved full file is stored. */
export async function storeBackup(deps: SceneDeps, actor: Actor, scope: IdempotencyScope | null, input: BackupInput): Promise<Outcome<VersionDto | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const owner = ownerOf(actor);
  await requireScene(deps.db, actor, input.sceneId, 'write');
  let written: StoredSceneFile | null = null;
  if (input.prepared) {
    if (input.prepared.ok) await assertStorageRoom(deps.db, deps.quota, owner, input.prepared.bytes.byteLength);
    written = await putPreparedScene(deps.storage, owner, input.prepared, 'content');
    if (written.contentRecords === 0) {
      await deps.storage.delete(written.key);
      throw emptyScene();
    }
  } else if (input.content !== undefined) {
    const bytes = await resolveBackupContent(deps, input.sceneId, input.content);
    await assertStorageRoom(deps.db, deps.quota, owner, bytes.byteLength);
    written = await putSceneJson(deps.storage, owner, bytes, 'content');
    if (written.contentRecords === 0) {
      await deps.storage.delete(written.key);
      throw emptyScene();
    }
  }
  const inline = written;
  return runWrite(deps, scope, inline ? [inline.key] : [], async (tx) => {
    const scene = await findScene(tx, actor, input.sceneId, { access: 'write', lock: true });
    if (!scene) throw new ApiError(404, RETCODE.NOT_FOUND, 'sceneNotFound');
    let fileKey: string;
    if (inline) {
      await recordFile(tx, owner, inline, true);
      fileKey = inline.key;
    } else {
      const claimed = await claimFile(tx, owner, input.file ?? '', 'scene', 'file');
      if (claimed.contentRecords === 0) throw emptyScene();
      fileKey = claimed.key;
    }
    const optional = async (ref: string | null | undefined, kind: 'preview' | 'floors' | 'roomInfo', field: string) =>
      typeof ref === 'string' && ref !== '' ? (await claimFile(tx, owner, ref, kind, field)).key : null;
    const { row, dropKeys } = await addVersion(tx, {
      sceneId: scene.id,
      kind: 'backup',
      sceneVersion: scene.version,
      fileKey,
      previewKey: await optional(input.preview, 'preview', 'preview'),
      multiFloorKey: await optional(input.multiFloorImage, 'floors', 'multiFloorImage'),
      roomInfoKey: await optional(input.roomInfoUrl, 'roomInfo', 'roomInfoUrl'),
      area: scene.area,
      isUseStackWall: scene.is_use_stack_wall,
      roomType: scene.room_type,
      clientId: '',
      createdBy: actor.userId,
    });
    return { body: versionDto(row, scene.current_version_id), dropKeys };
  });
}

export const AUTO_SAVED_SCENE_NAME = '自动保存的方案';

export interface AutoSaveInput {
  fromSceneId: number | null;
  clientId: string;
  uuid: string;
  isUseStackWall: 0 | 1;
  /** the scene file text (filecontnt), or the file already made ready (readInlineSceneBody) */
  file: Uint8Array | PreparedScene;
  /** the decoded previewcontent image, if any */
  preview: Uint8Array | null;
}

export interface AutoSaveAnswer {
  sceneId: number;
  versionId: number;
  /** true when a new scene was made (the work was never saved, or its scene is gone) */
  created: boolean;
  kind: VersionKind;
}

/**
 * auto_save_scene: an auto save of the scene the client had open, or a new scene when it had none.
 * `graceTokenHash` is set when a session revoked by a login elsewhere makes its one allowed call:
 * the use is recorded in the same transaction, so a failed save does not spend it.
 */
export async function autoSave(
  deps: SceneDeps,
  actor: Actor,
  scope: IdempotencyScope | null,
  input: AutoSaveInput,
  graceTokenHash: string | null,
): Promise<Outcome<AutoSaveAnswer | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const owner = ownerOf(actor);
  const files: PreparedFiles = { scene: null, preview: null };
  // A prepared scene that was refused (too large, invalid) is refused by putPreparedScene below.
  const fileBytes = input.file instanceof Uint8Array ? input.file.byteLength : input.file.ok ? input.file.bytes.byteLength : 0;
  await assertStorageRoom(deps.db, deps.quota, owner, fileBytes + (input.preview?.byteLength ?? 0));
  try {
    files.scene =
      input.file instanceof Uint8Array
        ? await putSceneJson(deps.storage, owner, input.file, 'filecontnt')
        : await putPreparedScene(deps.storage, owner, input.file, 'filecontnt');
    if (files.scene.contentRecords === 0) throw emptyScene();
    if (input.preview) files.preview = await putPreview(deps.storage, owner, input.preview, 'previewcontent');
  } catch (e) {
    for (const key of preparedKeys(files)) await deps.storage.delete(key);
    throw e;
  }
  const sceneFile = files.scene;
  return runWrite(deps, scope, preparedKeys(files), async (tx) => {
    if (graceTokenHash) await spendGrace(tx, graceTokenHash);
    await recordFile(tx, owner, sceneFile, true);
    if (files.preview) await recordFile(tx, owner, files.preview, true);
    const target = input.fromSceneId === null ? null : await findScene(tx, actor, input.fromSceneId, { access: 'write', lock: true });
    const common = {
      fileKey: sceneFile.key,
      previewKey: files.preview?.key ?? null,
      multiFloorKey: null,
      roomInfoKey: null,
      area: 0,
      isUseStackWall: input.isUseStackWall,
      roomType: 0,
      clientId: input.clientId,
      createdBy: actor.userId,
    };
    if (target) {
      const { row, dropKeys } = await addVersion(tx, { ...common, sceneId: target.id, kind: 'auto', sceneVersion: target.version, area: target.area, roomType: target.room_type });
      const answer: AutoSaveAnswer = { sceneId: target.id, versionId: row.id, created: false, kind: 'auto' };
      return { body: answer, dropKeys };
    }
    const created = await tx.query<{ id: number }>(
      `insert into scenes (project_code, owner_id, uuid, name, is_use_stack_wall) values ($1, $2, $3, $4, $5) returning id`,
      [actor.projectCode, actor.userId, input.uuid, AUTO_SAVED_SCENE_NAME, input.isUseStackWall],
    );
    const sceneId = created[0]!.id;
    const { row } = await addVersion(tx, { ...common, sceneId, kind: 'manual', sceneVersion: 1 }, { makeCurrent: true });
    const answer: AutoSaveAnswer = { sceneId, versionId: row.id, created: true, kind: 'manual' };
    return { body: answer };
  });
}

async function spendGrace(tx: Db, tokenHash: string): Promise<void> {
  const taken = await tx.query('insert into session_grace_uses (token_hash) values ($1) on conflict do nothing returning 1', [tokenHash]);
  if (taken.length === 0) throw loggedInElsewhereError();
}
