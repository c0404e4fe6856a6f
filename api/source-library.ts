import type { ApiClient, RequestOptions } from './client';
import { pavingQuery, type PagedList, type PavingItem, type PavingKind, type PavingListParams, type PageParams } from './catalogue';

// The source library, /api/admin/source-library (catalogues.md §7). Every call names its action
// in the `action` parameter; {id} is the only path segment.

const PATH = 'admin/source-library';

/** personal: the user's own library; brand: the project's shared one (changed by its admins only). */
export type LibraryType = 'personal' | 'brand';

export interface LibraryCategory {
  readonly id: number;
  readonly name: string;
  readonly source_type: string;
  readonly library_type: LibraryType;
  readonly count: number;
  /** 1 when the user may rename or delete it */
  readonly editable: 0 | 1;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface PavingCategory {
  readonly id: number;
  readonly parent_id: number | null;
  readonly kind: PavingKind;
  readonly name: string;
  readonly count: number;
}

export interface CategoryMapItem {
  readonly id: number;
  readonly cate_id: number;
  readonly cate_name: string;
  readonly source_type: string;
  readonly model_id: string;
  readonly created_at: string;
  /** the tile, paving or medallion itself, when the user can see it */
  readonly item: {
    readonly name: string;
    readonly code: string;
    readonly image: string;
    readonly cover_url: string;
    readonly spec: string;
    readonly brand: string;
  } | null;
}

export interface SimplePavingFavor {
  readonly id: number;
  readonly name: string;
  readonly tile_id: number | null;
  readonly payload: { readonly [field: string]: unknown };
  readonly created_at: string;
  readonly tile: {
    readonly id: number;
    readonly code: string;
    readonly old_id: number;
    readonly name: string;
    readonly image: string;
    readonly cover_url: string;
    readonly spec: string;
    readonly brand: string;
  } | null;
}

/** catalogues.md §9: category page size 8. */
export const CATEGORY_PAGE_SIZE = 8;

/** Pavings and medallions by filters (the product's name for it: get_paying_by_filters). */
export function getPavingsByFilters(
  client: ApiClient,
  params: PavingListParams & { readonly kind?: PavingKind } = {},
  options: RequestOptions = {},
): Promise<PagedList<PavingItem>> {
  const { kind, ...rest } = params;
  return client.post<PagedList<PavingItem>>(PATH, { action: 'get_paying_by_filters', kind, ...pavingQuery(rest) }, options);
}

/** Child categories of `category`; the top level when omitted. */
export function getPavingCategoryList(client: ApiClient, category?: number, options: RequestOptions = {}): Promise<PavingCategory[]> {
  return client.get<PavingCategory[]>(PATH, { action: 'get_paving_category_list', category }, options);
}

export function getPavingBrandList(
  client: ApiClient,
  category?: number,
  options: RequestOptions = {},
): Promise<{ readonly name: string; readonly count: number }[]> {
  return client.get<{ readonly name: string; readonly count: number }[]>(PATH, { action: 'get_paving_brand_list', category }, options);
}

export interface StoreCategoryParams {
  /** required: a missing or blank name answers 请输入文件名称 */
  readonly name: string;
  readonly source_type: string;
  readonly library_type?: LibraryType;
}

export function storeCategory(client: ApiClient, params: StoreCategoryParams, options: RequestOptions = {}): Promise<LibraryCategory> {
  return client.post<LibraryCategory>(PATH, { action: 'store_category', ...params }, options);
}

export function getCategoryList(
  client: ApiClient,
  params: { readonly source_type?: string; readonly keyword?: string; readonly library_type?: LibraryType } = {},
  options: RequestOptions = {},
): Promise<LibraryCategory[]> {
  return client.get<LibraryCategory[]>(PATH, { action: 'get_category_list', ...params }, options);
}

export function updateCategory(client: ApiClient, id: number, name: string, options: RequestOptions = {}): Promise<LibraryCategory> {
  return client.patch<LibraryCategory>(`${PATH}/${id}`, { action: 'update_category', name }, options);
}

export function deleteCategory(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ readonly id: number }> {
  return client.delete<{ readonly id: number }>(`${PATH}/${id}`, { action: 'delete_category' }, options);
}

export function getCategoryMapPageList(
  client: ApiClient,
  params: PageParams & { readonly cate_id?: number; readonly source_type?: string; readonly library_type?: LibraryType } = {},
  options: RequestOptions = {},
): Promise<PagedList<CategoryMapItem>> {
  return client.get<PagedList<CategoryMapItem>>(
    PATH,
    { action: 'get_category_map_page_list', page: 1, pageSize: CATEGORY_PAGE_SIZE, ...params },
    options,
  );
}

export interface CategoryMapTarget {
  readonly source_type: string;
  readonly cate_id: number;
  readonly cate_name?: string;
}

/** Files an item under a category (moving it out of the library's other categories). */
export function storeCategoryMap(
  client: ApiClient,
  modelId: string | number,
  target: CategoryMapTarget,
  options: RequestOptions = {},
): Promise<{ readonly cate_id: number; readonly added: number }> {
  return client.post<{ readonly cate_id: number; readonly added: number }>(
    PATH,
    { action: 'store_category_map', model_id: modelId, ...target },
    options,
  );
}

export function storeCategoryMapMulti(
  client: ApiClient,
  modelIds: readonly (string | number)[],
  target: CategoryMapTarget,
  options: RequestOptions = {},
): Promise<{ readonly cate_id: number; readonly added: number }> {
  return client.post<{ readonly cate_id: number; readonly added: number }>(
    PATH,
    { action: 'store_category_map_multi', model_id_list: modelIds, ...target },
    options,
  );
}

export interface CategoryMapRemoval {
  readonly source_type: string;
  /** only from this category; otherwise from every category of the library */
  readonly cate_id?: number;
  readonly library_type?: LibraryType;
}

export function deleteCategoryMap(
  client: ApiClient,
  modelId: string | number,
  from: CategoryMapRemoval,
  options: RequestOptions = {},
): Promise<{ readonly removed: number }> {
  return client.post<{ readonly removed: number }>(PATH, { action: 'delete_category_map', model_id: modelId, ...from }, options);
}

export function deleteCategoryMapMulti(
  client: ApiClient,
  modelIds: readonly (string | number)[],
  from: CategoryMapRemoval,
  options: RequestOptions = {},
): Promise<{ readonly removed: number }> {
  return client.post<{ readonly removed: number }>(PATH, { action: 'delete_category_map_multi', model_id_list: modelIds, ...from }, options);
}

/** Every category of one library, across source types; brand: the project's shared library. */
export function getAllCategories(client: ApiClient, brand = false, options: RequestOptions = {}): Promise<LibraryCategory[]> {
  return client.get<LibraryCategory[]>(PATH, { action: 'all_category', brand: brand ? 1 : 0 }, options);
}

export interface SimplePavingFavorInput {
  readonly tile_id?: number;
  readonly name?: string;
  /** texture favourite fields (catalogues.md §3) and laying parameters, kept as sent */
  readonly [field: string]: unknown;
}

export function addSimplePavingFavor(client: ApiClient, input: SimplePavingFavorInput, options: RequestOptions = {}): Promise<SimplePavingFavor> {
  return client.post<SimplePavingFavor>(PATH, { ...input, action: 'simple_paving_favor' }, options);
}

export function deleteSimplePavingFavor(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ readonly id: number }> {
  return client.delete<{ readonly id: number }>(`${PATH}/${id}`, { action: 'simple_paving_favor' }, options);
}

export function getSimplePavingFavorPageList(
  client: ApiClient,
  params: PageParams = {},
  options: RequestOptions = {},
): Promise<PagedList<SimplePavingFavor>> {
  return client.get<PagedList<SimplePavingFavor>>(
    PATH,
    { action: 'simple_paving_favor_page_list', page: 1, pageSize: CATEGORY_PAGE_SIZE, ...params },
    options,
  );
}
