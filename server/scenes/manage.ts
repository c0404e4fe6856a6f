// Scene calls that do not make versions: lists, history lists, the recycle bin, deep delete,
// labels, air-conditioner settings and share codes.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import { FILES_PREFIX } from './files';
import { sceneDto, versionDto, type Page, type SceneDto, type VersionDto } from './dto';
import { LABELS_PER_SCENE } from './limits';
import {
  deleteSceneRows,
  findScene,
  labelsOf,
  requireScene,
  SCENE_COLUMNS,
  SCENE_FROM,
  sceneNotFound,
  VERSION_COLUMNS,
  type Actor,
  type SceneRow,
  type VersionKind,
  type VersionRow,
} from './repo';
import { runWrite, type SceneDeps } from './write';

export interface ListQuery {
  pageNumber: number;
  pageSize: number;
  keyword?: string;
  label?: string;
  /** the recycle bin instead of the live scenes */
  deleted: boolean;
  /** only the schemes of this client */
  clientId?: number;
  /** newest change first unless asked otherwise */
  sort?: ListSort;
  order?: ListOrder;
}

export const LIST_SORTS = ['updatedAt', 'createdAt', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

// Column names come from this table only, never from the request; the id breaks ties so that a
// page boundary never repeats or skips a scene of equal name or time.
const SORT_COLUMNS: Record<ListSort, string> = { updatedAt: 's.updated_at', createdAt: 's.created_at', name: 's.name' };

function orderBy(sort: ListSort, order: ListOrder): string {
  const dir = order === 'asc' ? 'asc' : 'desc';
  return `${SORT_COLUMNS[sort]} ${dir}, s.id ${dir}`;
}

/** An ILIKE pattern that finds `text` anywhere, its own %, _ and backslash taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** GET /meta20/x/scene: the caller's own scenes, newest change first unless sort/order say otherwise. */
export async function listScenes(db: Db, actor: Actor, q: ListQuery): Promise<Page<SceneDto>> {
  const params = [
    actor.projectCode,
    actor.userId,
    q.deleted,
    q.keyword ? likePattern(q.keyword) : null,
    q.label ?? null,
    q.clientId ?? null,
    q.pageSize,
    (q.pageNumber - 1) * q.pageSize,
  ];
  const where = `s.project_code = $1 and s.owner_id = $2 and (s.deleted_at is not null) = $3
    and ($4::text is null or s.name ilike $4)
    and ($5::text is null or exists (select 1 from scene_labels l where l.scene_id = s.id and l.label = $5))
    and ($6::bigint is null or s.client_id = $6)`;
  // The page is cut from the scenes alone (the count over all of them on the way), and only its
  // rows are joined with their versions and labels: a user with a thousand scenes costs the
  // database about half of what joining them all first did.
  const order = orderBy(q.sort ?? 'updatedAt', q.order ?? 'desc');
  const rows = await db.query<SceneRow & { total: number }>(
    `select ${SCENE_COLUMNS}, s.total
     from (
       select s.*, count(*) over () as total from scenes s where ${where}
       order by ${order} limit $7 offset $8
     ) s left join scene_versions v on v.id = s.current_version_id
     order by ${order}`,
    params,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no rows to carry the window count.
    const counted = await db.query<{ n: number }>(`select count(*) as n from scenes s where ${where}`, params.slice(0, 6));
    total = counted[0]?.n ?? 0;
  }
  return {
    list: rows.map((r) => sceneDto(r)),
    total,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

export async function getScene(db: Db, actor: Actor, id: number): Promise<SceneDto> {
  return sceneDto(await requireScene(db, actor, id, 'read'));
}

/** The three history lists of core.md §4 (manual saves, timed backups, auto saves), newest first. */
export async function listVersions(
  db: Db,
  actor: Actor,
  sceneId: number,
  kind: VersionKind,
  pageNumber: number,
  pageSize: number,
): Promise<Page<VersionDto>> {
  const scene = await requireScene(db, actor, sceneId, 'read');
  const rows = await db.query<VersionRow & { total: number }>(
    `select ${VERSION_COLUMNS}, count(*) over () as total from scene_versions where scene_id = $1 and kind = $2
     order by id desc limit $3 offset $4`,
    [sceneId, kind, pageSize, (pageNumber - 1) * pageSize],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const counted = await db.query<{ n: number }>('select count(*) as n from scene_versions where scene_id = $1 and kind = $2', [sceneId, kind]);
    total = counted[0]?.n ?? 0;
  }
  return { list: rows.map((r) => versionDto(r, scene.current_version_id)), total, pageNumber, pageSize };
}

/**
 * DELETE /{id} and delete-scene-multi: to the recycle bin, all or nothing. Every id must be a
 * scene of the caller (already in the bin is fine); otherwise nothing moves and the answer is 404,
 * as for one missing scene. Returns the ids that moved now.
 */
export async function softDelete(db: Db, actor: Actor, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const mine = await tx.query<{ id: number; deleted: boolean }>(
      `select id, deleted_at is not null as deleted from scenes where id = any($1::bigint[]) and project_code = $2 and owner_id = $3
       order by id for update`,
      [wanted, actor.projectCode, actor.userId],
    );
    if (mine.length !== wanted.length) throw sceneNotFound();
    const live = mine.filter((m) => !m.deleted).map((m) => m.id);
    if (live.length > 0) await tx.query('update scenes set deleted_at = now() where id = any($1::bigint[])', [live]);
    return live.sort((a, b) => a - b);
  });
}

/** PUT /restore-scene/{id}: back from the recycle bin (a live scene answers as it is). */
export async function restoreDeleted(db: Db, actor: Actor, id: number): Promise<SceneDto> {
  await db.query(
    `update scenes set deleted_at = null, updated_at = now() where id = $1 and project_code = $2 and owner_id = $3 and deleted_at is not null`,
    [id, actor.projectCode, actor.userId],
  );
  return getOwn(db, actor, id);
}

/**
 * PUT /{id} with a name alone: the name is not content, so like labels it is not versioned. The
 * version and the change time stay, and an open copy of the scene still saves on its base.
 */
export async function renameScene(db: Db, actor: Actor, id: number, name: string): Promise<SceneDto> {
  const rows = await db.query<{ id: number }>(
    'update scenes set name = $4 where id = $1 and project_code = $2 and owner_id = $3 and deleted_at is null returning id',
    [id, actor.projectCode, actor.userId, name],
  );
  if (rows.length === 0) throw sceneNotFound();
  return getOwn(db, actor, id);
}

async function getOwn(db: Db, actor: Actor, id: number): Promise<SceneDto> {
  const row = await findScene(db, actor, id, { access: 'write' });
  if (!row) throw sceneNotFound();
  return sceneDto(row);
}

/** DELETE /deep/{id}: the scene, its versions, labels and files, for good (from the bin or not). */
export async function deepDelete(deps: SceneDeps, actor: Actor, id: number): Promise<{ id: number }> {
  const out = await runWrite(deps, null, [], async (tx) => {
    const scene = await findScene(tx, actor, id, { access: 'write', includeDeleted: true, lock: true });
    if (!scene) throw sceneNotFound();
    return { body: { id }, dropKeys: await deleteSceneRows(tx, scene) };
  });
  return out.body as { id: number };
}

// ---------------------------------------------------------------------------------------------
// Labels: free-text tags of the owner's scenes.

export interface LabelCount {
  label: string;
  count: number;
}

export async function labelCounts(db: Db, actor: Actor): Promise<LabelCount[]> {
  return db.query<LabelCount>(
    `select l.label, count(*) as count from scene_labels l join scenes s on s.id = l.scene_id
     where s.project_code = $1 and s.owner_id = $2 and s.deleted_at is null
     group by l.label order by l.label`,
    [actor.projectCode, actor.userId],
  );
}

function tooManyLabels(): ApiError {
  return badRequest(`labels (at most ${LABELS_PER_SCENE})`);
}

/** Replaces (set) or extends (add) the labels of one scene; answers its labels. */
export async function writeLabels(db: Db, actor: Actor, sceneId: number, labels: readonly string[], mode: 'add' | 'set'): Promise<string[]> {
  return db.transaction(async (tx) => {
    await requireScene(tx, actor, sceneId, 'write', true);
    if (mode === 'set') await tx.query('delete from scene_labels where scene_id = $1', [sceneId]);
    for (const label of new Set(labels)) {
      await tx.query('insert into scene_labels (scene_id, label) values ($1, $2) on conflict do nothing', [sceneId, label]);
    }
    const now = (await labelsOf(tx, [sceneId])).get(sceneId) ?? [];
    if (now.length > LABELS_PER_SCENE) throw tooManyLabels();
    return now;
  });
}

/** Renames a label on every scene of the owner (merging where a scene has both). */
export async function renameLabel(db: Db, actor: Actor, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    const mine = 'scene_id in (select id from scenes where project_code = $2 and owner_id = $3)';
    await tx.query(
      `delete from scene_labels l where l.label = $1 and l.${mine}
         and exists (select 1 from scene_labels m where m.scene_id = l.scene_id and m.label = $4)`,
      [from, actor.projectCode, actor.userId, to],
    );
    const rows = await tx.query(`update scene_labels set label = $4 where label = $1 and ${mine} returning 1`, [from, actor.projectCode, actor.userId, to]);
    return rows.length;
  });
}

/** Removes a label from one scene, or (no sceneId) from every scene of the owner. Answers how many went. */
export async function removeLabel(db: Db, actor: Actor, label: string, sceneId?: number): Promise<number> {
  if (sceneId !== undefined) await requireScene(db, actor, sceneId, 'write');
  const rows = await db.query(
    `delete from scene_labels where label = $1 and ($4::bigint is null or scene_id = $4)
       and scene_id in (select id from scenes where project_code = $2 and owner_id = $3)
     returning 1`,
    [label, actor.projectCode, actor.userId, sceneId ?? null],
  );
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Air-conditioner settings: one JSON object per scene, beside the scene file.

export async function getAirConditioner(db: Db, actor: Actor, id: number): Promise<unknown> {
  await requireScene(db, actor, id, 'read');
  const rows = await db.query<{ air_conditioner: unknown }>('select air_conditioner from scenes where id = $1', [id]);
  return rows[0]?.air_conditioner ?? null;
}

export async function putAirConditioner(db: Db, actor: Actor, id: number, settings: Record<string, unknown>): Promise<unknown> {
  const rows = await db.query<{ air_conditioner: unknown }>(
    `update scenes set air_conditioner = $4::jsonb, updated_at = now()
     where id = $1 and project_code = $2 and owner_id = $3 and deleted_at is null returning air_conditioner`,
    [id, actor.projectCode, actor.userId, JSON.stringify(settings)],
  );
  if (rows.length === 0) throw sceneNotFound();
  return rows[0]!.air_conditioner;
}

// ---------------------------------------------------------------------------------------------
// Share codes: a short code a colleague of the same project opens the scene with.

const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newShareCode(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += SHARE_ALPHABET[b % SHARE_ALPHABET.length];
  return out;
}

export const SHARE_CODE_SHAPE = /^[A-Z0-9]{10}$/;

/** The scene's share code, made on first use. */
export async function shareCodeOf(db: Db, actor: Actor, id: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const rows = await db.query<{ share_code: string }>(
        `update scenes set share_code = coalesce(share_code, $4)
         where id = $1 and project_code = $2 and owner_id = $3 and deleted_at is null returning share_code`,
        [id, actor.projectCode, actor.userId, newShareCode()],
      );
      if (rows.length === 0) throw sceneNotFound();
      return rows[0]!.share_code;
    } catch (e) {
      // 23505: a fresh code collided with another scene's (1 in 32^10 per pair); draw again.
      if ((e as { code?: string }).code !== '23505') throw e;
    }
  }
  throw new ApiError(503, RETCODE.SERVICE_UNAVAILABLE, 'internalError');
}

/**
 * What anyone holding a share code sees (no login): the scheme's name and preview and the scene
 * file, each through an address scoped to the code (/files/share/<code>/...), so nothing of the
 * owner, the project, other scenes or versions leaves with it, and revoking the code closes them.
 */
export interface SharedSceneDto {
  shareCode: string;
  name: string;
  /** '' when the scene has no preview */
  preview: string;
  file: string;
}

export type SharedFile = 'scene' | 'preview';

/** Where a shared scene's file is served (public while the code lives). */
export function sharedFileUrl(code: string, which: SharedFile): string {
  return `${FILES_PREFIX}share/${code}/${which}`;
}

/**
 * The scene a share code opens. Signed-in users of the scene's project get the scene as before (a
 * colleague opens it in the workspace); anyone else, signed in or not, gets SharedSceneDto. A code
 * that is malformed, unknown, revoked or whose scene is in the recycle bin is the same plain 404.
 */
export async function sceneByShareCode(db: Db, actor: Actor | null, code: string): Promise<SceneDto | SharedSceneDto> {
  if (!SHARE_CODE_SHAPE.test(code)) throw shareNotFound();
  const rows = await db.query<SceneRow>(`select ${SCENE_COLUMNS} from ${SCENE_FROM} where s.share_code = $1 and s.deleted_at is null`, [code]);
  const row = rows[0];
  if (!row) throw shareNotFound();
  if (actor && actor.projectCode === row.project_code) {
    const dto = sceneDto(row);
    // The code is the owner's to hand out; whoever opens the scene with it does not see it again.
    return row.owner_id === actor.userId ? dto : { ...dto, shareCode: null };
  }
  return {
    shareCode: code,
    name: row.name,
    preview: row.custom_preview_key || row.preview_key ? sharedFileUrl(code, 'preview') : '',
    file: row.file_key ? sharedFileUrl(code, 'scene') : '',
  };
}

/** The stored key (and its content type) behind a shared address, or null (plain 404) when the code does not open it. */
export async function sharedFileKey(db: Db, code: string, which: SharedFile): Promise<{ key: string; contentType: string } | null> {
  if (!SHARE_CODE_SHAPE.test(code)) return null;
  const key = which === 'scene' ? 'v.file_key' : "coalesce(nullif(s.custom_preview_key, ''), v.preview_key)";
  const rows = await db.query<{ key: string; content_type: string }>(
    `select f.key, f.content_type from ${SCENE_FROM} join scene_files f on f.key = ${key}
     where s.share_code = $1 and s.deleted_at is null`,
    [code],
  );
  const row = rows[0];
  return row ? { key: row.key, contentType: row.content_type } : null;
}

/** POST /meta20/scene-share/revoke: the owner withdraws the code; its links answer 404 from now on, and a new create makes a new code. */
export async function revokeShareCode(db: Db, actor: Actor, id: number): Promise<void> {
  const rows = await db.query(
    `update scenes set share_code = null where id = $1 and project_code = $2 and owner_id = $3 and deleted_at is null returning id`,
    [id, actor.projectCode, actor.userId],
  );
  if (rows.length === 0) throw sceneNotFound();
}

function shareNotFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'shareNotFound');
}
