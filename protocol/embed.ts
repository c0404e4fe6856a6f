import { z } from 'zod';

// The postMessage protocol between a partner's page (the host) and the design tool running in its
// iframe (the product): issue 19, catalogues.md §4 "Embedded frame messages: close, resize frame,
// insert items, quick room mode, clone item, load a 3D studio scene, close window".
//
// Shared by the product's listener (ui/embed/), the host-side module (embed/, @yfang/embed) and the
// server's tests, so both ends validate the same shapes. Every message is a plain object with
// `v: 1`, a `type` and, on requests, an optional `requestId` (1..64 chars) that every answer and
// event caused by that request echoes.
//
// Directions (the product never acts on its own messages, the host never receives its own):
//   host → product (requests, each answered by one `result`):
//     close        close the current scheme in the editor (an empty, unsaved scene takes its place;
//                  unsaved work is kept as an offline copy first, as leaving the page does)
//     insertItems  catalogue models by model id, or models by data (GLB address + size + name),
//                  each at a plan position, where the designer clicks next ('click'), or where the
//                  kernel places it by its mount (no `at`); all in one undo step
//     quickRoom    a new OEM-mode room of 6000 by 5000 mm (core.md §9) in a new scene
//     cloneItem    clone a placed model by record id, or the selection when no id is given
//     loadScene    open a 3D studio scene: one of the user's schemes by scene id, or a scene file
//                  (.yfang / .json) by its address, read as the local file import reads a file
//     closeWindow  the host is about to remove the frame: the product keeps unsaved work (offline
//                  copy) and answers; the host removes the iframe after the answer
//   product → host (answers and events, never answered):
//     result            ok (with data) or error (code + zh/en message) for one request
//     ready             once the editor is ready: protocol version and the request types it takes
//     resize            the product asks the host to resize the frame (CSS px)
//     inserted, cloned  the new model record ids (with the requestId that caused them)
//     saved             a scheme was saved (scene id, name)
//     selectionChanged  the selected record ids changed
//     error             a message could not be taken (malformed, unknown type, wrong version), or
//                       a failure not tied to a request; nothing was changed
//
// Safety: the product answers only origins on its tenant's allow-list, always with that exact
// origin as targetOrigin (never '*'); messages from any other origin are ignored and logged. Every
// action runs with the signed-in user's rights through the same kernel commands and API calls the
// editor's own buttons use.
//
// Allowed origins contract (server side: the embed-host branch):
//   GET /api/embed/origins  (signed in, same origin as the editor)
//   → { retcode: 0, retdata: { origins: string[] } }
//   the origins ('https://shop.example.com', scheme + host + optional port, no path) allowed to
//   embed and drive the editor for the signed-in user's project (tenant). An empty list, an error
//   or a signed-out user means: no host is answered.

export const EMBED_PROTOCOL_VERSION = 1;

/** Path of the allowed-origins endpoint, relative to the API base (/api/). */
export const EMBED_ORIGINS_PATH = 'embed/origins';

/** retdata of GET /api/embed/origins. */
export interface EmbedOriginsData {
  readonly origins: readonly string[];
}

export const embedOriginsDataSchema = z.object({ origins: z.array(z.string().max(2048)).max(1000) });

/** New OEM-mode room 6000 by 5000 (core.md §9), the size quickRoom draws. */
export const QUICK_ROOM_WIDTH = 6000;
export const QUICK_ROOM_DEPTH = 5000;

/** At most this many items in one insertItems message. */
export const MAX_INSERT_ITEMS = 500;

/** How long the host module waits for a result by default (the product's request timeout, core.md §9). */
export const DEFAULT_EMBED_TIMEOUT_MS = 60000;

// ---- shared pieces ----------------------------------------------------------------------------

const requestIdSchema = z.string().min(1).max(64);
const versionSchema = z.literal(EMBED_PROTOCOL_VERSION);
/** A kernel record id: letters, digits and _ . : / - (protocol/commands.ts ChosenId). */
const recordIdSchema = z.string().regex(/^[A-Za-z0-9_.:/-]{1,128}$/);
/** A model's or a scene file's address: a /files/ path of this server or an http(s) URL (TILE_IMAGE_PATTERN). */
const addressSchema = z.string().regex(/^(?:\/files\/|https?:\/\/)[^\s"'<>\\]{1,2000}$/);
/** mm; 100 m is more than any room holds */
const mm = z.number().finite().min(-100000).max(100000);
const sizeMm = z.number().finite().positive().max(100000);

export const planPointSchema = z.strictObject({ x: mm, y: mm });
export type PlanPoint = z.infer<typeof planPointSchema>;

export const sizeSchema = z.strictObject({ x: sizeMm, y: sizeMm, z: sizeMm });

/** Where an inserted item goes: a plan point (mm), or 'click' (the designer's next click in the plan or 3D). */
export const insertAtSchema = z.union([planPointSchema, z.literal('click')]);
export type InsertAt = z.infer<typeof insertAtSchema>;

/** A model of the catalogue by its model id (model_id), looked up with the user's rights. */
const catalogueItemSchema = z.strictObject({
  modelId: z.string().min(1).max(128),
  at: insertAtSchema.optional(),
  /** radians, counter-clockwise seen from above (as model records) */
  rotation: z.number().finite().optional(),
});

/** A model given by its data: a GLB address, its size in mm and a name. */
const modelDataItemSchema = z.strictObject({
  model: z.strictObject({ url: addressSchema, size: sizeSchema, name: z.string().trim().min(1).max(100) }),
  at: insertAtSchema.optional(),
  rotation: z.number().finite().optional(),
});

export const insertItemSchema = z.union([catalogueItemSchema, modelDataItemSchema]);
export type InsertItem = z.infer<typeof insertItemSchema>;

// ---- host → product ---------------------------------------------------------------------------

function request<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.strictObject({ v: versionSchema, type: z.literal(type), requestId: requestIdSchema.optional(), ...shape });
}

export const closeRequestSchema = request('close', {});
export const insertItemsRequestSchema = request('insertItems', { items: z.array(insertItemSchema).min(1).max(MAX_INSERT_ITEMS) });
export const quickRoomRequestSchema = request('quickRoom', {});
export const cloneItemRequestSchema = request('cloneItem', {
  /** a model's record id; absent: the selected model */
  id: recordIdSchema.optional(),
  /** plan offset of the copy from the original in mm (default 500, 500) */
  offset: planPointSchema.optional(),
});
export const loadSceneRequestSchema = z.union([
  request('loadScene', { sceneId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  request('loadScene', { url: addressSchema }),
]);
export const closeWindowRequestSchema = request('closeWindow', {});

export const hostMessageSchema = z.union([
  closeRequestSchema,
  insertItemsRequestSchema,
  quickRoomRequestSchema,
  cloneItemRequestSchema,
  loadSceneRequestSchema,
  closeWindowRequestSchema,
]);

/** A request from the host. */
export type HostMessage = z.infer<typeof hostMessageSchema>;
export type HostMessageType = HostMessage['type'];
export type HostMessageOf<T extends HostMessageType> = Extract<HostMessage, { type: T }>;

export const HOST_MESSAGE_TYPES = ['close', 'insertItems', 'quickRoom', 'cloneItem', 'loadScene', 'closeWindow'] as const satisfies readonly HostMessageType[];

/** Each request type's own schema, so that an error names the field at fault rather than the union. */
const HOST_SCHEMAS: { readonly [T in HostMessageType]: z.ZodType<HostMessageOf<T>> } = {
  close: closeRequestSchema,
  insertItems: insertItemsRequestSchema,
  quickRoom: quickRoomRequestSchema,
  cloneItem: cloneItemRequestSchema,
  loadScene: loadSceneRequestSchema,
  closeWindow: closeWindowRequestSchema,
};

/** What each request's ok result carries in `data`. */
export interface EmbedResultData {
  readonly close: { readonly closed: true };
  /** the new model record ids, in the order of `items` */
  readonly insertItems: { readonly ids: readonly string[] };
  readonly quickRoom: { readonly roomId: string; readonly wallIds: readonly string[] };
  readonly cloneItem: { readonly ids: readonly string[] };
  /** the scheme's id when a saved scheme was opened; null for a file */
  readonly loadScene: { readonly sceneId: number | null };
  /** whether unsaved work was kept as an offline copy */
  readonly closeWindow: { readonly keptOffline: boolean };
}

// ---- product → host ---------------------------------------------------------------------------

export const EMBED_ERROR_CODES = [
  /** not an object of the protocol, or a field is wrong */
  'BAD_MESSAGE',
  /** `v` is not a version this product speaks */
  'UNSUPPORTED_VERSION',
  /** `type` names no request */
  'UNKNOWN_TYPE',
  /** the editor is not ready yet (no scene) or another request is still running */
  'NOT_READY',
  'BUSY',
  /** a model, scene or record that does not exist or that the user may not see */
  'NOT_FOUND',
  'NO_SELECTION',
  /** the designer pressed Esc instead of clicking where to put it */
  'CANCELLED',
  /** the user's rights do not allow it (a read-only scene, signed out) */
  'FORBIDDEN',
  /** the kernel or the server refused it (the message says why) */
  'FAILED',
] as const;
export type EmbedErrorCode = (typeof EMBED_ERROR_CODES)[number];

export const localizedTextSchema = z.strictObject({ zh: z.string().max(2000), en: z.string().max(2000) });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The default message of each code, both locales (the product may say more, e.g. the kernel's reason). */
export const EMBED_ERROR_MESSAGES: { readonly [C in EmbedErrorCode]: LocalizedText } = {
  BAD_MESSAGE: { zh: '消息格式不正确', en: 'The message is malformed' },
  UNSUPPORTED_VERSION: { zh: '不支持的协议版本', en: 'Unsupported protocol version' },
  UNKNOWN_TYPE: { zh: '未知的消息类型', en: 'Unknown message type' },
  NOT_READY: { zh: '设计工具尚未就绪', en: 'The design tool is not ready yet' },
  BUSY: { zh: '上一个请求尚未完成', en: 'The previous request has not finished yet' },
  NOT_FOUND: { zh: '找不到指定的内容', en: 'The item was not found' },
  NO_SELECTION: { zh: '请先选择一个模型', en: 'Select a model first' },
  CANCELLED: { zh: '操作已取消', en: 'The action was cancelled' },
  FORBIDDEN: { zh: '没有权限执行此操作', en: 'You are not allowed to do this' },
  FAILED: { zh: '操作失败', en: 'The action failed' },
};

export const embedErrorSchema = z.strictObject({ code: z.enum(EMBED_ERROR_CODES), message: localizedTextSchema });
export type EmbedError = z.infer<typeof embedErrorSchema>;

function answer<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.strictObject({ v: versionSchema, type: z.literal(type), requestId: requestIdSchema.optional(), ...shape });
}

const idsSchema = z.array(recordIdSchema).max(10000);

export const resultMessageSchema = z.union([
  answer('result', { request: z.enum(HOST_MESSAGE_TYPES), ok: z.literal(true), data: z.record(z.string(), z.unknown()) }),
  answer('result', { request: z.enum(HOST_MESSAGE_TYPES), ok: z.literal(false), error: embedErrorSchema }),
]);
export const readyEventSchema = answer('ready', {
  version: z.number().int().positive(),
  /** the request types this product takes */
  capabilities: z.array(z.string().max(64)).max(100),
});
export const resizeEventSchema = answer('resize', {
  width: z.number().int().positive().max(100000),
  height: z.number().int().positive().max(100000),
});
export const insertedEventSchema = answer('inserted', { ids: idsSchema });
export const clonedEventSchema = answer('cloned', { ids: idsSchema });
export const savedEventSchema = answer('saved', { sceneId: z.number().int().positive(), name: z.string().max(1000) });
export const selectionChangedEventSchema = answer('selectionChanged', { ids: idsSchema });
export const errorEventSchema = answer('error', { error: embedErrorSchema });

export const productMessageSchema = z.union([
  resultMessageSchema,
  readyEventSchema,
  resizeEventSchema,
  insertedEventSchema,
  clonedEventSchema,
  savedEventSchema,
  selectionChangedEventSchema,
  errorEventSchema,
]);

/** A message from the product: a result or an event. */
export type ProductMessage = z.infer<typeof productMessageSchema>;
export type ProductMessageType = ProductMessage['type'];
export type ProductEventType = Exclude<ProductMessageType, 'result'>;
export type ProductEventOf<T extends ProductEventType> = Extract<ProductMessage, { type: T }>;
export type ResultMessage = z.infer<typeof resultMessageSchema>;

export const PRODUCT_EVENT_TYPES = ['ready', 'resize', 'inserted', 'cloned', 'saved', 'selectionChanged', 'error'] as const satisfies readonly ProductEventType[];

/** An ok result (typed by request). */
export function okResult<T extends HostMessageType>(request: T, data: EmbedResultData[T], requestId?: string): ResultMessage {
  return {
    v: EMBED_PROTOCOL_VERSION,
    type: 'result',
    request,
    ok: true,
    data: { ...data },
    ...(requestId === undefined ? {} : { requestId }),
  };
}

export function embedError(code: EmbedErrorCode, message: LocalizedText = EMBED_ERROR_MESSAGES[code]): EmbedError {
  return { code, message };
}

export function errorResult(request: HostMessageType, error: EmbedError, requestId?: string): ResultMessage {
  return { v: EMBED_PROTOCOL_VERSION, type: 'result', request, ok: false, error, ...(requestId === undefined ? {} : { requestId }) };
}

export function errorEvent(error: EmbedError, requestId?: string): ProductEventOf<'error'> {
  return { v: EMBED_PROTOCOL_VERSION, type: 'error', error, ...(requestId === undefined ? {} : { requestId }) };
}

// ---- parsing what arrives ---------------------------------------------------------------------

export type ParsedHostMessage =
  | { readonly ok: true; readonly message: HostMessage }
  /** requestId: the message's own when it had a well-formed one, so the error can name it */
  | { readonly ok: false; readonly error: EmbedError; readonly requestId?: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where zod found the first fault ('items.0.modelId'); inside a union, the first branch's. */
function issuePath(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return '';
  if (issue.code === 'invalid_union' && issue.path.length === 0) return issuePath(issue.errors[0]?.[0]);
  return issue.path.map(String).join('.');
}

/**
 * Validates one message from the host. Never throws: anything that is not a valid request comes
 * back as an error naming why (version, type, or the field zod reports), in both locales.
 */
export function parseHostMessage(data: unknown): ParsedHostMessage {
  if (!isRecord(data)) return { ok: false, error: embedError('BAD_MESSAGE') };
  const rid = requestIdSchema.safeParse(data.requestId);
  const requestId = rid.success ? rid.data : undefined;
  const fail = (error: EmbedError): ParsedHostMessage => (requestId === undefined ? { ok: false, error } : { ok: false, error, requestId });
  if (data.v !== EMBED_PROTOCOL_VERSION) return fail(embedError('UNSUPPORTED_VERSION'));
  if (typeof data.type !== 'string' || !(HOST_MESSAGE_TYPES as readonly string[]).includes(data.type)) return fail(embedError('UNKNOWN_TYPE'));
  const parsed = HOST_SCHEMAS[data.type as HostMessageType].safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const where = issuePath(parsed.error.issues[0]);
  const base = EMBED_ERROR_MESSAGES.BAD_MESSAGE;
  return fail(embedError('BAD_MESSAGE', where ? { zh: `${base.zh}：${where}`, en: `${base.en}: ${where}` } : base));
}

/** Validates one message from the product (the host module's side). */
export function parseProductMessage(data: unknown): ProductMessage | null {
  const parsed = productMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
