// Furniture model catalogue queries. Every query carries the viewer (user and project from the
// verified session): the public library, the viewer's project's brand models and the viewer's own
// models are visible, nothing else; favourites are the viewer's own.
import type { Db } from '../db/types';
import { message, type Locale, type MessageId } from '../messages';
import { containsPattern, Params, type Paging } from './http';
import { libraryScope, visibleRows } from './library-scope';
import { modelFileUrl } from './model-files';
import type { FilterOption, Viewer } from './tiles';

/** Where a model lands when placed (the row's `type`, furniture/catalogue.ts Mount). */
export const MODEL_MOUNTS = ['floor', 'wall', 'ceiling', 'surface'] as const;
export type ModelMount = (typeof MODEL_MOUNTS)[number];

/** public: the shared library; brand: the project's own; personal: the user's own; favor: favourites; all: what the viewer may see. */
export const MODEL_SCOPES = ['all', 'public', 'brand', 'personal', 'favor'] as const;
export type ModelScope = (typeof MODEL_SCOPES)[number];

export type ModelLibrary = 'public' | 'brand' | 'personal';

/** A catalogue model as the client reads it: catalogues.md §3 "Model fields read" and the extras. */
export interface ModelItem {
  id: number;
  model_id: string;
  modelVersion: number;
  name: string;
  name_en: string;
  category1: string;
  category2: string;
  category3: string;
  category4: string;
  category_en: string[];
  type: ModelMount;
  class: string;
  sizex: number;
  sizey: number;
  sizez: number;
  /** "WxDxH" in mm */
  display_size: string;
  style: string;
  style_en: string;
  resizable: boolean;
  price_type: number;
  price: number;
  brand: string;
  model_type_name: string;
  cover_url: string;
  gltf_url: string;
  low_gltf_url: string;
  isUseLowGltf: boolean;
  /** the plan symbol as JSON ({ outlines, lines } in mm) */
  plan_url: string;
  triangles: number;
  lowTriangles: number;
  xml_url: string;
  layout_model_id: string;
  layout_jpg_url: string;
  layout_png_url: string;
  relation_model_id: string;
  jsonUrl: string;
  merge_model_data: string;
  openingType: string;
  library: ModelLibrary;
  model_favor: 0 | 1;
}

export interface SizeRange {
  min?: number | undefined;
  max?: number | undefined;
}

export interface ModelFilters {
  keyword?: string | undefined;
  category1?: string | undefined;
  category2?: string | undefined;
  category3?: string | undefined;
  style?: string | undefined;
  brand?: string | undefined;
  type?: ModelMount | undefined;
  sizex?: SizeRange | undefined;
  sizey?: SizeRange | undefined;
  sizez?: SizeRange | undefined;
}

export type ModelFacet = 'category1' | 'category2' | 'category3' | 'style' | 'brand' | 'type' | 'width';
export type ModelFacets = Record<ModelFacet, FilterOption[]>;

/** The width facet's buckets in mm: [min, max), the last one open. */
export const WIDTH_BUCKETS: readonly (readonly [number, number | null])[] = [
  [0, 600],
  [600, 1200],
  [1200, 1800],
  [1800, 2400],
  [2400, null],
];

/** The stored columns a seeded model row writes and a read gives back (catalogue_models). */
export interface ModelColumns {
  model_id: string;
  model_version: number;
  name: string;
  name_en: string;
  category1: string;
  category2: string;
  category3: string;
  category4: string;
  category_en: unknown;
  type: ModelMount;
  class: string;
  sizex: number;
  sizey: number;
  sizez: number;
  style: string;
  style_en: string;
  resizable: boolean;
  price_type: number;
  price: number;
  brand: string;
  model_type_name: string;
  is_use_low_gltf: boolean;
  triangles: number;
  low_triangles: number;
  file_base: string;
  owner_project: string | null;
}

interface ModelDbRow extends ModelColumns {
  id: number;
  xml_url: string;
  layout_model_id: string;
  layout_jpg_url: string;
  layout_png_url: string;
  relation_model_id: string;
  json_url: string;
  merge_model_data: string;
  opening_type: string;
  owner_user_id: number | null;
  favor: boolean;
}

function columns(p: Params, viewer: Viewer): string {
  return `m.id, m.model_id, m.model_version, m.name, m.name_en, m.category1, m.category2, m.category3, m.category4,
    m.category_en, m.type, m.class, m.sizex, m.sizey, m.sizez, m.style, m.style_en, m.resizable, m.price_type,
    m.price::float8 as price, m.brand, m.model_type_name, m.is_use_low_gltf, m.triangles, m.low_triangles, m.xml_url,
    m.layout_model_id, m.layout_jpg_url, m.layout_png_url, m.relation_model_id, m.json_url, m.merge_model_data,
    m.opening_type, m.file_base, m.owner_project, m.owner_user_id,
    exists (select 1 from model_favors f where f.model_id = m.id and f.user_id = ${p.add(viewer.userId)}) as favor`;
}

function toItem(r: ModelDbRow): ModelItem {
  return {
    id: r.id,
    model_id: r.model_id,
    modelVersion: r.model_version,
    name: r.name,
    name_en: r.name_en,
    category1: r.category1,
    category2: r.category2,
    category3: r.category3,
    category4: r.category4,
    category_en: Array.isArray(r.category_en) ? r.category_en.filter((s): s is string => typeof s === 'string') : [],
    type: r.type,
    class: r.class,
    sizex: r.sizex,
    sizey: r.sizey,
    sizez: r.sizez,
    display_size: `${r.sizex}x${r.sizey}x${r.sizez}`,
    style: r.style,
    style_en: r.style_en,
    resizable: r.resizable,
    price_type: r.price_type,
    price: r.price,
    brand: r.brand,
    model_type_name: r.model_type_name,
    cover_url: modelFileUrl(r.file_base, 'cover'),
    gltf_url: modelFileUrl(r.file_base, 'glb'),
    low_gltf_url: r.is_use_low_gltf ? modelFileUrl(r.file_base, 'low') : '',
    isUseLowGltf: r.is_use_low_gltf,
    plan_url: modelFileUrl(r.file_base, 'plan'),
    triangles: r.triangles,
    lowTriangles: r.low_triangles,
    xml_url: r.xml_url,
    layout_model_id: r.layout_model_id,
    layout_jpg_url: r.layout_jpg_url,
    layout_png_url: r.layout_png_url,
    relation_model_id: r.relation_model_id,
    jsonUrl: r.json_url,
    merge_model_data: r.merge_model_data,
    openingType: r.opening_type,
    library: r.owner_project === null ? 'public' : r.owner_user_id === null ? 'brand' : 'personal',
    model_favor: r.favor ? 1 : 0,
  };
}

function scopeCondition(scope: ModelScope, p: Params, viewer: Viewer): string {
  return libraryScope(scope, p, viewer, ['model_favors', 'model_id']);
}

function rangeCondition(column: string, range: SizeRange | undefined, p: Params): string[] {
  const parts: string[] = [];
  if (range?.min !== undefined) parts.push(`m.${column} >= ${p.add(range.min)}`);
  if (range?.max !== undefined) parts.push(`m.${column} <= ${p.add(range.max)}`);
  return parts;
}

/** The conditions no facet lifts: the scope, the keyword and the depth and height ranges. */
function baseConditions(scope: ModelScope, f: ModelFilters, p: Params, viewer: Viewer): string[] {
  const parts = [scopeCondition(scope, p, viewer)];
  // every word must match somewhere (names in both languages, categories, brand, style, id)
  for (const word of (f.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    parts.push(`m.search like ${p.add(containsPattern(word))}`);
  }
  parts.push(...rangeCondition('sizey', f.sizey, p), ...rangeCondition('sizez', f.sizez, p));
  return parts;
}

/** The filters that are also facets, but `except`'s own. */
function facetConditions(f: ModelFilters, p: Params, except?: ModelFacet): string[] {
  const parts: string[] = [];
  if (f.category1 && except !== 'category1') parts.push(`m.category1 = ${p.add(f.category1)}`);
  if (f.category2 && except !== 'category2') parts.push(`m.category2 = ${p.add(f.category2)}`);
  if (f.category3 && except !== 'category3') parts.push(`m.category3 = ${p.add(f.category3)}`);
  if (f.style && except !== 'style') parts.push(`m.style = ${p.add(f.style)}`);
  if (f.brand && except !== 'brand') parts.push(`m.brand = ${p.add(f.brand)}`);
  if (f.type && except !== 'type') parts.push(`m.type = ${p.add(f.type)}`);
  if (except !== 'width') parts.push(...rangeCondition('sizex', f.sizex, p));
  return parts;
}

function whereClause(scope: ModelScope, f: ModelFilters, p: Params, viewer: Viewer): string {
  return [...baseConditions(scope, f, p, viewer), ...facetConditions(f, p)].join(' and ');
}

export async function listModels(
  db: Db,
  viewer: Viewer,
  scope: ModelScope,
  filters: ModelFilters,
  page: Paging,
): Promise<{ total: number; data: ModelItem[] }> {
  // One scan of the table: the matches' ids and order keys are kept aside, counted, and the page
  // is cut from them; only the page's rows are then read whole, with their favourite flag.
  const fp = new Params();
  const [found] = await db.query<{ total: number; ids: number[] | null }>(
    `with f as materialized (select m.id, m.position from catalogue_models m where ${whereClause(scope, filters, fp, viewer)})
     select (select count(*) from f)::int as total,
            array(select id from f order by position, id limit ${fp.add(page.pageSize)} offset ${fp.add(page.offset)}) as ids`,
    fp.values,
  );
  const total = found?.total ?? 0;
  const ids = found?.ids ?? [];
  if (ids.length === 0) return { total, data: [] };
  const p = new Params();
  const cols = columns(p, viewer);
  const rows = await db.query<ModelDbRow>(
    `select ${cols} from catalogue_models m where m.id = any(${p.add(ids)}::int[]) order by m.position, m.id`,
    p.values,
  );
  return { total, data: rows.map(toItem) };
}

const MOUNT_MESSAGE: Record<ModelMount, MessageId> = {
  floor: 'modelMountFloor',
  wall: 'modelMountWall',
  ceiling: 'modelMountCeiling',
  surface: 'modelMountSurface',
};

/**
 * Each facet counts the models matching every filter but its own (as the tile facets do), so
 * choosing a style still lists the other styles with their counts. Names follow the locale where
 * the row has both languages; values are what the list's filters take.
 */
export async function modelFacets(db: Db, viewer: Viewer, scope: ModelScope, filters: ModelFilters, locale: Locale): Promise<ModelFacets> {
  const en = locale === 'en';
  const bucketCase = WIDTH_BUCKETS.map(([min, max], i) => `when m.sizex >= ${min}${max === null ? '' : ` and m.sizex < ${max}`} then '${i}'`).join(' ');
  const facets: [ModelFacet, string, string][] = [
    ['category1', 'm.category1', en ? 'coalesce(m.category_en ->> 0, m.category1)' : 'm.category1'],
    ['category2', 'm.category2', en ? 'coalesce(m.category_en ->> 1, m.category2)' : 'm.category2'],
    ['category3', 'm.category3', en ? 'coalesce(m.category_en ->> 2, m.category3)' : 'm.category3'],
    ['style', 'm.style', en ? "coalesce(nullif(m.style_en, ''), m.style)" : 'm.style'],
    ['brand', 'm.brand', 'm.brand'],
    ['type', 'm.type', 'm.type'],
    ['width', `(case ${bucketCase} end)`, `(case ${bucketCase} end)`],
  ];
  // One scan of the table for the conditions every facet shares, then each facet counts over
  // those rows with the other facets' filters: eight scans of 10,000 rows were most of the call.
  const p = new Params();
  const base = baseConditions(scope, filters, p, viewer).join(' and ');
  const groups = facets.map(([facet, value, name]) => {
    const where = [...facetConditions(filters, p, facet), `${value} <> ''`].join(' and ');
    return `select '${facet}' as facet, ${value} as value, min(${name}) as name, count(*)::int as count, min(m.position) as ord
              from f m where ${where} group by ${value}`;
  });
  const rows = await db.query<{ facet: ModelFacet; value: string; name: string | null; count: number }>(
    `with f as materialized (
       select m.position, m.category1, m.category2, m.category3, m.category_en, m.style, m.style_en, m.brand, m.type, m.sizex
         from catalogue_models m where ${base})
     ${groups.join(' union all ')}
     order by facet, ord, value`,
    p.values,
  );
  const of = (facet: ModelFacet) => rows.filter((r) => r.facet === facet);
  const category1 = of('category1');
  const category2 = of('category2');
  const category3 = of('category3');
  const style = of('style');
  const brand = of('brand');
  const types = of('type');
  const widths = of('width')
    .map((w) => ({ bucket: Number(w.value), count: w.count }))
    .sort((x, y) => x.bucket - y.bucket);
  const fix = (rows: { value: string; name: string | null; count: number }[]): FilterOption[] =>
    rows.map((r) => ({ value: r.value, name: r.name ?? r.value, count: r.count }));
  return {
    category1: fix(category1),
    category2: fix(category2),
    category3: fix(category3),
    style: fix(style),
    brand: fix(brand),
    type: types
      .filter((t): t is typeof t & { value: ModelMount } => (MODEL_MOUNTS as readonly string[]).includes(t.value))
      .map((t) => ({ value: t.value, name: message(MOUNT_MESSAGE[t.value], locale), count: t.count })),
    width: widths.map((w) => {
      const [min, max] = WIDTH_BUCKETS[w.bucket]!;
      return {
        value: `${min}-${max ?? ''}`,
        name: max === null ? message('modelWidthAbove', locale, { min }) : message('modelWidthRange', locale, { min, max }),
        count: w.count,
      };
    }),
  };
}

export type ModelLookup = { id: number } | { modelId: string };

/** One visible model by row id or by model_id (the project's own copy wins over the public one). */
export async function getModel(db: Db, viewer: Viewer, by: ModelLookup, brand?: string): Promise<ModelItem | null> {
  const p = new Params();
  const cols = columns(p, viewer);
  const match = 'modelId' in by ? `m.model_id = ${p.add(by.modelId)}` : `m.id = ${p.add(by.id)}`;
  const brandMatch = brand ? ` and m.brand = ${p.add(brand)}` : '';
  const rows = await db.query<ModelDbRow>(
    `select ${cols} from catalogue_models m where ${match}${brandMatch} and ${visibleRows(p, viewer)}
     order by (m.owner_user_id is null), (m.owner_project is null), m.id limit 1`,
    p.values,
  );
  return rows[0] ? toItem(rows[0]) : null;
}

/** Adds a favourite; null when the model is not visible to the viewer. */
export async function favorModel(db: Db, viewer: Viewer, by: ModelLookup, sourceType: string): Promise<{ id: number; model_id: string } | null> {
  const model = await getModel(db, viewer, by);
  if (!model) return null;
  await db.query(
    `insert into model_favors (user_id, model_id, source_type) values ($1, $2, $3)
     on conflict (user_id, model_id) do nothing`,
    [viewer.userId, model.id, sourceType],
  );
  return { id: model.id, model_id: model.model_id };
}

/** Removes those of `ids` that are the viewer's favourites of `sourceType`; answers the ids removed. */
export async function unfavorModels(db: Db, viewer: Viewer, ids: readonly number[], sourceType: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ model_id: number }>(
    'delete from model_favors where user_id = $1 and source_type = $2 and model_id = any($3::int[]) returning model_id',
    [viewer.userId, sourceType, [...new Set(ids)]],
  );
  return rows.map((r) => r.model_id).sort((a, b) => a - b);
}
