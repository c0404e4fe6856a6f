// The source library (catalogues.md §7): categories a designer files catalogue items under, in
// their own (personal) library or the project's shared (brand) library, the item-to-category
// maps, and simple-paving favourites. Personal rows are the user's alone; brand rows are read by
// everyone in the project and changed only by its admins.
import type { Db } from '../db/types';
import { containsPattern, Params, type Paging } from './http';
import type { ModelRoomViewer } from './model-rooms';
import type { Viewer } from './tiles';

export const LIBRARY_TYPES = ['personal', 'brand'] as const;
export type LibraryType = (typeof LIBRARY_TYPES)[number];

export interface LibraryCategory {
  id: number;
  name: string;
  source_type: string;
  library_type: LibraryType;
  /** number of items filed under it */
  count: number;
  /** 1 when the viewer may rename or delete it */
  editable: 0 | 1;
  created_at: string;
  updated_at: string;
}

interface CategoryRow {
  id: number;
  name: string;
  source_type: string;
  library_type: LibraryType;
  user_id: number | null;
  project_code: string;
  count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function mayWrite(row: { library_type: LibraryType; user_id: number | null; project_code: string }, viewer: ModelRoomViewer): boolean {
  if (row.project_code !== viewer.project) return false;
  return row.library_type === 'personal' ? row.user_id === viewer.userId : viewer.isProjectAdmin;
}

function toCategory(r: CategoryRow, viewer: ModelRoomViewer): LibraryCategory {
  return {
    id: r.id,
    name: r.name,
    source_type: r.source_type,
    library_type: r.library_type,
    count: r.count,
    editable: mayWrite(r, viewer) ? 1 : 0,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

/** The viewer's personal categories and the project's brand categories. */
function visible(p: Params, viewer: Viewer, alias = 'c'): string {
  return `(${alias}.project_code = ${p.add(viewer.project)} and (${alias}.library_type = 'brand' or ${alias}.user_id = ${p.add(viewer.userId)}))`;
}

const CATEGORY_COLUMNS = `c.id, c.name, c.source_type, c.library_type, c.user_id, c.project_code, c.created_at, c.updated_at,
  (select count(*)::int from library_category_maps m where m.category_id = c.id) as count`;

export interface CategoryQuery {
  sourceType?: string | undefined;
  keyword?: string | undefined;
  libraryType?: LibraryType | undefined;
}

export async function listCategories(db: Db, viewer: ModelRoomViewer, q: CategoryQuery): Promise<LibraryCategory[]> {
  const p = new Params();
  const parts = [visible(p, viewer)];
  if (q.sourceType) parts.push(`c.source_type = ${p.add(q.sourceType)}`);
  if (q.libraryType) parts.push(`c.library_type = ${p.add(q.libraryType)}`);
  if (q.keyword) parts.push(`c.name ilike ${p.add(containsPattern(q.keyword))}`);
  const rows = await db.query<CategoryRow>(
    `select ${CATEGORY_COLUMNS} from library_categories c where ${parts.join(' and ')} order by c.library_type desc, c.created_at, c.id`,
    p.values,
  );
  return rows.map((r) => toCategory(r, viewer));
}

async function findCategory(db: Db, viewer: ModelRoomViewer, id: number): Promise<CategoryRow | null> {
  const p = new Params();
  const rows = await db.query<CategoryRow>(
    `select ${CATEGORY_COLUMNS} from library_categories c where c.id = ${p.add(id)} and ${visible(p, viewer)}`,
    p.values,
  );
  return rows[0] ?? null;
}

export type WriteResult<T> = T | 'forbidden' | 'taken' | null;

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

export async function createCategory(
  db: Db,
  viewer: ModelRoomViewer,
  input: { name: string; sourceType: string; libraryType: LibraryType },
): Promise<WriteResult<LibraryCategory>> {
  if (input.libraryType === 'brand' && !viewer.isProjectAdmin) return 'forbidden';
  try {
    // a savepoint, so that a name clash inside a caller's transaction does not abort it
    const rows = await db.transaction((tx) =>
      tx.query<{ id: number }>(
        `insert into library_categories (project_code, user_id, library_type, source_type, name)
         values ($1, $2, $3, $4, $5) returning id`,
        [viewer.project, input.libraryType === 'personal' ? viewer.userId : null, input.libraryType, input.sourceType, input.name],
      ),
    );
    const created = await findCategory(db, viewer, rows[0]!.id);
    return created ? toCategory(created, viewer) : null;
  } catch (e) {
    if (isUniqueViolation(e)) return 'taken';
    throw e;
  }
}

export async function renameCategory(db: Db, viewer: ModelRoomViewer, id: number, name: string): Promise<WriteResult<LibraryCategory>> {
  const row = await findCategory(db, viewer, id);
  if (!row) return null;
  if (!mayWrite(row, viewer)) return 'forbidden';
  try {
    await db.transaction((tx) => tx.query('update library_categories set name = $2, updated_at = now() where id = $1', [id, name]));
  } catch (e) {
    if (isUniqueViolation(e)) return 'taken';
    throw e;
  }
  const updated = await findCategory(db, viewer, id);
  return updated ? toCategory(updated, viewer) : null;
}

export async function deleteCategory(db: Db, viewer: ModelRoomViewer, id: number): Promise<WriteResult<true>> {
  const row = await findCategory(db, viewer, id);
  if (!row) return null;
  if (!mayWrite(row, viewer)) return 'forbidden';
  await db.query('delete from library_categories where id = $1', [id]);
  return true;
}

/** Categories of one library across every source type (all_category). */
export async function allCategories(db: Db, viewer: ModelRoomViewer, libraryType: LibraryType): Promise<LibraryCategory[]> {
  return listCategories(db, viewer, { libraryType });
}

// ---- item maps ----

export interface CategoryMapItem {
  id: number;
  cate_id: number;
  cate_name: string;
  source_type: string;
  model_id: string;
  created_at: string;
  /** the catalogue item itself when it is a tile, paving or medallion the viewer can see */
  item: { name: string; code: string; image: string; cover_url: string; spec: string; brand: string } | null;
}

/**
 * Files `modelIds` under category `cateId`. An item sits in one category per library, so it is
 * taken out of the library's other categories first (filing again moves it).
 */
export async function storeCategoryMaps(
  db: Db,
  viewer: ModelRoomViewer,
  cateId: number,
  sourceType: string,
  modelIds: readonly string[],
): Promise<WriteResult<number>> {
  const row = await findCategory(db, viewer, cateId);
  if (!row) return null;
  if (!mayWrite(row, viewer)) return 'forbidden';
  const ids = [...new Set(modelIds)];
  return db.transaction(async (tx) => {
    await tx.query(
      `delete from library_category_maps m using library_categories c
        where m.category_id = c.id and c.id <> $1 and c.project_code = $2 and c.library_type = $3
          and c.user_id is not distinct from $4::int and m.source_type = $5 and m.model_id = any($6::text[])`,
      [cateId, row.project_code, row.library_type, row.user_id, sourceType, ids],
    );
    const added = await tx.query(
      `insert into library_category_maps (category_id, source_type, model_id, cate_name)
       select $1, $2, x, $3 from unnest($4::text[]) as x
       on conflict (category_id, source_type, model_id) do nothing
       returning id`,
      [cateId, sourceType, row.name, ids],
    );
    return added.length;
  });
}

/** Takes items out of one category, or out of every category of one library the viewer may change. */
export async function deleteCategoryMaps(
  db: Db,
  viewer: ModelRoomViewer,
  input: { sourceType: string; modelIds: readonly string[]; cateId?: number | undefined; libraryType: LibraryType },
): Promise<WriteResult<number>> {
  if (input.cateId !== undefined) {
    const row = await findCategory(db, viewer, input.cateId);
    if (!row) return null;
    if (!mayWrite(row, viewer)) return 'forbidden';
    const removed = await db.query(
      'delete from library_category_maps where category_id = $1 and source_type = $2 and model_id = any($3::text[]) returning id',
      [input.cateId, input.sourceType, [...input.modelIds]],
    );
    return removed.length;
  }
  if (input.libraryType === 'brand' && !viewer.isProjectAdmin) return 'forbidden';
  const removed = await db.query(
    `delete from library_category_maps m using library_categories c
      where m.category_id = c.id and c.project_code = $1 and c.library_type = $2
        and (c.library_type = 'brand' or c.user_id = $3) and m.source_type = $4 and m.model_id = any($5::text[])
      returning m.id`,
    [viewer.project, input.libraryType, viewer.userId, input.sourceType, [...input.modelIds]],
  );
  return removed.length;
}

interface MapRow {
  id: number;
  cate_id: number;
  cate_name: string;
  source_type: string;
  model_id: string;
  created_at: Date | string;
  item_name: string | null;
  item_code: string | null;
  item_image: string | null;
  item_cover: string | null;
  item_spec: string | null;
  item_brand: string | null;
}

export interface MapQuery {
  cateId?: number | undefined;
  sourceType?: string | undefined;
  libraryType?: LibraryType | undefined;
}

/** Filed items (get_category_map_page_list), newest first; null when cateId names no visible category. */
export async function listCategoryMaps(
  db: Db,
  viewer: ModelRoomViewer,
  q: MapQuery,
  page: Paging,
): Promise<{ total: number; data: CategoryMapItem[] } | null> {
  if (q.cateId !== undefined && !(await findCategory(db, viewer, q.cateId))) return null;
  const where = (p: Params): string => {
    const parts = [visible(p, viewer)];
    if (q.cateId !== undefined) parts.push(`c.id = ${p.add(q.cateId)}`);
    if (q.sourceType) parts.push(`m.source_type = ${p.add(q.sourceType)}`);
    if (q.libraryType) parts.push(`c.library_type = ${p.add(q.libraryType)}`);
    return parts.join(' and ');
  };
  const cp = new Params();
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from library_category_maps m join library_categories c on c.id = m.category_id where ${where(cp)}`,
    cp.values,
  );
  const p = new Params();
  const project = p.add(viewer.project);
  const conditions = where(p);
  // Tiles, pavings, medallions and furniture models are resolved to show a picture; only ones the viewer may see.
  const rows = await db.query<MapRow>(
    `select m.id, c.id as cate_id, c.name as cate_name, m.source_type, m.model_id, m.created_at,
        coalesce(t.name, v.name, fm.name) as item_name, coalesce(t.code, v.code, fm.model_id) as item_code,
        coalesce(t.image, v.image, fm.cover) as item_image, coalesce(t.cover_url, v.cover_url, fm.cover) as item_cover,
        coalesce(t.spec, v.spec, fm.spec) as item_spec, coalesce(t.brand, v.brand, fm.brand) as item_brand
       from library_category_maps m
       join library_categories c on c.id = m.category_id
       -- The casts sit inside CASE: PostgreSQL may evaluate the conditions of an AND in any order,
       -- and one row with a model_id that is not a number must not fail every list.
       left join tiles t on m.source_type = 'tile' and t.id = (case when m.model_id ~ '^[0-9]{1,9}$' then m.model_id::int end)
         and (t.owner_project is null or t.owner_project = ${project})
       left join pavings v on m.source_type in ('paving', 'waterjet')
         and v.id = (case when m.model_id ~ '^[0-9]{1,9}$' then m.model_id::int end)
         and v.kind = m.source_type and (v.owner_project is null or v.owner_project = ${project})
       -- furniture models are filed by model_id; the project's brand copy wins over the public one
       left join lateral (
         select fm.name, fm.model_id, '/files/' || fm.file_base || '.png' as cover,
                fm.sizex || 'x' || fm.sizey || 'x' || fm.sizez as spec, fm.brand
           from catalogue_models fm
          where m.source_type = 'model' and fm.model_id = m.model_id
            and (fm.owner_project is null or (fm.owner_project = ${project} and fm.owner_user_id is null))
          order by (fm.owner_project is null) limit 1) fm on true
      where ${conditions}
      order by m.created_at desc, m.id desc
      limit ${p.add(page.pageSize)} offset ${p.add(page.offset)}`,
    p.values,
  );
  return {
    total: count?.n ?? 0,
    data: rows.map((r) => ({
      id: r.id,
      cate_id: r.cate_id,
      cate_name: r.cate_name,
      source_type: r.source_type,
      model_id: r.model_id,
      created_at: iso(r.created_at),
      item:
        r.item_code === null
          ? null
          : {
              name: r.item_name ?? '',
              code: r.item_code,
              image: r.item_image ?? '',
              cover_url: r.item_cover ?? '',
              spec: r.item_spec ?? '',
              brand: r.item_brand ?? '',
            },
    })),
  };
}

// ---- simple paving favourites ----

export interface SimplePavingFavor {
  id: number;
  name: string;
  tile_id: number | null;
  /** the texture favourite fields and laying parameters, as they were sent */
  payload: Record<string, unknown>;
  created_at: string;
  tile: { id: number; code: string; old_id: number; name: string; image: string; cover_url: string; spec: string; brand: string } | null;
}

interface FavorRow {
  id: number;
  name: string;
  tile_id: number | null;
  payload: unknown;
  created_at: Date | string;
  t_id: number | null;
  t_code: string | null;
  t_old_id: number | null;
  t_name: string | null;
  t_image: string | null;
  t_cover: string | null;
  t_spec: string | null;
  t_brand: string | null;
}

function toFavor(r: FavorRow): SimplePavingFavor {
  return {
    id: r.id,
    name: r.name,
    tile_id: r.tile_id,
    payload: typeof r.payload === 'object' && r.payload !== null && !Array.isArray(r.payload) ? (r.payload as Record<string, unknown>) : {},
    created_at: iso(r.created_at),
    tile:
      r.t_id === null
        ? null
        : {
            id: r.t_id,
            code: r.t_code ?? '',
            old_id: r.t_old_id ?? 0,
            name: r.t_name ?? '',
            image: r.t_image ?? '',
            cover_url: r.t_cover ?? '',
            spec: r.t_spec ?? '',
            brand: r.t_brand ?? '',
          },
  };
}

const FAVOR_SELECT = `select s.id, s.name, s.tile_id, s.payload, s.created_at, t.id as t_id, t.code as t_code, t.old_id as t_old_id,
    t.name as t_name, t.image as t_image, t.cover_url as t_cover, t.spec as t_spec, t.brand as t_brand
   from simple_paving_favors s
   left join tiles t on t.id = s.tile_id and (t.owner_project is null or t.owner_project = $2)`;

/** null when tileId names no tile the viewer can see. */
export async function addSimplePavingFavor(
  db: Db,
  viewer: Viewer,
  input: { tileId?: number | undefined; name: string; payload: Record<string, unknown> },
): Promise<SimplePavingFavor | null> {
  if (input.tileId !== undefined) {
    const seen = await db.query('select 1 from tiles where id = $1 and (owner_project is null or owner_project = $2)', [input.tileId, viewer.project]);
    if (seen.length === 0) return null;
  }
  const rows = await db.query<{ id: number }>(
    'insert into simple_paving_favors (user_id, tile_id, name, payload) values ($1, $2, $3, $4::jsonb) returning id',
    [viewer.userId, input.tileId ?? null, input.name, JSON.stringify(input.payload)],
  );
  const created = await db.query<FavorRow>(`${FAVOR_SELECT} where s.id = $1`, [rows[0]!.id, viewer.project]);
  return created[0] ? toFavor(created[0]) : null;
}

export async function deleteSimplePavingFavor(db: Db, viewer: Viewer, id: number): Promise<boolean> {
  const rows = await db.query('delete from simple_paving_favors where id = $1 and user_id = $2 returning id', [id, viewer.userId]);
  return rows.length > 0;
}

export async function listSimplePavingFavors(
  db: Db,
  viewer: Viewer,
  page: Paging,
): Promise<{ total: number; data: SimplePavingFavor[] }> {
  const [count] = await db.query<{ n: number }>('select count(*)::int as n from simple_paving_favors where user_id = $1', [viewer.userId]);
  const rows = await db.query<FavorRow>(
    `${FAVOR_SELECT} where s.user_id = $1 order by s.created_at desc, s.id desc limit $3 offset $4`,
    [viewer.userId, viewer.project, page.pageSize, page.offset],
  );
  return { total: count?.n ?? 0, data: rows.map(toFavor) };
}
