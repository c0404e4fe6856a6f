import type { ApiClient, RequestOptions } from './client';
import type { PagedList, PageParams } from './catalogue';

// Sample rooms, /api/admin/model-room (core.md §7).

/** core.md §3 model room fields (id, scheme_id, scheme_brand, favor) and what a card shows. */
export interface ModelRoom {
  readonly id: number;
  /** the id favourites are keyed by (the same as id) */
  readonly scheme_id: number;
  /** the project the sample room belongs to */
  readonly scheme_brand: string;
  readonly favor: 0 | 1;
  readonly name: string;
  readonly cover_url: string;
  readonly scene_id: number | null;
  /** the scene file's address; '' when the sample room has none (show 该样板间没有场景文件) */
  readonly scene_file: string;
  /** catalogues.md §3 room type code (100: whole house) */
  readonly room_type: number;
  readonly style: string;
  readonly area: number;
  readonly viewed_count: number;
  readonly model_list_url: string;
  readonly room: { readonly [field: string]: unknown };
  readonly is_public: 0 | 1;
  readonly is_owner: 0 | 1;
  /** ISO 8601 */
  readonly created_at: string;
  readonly updated_at: string;
}

/** core.md §9: sample-room lookup page size 8. */
export const MODEL_ROOM_PAGE_SIZE = 8;

export type ModelRoomOrderField = 'created_at' | 'updated_at' | 'viewed_count' | 'id' | 'area';

export interface ModelRoomListParams extends PageParams {
  readonly order_by?: 'asc' | 'desc';
  readonly order_field?: ModelRoomOrderField;
  /** only sample rooms made from this scene */
  readonly scene_id?: number;
  readonly keyword?: string;
  readonly room_type?: number;
  readonly style?: string;
  /** only the user's favourites */
  readonly favor?: boolean;
  /** only the signed-in project's own sample rooms */
  readonly mine?: boolean;
}

/** Defaults as the product sends them: page 1, 8 a page, newest first by created_at. */
export function listModelRooms(client: ApiClient, params: ModelRoomListParams = {}, options: RequestOptions = {}): Promise<PagedList<ModelRoom>> {
  const { favor, mine, ...rest } = params;
  return client.get<PagedList<ModelRoom>>(
    'admin/model-room',
    {
      action: 'scheme',
      page: 1,
      pageSize: MODEL_ROOM_PAGE_SIZE,
      order_by: 'desc',
      order_field: 'created_at',
      ...rest,
      favor: favor === undefined ? undefined : favor ? 1 : 0,
      mine: mine === undefined ? undefined : mine ? 1 : 0,
    },
    options,
  );
}

export function getModelRoom(client: ApiClient, id: number, options: RequestOptions = {}): Promise<ModelRoom> {
  return client.get<ModelRoom>(`admin/model-room/${id}`, { action: 'scheme' }, options);
}

export interface ModelRoomFavorResult {
  readonly scheme_id: number;
  readonly favor: 0 | 1;
}

export function favorModelRoom(
  client: ApiClient,
  room: Pick<ModelRoom, 'scheme_id' | 'scheme_brand'>,
  options: RequestOptions = {},
): Promise<ModelRoomFavorResult> {
  return client.post<ModelRoomFavorResult>(
    'admin/model-room',
    { action: 'favor', scheme_id: room.scheme_id, scheme_brand: room.scheme_brand },
    options,
  );
}

export function unfavorModelRoom(client: ApiClient, schemeId: number, options: RequestOptions = {}): Promise<ModelRoomFavorResult> {
  return client.delete<ModelRoomFavorResult>(`admin/model-room/${schemeId}`, { action: 'favor' }, options);
}

export interface ViewCountResult {
  readonly id: number;
  readonly viewed_count: number;
  /** false when the viewer owns the sample room (their own views are not counted) */
  readonly counted: boolean;
}

export function countModelRoomView(client: ApiClient, id: number, options: RequestOptions = {}): Promise<ViewCountResult> {
  return client.post<ViewCountResult>('admin/model-room', { action: 'viewed_count', id }, options);
}

export interface SchemeUpdate {
  readonly scheme?: {
    /** site-relative or http(s) address; '' clears it */
    readonly model_list_url?: string;
    readonly name?: string;
    readonly cover_url?: string;
    readonly scene_file?: string;
  };
  /** room info (roomType and area, when numbers, also update the card) */
  readonly room?: { readonly [field: string]: unknown };
}

/** Only the owner or an admin of the owning project may change a sample room (others: 403 or 404). */
export function updateModelRoomScheme(client: ApiClient, id: number, update: SchemeUpdate, options: RequestOptions = {}): Promise<ModelRoom> {
  return client.patch<ModelRoom>(`admin/model-room/${id}`, { action: 'scheme', ...update }, options);
}

/**
 * 制作样板间: a sample room of the caller's project made from their own saved scene (its current
 * file copied, its plan as the cover). 404 for a scene that is not the caller's; 409 (该场景已制作过样板间！)
 * when one was made from it before; 400 for a scene without rooms or with an untyped room.
 */
export function makeModelRoom(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<ModelRoom> {
  return client.post<ModelRoom>('admin/model-room', { action: 'scheme', scene_id: sceneId }, options);
}
