import type { BackupDelta, SceneFile } from '../protocol/scene-file';
import type { ApiClient, RequestOptions } from './client';
import { ApiError } from './errors';

// The scene calls of core.md §7: /meta20/x/scene and friends ({ code, msg, data }), the /api
// reading of a scene and the forced-logout auto save ({ retcode, retmsg, retdata }).
//
// Saving is two steps, like the product's upload-then-save: upload each file (uploadSceneFile,
// streamed to storage; the scene JSON may be gzip) and name the answers' url in createScene /
// updateScene. Every update names the version it was based on (Scene.version as last read); a
// stale one fails with HTTP 412, retcode SCENE_RETCODE.VERSION_CONFLICT, and changes nothing:
// offer "save as a copy" (createScene with the same uploaded file, which is still unused).
// Writes accept an idempotency key: a retry with the same key is applied once.

/** A scene (core.md §3). File fields are same-origin addresses (/files/...); '' when absent. */
export interface Scene {
  readonly id: number;
  readonly name: string;
  /** the scene code */
  readonly uuid: string;
  readonly file: string;
  readonly preview: string;
  /** address of a JSON list of { layerIndex, preview } */
  readonly multiFloorImage: string;
  readonly customPreview: string;
  readonly roomInfoUrl: string;
  readonly area: number;
  readonly isUseStackWall: 0 | 1;
  readonly jsdUrl: string;
  readonly hasMeasuringSize: 0 | 1;
  readonly has_measuring_size: 0 | 1;
  /** 100 means multi-room */
  readonly roomType: number;
  readonly fromSceneId: number | null;
  /** optimistic-concurrency version: send it as baseVersion with the next update */
  readonly version: number;
  /** the stored version the scene opens with */
  readonly currentVersionId: number | null;
  readonly labels: readonly string[];
  readonly ownerId: number;
  readonly shareCode: string | null;
  /** the client (customer) the scheme belongs to (api/clients.ts), and its name ('' when none) */
  readonly clientId: number | null;
  readonly clientName: string;
  /** set while the scene is in the recycle bin */
  readonly deletedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type SceneVersionKind = 'manual' | 'backup' | 'auto';

/** One entry of a history list (restore dialog, core.md §4). */
export interface SceneVersion {
  /** restore it with restoreSceneVersion, or name it as the base of a backup delta */
  readonly id: number;
  readonly sceneId: number;
  readonly kind: SceneVersionKind;
  readonly version: number;
  readonly file: string;
  readonly preview: string;
  readonly multiFloorImage: string;
  readonly roomInfoUrl: string;
  readonly area: number;
  readonly isUseStackWall: 0 | 1;
  readonly roomType: number;
  readonly clientId: string;
  readonly isCurrent: boolean;
  readonly updatedAt: string;
}

export interface ScenePage<T> {
  readonly list: readonly T[];
  readonly total: number;
  readonly pageNumber: number;
  readonly pageSize: number;
}

/** Domain retcodes of the scene calls (the server's server/http/retcodes.ts). */
export const SCENE_RETCODE = {
  /** HTTP 412: someone saved first; nothing was overwritten */
  VERSION_CONFLICT: 20001,
  /** 'empty scene cannot be saved' */
  EMPTY: 20002,
  /** HTTP 422: the idempotency key was used for a different request */
  IDEMPOTENCY_KEY_REUSED: 20003,
  /** a named upload is missing, someone else's, of another kind, or used by another save */
  FILE_UNAVAILABLE: 20004,
  /** an upload is not what its kind requires */
  FILE_INVALID: 20005,
  /** HTTP 409: the backup delta's base is gone; send the full file */
  BACKUP_BASE_NOT_FOUND: 20006,
  BACKUP_DELTA_INVALID: 20007,
} as const;

/** core.md §9: history keeps 20 records, page size 20. */
export const SCENE_HISTORY_PAGE_SIZE = 20;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface SceneWriteOptions extends RequestOptions {
  /** sent as Idempotency-Key: a retry with the same key is applied once */
  readonly idempotencyKey?: string;
}

/** A fresh idempotency key for one logical write (reuse it for that write's retries only). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

function withKey(options: SceneWriteOptions): RequestOptions {
  const { idempotencyKey, ...rest } = options;
  if (!idempotencyKey) return rest;
  return { ...rest, headers: { ...rest.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
}

function codeOf(e: unknown): number | null {
  if (!(e instanceof ApiError) || e.code === null) return null;
  const n = Number(e.code);
  return Number.isFinite(n) ? n : null;
}

/** True for the 412 of a stale save: offer to save as a copy. */
export function isSceneVersionConflict(e: unknown): e is ApiError {
  return codeOf(e) === SCENE_RETCODE.VERSION_CONFLICT;
}

/** True when a backup delta's base is no longer stored: send the full file instead. */
export function isBackupBaseMissing(e: unknown): e is ApiError {
  return codeOf(e) === SCENE_RETCODE.BACKUP_BASE_NOT_FOUND;
}

// ---------------------------------------------------------------------------------------------
// Files

export type SceneFileKind = 'scene' | 'preview' | 'floors' | 'roomInfo';

export interface UploadedSceneFile {
  /** storage key; the url names the same file */
  readonly key: string;
  /** what createScene / updateScene / storeSceneBackup take */
  readonly url: string;
  readonly kind: SceneFileKind;
  /** bytes as stored */
  readonly size: number;
  /** scene files: records that are content; 0 means an empty scene (a save of it is refused) */
  readonly contentRecords: number | null;
}

const UPLOAD_TYPES: Record<SceneFileKind, string> = {
  scene: 'application/json',
  preview: 'image/png',
  floors: 'application/json',
  roomInfo: 'application/json',
};

/**
 * Uploads one file: kind 'scene' takes the scene JSON (plain or gzip, up to 128 MB as sent),
 * 'preview' a PNG/JPEG/WebP, 'floors' a JSON list of { layerIndex, preview } whose previews are
 * uploaded previews, 'roomInfo' a JSON list of room-info entries.
 */
export function uploadSceneFile(
  client: ApiClient,
  kind: SceneFileKind,
  body: Blob | Uint8Array | string,
  options: RequestOptions = {},
): Promise<UploadedSceneFile> {
  const type = body instanceof Blob && body.type ? body.type : UPLOAD_TYPES[kind];
  const blob = body instanceof Blob ? body : new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type });
  return client.post<UploadedSceneFile>('/meta20/x/scene/upload', blob, {
    ...options,
    query: { ...options.query, kind },
    headers: { 'Content-Type': type, ...options.headers },
  });
}

/**
 * Loads a stored file (scene JSON, floor list, room info) from its address. Files are not wrapped
 * in an envelope, so this is a plain fetch; the login cookie or `token` authorises it.
 */
export async function loadSceneJson<T = SceneFile>(url: string, init: { token?: string | null; fetch?: typeof globalThis.fetch } = {}): Promise<T> {
  const doFetch = init.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let res: Response;
  try {
    res = await doFetch(url, { headers, credentials: 'include' });
  } catch (cause) {
    throw new ApiError({ kind: 'network', method: 'GET', url, cause });
  }
  if (!res.ok) throw new ApiError({ kind: 'response', method: 'GET', url, status: res.status, code: null, serverMessage: 'cannot get scene file' });
  return (await res.json()) as T;
}

// ---------------------------------------------------------------------------------------------
// Scenes

export interface SceneListQuery {
  readonly pageNumber?: number;
  readonly pageSize?: number;
  readonly keyword?: string;
  readonly label?: string;
  /** the recycle bin */
  readonly deleted?: boolean;
  /** only the schemes of this client */
  readonly clientId?: number;
  /** default updatedAt (newest change first) */
  readonly sort?: SceneListSort;
  /** default desc */
  readonly order?: 'asc' | 'desc';
}

export type SceneListSort = 'updatedAt' | 'createdAt' | 'name';

/** The signed-in user's scenes, newest change first unless sorted otherwise (page size default 20, at most 100). */
export function listScenes(client: ApiClient, query: SceneListQuery = {}, options: RequestOptions = {}): Promise<ScenePage<Scene>> {
  return client.get<ScenePage<Scene>>(
    '/meta20/x/scene',
    {
      pageNumber: query.pageNumber ?? 1,
      pageSize: query.pageSize ?? 20,
      keyword: query.keyword,
      label: query.label,
      deleted: query.deleted ? 1 : undefined,
      clientId: query.clientId,
      sort: query.sort,
      order: query.order,
    },
    options,
  );
}

export function getScene(client: ApiClient, id: number, options: RequestOptions = {}): Promise<Scene> {
  return client.get<Scene>(`/meta20/x/scene/${id}`, undefined, options);
}

/** GET /api/admin/scene/{id}: the same scene through the /api envelope. */
export function getAdminScene(client: ApiClient, id: number, options: RequestOptions = {}): Promise<Scene> {
  return client.get<Scene>(`admin/scene/${id}`, undefined, options);
}

/** Scene-level fields of a create or an update. */
export interface SceneFields {
  readonly name?: string;
  readonly area?: number;
  readonly isUseStackWall?: 0 | 1;
  readonly jsdUrl?: string;
  readonly hasMeasuringSize?: 0 | 1;
  readonly roomType?: number;
  /** an uploaded preview's url; null removes the custom preview */
  readonly customPreview?: string | null;
  /**
   * The client the scheme belongs to (null unlinks it, absent keeps the link). It must be a client
   * the caller may see, else the write fails (CLIENT_RETCODE.UNAVAILABLE) and saves nothing.
   */
  readonly clientId?: number | null;
}

/** Files of a new version: urls of uploads (a url the scene already had is copied, not moved). */
export interface SceneVersionFiles {
  readonly file: string;
  readonly preview?: string | null;
  readonly multiFloorImage?: string | null;
  readonly roomInfoUrl?: string | null;
}

export interface CreateSceneParams extends SceneFields, SceneVersionFiles {
  readonly name: string;
  readonly uuid?: string;
  /** the scene this one was saved from (save as a copy) */
  readonly fromSceneId?: number;
}

export interface UpdateSceneParams extends SceneFields, Partial<SceneVersionFiles> {
  /** Scene.version as last read */
  readonly baseVersion: number;
  /**
   * Instead of file: what changed since a stored version of this scene (delta.base, its id). A
   * base the server no longer has answers 20006, a delta that does not apply 20007: send the file.
   */
  readonly delta?: BackupDelta;
}

export function createScene(client: ApiClient, params: CreateSceneParams, options: SceneWriteOptions = {}): Promise<Scene> {
  return client.post<Scene>('/meta20/x/scene', params, withKey(options));
}

/** A manual save (with file) or a change of fields (without): the scene moves to version + 1. */
export function updateScene(client: ApiClient, id: number, params: UpdateSceneParams, options: SceneWriteOptions = {}): Promise<Scene> {
  return client.put<Scene>(`/meta20/x/scene/${id}`, params, withKey(options));
}

/** A new name only: not versioned (the version and change time stay), so no baseVersion. */
export function renameScene(client: ApiClient, id: number, name: string, options: RequestOptions = {}): Promise<Scene> {
  return client.put<Scene>(`/meta20/x/scene/${id}`, { name }, options);
}

export function cloneScene(client: ApiClient, id: number, name?: string, options: SceneWriteOptions = {}): Promise<Scene> {
  return client.put<Scene>(`/meta20/x/scene/clone/${id}`, name === undefined ? {} : { name }, withKey(options));
}

/** Copies of several scenes named 未命名方案 (all or nothing). */
export function cloneToUnnamed(client: ApiClient, sceneList: readonly number[], options: SceneWriteOptions = {}): Promise<Scene[]> {
  return client.post<Scene[]>('/meta20/x/scene/clone-to-unnamed', { sceneList }, withKey(options));
}

/** To the recycle bin. */
export function deleteScene(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ id: number }> {
  return client.delete<{ id: number }>(`/meta20/x/scene/${id}`, undefined, options);
}

/** Several to the recycle bin, all or nothing; answers the ids that moved now. */
export function deleteScenes(client: ApiClient, ids: readonly number[], options: RequestOptions = {}): Promise<{ ids: number[] }> {
  return client.post<{ ids: number[] }>('/meta20/x/scene/delete-scene-multi', { ids }, options);
}

/** For good, with every version and file. */
export function deepDeleteScene(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ id: number }> {
  return client.delete<{ id: number }>(`/meta20/x/scene/deep/${id}`, undefined, options);
}

/** Back from the recycle bin. */
export function restoreDeletedScene(client: ApiClient, id: number, options: RequestOptions = {}): Promise<Scene> {
  return client.put<Scene>(`/meta20/x/scene/restore-scene/${id}`, undefined, options);
}

// ---------------------------------------------------------------------------------------------
// History, backups, restore

const HISTORY_PATHS: Record<SceneVersionKind, string> = {
  manual: '/meta20/x/scene/get-history-list-by-scene-id',
  backup: '/meta20/x/scene/get-back-up-list-by-scene-id',
  auto: '/meta20/x/scene/get-auto-save-list-by-scene-id',
};

/** One of the three lists of the restore dialog, newest first (each keeps the newest 20). */
export function getSceneVersions(
  client: ApiClient,
  sceneId: number,
  kind: SceneVersionKind,
  pageNumber = 1,
  pageSize = SCENE_HISTORY_PAGE_SIZE,
  options: RequestOptions = {},
): Promise<ScenePage<SceneVersion>> {
  return client.get<ScenePage<SceneVersion>>(HISTORY_PATHS[kind], { sceneId, pageNumber, pageSize }, options);
}

export type StoreBackupParams =
  | {
      readonly sceneId: number;
      /** the full file, or a delta whose base is a SceneVersion id of this scene */
      readonly content: SceneFile | BackupDelta;
      readonly preview?: string | null;
      readonly multiFloorImage?: string | null;
      readonly roomInfoUrl?: string | null;
    }
  | {
      readonly sceneId: number;
      /** an uploaded scene file instead of inline content */
      readonly file: string;
      readonly preview?: string | null;
      readonly multiFloorImage?: string | null;
      readonly roomInfoUrl?: string | null;
    };

/** A timed backup; the answer's id is the base for the next delta. */
export function storeSceneBackup(client: ApiClient, params: StoreBackupParams, options: SceneWriteOptions = {}): Promise<SceneVersion> {
  return client.post<SceneVersion>('/meta20/x/scene/store-scene-backup', params, withKey(options));
}

/** Restores a stored version (of any list) as a new manual save; a stale baseVersion is a 412. */
export function restoreSceneVersion(
  client: ApiClient,
  params: { readonly sceneId: number; readonly versionId: number; readonly baseVersion: number },
  options: SceneWriteOptions = {},
): Promise<Scene> {
  return client.post<Scene>('/meta20/x/scene/restore-version', params, withKey(options));
}

// ---------------------------------------------------------------------------------------------
// Labels, air conditioner, share codes

export interface SceneLabelCount {
  readonly label: string;
  readonly count: number;
}

export function getSceneLabels(client: ApiClient, options: RequestOptions = {}): Promise<SceneLabelCount[]> {
  return client.get<SceneLabelCount[]>('/meta20/x/scene/get-labels', undefined, options);
}

/** Adds a label to a scene; answers the scene's labels. */
export function addSceneLabel(client: ApiClient, sceneId: number, label: string, options: RequestOptions = {}): Promise<string[]> {
  return client.post<string[]>('/meta20/x/scene/label', { sceneId, label }, options);
}

/** Replaces a scene's labels (at most 20, each at most 32 characters). */
export function setSceneLabels(client: ApiClient, sceneId: number, labels: readonly string[], options: RequestOptions = {}): Promise<string[]> {
  return client.post<string[]>('/meta20/x/scene/update-label', { sceneId, labels }, options);
}

/** Renames a label on every own scene. */
export function renameSceneLabel(client: ApiClient, oldLabel: string, newLabel: string, options: RequestOptions = {}): Promise<{ renamed: number }> {
  return client.post<{ renamed: number }>('/meta20/x/scene/update-label', { oldLabel, newLabel }, options);
}

/** Removes a label from one scene, or from every own scene when sceneId is left out. */
export function removeSceneLabel(client: ApiClient, label: string, sceneId?: number, options: RequestOptions = {}): Promise<{ removed: number }> {
  return client.post<{ removed: number }>('/meta20/x/scene/remove-label', sceneId === undefined ? { label } : { label, sceneId }, options);
}

export type AirConditionerSettings = { readonly [field: string]: unknown };

export function getAirConditioner(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<AirConditionerSettings | null> {
  return client.get<AirConditionerSettings | null>(`/meta20/x/scene/air-conditioner/${sceneId}`, undefined, options);
}

export function putAirConditioner(client: ApiClient, sceneId: number, settings: AirConditionerSettings, options: RequestOptions = {}): Promise<AirConditionerSettings> {
  return client.put<AirConditionerSettings>(`/meta20/x/scene/air-conditioner/${sceneId}`, settings, options);
}

/** The scene's share code (made on first call, and again after a revoke); anyone holding it can view the scene. */
export function createSceneShareCode(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<{ sceneId: number; shareCode: string }> {
  return client.post<{ sceneId: number; shareCode: string }>('/meta20/scene-share/create', { sceneId }, options);
}

/** Withdraws the scene's share code (owner only): its links answer 404 from now on. */
export function revokeSceneShareCode(client: ApiClient, sceneId: number, options: RequestOptions = {}): Promise<{ sceneId: number; shareCode: null }> {
  return client.post<{ sceneId: number; shareCode: null }>('/meta20/scene-share/revoke', { sceneId }, options);
}

/**
 * What a share code opens for someone outside the scene's project (or not signed in): the name,
 * the preview and the scene file, at addresses scoped to the code (/files/share/<code>/...).
 */
export interface SharedScene {
  readonly shareCode: string;
  readonly name: string;
  /** '' when the scene has no preview */
  readonly preview: string;
  readonly file: string;
}

/** The whole Scene for a signed-in user of the scene's project; SharedScene for anyone else (no login needed). */
export function getSceneByShareCode(client: ApiClient, shareCode: string, options: RequestOptions = {}): Promise<Scene | SharedScene> {
  return client.get<Scene | SharedScene>('/meta20/scene-share/get-by-share-code', { shareCode }, options);
}

// ---------------------------------------------------------------------------------------------
// Forced-logout auto save (POST /api/client/utility, action auto_save_scene)

export interface AutoSaveSceneParams {
  /** the open scene's id; 0 or '' when it was never saved (a new scene is made) */
  readonly fromSceneId: number | '';
  /** the session token of this browser (it may already be revoked by a login elsewhere) */
  readonly token: string;
  readonly clientId?: string | number;
  readonly uuid?: string;
  /** the scene file as JSON text (spelled as the product spells it) */
  readonly filecontnt: string;
  readonly isUseStackWall: 0 | 1;
  /** the preview as a data: URL, or '' */
  readonly previewcontent?: string;
}

export interface AutoSaveSceneResult {
  readonly sceneId: number;
  readonly versionId: number;
  /** true when a new scene was made */
  readonly created: boolean;
  readonly kind: SceneVersionKind;
}

/**
 * Saves the work on screen when the account logged in elsewhere. The server accepts it from the
 * revoked session once, within 10 minutes of the revocation; the session-expired event is not
 * raised again for it.
 */
export function autoSaveScene(client: ApiClient, params: AutoSaveSceneParams, options: SceneWriteOptions = {}): Promise<AutoSaveSceneResult> {
  return client.post<AutoSaveSceneResult>(
    'client/utility',
    { action: 'auto_save_scene', ...params },
    { skipSessionExpired: true, ...withKey(options), headers: { Authorization: `Bearer ${params.token}`, ...withKey(options).headers } },
  );
}
