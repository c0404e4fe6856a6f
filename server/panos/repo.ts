// Panoramas (migrations 47-48, docs/panoramas.md): the browser makes the equirectangular JPEG and
// its thumbnail (kernel panorama()), the server checks and stores them, lists them per scene as
// album pictures, shares one by a code anyone may open without a login, and revokes the code.
// Who may do what follows the scenes: the owner of the scene makes, deletes and shares; the owner
// and the project's admins read; anyone else (another tenant included) gets the same 404 as for a
// panorama that does not exist.
import { randomUUID } from 'node:crypto';
import type { AlbumImage } from '../../protocol/album';
import { PANO_WIDTHS, type Panorama, type SharedPanorama } from '../../protocol/panorama';
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import { newShareCode, SHARE_CODE_SHAPE } from '../scenes/manage';
import { requireScene, type Actor } from '../scenes/repo';
import { assertStorageRoom, type StorageQuota } from '../storage/quota';
import type { FileStorage } from '../storage/types';
import { jpegSize } from './jpeg';

/** An 8K JPEG at quality 0.9 of a busy room is ~15 MB; room to spare, not room for anything. */
export const PANO_MAX_BYTES = 40 * 1024 * 1024;
export const PANO_THUMB_MAX_BYTES = 256 * 1024;
/** Panoramas one scene keeps (an album, not a video). */
export const PANO_MAX_PER_SCENE = 200;
export const PANO_LABEL_MAX = 64;

interface PanoRow {
  id: string | number;
  project_code: string;
  owner_id: number;
  scene_id: string | number;
  storey_id: string;
  pos_x: number;
  pos_y: number;
  pos_z: number;
  room_label: string;
  width: number;
  height: number;
  image_key: string;
  thumb_key: string;
  share_code: string | null;
  created_at: Date | string;
}

const COLUMNS = 'id, project_code, owner_id, scene_id, storey_id, pos_x, pos_y, pos_z, room_label, width, height, image_key, thumb_key, share_code, created_at';

const P_COLUMNS = COLUMNS.split(', ')
  .map((c) => `p.${c}`)
  .join(', ');

export function panoNotFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'panoNotFound');
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The owner's view: files under /api/panos/{id}/... (session or login cookie). */
function dto(row: PanoRow): Panorama {
  const id = String(row.id);
  return {
    id,
    sceneId: String(row.scene_id),
    url: `/api/panos/${id}/image`,
    thumbUrl: `/api/panos/${id}/thumb`,
    width: row.width,
    height: row.height,
    position: { x: row.pos_x, y: row.pos_y, z: row.pos_z },
    storeyId: row.storey_id,
    label: row.room_label,
    createdAt: iso(row.created_at),
    shareCode: row.share_code,
  };
}

/** The public view of a shared panorama: files under its code, nothing that names the owner. */
function publicDto(row: PanoRow & { share_code: string }): Panorama {
  const code = row.share_code;
  return { ...dto(row), url: `/api/pano-share/${code}/image`, thumbUrl: `/api/pano-share/${code}/thumb` };
}

export function albumImageOf(p: Panorama): AlbumImage {
  return { id: p.id, sceneId: p.sceneId, kind: 'pano', url: p.url, thumbUrl: p.thumbUrl, width: p.width, height: p.height, createdAt: p.createdAt, label: p.label };
}

export interface NewPano {
  sceneId: number;
  storeyId: string;
  position: { x: number; y: number; z: number };
  label: string;
  image: Uint8Array;
  thumb: Uint8Array;
}

export interface PanoDeps {
  db: Db;
  storage: FileStorage;
  quota: StorageQuota;
}

/** Checks the two JPEGs: what the viewer and the album will show must be what the row says. */
export function checkImages(image: Uint8Array, thumb: Uint8Array): { width: number; height: number } {
  const size = jpegSize(image);
  if (!size || !PANO_WIDTHS.includes(size.width as never) || size.height * 2 !== size.width) {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'panoImageInvalid', { widths: PANO_WIDTHS.join(' / ') }, { field: 'image' });
  }
  const t = jpegSize(thumb);
  if (!t || t.width !== 100 || t.height !== 100) throw new ApiError(400, RETCODE.BAD_REQUEST, 'panoThumbInvalid', undefined, { field: 'thumb' });
  return size;
}

/**
 * Stores a panorama. `within` runs in the same transaction once the row is in (a render job marks
 * itself done there); a throw from it takes the panorama back, files included.
 */
export async function createPano({ db, storage, quota }: PanoDeps, actor: Actor, input: NewPano, within?: (tx: Db, pano: Panorama) => Promise<void>): Promise<Panorama> {
  const size = checkImages(input.image, input.thumb);
  const bytes = input.image.length + input.thumb.length;
  await requireScene(db, actor, input.sceneId, 'write');
  await assertStorageRoom(db, quota, { projectCode: actor.projectCode, userId: actor.userId }, bytes);
  const count = await db.query<{ n: string | number }>('select count(*) as n from panoramas where scene_id = $1', [input.sceneId]);
  if (Number(count[0]?.n ?? 0) >= PANO_MAX_PER_SCENE) throw new ApiError(409, RETCODE.BAD_REQUEST, 'panoTooMany', { max: PANO_MAX_PER_SCENE }, { field: 'sceneId' });
  const base = `panos/${actor.projectCode}/${input.sceneId}/${randomUUID()}`;
  const imageKey = `${base}.jpg`;
  const thumbKey = `${base}-thumb.jpg`;
  await storage.put(imageKey, input.image, { contentType: 'image/jpeg' });
  await storage.put(thumbKey, input.thumb, { contentType: 'image/jpeg' });
  try {
    return await db.transaction(async (tx) => {
      // the scene may have gone while the files were written
      await requireScene(tx, actor, input.sceneId, 'write', true);
      const rows = await tx.query<PanoRow>(
        `insert into panoramas (project_code, owner_id, scene_id, storey_id, pos_x, pos_y, pos_z, room_label, width, height, image_key, thumb_key, size)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning ${COLUMNS}`,
        [actor.projectCode, actor.userId, input.sceneId, input.storeyId, input.position.x, input.position.y, input.position.z, input.label, size.width, size.height, imageKey, thumbKey, bytes],
      );
      // core.md §8 usage events: one createPano per stored panorama
      await tx.query(`insert into user_events (project_code, user_id, event) values ($1, $2, 'createPano')`, [actor.projectCode, actor.userId]);
      const pano = dto(rows[0]!);
      await within?.(tx, pano);
      return pano;
    });
  } catch (e) {
    await Promise.all([storage.delete(imageKey), storage.delete(thumbKey)]).catch(() => {});
    throw e;
  }
}

/** A panorama this actor may read (the scene's owner, or an admin of its project); 404 otherwise. */
async function readableRow(db: Db, actor: Actor, id: number): Promise<PanoRow> {
  const who = actor.isProjectAdmin ? '' : 'and owner_id = $3';
  const rows = await db.query<PanoRow>(`select ${COLUMNS} from panoramas where id = $1 and project_code = $2 ${who}`, actor.isProjectAdmin ? [id, actor.projectCode] : [id, actor.projectCode, actor.userId]);
  if (!rows[0]) throw panoNotFound();
  return rows[0];
}

export async function getPano(db: Db, actor: Actor, id: number): Promise<Panorama> {
  return dto(await readableRow(db, actor, id));
}

export async function panoFileKey(db: Db, actor: Actor, id: number, which: 'image' | 'thumb'): Promise<string> {
  const row = await readableRow(db, actor, id);
  return which === 'image' ? row.image_key : row.thumb_key;
}

/** The scene's panoramas, oldest first. */
export async function listPanos(db: Db, actor: Actor, sceneId: number): Promise<Panorama[]> {
  await requireScene(db, actor, sceneId, 'read');
  const rows = await db.query<PanoRow>(`select ${COLUMNS} from panoramas where scene_id = $1 and project_code = $2 order by created_at, id`, [sceneId, actor.projectCode]);
  return rows.map(dto);
}

export async function deletePano({ db, storage }: Pick<PanoDeps, 'db' | 'storage'>, actor: Actor, id: number): Promise<void> {
  const rows = await db.query<{ image_key: string; thumb_key: string }>(
    'delete from panoramas where id = $1 and project_code = $2 and owner_id = $3 returning image_key, thumb_key',
    [id, actor.projectCode, actor.userId],
  );
  if (!rows[0]) throw panoNotFound();
  await Promise.all([storage.delete(rows[0].image_key), storage.delete(rows[0].thumb_key)]);
}

/** The panorama's share code, made on first use (the owner only). */
export async function sharePano(db: Db, actor: Actor, id: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const rows = await db.query<{ share_code: string }>(
        `update panoramas set share_code = coalesce(share_code, $4) where id = $1 and project_code = $2 and owner_id = $3 returning share_code`,
        [id, actor.projectCode, actor.userId, newShareCode()],
      );
      if (!rows[0]) throw panoNotFound();
      return rows[0].share_code;
    } catch (e) {
      // 23505: the fresh code collided with another panorama's; draw again
      if ((e as { code?: string }).code !== '23505') throw e;
    }
  }
  throw new ApiError(503, RETCODE.SERVICE_UNAVAILABLE, 'internalError');
}

/** Ends the share: the code and every link made of it stop working for good. */
export async function revokePano(db: Db, actor: Actor, id: number): Promise<void> {
  const rows = await db.query('update panoramas set share_code = null, revoked_at = case when share_code is null then revoked_at else now() end where id = $1 and project_code = $2 and owner_id = $3 returning id', [
    id,
    actor.projectCode,
    actor.userId,
  ]);
  if (rows.length === 0) throw panoNotFound();
}

export function normalCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return SHARE_CODE_SHAPE.test(code) ? code : null;
}

async function sharedRow(db: Db, code: string): Promise<(PanoRow & { share_code: string }) | null> {
  const rows = await db.query<PanoRow & { share_code: string }>(
    `select ${P_COLUMNS} from panoramas p join scenes s on s.id = p.scene_id
     where p.share_code = $1 and s.deleted_at is null`,
    [code],
  );
  return rows[0] ?? null;
}

/**
 * A shared panorama by its code, and the other shared panoramas of its scene (the walk's
 * hotspots: whoever holds one code of a scene may walk to the others its owner shared).
 */
export async function sharedPano(db: Db, rawCode: string): Promise<SharedPanorama | null> {
  const code = normalCode(rawCode);
  if (!code) return null;
  const row = await sharedRow(db, code);
  if (!row) return null;
  const others = await db.query<PanoRow & { share_code: string }>(
    `select ${COLUMNS} from panoramas where scene_id = $1 and share_code is not null and id <> $2 order by created_at, id`,
    [row.scene_id, row.id],
  );
  return { pano: publicDto(row), others: others.map(publicDto) };
}

export async function sharedFileKey(db: Db, rawCode: string, which: 'image' | 'thumb'): Promise<string | null> {
  const code = normalCode(rawCode);
  if (!code) return null;
  const row = await sharedRow(db, code);
  if (!row) return null;
  return which === 'image' ? row.image_key : row.thumb_key;
}
