import type { ApiClient, RequestOptions } from './client';
import type { FilterOption, PagedList, PageParams } from './catalogue';

// The material library, /api/admin/material (MaterialLib, core.md §2). User categories are the
// source library's with source_type MATERIAL_SOURCE_TYPE (api/source-library.ts).

export type MaterialCategory = 'fabric' | 'leather' | 'wood' | 'stone' | 'metal' | 'glass' | 'paint' | 'wallpaper';
export const MATERIAL_CATEGORIES: readonly MaterialCategory[] = ['fabric', 'leather', 'wood', 'stone', 'metal', 'glass', 'paint', 'wallpaper'];

/** public: CommonLib; brand: BrandLib (the project's); personal: PersonLib (the user's own uploads). */
export type MaterialLibrary = 'public' | 'brand' | 'personal';
export type MaterialScope = 'all' | MaterialLibrary | 'favor';

/** The source-library source_type of material categories and category maps. */
export const MATERIAL_SOURCE_TYPE = 'material';

export interface CatalogueMaterial {
  readonly id: number;
  readonly material_id: string;
  readonly version: number;
  readonly name: string;
  readonly name_en: string;
  readonly category: MaterialCategory;
  /** '#rrggbb' sRGB base colour (multiplies the map) */
  readonly colour: string;
  readonly roughness: number;
  readonly metalness: number;
  /** below 1: see-through */
  readonly opacity: number;
  /** real-world size of one texture repeat, mm */
  readonly tile_mm: number;
  /** base-colour texture; '' for a plain colour */
  readonly map_url: string;
  /** normal map; '' when none */
  readonly normal_url: string;
  /** shaded sphere (MaterialBall) */
  readonly ball_url: string;
  /** flat picture (MeterialImg) */
  readonly cover_url: string;
  readonly library: MaterialLibrary;
  readonly favor: 0 | 1;
  /** History only: when the user last applied it (ISO) */
  readonly used_at?: string;
}

export interface MaterialListParams extends PageParams {
  readonly scope?: MaterialScope;
  /** every word must match the zh or en name, the category or the id */
  readonly keyword?: string;
  readonly category?: MaterialCategory;
  /** a user category (source library, source_type 'material') */
  readonly cate_id?: number;
}

export interface MaterialFilterResult extends PagedList<CatalogueMaterial> {
  readonly filters: { readonly category: readonly FilterOption[] };
}

/** Materials a page (core.md §9 default selector query: per_page 20). */
export const MATERIAL_PAGE_SIZE = 20;

export function listMaterials(client: ApiClient, params: MaterialListParams = {}, options: RequestOptions = {}): Promise<PagedList<CatalogueMaterial>> {
  return client.get<PagedList<CatalogueMaterial>>('admin/material', { action: 'list', pageSize: MATERIAL_PAGE_SIZE, ...params }, options);
}

/** One page and the category facet (each category counted without the category filter). */
export function getMaterialFilters(client: ApiClient, params: MaterialListParams = {}, options: RequestOptions = {}): Promise<MaterialFilterResult> {
  return client.get<MaterialFilterResult>('admin/material', { action: 'filters', pageSize: MATERIAL_PAGE_SIZE, ...params }, options);
}

/** History: the materials the user applied last, newest first (at most 20). */
export function getMaterialHistory(client: ApiClient, options: RequestOptions = {}): Promise<PagedList<CatalogueMaterial>> {
  return client.get<PagedList<CatalogueMaterial>>('admin/material', { action: 'history' }, options);
}

export function getMaterial(client: ApiClient, id: number, options: RequestOptions = {}): Promise<CatalogueMaterial> {
  return client.get<CatalogueMaterial>(`admin/material/${id}`, {}, options);
}

export function favorMaterial(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ readonly id: number; readonly favor: 1 }> {
  return client.post<{ readonly id: number; readonly favor: 1 }>('admin/material', { action: 'favor', id }, options);
}

export function deleteFavorMaterials(client: ApiClient, ids: readonly number[], options: RequestOptions = {}): Promise<{ readonly deleted: readonly number[] }> {
  return client.post<{ readonly deleted: readonly number[] }>('admin/material', { action: 'delete_favor_multi', id_list: ids }, options);
}

/** Records that the user applied the material (History). */
export function recordMaterialUse(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ readonly id: number }> {
  return client.post<{ readonly id: number }>('admin/material', { action: 'use', id }, options);
}

export interface MaterialUpload {
  readonly file: Blob;
  readonly name: string;
  readonly category?: MaterialCategory;
  /** real-world size of the picture, mm (default 1000) */
  readonly tileMm?: number;
  readonly roughness?: number;
}

/** Limits the server applies to an uploaded texture (checked there; shown here before sending). */
export const MATERIAL_UPLOAD_LIMITS = { maxBytes: 8 * 1024 * 1024, maxPx: 4096, minPx: 16 } as const;

/** PersonLib: the user's own PNG or JPEG becomes a material of theirs. */
export function uploadMaterial(client: ApiClient, upload: MaterialUpload, options: RequestOptions = {}): Promise<CatalogueMaterial> {
  const form = new FormData();
  form.append('name', upload.name);
  if (upload.category) form.append('category', upload.category);
  if (upload.tileMm !== undefined) form.append('tile_mm', String(upload.tileMm));
  if (upload.roughness !== undefined) form.append('roughness', String(upload.roughness));
  form.append('file', upload.file, upload.file instanceof File ? upload.file.name : 'texture');
  return client.post<CatalogueMaterial>('admin/material/upload', form, options);
}
