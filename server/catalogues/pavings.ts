// Pavings (multi-tile laying patterns) and waterjet medallions: one table, told apart by kind.
// Visibility and favourites follow the tiles' rules (public + own project's; favourites per user).
import type { Db } from '../db/types';
import { message, type Locale, type MessageId } from '../messages';
import type { PavingKind } from './catalogue-data';
import { containsPattern, Params, type Paging } from './http';
import type { FilterOption, Viewer } from './tiles';

export interface PavingItem {
  id: number;
  /** the id the client's favourite calls send (catalogues.md §3 texture favourite privateId) */
  privateId: number;
  kind: PavingKind;
  code: string;
  name: string;
  category_id: number | null;
  category_name: string;
  brand: string;
  spec: string;
  width: number;
  height: number;
  /** paving mix mode: "0" none, "2" rotated, "3" multi-tile */
  mode: string;
  price: number;
  sku: string;
  image: string;
  imageBig: string;
  cover_url: string;
  /** codes of the tiles the pattern is laid with */
  tiles: string[];
  paving_private: 0 | 1;
  favor: 0 | 1;
}

export interface PavingFilters {
  keyword?: string | undefined;
  /** a category id; a parent category includes its children */
  category?: number | undefined;
  brand?: string | undefined;
  spec?: string | undefined;
  mode?: string | undefined;
  favorOnly?: boolean | undefined;
}

export interface PavingFacets {
  brand: FilterOption[];
  category: FilterOption[];
  spec: FilterOption[];
  mode: FilterOption[];
}

interface PavingRow {
  id: number;
  kind: PavingKind;
  code: string;
  name: string;
  category_id: number | null;
  category_name: string | null;
  brand: string;
  spec: string;
  width_mm: number;
  height_mm: number;
  mode: string;
  price: number;
  sku: string;
  image: string;
  image_big: string;
  cover_url: string;
  tiles: unknown;
  is_private: boolean;
  favor: boolean;
}

function toItem(r: PavingRow): PavingItem {
  return {
    id: r.id,
    privateId: r.id,
    kind: r.kind,
    code: r.code,
    name: r.name,
    category_id: r.category_id,
    category_name: r.category_name ?? '',
    brand: r.brand,
    spec: r.spec,
    width: r.width_mm,
    height: r.height_mm,
    mode: r.mode,
    price: r.price,
    sku: r.sku,
    image: r.image,
    imageBig: r.image_big,
    cover_url: r.cover_url,
    tiles: Array.isArray(r.tiles) ? r.tiles.filter((t): t is string => typeof t === 'string') : [],
    paving_private: r.is_private ? 1 : 0,
    favor: r.favor ? 1 : 0,
  };
}

type PavingFacet = keyof PavingFacets;

/** kind undefined: pavings and medallions together (the source library's list). */
function whereClause(kind: PavingKind | undefined, f: PavingFilters, p: Params, viewer: Viewer, except?: PavingFacet): string {
  const parts = [`(v.owner_project is null or v.owner_project = ${p.add(viewer.project)})`];
  if (kind) parts.push(`v.kind = ${p.add(kind)}`);
  if (f.keyword) {
    const k = p.add(containsPattern(f.keyword));
    parts.push(`(v.name ilike ${k} or v.code ilike ${k} or v.brand ilike ${k} or v.sku ilike ${k})`);
  }
  if (f.category !== undefined && except !== 'category') {
    const c = p.add(f.category);
    parts.push(`(v.category_id = ${c} or v.category_id in (select id from paving_categories where parent_id = ${c}))`);
  }
  if (f.brand && except !== 'brand') parts.push(`v.brand = ${p.add(f.brand)}`);
  if (f.spec && except !== 'spec') parts.push(`v.spec = ${p.add(f.spec)}`);
  if (f.mode && except !== 'mode') parts.push(`v.mode = ${p.add(f.mode)}`);
  if (f.favorOnly) parts.push(`exists (select 1 from paving_favors pf where pf.paving_id = v.id and pf.user_id = ${p.add(viewer.userId)})`);
  return parts.join(' and ');
}

function columns(p: Params, viewer: Viewer): string {
  return `v.id, v.kind, v.code, v.name, v.category_id, c.name as category_name, v.brand, v.spec, v.width_mm, v.height_mm,
    v.mode, v.price::float8 as price, v.sku, v.image, v.image_big, v.cover_url, v.tiles,
    (v.owner_project is not null) as is_private,
    exists (select 1 from paving_favors pf where pf.paving_id = v.id and pf.user_id = ${p.add(viewer.userId)}) as favor`;
}

export async function listPavings(
  db: Db,
  viewer: Viewer,
  kind: PavingKind | undefined,
  filters: PavingFilters,
  page: Paging,
): Promise<{ total: number; data: PavingItem[] }> {
  const cp = new Params();
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from pavings v where ${whereClause(kind, filters, cp, viewer)}`,
    cp.values,
  );
  const p = new Params();
  const cols = columns(p, viewer);
  const rows = await db.query<PavingRow>(
    `select ${cols} from pavings v left join paving_categories c on c.id = v.category_id
      where ${whereClause(kind, filters, p, viewer)}
      order by v.kind, v.position, v.id limit ${p.add(page.pageSize)} offset ${p.add(page.offset)}`,
    p.values,
  );
  return { total: count?.n ?? 0, data: rows.map(toItem) };
}

export async function getPaving(db: Db, viewer: Viewer, kind: PavingKind, id: number): Promise<PavingItem | null> {
  const p = new Params();
  const cols = columns(p, viewer);
  const rows = await db.query<PavingRow>(
    `select ${cols} from pavings v left join paving_categories c on c.id = v.category_id
      where v.id = ${p.add(id)} and ${whereClause(kind, {}, p, viewer)}`,
    p.values,
  );
  return rows[0] ? toItem(rows[0]) : null;
}

export async function pavingFacets(db: Db, viewer: Viewer, kind: PavingKind, filters: PavingFilters, locale: Locale): Promise<PavingFacets> {
  const facet = async <R>(except: PavingFacet, select: string, tail: string, join = ''): Promise<R[]> => {
    const p = new Params();
    const where = whereClause(kind, filters, p, viewer, except);
    return db.query<R>(`select ${select} from pavings v ${join} where ${where} ${tail}`, p.values);
  };
  const brand = await facet<{ value: string; count: number }>(
    'brand',
    'v.brand as value, count(*)::int as count',
    `and v.brand <> '' group by v.brand order by v.brand`,
  );
  const category = await facet<{ value: number; name: string; count: number }>(
    'category',
    'c.id as value, c.name as name, count(*)::int as count',
    'group by c.id, c.name, c.position order by c.position, c.id',
    'join paving_categories c on c.id = v.category_id',
  );
  const spec = await facet<{ value: string; count: number }>(
    'spec',
    'v.spec as value, count(*)::int as count',
    `and v.spec <> '' group by v.spec order by count(*) desc, min(v.width_mm * v.height_mm), v.spec`,
  );
  const mode = await facet<{ value: string; count: number }>('mode', 'v.mode as value, count(*)::int as count', 'group by v.mode order by v.mode');
  return {
    brand: brand.map((b) => ({ value: b.value, name: b.value, count: b.count })),
    category: category.map((c) => ({ value: String(c.value), name: c.name, count: c.count })),
    spec: spec.map((s) => ({ value: s.value, name: s.value.replace('x', '×'), count: s.count })),
    mode: mode.map((m) => ({ value: m.value, name: message(`pavingMode${m.value}` as MessageId, locale), count: m.count })),
  };
}

export async function favorPaving(db: Db, viewer: Viewer, kind: PavingKind, id: number): Promise<boolean> {
  const rows = await db.query(
    `insert into paving_favors (user_id, paving_id)
     select $1, v.id from pavings v where v.id = $2 and v.kind = $3 and (v.owner_project is null or v.owner_project = $4)
     on conflict (user_id, paving_id) do update set created_at = paving_favors.created_at
     returning paving_id`,
    [viewer.userId, id, kind, viewer.project],
  );
  return rows.length > 0;
}

export async function unfavorPaving(db: Db, viewer: Viewer, kind: PavingKind, id: number): Promise<boolean> {
  const rows = await db.query(
    `delete from paving_favors pf using pavings v
      where pf.paving_id = v.id and v.kind = $3 and pf.user_id = $1 and pf.paving_id = $2
      returning pf.paving_id`,
    [viewer.userId, id, kind],
  );
  return rows.length > 0;
}

export interface PavingCategory {
  id: number;
  parent_id: number | null;
  kind: PavingKind;
  name: string;
  count: number;
}

/** Children of `parent` (top level when omitted), with the number of visible items under each. */
export async function pavingCategories(db: Db, viewer: Viewer, parent: number | undefined): Promise<PavingCategory[]> {
  return db.query<PavingCategory>(
    `select c.id, c.parent_id, c.kind, c.name,
        (select count(*)::int from pavings v
          where (v.category_id = c.id or v.category_id in (select id from paving_categories k where k.parent_id = c.id))
            and (v.owner_project is null or v.owner_project = $2)) as count
       from paving_categories c
      where ${parent === undefined ? 'c.parent_id is null and $1::int is null' : 'c.parent_id = $1'}
      order by c.position, c.id`,
    [parent ?? null, viewer.project],
  );
}

/** Brands with visible pavings or medallions in `category` (and its children). */
export async function pavingBrands(db: Db, viewer: Viewer, category: number | undefined): Promise<{ name: string; count: number }[]> {
  return db.query<{ name: string; count: number }>(
    `select v.brand as name, count(*)::int as count from pavings v
      where (v.owner_project is null or v.owner_project = $1) and v.brand <> ''
        and ($2::int is null or v.category_id = $2 or v.category_id in (select id from paving_categories where parent_id = $2))
      group by v.brand order by v.brand`,
    [viewer.project, category ?? null],
  );
}
