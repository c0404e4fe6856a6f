// 制作样板间 (core.md §5, issue 16): a sample room made from the caller's own saved scene. The
// scene's current file is COPIED (its own key, claimed, owned by no version), so later saves,
// restores or deletion of the scheme never change the sample room; the cover is the copied plan
// (its ground floor) drawn as the seeded sample rooms' covers are (model-room-covers.ts). One
// sample room per scene.
import { materialise } from '../scenes/deltas';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import { copyStoredFile, deleteStoredBytes, fileUrl, newKey, readSceneFileBytes, recordFile, type FileOwner, type StoredSceneFile } from '../scenes/files';
import type { FileStorage } from '../storage/types';
import { modelRows, type ModelRow } from './furniture/catalogue';
import { COVER_HEIGHT, COVER_WIDTH, drawModelRoomCover } from './model-room-covers';
import { getModelRoom, type ModelRoomItem, type ModelRoomViewer } from './model-rooms';
import { encodePng } from './png';

export type MakeModelRoomOutcome =
  | { readonly kind: 'made'; readonly room: ModelRoomItem }
  /** no such scene of this user in this project (another user's or project's looks the same) */
  | { readonly kind: 'not-found' }
  /** 该场景已制作过样板间！ */
  | { readonly kind: 'exists' }
  /** 该场景没有发现房间，无法进行样板间制作 */
  | { readonly kind: 'no-room' }
  /** 请先设置房间类型 */
  | { readonly kind: 'untyped-room' };

export interface MakeModelRoomDeps {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly logger: Logger;
}

interface SceneRow {
  id: number;
  name: string;
  area: number;
  room_type: number;
  file_key: string;
}

interface FileRecordLike {
  readonly id: string;
  readonly type: string;
  readonly roomType?: unknown;
  readonly [field: string]: unknown;
}

let rowsById: Map<string, ModelRow> | null = null;

/** The ground floor's records (and those of no storey: openings follow their walls): the cover is one plan. */
export function groundFloor<T extends FileRecordLike>(records: readonly T[]): T[] {
  let lowest: { id: string; index: number } | null = null;
  for (const r of records) {
    if (r.type !== 'storey' || typeof r.index !== 'number') continue;
    if (!lowest || r.index < lowest.index) lowest = { id: r.id, index: r.index };
  }
  if (!lowest) return [...records];
  const id = lowest.id;
  return records.filter((r) => typeof r.storeyId !== 'string' || r.storeyId === id);
}

async function exists(db: Db, viewer: ModelRoomViewer, sceneId: number): Promise<boolean> {
  const rows = await db.query('select 1 from model_rooms where scene_id = $1 and project_code = $2 limit 1', [sceneId, viewer.project]);
  return rows.length > 0;
}

/** The records of a stored scene file (stored by a save, so checked on its way in). */
async function readRecords(storage: FileStorage, key: string): Promise<FileRecordLike[] | null> {
  const bytes = await readSceneFileBytes(storage, key);
  if (!bytes) return null;
  const file = JSON.parse(new TextDecoder().decode(bytes)) as { records?: unknown };
  return Array.isArray(file.records) ? (file.records as FileRecordLike[]) : null;
}

export async function makeModelRoomFromScene(deps: MakeModelRoomDeps, viewer: ModelRoomViewer, sceneId: number): Promise<MakeModelRoomOutcome> {
  const { db, storage, logger } = deps;
  // Only the owner's own scene: a project admin may read a designer's scene, but a sample room
  // made from it would be published under the admin's name without the designer's say.
  const found = await db.query<SceneRow>(
    `select s.id, s.name, s.area, s.room_type, v.file_key
       from scenes s join scene_versions v on v.id = s.current_version_id
      where s.id = $1 and s.project_code = $2 and s.owner_id = $3 and s.deleted_at is null`,
    [sceneId, viewer.project, viewer.userId],
  );
  const scene = found[0];
  if (!scene) return { kind: 'not-found' };
  if (await exists(db, viewer, sceneId)) return { kind: 'exists' };

  // The current version may be a delta save: its full file is written on its first read.
  await materialise(deps, scene.file_key);
  const records = await readRecords(storage, scene.file_key);
  if (!records) return { kind: 'not-found' };
  const rooms = records.filter((r) => r.type === 'room');
  if (rooms.length === 0) return { kind: 'no-room' };
  if (rooms.some((r) => r.roomType === 0)) return { kind: 'untyped-room' };

  const owner: FileOwner = { projectCode: viewer.project, userId: viewer.userId };
  const written: StoredSceneFile[] = [];
  try {
    written.push(...(await copyStoredFile(db, storage, owner, scene.file_key)));
    rowsById ??= new Map(modelRows().map((r) => [r.model_id, r]));
    const png = encodePng(COVER_WIDTH, COVER_HEIGHT, drawModelRoomCover(groundFloor(records), rowsById));
    const coverKey = newKey(viewer.project, 'png');
    const info = await storage.put(coverKey, png, { contentType: 'image/png' });
    written.push({ key: coverKey, kind: 'preview', contentType: 'image/png', size: info.size, contentRecords: null, children: [] });
  } catch (e) {
    await deleteStoredBytes(storage, logger, written.map((f) => f.key));
    throw e;
  }
  const [file, cover] = [written[0]!, written[written.length - 1]!];

  const id = await db.transaction(async (tx): Promise<number | null> => {
    // Two makes of one scene at once: the scene row's lock lets one through; the other sees its row.
    await tx.query('select id from scenes where id = $1 for update', [sceneId]);
    if (await exists(tx, viewer, sceneId)) return null;
    for (const f of written) await recordFile(tx, owner, f, true);
    const inserted = await tx.query<{ id: number }>(
      `insert into model_rooms (project_code, owner_user_id, is_public, scene_id, name, room_type, area, cover_url, scene_file, model_list_url, room)
       values ($1, $2, false, $3, $4, $5, $6, $7, $8, $7, $9::jsonb) returning id`,
      [
        viewer.project,
        viewer.userId,
        sceneId,
        scene.name,
        scene.room_type,
        Math.round(scene.area * 100) / 100,
        fileUrl(cover.key),
        fileUrl(file.key),
        JSON.stringify({ roomType: scene.room_type, area: scene.area }),
      ],
    );
    return inserted[0]!.id;
  });
  if (id === null) {
    await deleteStoredBytes(storage, logger, written.map((f) => f.key));
    return { kind: 'exists' };
  }
  const room = await getModelRoom(db, viewer, id);
  return room ? { kind: 'made', room } : { kind: 'not-found' };
}
