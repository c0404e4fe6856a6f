import type { ApiClient, RequestOptions } from './client';
import { IDEMPOTENCY_KEY_HEADER, type ScenePage, type SceneWriteOptions } from './scene';

// The tenant's house-type library (户型入库, issue 16): /meta20/x/house-type ({ code, msg, data }).
// An entry is stored from a saved scheme: the server copies that scheme's current scene file and
// preview, so the entry never changes with later edits of the scheme. Open an entry's `file` the
// way a scene file is opened (as a new, unsaved scheme): it is not linked to the stored one.

/** One entry of the library. File fields are same-origin addresses (/files/...); '' when absent. */
export interface HouseType {
  readonly id: number;
  readonly name: string;
  /** sceneStyle */
  readonly style: string;
  readonly roomNumber: number;
  readonly bedroomNumber: number;
  readonly parlourNumber: number;
  readonly bathroomNumber: number;
  /** clientCity: a city code of the region table, '' for none */
  readonly city: string;
  /** the city's name when it was stored (what the search finds) */
  readonly cityName: string;
  /** clientBuilding: 小区 / 楼盘 */
  readonly building: string;
  /** m² */
  readonly area: number;
  readonly file: string;
  readonly preview: string;
  readonly fromSceneId: number | null;
  readonly ownerId: number;
  readonly createdAt: string;
}

export interface HouseTypeListQuery {
  readonly pageNumber?: number;
  /** default 20, at most 100 */
  readonly pageSize?: number;
  /** found in the name, the city's name or the building */
  readonly keyword?: string;
}

export interface CreateHouseTypeParams {
  /** a saved scheme (the caller's, or any of the project for its admin) */
  readonly sceneId: number;
  /** default: the scheme's name */
  readonly name?: string;
  readonly style?: string;
  readonly roomNumber: number;
  readonly bedroomNumber: number;
  readonly parlourNumber: number;
  readonly bathroomNumber: number;
  readonly city?: string;
  readonly cityName?: string;
  readonly building?: string;
}

export function listHouseTypes(client: ApiClient, query: HouseTypeListQuery = {}, options: RequestOptions = {}): Promise<ScenePage<HouseType>> {
  return client.get<ScenePage<HouseType>>(
    '/meta20/x/house-type',
    { pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? 20, keyword: query.keyword || undefined },
    options,
  );
}

export function getHouseType(client: ApiClient, id: number, options: RequestOptions = {}): Promise<HouseType> {
  return client.get<HouseType>(`/meta20/x/house-type/${id}`, undefined, options);
}

/**
 * Stores the scheme's current saved version. A scheme whose saved file is empty is refused with
 * 20002 (场景不能为空！); one the caller cannot see answers 404.
 */
export function createHouseType(client: ApiClient, params: CreateHouseTypeParams, options: SceneWriteOptions = {}): Promise<HouseType> {
  const { idempotencyKey, ...rest } = options;
  const headers = idempotencyKey ? { ...rest.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : rest.headers;
  return client.post<HouseType>('/meta20/x/house-type', params, { ...rest, ...(headers ? { headers } : {}) });
}

/** The owner or a project admin; its files go with it. */
export function deleteHouseType(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ id: number }> {
  return client.delete<{ id: number }>(`/meta20/x/house-type/${id}`, undefined, options);
}
