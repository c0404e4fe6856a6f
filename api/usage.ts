import type { ApiClient, RequestOptions } from './client';

// Usage and statistics calls (core.md §7 "Usage", catalogues.md §7 "Upload and logging").

export interface RecordId {
  readonly id: number;
}

export type UserEvent = 'createScene' | 'createRender' | 'createPano' | 'visitWorkbenches' | 'visitDesignTool';
export type SourceUsedType = 'modelAgent' | 'pavingAgent';

/** POST /api/admin/source/add-use-record: a library source was used. */
export function addUseRecord(client: ApiClient, sourceId: string | number, sourceType: string | number, options: RequestOptions = {}): Promise<RecordId> {
  return client.post<RecordId>('admin/source/add-use-record', { source_id: sourceId, source_type: sourceType }, options);
}

/** POST /api/admin/source/button-use-record: a button was used. */
export function buttonUseRecord(client: ApiClient, buttonType: string | number, options: RequestOptions = {}): Promise<RecordId> {
  return client.post<RecordId>('admin/source/button-use-record', { button_type: buttonType }, options);
}

export function storeUserEvent(client: ApiClient, event: UserEvent, options: RequestOptions = {}): Promise<RecordId> {
  return client.post<RecordId>('admin/statistics', { action: 'storeUserEvent', event }, options);
}

/** Online minutes since the last report (the product reports every 30 minutes); 0..1440. */
export function storeUserOnlineTime(client: ApiClient, minutes: number, options: RequestOptions = {}): Promise<RecordId> {
  // 'mintue' is the field name of the product's protocol (sic).
  return client.post<RecordId>('admin/statistics', { action: 'storeUserOnlineTime', mintue: minutes }, options);
}

export function storeSourceUsed(client: ApiClient, sourceType: SourceUsedType, sourceId: string | number, options: RequestOptions = {}): Promise<RecordId> {
  return client.post<RecordId>('admin/statistics', { action: 'storeSourceUsed', source_type: sourceType, source_id: sourceId }, options);
}

/** One entry of the event log (vue_catch_error, backup_error, usage batches …). */
export interface EventLog {
  readonly event: string;
  /** a message or an object of details; any JSON */
  readonly content: unknown;
  readonly appid: string;
  readonly env: string;
  readonly version: string;
}

/**
 * Development key of the event-log payloads, base64 of "yfang-dev-event-log-key-32-bytes"; the
 * server's default (server/config.ts DEV_EVENT_LOG_KEY) is the same. Production builds pass the
 * value of EVENT_LOG_KEY.
 */
export const DEV_EVENT_LOG_KEY = 'eWZhbmctZGV2LWV2ZW50LWxvZy1rZXktMzItYnl0ZXM=';

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** base64(iv[12] || AES-256-GCM ciphertext || tag[16]) of JSON {eventLogs}: the payload field. */
export async function encryptEventLogs(logs: readonly EventLog[], keyBase64: string = DEV_EVENT_LOG_KEY): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromBase64(keyBase64), { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ eventLogs: logs }));
  // WebCrypto appends the 16-byte tag to the ciphertext.
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return toBase64(out);
}

export interface SendEventLogsOptions extends RequestOptions {
  /** base64 AES-256 key; default DEV_EVENT_LOG_KEY */
  readonly key?: string;
}

/** POST /bigdata/acquisition/event-log with the logs encrypted. Silent: logging must never bother the user. */
export async function sendEventLogs(client: ApiClient, appid: string, logs: readonly EventLog[], options: SendEventLogsOptions = {}): Promise<{ stored: number }> {
  const { key, ...request } = options;
  const payload = await encryptEventLogs(logs, key);
  return client.post<{ stored: number }>('/bigdata/acquisition/event-log', { appid, payload }, { silent: true, ...request });
}
