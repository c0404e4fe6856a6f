// retcode values of the { retcode, retmsg, retdata } envelope. 0 is success (spec section 7);
// 401 in the body triggers the client's session-expired handler (spec section 8). Generic
// failures reuse the HTTP status number; domain failures use five-digit codes.
import { MODULE_NOT_LICENSED_RETCODE } from '../../protocol/access';

export const RETCODE = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** wrong account, password or project: 账号密码错误 */
  LOGIN_FAILED: 10001,
  /** the account exists but may not use the product: 该账号无访问权限！ */
  NO_ACCESS: 10002,
  /** too many failed logins for the account or the address in the last hour */
  LOGIN_THROTTLED: 10003,
  /** loginWithToken with an unknown, used or expired token */
  LOGIN_TOKEN_INVALID: 10004,
  /** the call needs a module the account has not licensed, or whose DateEnd has passed (HTTP 403):
   * the authority tip; retdata names the feature and the modules that would open it */
  MODULE_NOT_LICENSED: MODULE_NOT_LICENSED_RETCODE,
  /** scenes: the save names a version that is no longer the scene's version (HTTP 412); nothing was written */
  SCENE_VERSION_CONFLICT: 20001,
  /** scenes: the scene file has no content records: 'empty scene cannot be saved' */
  SCENE_EMPTY: 20002,
  /** the Idempotency-Key header was used before for a different request (HTTP 422) */
  IDEMPOTENCY_KEY_REUSED: 20003,
  /** scenes: a referenced upload is missing, of another user or kind, or already used by a save */
  SCENE_FILE_UNAVAILABLE: 20004,
  /** scenes: an uploaded file is not what its kind requires (scene JSON, image, floor list …) */
  SCENE_FILE_INVALID: 20005,
  /** store-scene-backup: the delta's base is not a stored version of this scene (HTTP 409): send the full file */
  BACKUP_BASE_NOT_FOUND: 20006,
  /** store-scene-backup: the delta cannot be applied to its base (schema mismatch, bad delta) */
  BACKUP_DELTA_INVALID: 20007,
  /** source library: a category of that name already exists in the same library (HTTP 409) */
  CATEGORY_NAME_TAKEN: 30001,
  /** price list: saved on a version that is no longer the newest (HTTP 409); nothing was written */
  PRICE_LIST_VERSION_CONFLICT: 40001,
  /** price list: the list fails validation; retdata.problems has a zh and en reason for each */
  PRICE_LIST_INVALID: 40002,
  /** price list: the list equals the newest version, so no version was added */
  PRICE_LIST_UNCHANGED: 40003,
  /** clients: a client fails the limits of protocol/clients.ts (HTTP 400); retdata.problems lists each */
  CLIENT_INVALID: 50001,
  /** scenes: the clientId of a save is not a client the caller may see (HTTP 400); nothing was saved */
  CLIENT_UNAVAILABLE: 50002,
  /** model upload refusals (HTTP 400, 413 for size): retdata.reason names which (catalogues/model-upload.ts) */
  MODEL_UPLOAD_NOT_MODEL: 30011,
  MODEL_UPLOAD_CORRUPT: 30012,
  MODEL_UPLOAD_TOO_LARGE: 30013,
  MODEL_UPLOAD_TOO_MANY_TRIANGLES: 30014,
  MODEL_UPLOAD_TOO_MANY_TEXTURES: 30015,
  MODEL_UPLOAD_TEXTURE_TOO_LARGE: 30016,
  MODEL_UPLOAD_TEXTURE_FORMAT: 30017,
  MODEL_UPLOAD_MISSING_FILE: 30018,
  MODEL_UPLOAD_EMPTY_SCENE: 30019,
  MODEL_UPLOAD_UNSUPPORTED_EXTENSION: 30020,
  MODEL_UPLOAD_CONVERSION_FAILED: 30021,
  /** 制作样板间: a sample room was made from this scene before (HTTP 409): 该场景已制作过样板间！ */
  MODEL_ROOM_EXISTS: 30031,
  /** 制作样板间: the scene has no room, or a room without a type (HTTP 400) */
  MODEL_ROOM_SCENE_UNFIT: 30032,
  /** the write would take the user's or the project's stored bytes past its quota (HTTP 507);
   * nothing was stored; retdata: { scope: 'user' | 'project', used, quota, incoming } in bytes */
  STORAGE_QUOTA_EXCEEDED: 60001,
  /** render jobs (docs/rendering.md, HTTP 409): no coupon left for the resolution and mode; nothing was queued */
  RENDER_NO_COUPON: 70001,
  /** render jobs: the scene has never been saved, so there is nothing to render (HTTP 409) */
  RENDER_SCENE_NOT_SAVED: 70002,
  /** render jobs: cancel of a job that is already done, failed or cancelled (HTTP 409) */
  RENDER_JOB_FINISHED: 70003,
  /** render jobs: delete of a job still queued or rendering (HTTP 409): cancel it first */
  RENDER_JOB_UNFINISHED: 70004,
} as const;

export type Retcode = (typeof RETCODE)[keyof typeof RETCODE];
