// Sample rooms (样板间). Public ones are listed to every project; the others only to their own
// project. Favourites are per user; only the owner or an admin of the owning project may change one.
import type { Db } from '../db/types';
import { containsPattern, Params, type Paging } from './http';
import type { Viewer } from './tiles';

export interface ModelRoomViewer extends Viewer {
  isProjectAdmin: boolean;
}

/** core.md §3 model room fields (id, scheme_id, scheme_brand, favor) and what a card shows. */
export interface ModelRoomItem {
  id: number;
  /** the id favourites are keyed by; the same as id */
  scheme_id: number;
  /** the project the sample room belongs to */
  scheme_brand: string;
  favor: 0 | 1;
  name: string;
  cover_url: string;
  scene_id: number | null;
  /** address of the sample room's scene file; '' when it has none (the client shows 该样板间没有场景文件) */
  scene_file: string;
  room_type: number;
  style: string;
  area: number;
  viewed_count: number;
  model_list_url: string;
  room: Record<string, unknown>;
  is_public: 0 | 1;
  is_owner: 0 | 1;
  created_at: string;
  updated_at: string;
}

export const ORDER_FIELDS = ['created_at', 'updated_at', 'viewed_count', 'id', 'area'] as const;
export type ModelRoomOrderField = (typeof ORDER_FIELDS)[number];

export interface ModelRoomFilters {
  sceneId?: number | undefined;
  keyword?: string | undefined;
  roomType?: number | undefined;
  style?: string | undefined;
  favorOnly?: boolean | undefined;
  /** only the viewer's project's own sample rooms */
  ownProjectOnly?: boolean | undefined;
}

interface Row {
  id: number;
  project_code: string;
  owner_user_id: number | null;
  is_public: boolean;
  scene_id: number | null;
  name: string;
  room_type: number;
  style: string;
  area: number;
  cover_url: string;
  scene_file: string;
  model_list_url: string;
  room: unknown;
  viewed_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  favor: boolean;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toItem(r: Row, viewer: Viewer): ModelRoomItem {
  return {
    id: r.id,
    scheme_id: r.id,
    scheme_brand: r.project_code,
    favor: r.favor ? 1 : 0,
    name: r.name,
    cover_url: r.cover_url,
    scene_id: r.scene_id,
    scene_file: r.scene_file,
    room_type: r.room_type,
    style: r.style,
    area: r.area,
    viewed_count: r.viewed_count,
    model_list_url: r.model_list_url,
    room: typeof r.room === 'object' && r.room !== null && !Array.isArray(r.room) ? (r.room as Record<string, unknown>) : {},
    is_public: r.is_public ? 1 : 0,
    is_owner: r.owner_user_id !== null && r.owner_user_id === viewer.userId ? 1 : 0,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

function columns(p: Params, viewer: Viewer): string {
  return `m.id, m.project_code, m.owner_user_id, m.is_public, m.scene_id, m.name, m.room_type, m.style,
    m.area::float8 as area, m.cover_url, m.scene_file, m.model_list_url, m.room, m.viewed_count, m.created_at, m.updated_at,
    exists (select 1 from model_room_favors f where f.model_room_id = m.id and f.user_id = ${p.add(viewer.userId)}) as favor`;
}

function visible(p: Params, viewer: Viewer): string {
  return `(m.is_public or m.project_code = ${p.add(viewer.project)})`;
}

function whereClause(f: ModelRoomFilters, p: Params, viewer: Viewer): string {
  const parts = [visible(p, viewer)];
  if (f.sceneId !== undefined) parts.push(`m.scene_id = ${p.add(f.sceneId)}`);
  if (f.keyword) {
    const k = p.add(containsPattern(f.keyword));
    parts.push(`(m.name ilike ${k} or m.style ilike ${k})`);
  }
  if (f.roomType !== undefined) parts.push(`m.room_type = ${p.add(f.roomType)}`);
  if (f.style) parts.push(`m.style = ${p.add(f.style)}`);
  if (f.favorOnly) parts.push(`exists (select 1 from model_room_favors f where f.model_room_id = m.id and f.user_id = ${p.add(viewer.userId)})`);
  if (f.ownProjectOnly) parts.push(`m.project_code = ${p.add(viewer.project)}`);
  return parts.join(' and ');
}

export async function listModelRooms(
  db: Db,
  viewer: Viewer,
  filters: ModelRoomFilters,
  order: { field: ModelRoomOrderField; desc: boolean },
  page: Paging,
): Promise<{ total: number; data: ModelRoomItem[] }> {
  const cp = new Params();
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from model_rooms m where ${whereClause(filters, cp, viewer)}`, cp.values);
  const p = new Params();
  const cols = columns(p, viewer);
  const where = whereClause(filters, p, viewer);
  // field and direction come from closed lists, never from the request text itself
  const direction = order.desc ? 'desc' : 'asc';
  const rows = await db.query<Row>(
    `select ${cols} from model_rooms m where ${where}
      order by m.${order.field} ${direction}, m.id ${direction}
      limit ${p.add(page.pageSize)} offset ${p.add(page.offset)}`,
    p.values,
  );
  return { total: count?.n ?? 0, data: rows.map((r) => toItem(r, viewer)) };
}

export async function getModelRoom(db: Db, viewer: Viewer, id: number): Promise<ModelRoomItem | null> {
  const p = new Params();
  const cols = columns(p, viewer);
  const rows = await db.query<Row>(`select ${cols} from model_rooms m where m.id = ${p.add(id)} and ${visible(p, viewer)}`, p.values);
  return rows[0] ? toItem(rows[0], viewer) : null;
}

export async function favorModelRoom(db: Db, viewer: Viewer, id: number): Promise<boolean> {
  const rows = await db.query(
    `insert into model_room_favors (user_id, model_room_id, scheme_brand)
     select $1, m.id, m.project_code from model_rooms m where m.id = $2 and (m.is_public or m.project_code = $3)
     on conflict (user_id, model_room_id) do update set created_at = model_room_favors.created_at
     returning model_room_id`,
    [viewer.userId, id, viewer.project],
  );
  return rows.length > 0;
}

export async function unfavorModelRoom(db: Db, viewer: Viewer, id: number): Promise<boolean> {
  const rows = await db.query('delete from model_room_favors where user_id = $1 and model_room_id = $2 returning model_room_id', [
    viewer.userId,
    id,
  ]);
  return rows.length > 0;
}

/** null: not visible. The owner looking at their own sample room is not a view. */
export async function countModelRoomView(db: Db, viewer: Viewer, id: number): Promise<{ viewed_count: number; counted: boolean } | null> {
  const rows = await db.query<{ viewed_count: number; counted: boolean }>(
    `with target as (
       select id, owner_user_id is not distinct from $3::int as own from model_rooms
        where id = $1 and (is_public or project_code = $2)
     ), bumped as (
       update model_rooms set viewed_count = viewed_count + 1
        where id = (select id from target where not own)
        returning viewed_count
     )
     select coalesce((select viewed_count from bumped), (select viewed_count from model_rooms where id = (select id from target))) as viewed_count,
            exists (select 1 from bumped) as counted
      where exists (select 1 from target)`,
    [id, viewer.project, viewer.userId],
  );
  return rows[0] ?? null;
}

export interface SchemePatch {
  model_list_url?: string | undefined;
  name?: string | undefined;
  cover_url?: string | undefined;
  scene_file?: string | undefined;
  room?: Record<string, unknown> | undefined;
}

/** 'forbidden': visible to the viewer but not theirs to change; null: not visible at all. */
export async function patchModelRoom(
  db: Db,
  viewer: ModelRoomViewer,
  id: number,
  patch: SchemePatch,
): Promise<ModelRoomItem | 'forbidden' | null> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ project_code: string; owner_user_id: number | null; is_public: boolean }>(
      'select project_code, owner_user_id, is_public from model_rooms where id = $1 for update',
      [id],
    );
    const row = found[0];
    if (!row || (!row.is_public && row.project_code !== viewer.project)) return null;
    const mayChange = row.project_code === viewer.project && (row.owner_user_id === viewer.userId || viewer.isProjectAdmin);
    if (!mayChange) return 'forbidden';
    const room = patch.room;
    const roomType = room && typeof room.roomType === 'number' && Number.isInteger(room.roomType) ? room.roomType : null;
    const area = room && typeof room.area === 'number' && Number.isFinite(room.area) && room.area >= 0 && room.area < 1e7 ? room.area : null;
    await tx.query(
      `update model_rooms set
         model_list_url = coalesce($2, model_list_url),
         name = coalesce($3, name),
         cover_url = coalesce($4, cover_url),
         scene_file = coalesce($5, scene_file),
         room = coalesce($6::jsonb, room),
         room_type = coalesce($7, room_type),
         area = coalesce($8, area),
         updated_at = now()
       where id = $1`,
      [
        id,
        patch.model_list_url ?? null,
        patch.name ?? null,
        patch.cover_url ?? null,
        patch.scene_file ?? null,
        room ? JSON.stringify(room) : null,
        roomType,
        area,
      ],
    );
    return getModelRoom(tx, viewer, id);
  });
}
