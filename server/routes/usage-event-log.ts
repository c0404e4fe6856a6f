// POST /bigdata/acquisition/event-log (catalogues.md §7): { appid, payload } where payload is
// base64(iv[12] || AES-256-GCM ciphertext || tag[16]) of the JSON { eventLogs: [...] } (a bare
// array is accepted too). The key is EVENT_LOG_KEY. The encryption keeps the logs unreadable to
// people between the browser and us; the key ships in the client, so it authenticates nothing.
import { createDecipheriv } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { authenticate } from '../auth/middleware';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseJsonBytes, parseWith, readJson } from '../http/input';
import { enforceRate, limitByAddress } from '../http/rate-limit';
import { RETCODE } from '../http/retcodes';
import { maybePruneUsage } from '../usage/retention';

export const MAX_EVENT_LOGS = 200;
/**
 * Longest stored content of one entry, in characters of its JSON. Longer content is kept as
 * { truncated: true, length, head } so an error report still arrives, but a post cannot store
 * megabytes per row (the row cap bounds rows, this bounds each row).
 */
export const EVENT_LOG_CONTENT_MAX = 4096;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const EventLogBody = z.object({
  appid: z.string().trim().min(1).max(64),
  payload: z.string().min(1).regex(/^[A-Za-z0-9+/_-]+={0,2}$/),
});

const EventLogEntry = z.object({
  event: z.string().trim().min(1).max(64),
  // free-form: a message, or an object of details (vue_catch_error sends tag, message, …)
  content: z.unknown().refine((v) => v !== undefined, { message: 'required' }),
  appid: z.string().max(64),
  env: z.string().max(32),
  version: z.string().max(32),
});
const EventLogs = z.array(EventLogEntry).min(1).max(MAX_EVENT_LOGS);
const Wrapped = z.object({ eventLogs: EventLogs });

function undecryptable(): ApiError {
  return new ApiError(400, RETCODE.BAD_REQUEST, 'eventLogUndecryptable', undefined, { field: 'payload' });
}

export function decryptEventPayload(payload: string, keyBase64: string): Uint8Array {
  const raw = Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES + 1) throw undecryptable();
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const data = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv);
    decipher.setAuthTag(tag);
    return new Uint8Array(Buffer.concat([decipher.update(data), decipher.final()]));
  } catch {
    throw undecryptable();
  }
}

export function storedContent(content: unknown): string {
  const json = JSON.stringify(content);
  if (json.length <= EVENT_LOG_CONTENT_MAX) return json;
  return JSON.stringify({ truncated: true, length: json.length, head: json.slice(0, EVENT_LOG_CONTENT_MAX) });
}

export function eventLogRoutes({ db, config, logger, limits, now }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // No login needed, so the address pays per request before the body is read and decrypted, and
  // the tenant pays per stored entry (README "Request limits").
  routes.post('/event-log', limitByAddress(limits.eventLog, config.trustProxy), async (c) => {
    const body = await readJson(c, EventLogBody, config.jsonBodyLimit);
    const plain = decryptEventPayload(body.payload, config.eventLogKey);
    const decoded = parseJsonBytes(plain, {}, 'payload');
    // A bare array is accepted too; parsing each shape on its own names the exact bad field.
    const entries = Array.isArray(decoded) ? parseWith(EventLogs, decoded, 'payload') : parseWith(Wrapped, decoded, 'payload').eventLogs;
    // Errors are reported before login too; a session, when there is one, says whose they are.
    const found = await authenticate(db, c);
    const user = found instanceof ApiError ? null : found.user;
    if (user) enforceRate(limits.eventLogRows, user.project_code, entries.length);
    else enforceRate(limits.eventLogAnonymousRows, 'anonymous', entries.length);
    const params: unknown[] = [];
    const tuples = entries.map((e, i) => {
      params.push(e.appid || body.appid, user?.project_code ?? null, user?.id ?? null, e.event, storedContent(e.content), e.env, e.version);
      const b = i * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::jsonb, $${b + 6}, $${b + 7})`;
    });
    await db.query(
      `insert into event_logs (appid, project_code, user_id, event, content, env, version) values ${tuples.join(', ')}`,
      params,
    );
    maybePruneUsage({ db, logger, retention: config.retention }, now());
    return ok(c, { stored: entries.length });
  });

  return routes;
}
