// Material library queries. Every query carries the viewer from the verified session: the public
// library, the viewer's project's brand materials and the viewer's own are visible, nothing else;
// favourites and history are the viewer's own.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/types';
import { containsPattern, Params, type Paging } from '../http';
import { libraryScope, visibleRows } from '../library-scope';
import type { FilterOption, Viewer } from '../tiles';
import { MATERIAL_CATEGORIES, MATERIAL_CATEGORY_NAMES, MATERIAL_DEFS, type MaterialCategory } from './defs';
import { materialFileUrl, privateMaterialFileBase, publicMaterialFileBase, type ImageExt } from './files';

export const MATERIAL_LIBRARIES = ['all', 'public', 'brand', 'personal', 'favor'] as const;
export type MaterialScope = (typeof MATERIAL_LIBRARIES)[number];

/** A material as the client reads it: what the library shows and what a scene embeds. */
export interface MaterialItem {
  id: number;
  material_id: string;
  version: number;
  name: string;
  name_en: string;
  category: MaterialCategory;
  /** '#rrggbb' sRGB */
  colour: string;
  roughness: number;
  metalness: number;
  opacity: number;
  /** real-world size of one texture repeat, mm */
  tile_mm: number;
  /** base-colour texture; '' for a plain colour */
  map_url: string;
  /** tangent-space normal map; '' when none */
  normal_url: string;
  /** the shaded sphere (MaterialBall) */
  ball_url: string;
  /** the flat picture (MeterialImg) */
  cover_url: string;
  library: 'public' | 'brand' | 'personal';
  favor: 0 | 1;
  /** set in History: when the viewer last applied it */
  used_at?: string;
}

interface MaterialRow {
  id: number;
  material_id: string;
  version: number;
  name: string;
  name_en: string;
  category: MaterialCategory;
  colour: string;
  roughness: number;
  metalness: number;
  opacity: number;
  tile_mm: number;
  has_map: boolean;
  has_normal: boolean;
  map_ext: ImageExt;
  generator: string;
  file_base: string;
  owner_project: string | null;
  owner_user_id: number | null;
  favor: boolean;
  used_at?: Date | string;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

function toItem(r: MaterialRow): MaterialItem {
  // an upload has no drawn ball: its flat picture stands in for it
  const uploaded = r.generator === '';
  const map = r.has_map ? materialFileUrl(r.file_base, 'map', r.map_ext) : '';
  return {
    id: r.id,
    material_id: r.material_id,
    version: r.version,
    name: r.name,
    name_en: r.name_en,
    category: r.category,
    colour: r.colour,
    roughness: round3(r.roughness),
    metalness: round3(r.metalness),
    opacity: round3(r.opacity),
    tile_mm: r.tile_mm,
    map_url: map,
    normal_url: r.has_normal ? materialFileUrl(r.file_base, 'normal') : '',
    ball_url: uploaded ? map : materialFileUrl(r.file_base, 'ball'),
    cover_url: uploaded ? map : materialFileUrl(r.file_base, 'img'),
    library: r.owner_project === null ? 'public' : r.owner_user_id === null ? 'brand' : 'personal',
    favor: r.favor ? 1 : 0,
    ...(r.used_at !== undefined ? { used_at: (r.used_at instanceof Date ? r.used_at : new Date(r.used_at)).toISOString() } : {}),
  };
}

function columns(p: Params, viewer: Viewer): string {
  return `m.id, m.material_id, m.version, m.name, m.name_en, m.category, m.colour, m.roughness::float8 as roughness,
    m.metalness::float8 as metalness, m.opacity::float8 as opacity, m.tile_mm, m.has_map, m.has_normal, m.map_ext,
    m.generator, m.file_base, m.owner_project, m.owner_user_id,
    exists (select 1 from material_favors f where f.material_id = m.id and f.user_id = ${p.add(viewer.userId)}) as favor`;
}

function scopeCondition(scope: MaterialScope, p: Params, viewer: Viewer): string {
  return libraryScope(scope, p, viewer, ['material_favors', 'material_id']);
}

export interface MaterialFilters {
  keyword?: string | undefined;
  category?: MaterialCategory | undefined;
  /** a source-library category (source_type 'material') the viewer filed materials under */
  cateId?: number | undefined;
}

/** Every condition but the category's, which its facet lifts. */
function baseConditions(scope: MaterialScope, f: MaterialFilters, p: Params, viewer: Viewer): string[] {
  const parts = [scopeCondition(scope, p, viewer)];
  for (const word of (f.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    parts.push(`m.search like ${p.add(containsPattern(word))}`);
  }
  if (f.cateId !== undefined) {
    parts.push(`exists (select 1 from library_category_maps cm join library_categories c on c.id = cm.category_id
      where cm.category_id = ${p.add(f.cateId)} and cm.source_type = 'material' and cm.model_id = m.id::text
        and c.project_code = ${p.add(viewer.project)} and (c.library_type = 'brand' or c.user_id = ${p.add(viewer.userId)}))`);
  }
  return parts;
}

export async function listMaterials(
  db: Db,
  viewer: Viewer,
  scope: MaterialScope,
  filters: MaterialFilters,
  page: Paging,
): Promise<{ total: number; data: MaterialItem[] }> {
  const p = new Params();
  const cols = columns(p, viewer);
  const where = [...baseConditions(scope, filters, p, viewer), ...(filters.category ? [`m.category = ${p.add(filters.category)}`] : [])].join(' and ');
  const rows = await db.query<MaterialRow & { total: number }>(
    `select ${cols}, count(*) over ()::int as total from catalogue_materials m where ${where}
     order by m.position, m.id limit ${p.add(page.pageSize)} offset ${p.add(page.offset)}`,
    p.values,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    // past the last page: the count still tells the client how many there are
    const c = new Params();
    const w = [...baseConditions(scope, filters, c, viewer), ...(filters.category ? [`m.category = ${c.add(filters.category)}`] : [])].join(' and ');
    const [n] = await db.query<{ n: number }>(`select count(*)::int as n from catalogue_materials m where ${w}`, c.values);
    total = n?.n ?? 0;
  }
  return { total, data: rows.map(toItem) };
}

/** The category facet: each category with the number of materials matching the other filters. */
export async function materialCategoryFacet(db: Db, viewer: Viewer, scope: MaterialScope, filters: MaterialFilters, locale: 'zh' | 'en'): Promise<FilterOption[]> {
  const p = new Params();
  const rows = await db.query<{ category: MaterialCategory; n: number }>(
    `select m.category, count(*)::int as n from catalogue_materials m where ${baseConditions(scope, filters, p, viewer).join(' and ')} group by m.category`,
    p.values,
  );
  const counts = new Map(rows.map((r) => [r.category, r.n]));
  return MATERIAL_CATEGORIES.filter((c) => counts.has(c)).map((c) => ({ value: c, name: MATERIAL_CATEGORY_NAMES[c][locale], count: counts.get(c)! }));
}

export async function getMaterial(db: Db, viewer: Viewer, id: number): Promise<MaterialItem | null> {
  const p = new Params();
  const cols = columns(p, viewer);
  const rows = await db.query<MaterialRow>(`select ${cols} from catalogue_materials m where m.id = ${p.add(id)} and ${visibleRows(p, viewer)}`, p.values);
  return rows[0] ? toItem(rows[0]) : null;
}

/** Adds a favourite; false when the material is not visible to the viewer. */
export async function favorMaterial(db: Db, viewer: Viewer, id: number): Promise<boolean> {
  if (!(await getMaterial(db, viewer, id))) return false;
  await db.query('insert into material_favors (user_id, material_id) values ($1, $2) on conflict do nothing', [viewer.userId, id]);
  return true;
}

/** Removes those of `ids` that are the viewer's favourites; answers the ids removed. */
export async function unfavorMaterials(db: Db, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ material_id: number }>(
    'delete from material_favors where user_id = $1 and material_id = any($2::int[]) returning material_id',
    [viewer.userId, [...new Set(ids)]],
  );
  return rows.map((r) => r.material_id).sort((a, b) => a - b);
}

/** core.md §9: History keeps 20 records. */
export const HISTORY_LIMIT = 20;

/** Records that the viewer applied a material (the newest first; older than the 20th are dropped). */
export async function recordMaterialUse(db: Db, viewer: Viewer, id: number): Promise<boolean> {
  if (!(await getMaterial(db, viewer, id))) return false;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into material_history (user_id, material_id, used_at) values ($1, $2, clock_timestamp())
       on conflict (user_id, material_id) do update set used_at = excluded.used_at`,
      [viewer.userId, id],
    );
    await tx.query(
      `delete from material_history where user_id = $1 and material_id not in (
         select material_id from material_history where user_id = $1 order by used_at desc, material_id desc limit $2)`,
      [viewer.userId, HISTORY_LIMIT],
    );
  });
  return true;
}

export async function materialHistory(db: Db, viewer: Viewer): Promise<MaterialItem[]> {
  const p = new Params();
  const cols = columns(p, viewer);
  const rows = await db.query<MaterialRow>(
    `select ${cols}, h.used_at from material_history h join catalogue_materials m on m.id = h.material_id
      where h.user_id = ${p.add(viewer.userId)} and ${visibleRows(p, viewer)}
      order by h.used_at desc, m.id desc limit ${p.add(HISTORY_LIMIT)}`,
    p.values,
  );
  return rows.map(toItem);
}

/** A new row: the stored columns less what the database assigns (id, version) and the viewer's own (favor, used_at). */
export type MaterialInsert = Omit<MaterialRow, 'id' | 'version' | 'favor' | 'used_at'> & { position: number };

export async function insertMaterials(db: Db, rows: readonly MaterialInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const added = await db.query<{ id: number }>(
    `insert into catalogue_materials (material_id, name, name_en, category, colour, roughness, metalness, opacity, tile_mm,
       has_map, has_normal, map_ext, generator, file_base, owner_project, owner_user_id, position)
     select x.material_id, x.name, x.name_en, x.category, x.colour, x.roughness, x.metalness, x.opacity, x.tile_mm,
       x.has_map, x.has_normal, x.map_ext, x.generator, x.file_base, x.owner_project, x.owner_user_id, x.position
       from jsonb_to_recordset($1::jsonb) as x(material_id text, name text, name_en text, category text, colour text,
         roughness real, metalness real, opacity real, tile_mm int, has_map boolean, has_normal boolean, map_ext text,
         generator text, file_base text, owner_project text, owner_user_id int, position int)
     order by x.position
     on conflict do nothing
     returning id`,
    [JSON.stringify(rows)],
  );
  return added.map((a) => a.id);
}

/** Brand materials of the demo tenants (BrandLib): their own copies of a few public materials. */
export const BRAND_MATERIAL_SEEDS: readonly { project: string; brand: string; prefix: string; keys: readonly string[] }[] = [
  { project: 'yfang_corp', brand: '云方企业库', prefix: 'yfc', keys: ['mat-wood-oak', 'mat-fabric-linen', 'mat-stone-carrara', 'mat-paint-greige'] },
  { project: 'chuangmi', brand: '创米自营', prefix: 'cmz', keys: ['mat-leather-cognac', 'mat-metal-brass', 'mat-wood-walnut'] },
];

function rowOf(d: (typeof MATERIAL_DEFS)[number], materialId: string, name: string, nameEn: string, fileBase: string, owner: string | null, position: number): MaterialInsert {
  return {
    material_id: materialId,
    name,
    name_en: nameEn,
    category: d.category,
    colour: d.colour,
    roughness: d.roughness,
    metalness: d.metalness,
    opacity: d.opacity,
    tile_mm: d.tileMm,
    has_map: d.picture !== undefined,
    has_normal: d.picture !== undefined && d.bump > 0,
    map_ext: 'png',
    generator: d.key,
    file_base: fileBase,
    owner_project: owner,
    owner_user_id: null,
    position,
  };
}

/** Adds the public materials and the demo tenants' brand materials that are missing; safe to run at every start. */
export async function seedMaterials(db: Db): Promise<number> {
  const existing = await db.query<{ owner: string; material_id: string }>(
    `select coalesce(owner_project, '') as owner, material_id from catalogue_materials where owner_user_id is null`,
  );
  const have = new Set(existing.map((r) => `${r.owner}\u0000${r.material_id}`));
  const rows: MaterialInsert[] = MATERIAL_DEFS.flatMap((d, i) =>
    have.has(`\u0000${d.key}`) ? [] : [rowOf(d, d.key, d.name, d.name_en, publicMaterialFileBase(d.key, 1), null, i)],
  );
  const projects = new Set((await db.query<{ code: string }>('select code from projects')).map((r) => r.code));
  for (const [k, b] of BRAND_MATERIAL_SEEDS.entries()) {
    if (!projects.has(b.project)) continue;
    for (const [i, key] of b.keys.entries()) {
      const d = MATERIAL_DEFS.find((m) => m.key === key);
      const id = `${b.prefix}-${key}`;
      if (!d || have.has(`${b.project}\u0000${id}`)) continue;
      const base = privateMaterialFileBase(randomBytes(16).toString('hex'), id, 1);
      rows.push(rowOf(d, id, `${b.brand} ${d.name}`, `${b.brand} ${d.name_en}`, base, b.project, 10_000 + k * 100 + i));
    }
  }
  return (await insertMaterials(db, rows)).length;
}
