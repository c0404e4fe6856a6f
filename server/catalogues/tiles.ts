// Tile catalogue queries. Every query carries the viewer (user and project from the verified
// session): the public catalogue plus the viewer's project's private tiles are visible, nothing
// else, and favourites are the viewer's own.
import type { Db } from '../db/types';
import { message, type Locale, type MessageId } from '../messages';
import { containsPattern, Params, type Paging } from './http';
import type { TileGenre } from './catalogue-data';

export interface Viewer {
  userId: number;
  project: string;
}

/** A tile as the client reads it (core.md §3 tile fields, plus type, series and size). */
export interface TileItem {
  id: number;
  name: string;
  code: string;
  brand: string;
  agent_brand_name: string;
  series: string;
  type: number;
  image: string;
  imageBig: string;
  cover_url: string;
  spec: string;
  width: number;
  height: number;
  old_id: number;
  sku: string;
  price: number;
  mode: string;
  hunpu_pics: string[];
  image_hunpu: string;
  detail_link: string;
  tile_private: 0 | 1;
  genre: string;
  tile_favor: 0 | 1;
}

/** public: the shared catalogue; private: the project's own; favor: the user's favourites; all: public + private. */
export type TileScope = 'public' | 'private' | 'favor' | 'all';

export interface TileFilters {
  keyword?: string | undefined;
  /** one or more type codes */
  types?: number[] | undefined;
  brand?: string | undefined;
  series?: string | undefined;
  spec?: string | undefined;
  genre?: TileGenre | undefined;
}

export type Facet = 'brand' | 'type' | 'series' | 'spec';

export interface FilterOption {
  value: string;
  name: string;
  count: number;
  /** the 'more' entry of a truncated list holds the rest */
  children?: FilterOption[];
}

export type TileFacets = Record<Facet, FilterOption[]>;

/** core.md §7: a spec list of more than 11 entries shows 10 and a 'more' entry. */
export const SPEC_SHOWN = 10;
export const SPEC_TRUNCATE_ABOVE = 11;
export const MORE_VALUE = 'more';

export function truncateSpecs(options: FilterOption[], moreName: string): FilterOption[] {
  if (options.length <= SPEC_TRUNCATE_ABOVE) return options;
  const rest = options.slice(SPEC_SHOWN);
  return [
    ...options.slice(0, SPEC_SHOWN),
    { value: MORE_VALUE, name: moreName, count: rest.reduce((n, o) => n + o.count, 0), children: rest },
  ];
}

interface TileRow {
  id: number;
  name: string;
  code: string;
  brand: string;
  agent_brand_name: string;
  series: string;
  type: number;
  image: string;
  image_big: string;
  cover_url: string;
  spec: string;
  width_mm: number;
  height_mm: number;
  old_id: number;
  sku: string;
  price: number;
  mode: string;
  hunpu_pics: unknown;
  image_hunpu: string;
  detail_link: string;
  is_private: boolean;
  genre: string;
  favor: boolean;
}

function tileColumns(p: Params, viewer: Viewer): string {
  return `t.id, t.name, t.code, t.brand, t.agent_brand_name, t.series, t.type, t.image, t.image_big, t.cover_url,
    t.spec, t.width_mm, t.height_mm, t.old_id, t.sku, t.price::float8 as price, t.mode, t.hunpu_pics, t.image_hunpu,
    t.detail_link, (t.owner_project is not null) as is_private, t.genre,
    exists (select 1 from tile_favors f where f.tile_id = t.id and f.user_id = ${p.add(viewer.userId)}) as favor`;
}

function toItem(r: TileRow): TileItem {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    brand: r.brand,
    agent_brand_name: r.agent_brand_name,
    series: r.series,
    type: r.type,
    image: r.image,
    imageBig: r.image_big,
    cover_url: r.cover_url,
    spec: r.spec,
    width: r.width_mm,
    height: r.height_mm,
    old_id: r.old_id,
    sku: r.sku,
    price: r.price,
    mode: r.mode,
    hunpu_pics: Array.isArray(r.hunpu_pics) ? r.hunpu_pics.filter((u): u is string => typeof u === 'string') : [],
    image_hunpu: r.image_hunpu,
    detail_link: r.detail_link,
    tile_private: r.is_private ? 1 : 0,
    genre: r.genre,
    tile_favor: r.favor ? 1 : 0,
  };
}

function visible(p: Params, viewer: Viewer): string {
  return `(t.owner_project is null or t.owner_project = ${p.add(viewer.project)})`;
}

function scopeCondition(scope: TileScope, p: Params, viewer: Viewer): string {
  switch (scope) {
    case 'public':
      return 't.owner_project is null';
    case 'private':
      return `t.owner_project = ${p.add(viewer.project)}`;
    case 'favor':
      return `${visible(p, viewer)} and exists (select 1 from tile_favors f where f.tile_id = t.id and f.user_id = ${p.add(viewer.userId)})`;
    case 'all':
      return visible(p, viewer);
  }
}

/** floor and wall also match tiles made for both. */
function genreValues(genre: TileGenre): TileGenre[] {
  return genre === 'floor_wall' ? ['floor_wall'] : [genre, 'floor_wall'];
}

function whereClause(scope: TileScope, filters: TileFilters, p: Params, viewer: Viewer, except?: Facet): string {
  const parts = [scopeCondition(scope, p, viewer)];
  if (filters.keyword) {
    const k = p.add(containsPattern(filters.keyword));
    parts.push(`(t.name ilike ${k} or t.code ilike ${k} or t.series ilike ${k} or t.brand ilike ${k} or t.sku ilike ${k})`);
  }
  if (filters.genre) parts.push(`t.genre = any(${p.add(genreValues(filters.genre))}::text[])`);
  if (filters.types && except !== 'type') parts.push(`t.type = any(${p.add(filters.types)}::int[])`);
  if (filters.brand && except !== 'brand') parts.push(`t.brand = ${p.add(filters.brand)}`);
  if (filters.series && except !== 'series') parts.push(`t.series = ${p.add(filters.series)}`);
  if (filters.spec && except !== 'spec') parts.push(`t.spec = ${p.add(filters.spec)}`);
  return parts.join(' and ');
}

export async function listTiles(
  db: Db,
  viewer: Viewer,
  scope: TileScope,
  filters: TileFilters,
  page: Paging,
): Promise<{ total: number; data: TileItem[] }> {
  const cp = new Params();
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from tiles t where ${whereClause(scope, filters, cp, viewer)}`,
    cp.values,
  );
  const p = new Params();
  const columns = tileColumns(p, viewer);
  const where = whereClause(scope, filters, p, viewer);
  const rows = await db.query<TileRow>(
    `select ${columns} from tiles t where ${where}
     order by t.position, t.id limit ${p.add(page.pageSize)} offset ${p.add(page.offset)}`,
    p.values,
  );
  return { total: count?.n ?? 0, data: rows.map(toItem) };
}

/**
 * Each facet counts the tiles matching every filter but its own, so choosing a brand still shows
 * the other brands (with their counts) while narrowing series, spec and type.
 */
export async function tileFacets(db: Db, viewer: Viewer, scope: TileScope, filters: TileFilters, locale: Locale): Promise<TileFacets> {
  const facet = async <R>(except: Facet, select: string, tail: string, join = ''): Promise<R[]> => {
    const p = new Params();
    const where = whereClause(scope, filters, p, viewer, except);
    return db.query<R>(`select ${select} from tiles t ${join} where ${where} ${tail}`, p.values);
  };
  // One after the other: a transaction-less pool could run them in parallel, PGlite cannot anyway.
  const brands = await facet<{ value: string; count: number }>(
    'brand',
    't.brand as value, count(*)::int as count',
    `and t.brand <> '' group by t.brand order by min(coalesce(b.position, 1000000)), t.brand`,
    'left join tile_brands b on b.name = t.brand',
  );
  const types = await facet<{ value: number; count: number }>('type', 't.type as value, count(*)::int as count', 'group by t.type order by t.type');
  const series = await facet<{ value: string; count: number }>(
    'series',
    't.series as value, count(*)::int as count',
    `and t.series <> '' group by t.series order by count(*) desc, t.series`,
  );
  const specs = await facet<{ value: string; count: number }>(
    'spec',
    't.spec as value, count(*)::int as count',
    `and t.spec <> '' group by t.spec order by count(*) desc, min(t.width_mm * t.height_mm), t.spec`,
  );
  const typeName = (code: number): string => {
    const id = `tileType${code}` as MessageId;
    return code >= 0 && code <= 5 ? message(id, locale) : String(code);
  };
  return {
    brand: brands.map((b) => ({ value: b.value, name: b.value, count: b.count })),
    type: types.map((t) => ({ value: String(t.value), name: typeName(t.value), count: t.count })),
    series: series.map((s) => ({ value: s.value, name: s.value, count: s.count })),
    spec: truncateSpecs(
      specs.map((s) => ({ value: s.value, name: s.value.replace('x', '×'), count: s.count })),
      message('filterMore', locale),
    ),
  };
}

export async function getTile(db: Db, viewer: Viewer, by: { id: number } | { code: string }): Promise<TileItem | null> {
  const p = new Params();
  const columns = tileColumns(p, viewer);
  const match = 'code' in by ? `t.code = ${p.add(by.code)}` : `t.id = ${p.add(by.id)}`;
  // A project's own tile wins over a public one with the same code.
  const rows = await db.query<TileRow>(
    `select ${columns} from tiles t where ${match} and ${visible(p, viewer)}
     order by (t.owner_project is null), t.id limit 1`,
    p.values,
  );
  return rows[0] ? toItem(rows[0]) : null;
}

/** false when the tile is not visible to the viewer */
export async function favorTile(db: Db, viewer: Viewer, tileId: number): Promise<boolean> {
  const rows = await db.query(
    `insert into tile_favors (user_id, tile_id)
     select $1, t.id from tiles t where t.id = $2 and (t.owner_project is null or t.owner_project = $3)
     on conflict (user_id, tile_id) do update set created_at = tile_favors.created_at
     returning tile_id`,
    [viewer.userId, tileId, viewer.project],
  );
  return rows.length > 0;
}

/** false when the viewer had no such favourite */
export async function unfavorTile(db: Db, viewer: Viewer, tileId: number): Promise<boolean> {
  const rows = await db.query('delete from tile_favors where user_id = $1 and tile_id = $2 returning tile_id', [viewer.userId, tileId]);
  return rows.length > 0;
}

/** Removes those of `ids` that are the viewer's favourites; the others are ignored. */
export async function unfavorTiles(db: Db, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ tile_id: number }>(
    'delete from tile_favors where user_id = $1 and tile_id = any($2::int[]) returning tile_id',
    [viewer.userId, [...new Set(ids)]],
  );
  return rows.map((r) => r.tile_id).sort((a, b) => a - b);
}

export interface BrandInitialGroup {
  initial: string;
  brands: { name: string; count: number }[];
}

/** Brands of the visible catalogue grouped by the first letter of their (pinyin) name. */
export async function brandsByInitial(db: Db, viewer: Viewer, genre: TileGenre | undefined): Promise<BrandInitialGroup[]> {
  const p = new Params();
  const where = whereClause('all', { genre }, p, viewer);
  const rows = await db.query<{ name: string; initial: string | null; count: number }>(
    `select t.brand as name, min(b.initial) as initial, count(*)::int as count
       from tiles t left join tile_brands b on b.name = t.brand
      where ${where} and t.brand <> ''
      group by t.brand
      order by coalesce(min(b.initial), '#'), min(coalesce(b.position, 1000000)), t.brand`,
    p.values,
  );
  const groups: BrandInitialGroup[] = [];
  for (const r of rows) {
    const initial = r.initial ?? '#';
    let group = groups.find((g) => g.initial === initial);
    if (!group) {
      group = { initial, brands: [] };
      groups.push(group);
    }
    group.brands.push({ name: r.name, count: r.count });
  }
  // '#' (brands without a known initial) goes last, as in phone contact lists
  return groups.sort((a, b) => (a.initial === '#' ? 1 : b.initial === '#' ? -1 : a.initial.localeCompare(b.initial)));
}
