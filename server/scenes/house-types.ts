// The tenant's house-type library (户型入库, core.md §5; issue 16). An entry is made from a saved
// scheme: its current version's scene file and preview are copied to fresh keys the entry owns,
// so later saves, restores or the deletion of the scheme never change it. Every user of the
// project sees the library; another project's entry answers 404 like a missing one; the owner or a
// project admin may delete one.
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import { assertStorageRoom } from '../storage/quota';
import { canonicalJson, type FileRecord, type SceneFile } from '../../protocol/scene-file';
import { copyStoredFile, deleteStoredBytes, dropFileRows, fileUrl, invalidFile, putSceneJson, readSceneFileBytes, recordFile, type StoredSceneFile } from './files';
import type { Page } from './dto';
import { likePattern } from './manage';
import { findVersion, requireScene, sceneNotFound, type Actor } from './repo';
import { materialise } from './deltas';
import { emptyScene } from './saves';
import { earlierAnswer, ownerOf, runWrite, type Outcome, type SceneDeps } from './write';
import type { IdempotencyScope } from './idempotency';

export interface HouseTypeDto {
  id: number;
  name: string;
  /** sceneStyle */
  style: string;
  roomNumber: number;
  bedroomNumber: number;
  parlourNumber: number;
  bathroomNumber: number;
  /** clientCity: a city code of the region table, '' for none */
  city: string;
  cityName: string;
  /** clientBuilding (小区 / 楼盘) */
  building: string;
  /** m², from the scheme's saved version */
  area: number;
  /** the copied scene file and preview ('' when the scheme had none) */
  file: string;
  preview: string;
  fromSceneId: number | null;
  ownerId: number;
  createdAt: string;
}

export interface HouseTypeInput {
  sceneId: number;
  name?: string | undefined;
  style: string;
  roomNumber: number;
  bedroomNumber: number;
  parlourNumber: number;
  bathroomNumber: number;
  city: string;
  cityName: string;
  building: string;
}

export interface HouseTypeQuery {
  pageNumber: number;
  pageSize: number;
  /** found in the name, the city's name or the building */
  keyword?: string | undefined;
}

interface HouseTypeRow {
  id: number;
  project_code: string;
  owner_id: number;
  from_scene_id: number | null;
  name: string;
  style: string;
  room_number: number;
  bedroom_number: number;
  parlour_number: number;
  bathroom_number: number;
  city: string;
  city_name: string;
  building: string;
  area: number;
  file_key: string;
  preview_key: string | null;
  created_at: Date;
}

const COLUMNS = `id, project_code, owner_id, from_scene_id, name, style, room_number, bedroom_number, parlour_number,
  bathroom_number, city, city_name, building, area, file_key, preview_key, created_at`;

function dto(r: HouseTypeRow): HouseTypeDto {
  return {
    id: Number(r.id),
    name: r.name,
    style: r.style,
    roomNumber: r.room_number,
    bedroomNumber: r.bedroom_number,
    parlourNumber: r.parlour_number,
    bathroomNumber: r.bathroom_number,
    city: r.city,
    cityName: r.city_name,
    building: r.building,
    area: Number(r.area),
    file: fileUrl(r.file_key),
    preview: fileUrl(r.preview_key),
    fromSceneId: r.from_scene_id === null ? null : Number(r.from_scene_id),
    ownerId: r.owner_id,
    createdAt: r.created_at.toISOString(),
  };
}

/** The client's city: a house type keeps it (it is part of what the library is searched by). */
const CITY_ENTRY_KEY = 'ClientArea';

/**
 * The scene file as the library keeps it: the plan and the house type, named after the entry, but
 * without the client it was drawn for (name, phone, address, order number): the library is shared
 * by the whole project, the client's details are not.
 */
export function libraryCopy(source: Uint8Array, name: string): Uint8Array {
  let file: SceneFile;
  try {
    file = JSON.parse(new TextDecoder().decode(source)) as SceneFile;
  } catch {
    throw invalidFile('file', 'the stored scene file is not JSON');
  }
  if (!Array.isArray(file.records)) throw invalidFile('file', 'the stored scene file has no records');
  const records = file.records.map((r: FileRecord): FileRecord => {
    if (r.type !== 'meta' || typeof r.client !== 'object' || r.client === null) return r;
    const client = r.client as { custom_client_info?: unknown };
    const entries = Array.isArray(client.custom_client_info) ? (client.custom_client_info as { key?: unknown }[]).filter((e) => e?.key === CITY_ENTRY_KEY) : [];
    return { ...r, name, client: { name: '', phone: '', id: '', address: '', order_number: '', ...(entries.length > 0 ? { custom_client_info: entries } : {}) } };
  });
  return new TextEncoder().encode(canonicalJson({ ...file, meta: { ...file.meta, name }, records }));
}

export function houseTypeNotFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'houseTypeNotFound');
}

/** GET /meta20/x/house-type: the project's library, newest first. */
export async function listHouseTypes(db: Db, actor: Actor, q: HouseTypeQuery): Promise<Page<HouseTypeDto>> {
  const where = `project_code = $1 and ($2::text is null or name ilike $2 or city_name ilike $2 or building ilike $2)`;
  const params = [actor.projectCode, q.keyword ? likePattern(q.keyword) : null];
  const rows = await db.query<HouseTypeRow>(`select ${COLUMNS} from house_types where ${where} order by id desc limit $3 offset $4`, [
    ...params,
    q.pageSize,
    (q.pageNumber - 1) * q.pageSize,
  ]);
  const counted = await db.query<{ n: number }>(`select count(*)::int as n from house_types where ${where}`, params);
  return { list: rows.map(dto), total: counted[0]?.n ?? 0, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function getHouseType(db: Db, actor: Actor, id: number): Promise<HouseTypeDto> {
  const rows = await db.query<HouseTypeRow>(`select ${COLUMNS} from house_types where id = $1 and project_code = $2`, [id, actor.projectCode]);
  const row = rows[0];
  if (!row) throw houseTypeNotFound();
  return dto(row);
}

/**
 * POST /meta20/x/house-type: stores a saved scheme (the owner's, or any of the project for its
 * admin) in the library. A scheme never saved has no version to copy (404 like a missing one);
 * an empty one is refused with 场景不能为空！ (20002).
 */
export async function createHouseType(
  deps: SceneDeps,
  actor: Actor,
  scope: IdempotencyScope | null,
  input: HouseTypeInput,
): Promise<Outcome<HouseTypeDto | unknown>> {
  const early = await earlierAnswer(deps, scope);
  if (early) return early;
  const scene = await requireScene(deps.db, actor, input.sceneId, 'read');
  const version = scene.current_version_id ? await findVersion(deps.db, scene.id, scene.current_version_id) : null;
  if (!version) throw sceneNotFound();
  const content = await deps.db.query<{ content_records: number | null }>('select content_records from scene_files where key = $1', [version.file_key]);
  if (!content[0] || content[0].content_records === 0) throw emptyScene();

  const owner = ownerOf(actor);
  await assertStorageRoom(deps.db, deps.quota, owner, 0);
  const copies: StoredSceneFile[] = [];
  const copy = async (key: string | null): Promise<StoredSceneFile | null> => {
    if (!key) return null;
    const [file] = await copyStoredFile(deps.db, deps.storage, owner, key);
    if (file) copies.push(file);
    return file ?? null;
  };
  const name = input.name ?? scene.name;
  // The current version may be a delta save: its full file is written on its first read.
  await materialise(deps, version.file_key);
  const source = await readSceneFileBytes(deps.storage, version.file_key);
  if (!source) throw sceneNotFound();
  let file: StoredSceneFile;
  try {
    file = await putSceneJson(deps.storage, owner, libraryCopy(source, name), 'file');
  } catch (e) {
    await deleteStoredBytes(deps.storage, deps.logger, copies.map((f) => f.key));
    throw e;
  }
  copies.push(file);
  const preview = await copy(version.preview_key ?? scene.custom_preview_key);

  return runWrite(deps, scope, copies.map((f) => f.key), async (tx) => {
    for (const f of copies) await recordFile(tx, owner, f, true);
    const rows = await tx.query<HouseTypeRow>(
      `insert into house_types (project_code, owner_id, from_scene_id, name, style, room_number, bedroom_number,
         parlour_number, bathroom_number, city, city_name, building, area, file_key, preview_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       returning ${COLUMNS}`,
      [
        actor.projectCode,
        actor.userId,
        scene.id,
        name,
        input.style,
        input.roomNumber,
        input.bedroomNumber,
        input.parlourNumber,
        input.bathroomNumber,
        input.city,
        input.city ? input.cityName : '',
        input.building,
        version.area,
        file.key,
        preview?.key ?? null,
      ],
    );
    return { body: dto(rows[0]!) };
  });
}

/** DELETE /meta20/x/house-type/{id}: the owner or a project admin; its files go with it. */
export async function deleteHouseType(deps: SceneDeps, actor: Actor, id: number): Promise<{ id: number }> {
  const outcome = await runWrite(deps, null, [], async (tx) => {
    const rows = await tx.query<{ owner_id: number; file_key: string; preview_key: string | null }>(
      'select owner_id, file_key, preview_key from house_types where id = $1 and project_code = $2 for update',
      [id, actor.projectCode],
    );
    const row = rows[0];
    if (!row) throw houseTypeNotFound();
    if (row.owner_id !== actor.userId && !actor.isProjectAdmin) throw new ApiError(403, RETCODE.FORBIDDEN, 'houseTypeForbidden');
    await tx.query('delete from house_types where id = $1', [id]);
    return { body: { id }, dropKeys: await dropFileRows(tx, [row.file_key, row.preview_key]) };
  });
  return outcome.body as { id: number };
}
