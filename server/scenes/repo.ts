// SQL of scenes and their versions. Every lookup names the tenant (project) taken from the verified
// session next to the id, so a row of another project is simply not found.
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import { dropFileRows } from './files';
import { HISTORY_KEEP } from './limits';

export type VersionKind = 'manual' | 'backup' | 'auto';

/** Who asks: the tenant and the user from the session. */
export interface Actor {
  projectCode: string;
  userId: number;
  /** project admins may read (never change) every scene of their project */
  isProjectAdmin: boolean;
}

export interface SceneRow {
  id: number;
  project_code: string;
  owner_id: number;
  uuid: string;
  name: string;
  version: number;
  current_version_id: number | null;
  custom_preview_key: string | null;
  area: number;
  is_use_stack_wall: number;
  jsd_url: string;
  has_measuring_size: number;
  room_type: number;
  from_scene_id: number | null;
  share_code: string | null;
  /** the client (customer) the scheme belongs to, and its name ('' when none) */
  client_id: number | null;
  client_name: string;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  // the current version's files
  file_key: string | null;
  preview_key: string | null;
  multi_floor_key: string | null;
  room_info_key: string | null;
  labels: string[];
}

/** The scene's own columns and its labels (a SceneRow without the current version's files), from `scenes s`. */
export const SCENE_OWN_COLUMNS = `s.id, s.project_code, s.owner_id, s.uuid, s.name, s.version, s.current_version_id,
  s.custom_preview_key, s.area, s.is_use_stack_wall, s.jsd_url, s.has_measuring_size, s.room_type, s.from_scene_id,
  s.share_code, s.deleted_at, s.created_at, s.updated_at, s.client_id,
  coalesce((select c.name from clients c where c.id = s.client_id), '') as client_name,
  coalesce((select array_agg(l.label order by l.label) from scene_labels l where l.scene_id = s.id), '{}') as labels`;

export type SceneOwnRow = Omit<SceneRow, 'file_key' | 'preview_key' | 'multi_floor_key' | 'room_info_key'>;

export const SCENE_COLUMNS = `${SCENE_OWN_COLUMNS},
  v.file_key, v.preview_key, v.multi_floor_key, v.room_info_key`;

export const SCENE_FROM = 'scenes s left join scene_versions v on v.id = s.current_version_id';

export function sceneNotFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'sceneNotFound');
}

export type Access = 'read' | 'write';

/**
 * The scene if this actor may see it (read: owner or project admin; write: owner), else null.
 * Deleted scenes are found only with includeDeleted. `lock` takes the row lock for the transaction.
 */
export async function findScene(
  db: Db,
  actor: Actor,
  id: number,
  options: { access: Access; includeDeleted?: boolean; lock?: boolean },
): Promise<SceneRow | null> {
  const who = options.access === 'write' || !actor.isProjectAdmin ? 'and s.owner_id = $3' : 'and ($3::int is not null)';
  const deleted = options.includeDeleted ? '' : 'and s.deleted_at is null';
  // FOR UPDATE cannot lock the nullable side of an outer join: lock the scene row only.
  const lock = options.lock ? 'for update of s' : '';
  const rows = await db.query<SceneRow>(
    `select ${SCENE_COLUMNS} from ${SCENE_FROM} where s.id = $1 and s.project_code = $2 ${who} ${deleted} ${lock}`,
    [id, actor.projectCode, actor.userId],
  );
  return rows[0] ?? null;
}

export async function requireScene(db: Db, actor: Actor, id: number, access: Access, lock = false): Promise<SceneRow> {
  const scene = await findScene(db, actor, id, { access, lock });
  if (!scene) throw sceneNotFound();
  return scene;
}

/** Labels of several scenes at once, sorted. */
export async function labelsOf(db: Db, sceneIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (sceneIds.length === 0) return out;
  const rows = await db.query<{ scene_id: number; label: string }>(
    'select scene_id, label from scene_labels where scene_id = any($1::bigint[]) order by scene_id, label',
    [sceneIds],
  );
  for (const r of rows) {
    const list = out.get(r.scene_id) ?? [];
    list.push(r.label);
    out.set(r.scene_id, list);
  }
  return out;
}

export interface NewVersion {
  sceneId: number;
  kind: VersionKind;
  sceneVersion: number;
  fileKey: string;
  previewKey: string | null;
  multiFloorKey: string | null;
  roomInfoKey: string | null;
  area: number;
  isUseStackWall: number;
  roomType: number;
  clientId: string;
  createdBy: number;
  /** a delta version (deltas.ts): its delta from the checkpoint file, and that file's key */
  delta?: { text: string; checkpointKey: string; chainLength: number } | null;
}

export interface VersionRow {
  id: number;
  scene_id: number;
  kind: VersionKind;
  scene_version: number;
  file_key: string;
  preview_key: string | null;
  multi_floor_key: string | null;
  room_info_key: string | null;
  area: number;
  is_use_stack_wall: number;
  room_type: number;
  client_id: string;
  created_at: Date;
}

export const VERSION_COLUMNS = `id, scene_id, kind, scene_version, file_key, preview_key, multi_floor_key, room_info_key,
  area, is_use_stack_wall, room_type, client_id, created_at`;

/** A version with how its content is stored (deltas.ts): lists do without these columns. */
export interface StoredVersionRow extends VersionRow {
  /** canonical JSON of the delta from checkpoint_key to this version; null for a full file */
  delta: string | null;
  checkpoint_key: string | null;
  chain_length: number;
}

export const STORED_VERSION_COLUMNS = `${VERSION_COLUMNS}, delta, checkpoint_key, chain_length`;

/**
 * Adds a version, trims its list to the newest HISTORY_KEEP and drops the rows of the files the
 * trimmed versions owned (and a trimmed floor list's previews), in one statement: a save is a
 * handful of round trips, not a dozen. `makeCurrent` also points the scene at the new version.
 * Returns the new row and the keys of files to delete after the commit. The caller holds the
 * scene row lock, so two writers of one scene never trim the same list at once, and the new row
 * is the newest of its list (its id comes last): every CTE reads the list as it was before the
 * insert, so the trim keeps HISTORY_KEEP - 1 of the old ones.
 *
 * A scene file that a remaining delta version names as its checkpoint (or the new one does) is
 * kept when its own version is trimmed, and dropped with the last version that needed it.
 */
export async function addVersion(tx: Db, v: NewVersion, options: { makeCurrent?: boolean } = {}): Promise<{ row: VersionRow; dropKeys: string[] }> {
  const current = options.makeCurrent ? `, made_current as (update scenes set current_version_id = (select id from v) where id = $1)` : '';
  const rows = await tx.query<VersionRow & { dropped: string[]; dropped_children: string[] }>(
    `with v as (
       insert into scene_versions (scene_id, kind, scene_version, file_key, preview_key, multi_floor_key, room_info_key,
         area, is_use_stack_wall, room_type, client_id, created_by, delta, checkpoint_key, chain_length)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $15, $16)
       returning ${VERSION_COLUMNS}
     ), trimmed as (
       delete from scene_versions where id in (
         select id from scene_versions where scene_id = $1 and kind = $2 order by id desc offset $13
       ) returning id, file_key, preview_key, multi_floor_key, room_info_key, checkpoint_key
     ), dropped as (
       delete from scene_files f where f.key in (
         select k from trimmed, unnest(array[file_key, preview_key, multi_floor_key, room_info_key, checkpoint_key]) as k where k is not null
       ) and f.key is distinct from $15::text
         and not exists (
           select 1 from scene_versions r
           where r.scene_id = $1 and (r.checkpoint_key = f.key or r.file_key = f.key) and r.id not in (select id from trimmed)
         )
       returning key, children
     ), dropped_children as (
       delete from scene_files where key in (select unnest(children) from dropped) returning key
     )${current}
     select ${VERSION_COLUMNS},
       array(select key from dropped) as dropped, array(select key from dropped_children) as dropped_children
     from v`,
    [
      v.sceneId,
      v.kind,
      v.sceneVersion,
      v.fileKey,
      v.previewKey,
      v.multiFloorKey,
      v.roomInfoKey,
      v.area,
      v.isUseStackWall,
      v.roomType,
      v.clientId,
      v.createdBy,
      HISTORY_KEEP - 1,
      v.delta?.text ?? null,
      v.delta?.checkpointKey ?? null,
      v.delta?.chainLength ?? 0,
    ],
  );
  const { dropped, dropped_children: children, ...row } = rows[0]!;
  return { row, dropKeys: [...dropped, ...children] };
}

/** Deletes a scene with all its versions and labels; returns the keys of files to delete after the commit. */
export async function deleteSceneRows(tx: Db, scene: SceneRow): Promise<string[]> {
  const versions = await tx.query<{ file_key: string; preview_key: string | null; multi_floor_key: string | null; room_info_key: string | null; checkpoint_key: string | null }>(
    'select file_key, preview_key, multi_floor_key, room_info_key, checkpoint_key from scene_versions where scene_id = $1',
    [scene.id],
  );
  await tx.query('delete from scenes where id = $1', [scene.id]);
  return dropFileRows(tx, [
    scene.custom_preview_key,
    ...versions.flatMap((t) => [t.file_key, t.preview_key, t.multi_floor_key, t.room_info_key, t.checkpoint_key]),
  ]);
}

export async function findVersion(db: Db, sceneId: number, versionId: number): Promise<StoredVersionRow | null> {
  const rows = await db.query<StoredVersionRow>(`select ${STORED_VERSION_COLUMNS} from scene_versions where id = $1 and scene_id = $2`, [versionId, sceneId]);
  return rows[0] ?? null;
}
