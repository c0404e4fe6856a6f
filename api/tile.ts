import type { ApiClient, RequestOptions } from './client';
import type { FilterOption, MixMode, PagedList, PageParams } from './catalogue';

// The tile catalogue, /api/admin/tile (core.md §7, catalogues.md §7).

/** core.md §3: 0 tile, 1 custom scheme, 2 paving, 3 wood floor, 4 shower stone, 5 rock slab. */
export type TileType = 0 | 1 | 2 | 3 | 4 | 5;
export const TILE_TYPE = { tile: 0, customScheme: 1, paving: 2, woodFloor: 3, showerStone: 4, rockSlab: 5 } as const satisfies Record<
  string,
  TileType
>;

/** Where a tile may be laid; floor and wall also match tiles made for both. */
export type TileGenre = 'floor' | 'wall' | 'floor_wall';

/** core.md §3 tile fields, plus type, series and the size in millimetres. */
export interface Tile {
  readonly id: number;
  readonly name: string;
  readonly code: string;
  readonly brand: string;
  readonly agent_brand_name: string;
  readonly series: string;
  readonly type: TileType;
  /** the texture (long side 256 px) */
  readonly image: string;
  /** a larger texture (long side 512 px) */
  readonly imageBig: string;
  /** thumbnail, 100 x 100 */
  readonly cover_url: string;
  /** 'WIDTHxHEIGHT' in millimetres */
  readonly spec: string;
  readonly width: number;
  readonly height: number;
  readonly old_id: number;
  readonly sku: string;
  readonly price: number;
  /** paving mix mode: "0" none, "2" rotated, "3" multi-tile */
  readonly mode: MixMode;
  /** colour variants for mixed laying (mode "3") */
  readonly hunpu_pics: readonly string[];
  /** a preview of the variants laid together; '' when there are none */
  readonly image_hunpu: string;
  readonly detail_link: string;
  /** 1: the project's own tile, seen only by its users */
  readonly tile_private: 0 | 1;
  readonly genre: TileGenre;
  readonly tile_favor: 0 | 1;
}

/** core.md §3 tile list filters. */
export interface TileListParams extends PageParams {
  /** the signed-in project; another one is refused */
  readonly project?: string;
  readonly keyword?: string;
  readonly type?: TileType | readonly TileType[];
  readonly brand?: string;
  readonly series?: string;
  readonly spec?: string;
  readonly genre?: TileGenre;
}

/** filters: the public catalogue; favorfilters: the user's favourites; privateFilters: the project's own tiles. */
export type TileFilterAction = 'filters' | 'favorfilters' | 'privateFilters';

export interface TileFilterLists {
  readonly brand: readonly FilterOption[];
  readonly type: readonly FilterOption[];
  readonly series: readonly FilterOption[];
  /** more than 11 specs: the first 10 and a 'more' entry holding the rest (core.md §7) */
  readonly spec: readonly FilterOption[];
}

export interface TileFilterResult extends PagedList<Tile> {
  readonly filters: TileFilterLists;
}

/** core.md §9: 8 a page on the catalogue screen; the favourites and library list use 9999. */
export const TILE_PAGE_SIZE = 8;
export const TILE_LIST_PAGE_SIZE = 9999;

function tileQuery(params: TileListParams) {
  const { type, ...rest } = params;
  const types: readonly TileType[] | undefined = type === undefined ? undefined : typeof type === 'number' ? [type] : type;
  return { ...rest, type: types && types.length > 0 ? types.join(',') : undefined };
}

export function getTileFilters(
  client: ApiClient,
  action: TileFilterAction,
  params: TileListParams = {},
  options: RequestOptions = {},
): Promise<TileFilterResult> {
  return client.get<TileFilterResult>('admin/tile', { action, pageSize: TILE_PAGE_SIZE, ...tileQuery(params) }, options);
}

/** all: public and the project's own (default); favor: the user's favourites. */
export type TileListScope = 'all' | 'public' | 'private' | 'favor';

export function listTiles(
  client: ApiClient,
  params: TileListParams & { readonly scope?: TileListScope } = {},
  options: RequestOptions = {},
): Promise<PagedList<Tile>> {
  return client.get<PagedList<Tile>>('admin/tile', { action: 'list', page: 1, pageSize: TILE_LIST_PAGE_SIZE, ...tileQuery(params) }, options);
}

/** By id, or by code when one is given (the id is then only the caller's reference). */
export function getTile(client: ApiClient, id: number, code?: string, options: RequestOptions = {}): Promise<Tile> {
  return client.get<Tile>(`admin/tile/${id}`, code ? { code } : undefined, options);
}

export interface TileFavorResult {
  readonly id: number;
  readonly tile_favor: 0 | 1;
}

export function favorTile(client: ApiClient, id: number, options: RequestOptions = {}): Promise<TileFavorResult> {
  return client.post<TileFavorResult>('admin/tile', { action: 'favor', id }, options);
}

export function unfavorTile(client: ApiClient, id: number, options: RequestOptions = {}): Promise<TileFavorResult> {
  return client.delete<TileFavorResult>(`admin/tile/${id}`, { action: 'favor' }, options);
}

/** Removes those of `ids` that are the user's favourites; answers the ids removed. */
export function multiDeleteTileFavor(
  client: ApiClient,
  ids: readonly number[],
  options: RequestOptions = {},
): Promise<{ readonly deleted: readonly number[] }> {
  return client.post<{ readonly deleted: readonly number[] }>('admin/tile', { action: 'multi_delete_tile_favor', id_list: ids }, options);
}

export interface BrandInitialGroup {
  /** A-Z, or '#' for brands without a known initial */
  readonly initial: string;
  readonly brands: readonly { readonly name: string; readonly count: number }[];
}

export function getTileBrandsByInitial(client: ApiClient, genre?: TileGenre, options: RequestOptions = {}): Promise<BrandInitialGroup[]> {
  return client.get<BrandInitialGroup[]>('admin/tile', { action: 'filters_brand_initial', genre }, options);
}
