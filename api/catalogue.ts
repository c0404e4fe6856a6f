import type { ApiClient, Query, RequestOptions } from './client';

// Shared shapes of the catalogue calls, and the paving and waterjet families (catalogues.md §7):
// /api/admin/paving (GET filters, POST favor with privateId, DELETE {id} favor) and
// /api/admin/waterjet (GET list and filters, POST favor, DELETE {id}).

/** One page of a catalogue list. */
export interface PagedList<T> {
  readonly total: number;
  readonly per_page: number;
  readonly current_page: number;
  readonly last_page: number;
  readonly data: readonly T[];
}

/** An entry of a filter list; the 'more' entry of a truncated list carries the rest as children. */
export interface FilterOption {
  readonly value: string;
  readonly name: string;
  readonly count: number;
  readonly children?: readonly FilterOption[];
}

/** value of the entry that stands for the hidden rest of a truncated filter list */
export const FILTER_MORE_VALUE = 'more';

export interface PageParams {
  readonly page?: number;
  readonly pageSize?: number;
}

/** catalogues.md §3 paving mix modes: none "0", rotated "2", multi-tile "3". */
export type MixMode = '0' | '2' | '3';
export const MIX_MODE = { none: '0', rotated: '2', multiTile: '3' } as const satisfies Record<string, MixMode>;

export type PavingKind = 'paving' | 'waterjet';

export interface PavingItem {
  readonly id: number;
  /** what the favourite calls send */
  readonly privateId: number;
  readonly kind: PavingKind;
  readonly code: string;
  readonly name: string;
  readonly category_id: number | null;
  readonly category_name: string;
  readonly brand: string;
  /** 'WIDTHxHEIGHT' in millimetres */
  readonly spec: string;
  readonly width: number;
  readonly height: number;
  readonly mode: MixMode;
  readonly price: number;
  readonly sku: string;
  readonly image: string;
  readonly imageBig: string;
  readonly cover_url: string;
  /** codes of the tiles the pattern is laid with */
  readonly tiles: readonly string[];
  readonly paving_private: 0 | 1;
  readonly favor: 0 | 1;
}

export interface PavingFilterLists {
  readonly brand: readonly FilterOption[];
  readonly category: readonly FilterOption[];
  readonly spec: readonly FilterOption[];
  readonly mode: readonly FilterOption[];
}

export interface PavingFilterResult extends PagedList<PavingItem> {
  readonly filters: PavingFilterLists;
}

export interface PavingListParams extends PageParams {
  readonly keyword?: string;
  /** a category id; a parent category includes its children */
  readonly category?: number;
  readonly brand?: string;
  readonly spec?: string;
  readonly mode?: MixMode;
  /** only the user's favourites */
  readonly favor?: boolean;
}

export function pavingQuery(params: PavingListParams): Query {
  const { favor, ...rest } = params;
  return { ...rest, favor: favor === undefined ? undefined : favor ? 1 : 0 };
}

const FAMILY_PATH: Record<PavingKind, string> = { paving: 'admin/paving', waterjet: 'admin/waterjet' };

/** GET ?action=filters: the filter lists and one page. */
export function getPavingFilters(
  client: ApiClient,
  kind: PavingKind,
  params: PavingListParams = {},
  options: RequestOptions = {},
): Promise<PavingFilterResult> {
  return client.get<PavingFilterResult>(FAMILY_PATH[kind], { action: 'filters', ...pavingQuery(params) }, options);
}

/** GET ?action=list: one page without the filter lists. */
export function listPavings(
  client: ApiClient,
  kind: PavingKind,
  params: PavingListParams = {},
  options: RequestOptions = {},
): Promise<PagedList<PavingItem>> {
  return client.get<PagedList<PavingItem>>(FAMILY_PATH[kind], { action: 'list', ...pavingQuery(params) }, options);
}

export function getPaving(client: ApiClient, kind: PavingKind, id: number, options: RequestOptions = {}): Promise<PavingItem> {
  return client.get<PavingItem>(`${FAMILY_PATH[kind]}/${id}`, undefined, options);
}

export interface PavingFavorResult {
  readonly id: number;
  readonly favor: 0 | 1;
}

export function favorPaving(client: ApiClient, kind: PavingKind, privateId: number, options: RequestOptions = {}): Promise<PavingFavorResult> {
  return client.post<PavingFavorResult>(FAMILY_PATH[kind], { action: 'favor', privateId }, options);
}

export function unfavorPaving(client: ApiClient, kind: PavingKind, id: number, options: RequestOptions = {}): Promise<PavingFavorResult> {
  return client.delete<PavingFavorResult>(`${FAMILY_PATH[kind]}/${id}`, { action: 'favor' }, options);
}
