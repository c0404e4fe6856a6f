// Reading untrusted input. Whatever a client sends, the answer is a 400 (or 413) envelope that
// names the offending field, never a 500.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { ClientGoneError, nodeIncoming, noteConsumed } from './connection';
import { ApiError, badRequest } from './envelope';
import type { AppEnv } from './env';
import { RETCODE } from './retcodes';

/**
 * Deepest JSON nesting a request body may have. Real payloads stay far below it; without a limit a
 * body of nested brackets costs the server stack and time in every recursive walk (validation,
 * jsonb encoding) behind the parser.
 */
export const MAX_JSON_DEPTH = 32;

export interface ReadJsonOptions {
  /** default MAX_JSON_DEPTH; raise it only for routes that take deep documents (scene files) */
  maxDepth?: number;
  /**
   * default true: refuse NUL and unpaired UTF-16 surrogates in keys and strings. PostgreSQL
   * cannot store either in text or jsonb, so without this check they surface as a 500 later.
   */
  checkText?: boolean;
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'bodyTooLarge', { limit });
}

/**
 * The body as bytes, refusing early (by Content-Length) or while streaming once over `limit`.
 * The bytes are left in Hono's body cache, so a later handler of the same request (a route that
 * passes an action it does not know on with next()) can read the body again.
 */
export async function readBodyBytes(c: Context<AppEnv>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  // Hono keeps promises of the body in this cache, whatever its declared type says.
  const cache = c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> };
  if (Object.keys(cache).length > 0) {
    // Read before (by us or by c.req.json()/text()): Hono rebuilds the bytes from its cache.
    const bytes = new Uint8Array(await (cache.arrayBuffer ?? c.req.arrayBuffer()));
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return bytes;
  }
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
  // Under @hono/node-server the IncomingMessage itself: a refusal leaves the rest unread there
  // for bodyRemainder() to drain or close on. (Cancelling the Request's web stream instead left
  // the body paused inside Node's stream adapter, where the server's own drain stalled and
  // dropped the kept-alive connection.)
  const incoming = nodeIncoming(c);
  if (incoming && !incoming.readableDidRead) {
    const bytes = concat(await readIncoming(incoming, limit));
    cache.arrayBuffer = Promise.resolve(bytes.buffer);
    return bytes;
  }
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = concat(chunks);
  cache.arrayBuffer = Promise.resolve(bytes.buffer);
  return bytes;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let total = 0;
  for (const chunk of chunks) total += chunk.byteLength;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body's chunks, read off the Node request. Over `limit` it stops reading (the rest stays on
 * the socket) and throws the 413; a client that goes away part way is a ClientGoneError.
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (error: unknown): void => {
      if (settled) return;
      settled = true;
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onGone);
      incoming.off('close', onGone);
      if (error) {
        incoming.pause();
        reject(error);
      } else resolve(chunks);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      noteConsumed(incoming, total);
      if (total > limit) finish(tooLarge(limit));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(null);
    const onGone = (): void => finish(new ClientGoneError());
    if (incoming.destroyed) return onGone();
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onGone);
    incoming.once('close', onGone);
  });
}

/**
 * Deepest bracket nesting of a JSON text, counted on the raw bytes before parsing (brackets inside
 * strings do not count). Stops counting once past `stopAt`.
 */
export function jsonDepth(bytes: Uint8Array, stopAt = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
      continue;
    }
    if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return deepest;
}

// A NUL, a high surrogate not followed by a low one, or a low surrogate without a high one before it.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasBadText(s: string): boolean {
  return BAD_TEXT.test(s);
}

/** Path ('a.b.0') of the first key or string holding text the database cannot store, or null. */
export function findBadText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasBadText(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    if (hasBadText(key)) return [...path, key.replace(BAD_TEXT, '?')];
    const found = findBadText(v, [...path, key]);
    if (found) return found;
  }
  return null;
}

function badText(path: string[], rootName: string): ApiError {
  const field = path.length === 0 ? rootName : path.join('.');
  return new ApiError(400, RETCODE.BAD_REQUEST, 'invalidText', { field }, { field });
}

/** A field name for the first zod issue: its dotted path, or "body" for the body as a whole. */
export function issueField(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) return 'body';
  return issue.path.map(String).join('.');
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, rootName = 'body'): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const field = issueField(result.error);
    throw badRequest(field === 'body' ? rootName : field);
  }
  return result.data;
}

/** Parses JSON bytes with the depth and text checks of readJson; any failure is a 400 envelope. */
export function parseJsonBytes(bytes: Uint8Array, options: ReadJsonOptions = {}, rootName = 'body'): unknown {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (jsonDepth(bytes, maxDepth) > maxDepth) {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'jsonTooDeep', { field: rootName, limit: maxDepth }, { field: rootName });
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'invalidJson', undefined, { field: rootName });
  }
  if (options.checkText !== false) {
    const bad = findBadText(value);
    if (bad) throw badText(bad, rootName);
  }
  return value;
}

/** Reads, size-limits, JSON-parses (depth-limited) and validates the request body. */
export async function readJson<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  limit: number,
  options: ReadJsonOptions = {},
): Promise<z.infer<S>> {
  const bytes = await readBodyBytes(c, limit);
  return parseWith(schema, parseJsonBytes(bytes, options));
}

/** Validates the query string (single values per key) for GET routes. */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  const query = c.req.query();
  for (const [key, value] of Object.entries(query)) {
    if (hasBadText(key)) throw badText([key.replace(BAD_TEXT, '?')], 'query');
    if (hasBadText(value)) throw badText([key], 'query');
  }
  return parseWith(schema, query, 'query');
}
