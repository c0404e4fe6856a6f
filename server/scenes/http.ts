// Request plumbing shared by the scene routes: the actor from the session, ids from the path, JSON
// bodies kept as bytes for the idempotency fingerprint, and answers that say when they are replays.
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, ok, okData } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { ApiError } from '../http/envelope';
import { parseJsonBytes, parseWith, readBodyBytes, type ReadJsonOptions } from '../http/input';
import { RETCODE } from '../http/retcodes';
import type { InlineBodyOptions, PreparedScene } from './inline-body';
import type { ScenePool } from './scene-pool';
import { fingerprintPrefix, idempotencyKey, idempotencyScope, REPLAYED_HEADER, type IdempotencyScope } from './idempotency';
import type { Actor } from './repo';
import type { Outcome } from './write';

export function actorOf(c: Context<AppEnv>): Actor {
  const { user } = c.get('auth');
  return { projectCode: user.project_code, userId: user.id, isProjectAdmin: user.is_project_admin };
}

const ID_SHAPE = /^[1-9][0-9]{0,15}$/;

/** A positive integer id from the path (or a query value); a malformed one is a 400 naming the field. */
export function idFrom(raw: string | undefined, field = 'id'): number {
  if (raw === undefined || !ID_SHAPE.test(raw)) throw badRequest(field);
  return Number(raw);
}

export interface ParsedBody<T> {
  value: T;
  scope: IdempotencyScope | null;
}

/** Reads and validates a JSON body and takes the request's Idempotency-Key (if any) with its fingerprint. */
export async function readWriteBody<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  limit: number,
  options: ReadJsonOptions = {},
): Promise<ParsedBody<z.infer<S>>> {
  const bytes = await readBodyBytes(c, limit);
  const value = parseWith(schema, parseJsonBytes(bytes, options));
  return { value, scope: idempotencyScope(c, c.get('auth').user.id, bytes) };
}

export interface InlineSceneBody {
  /** the body, its scene field (when prepared) emptied */
  value: unknown;
  /** the scene the body carried, as it will be stored (null when the field held no full scene) */
  scene: PreparedScene | null;
  bytes: Uint8Array;
  /** sha256 fingerprint of the body when it has an Idempotency-Key */
  fingerprint: string | null;
}

/**
 * Reads a JSON body that carries a whole scene inline: parsed, checked and hashed with the same
 * rules as readWriteBody, the scene made ready to store; a large body does that work in the scene
 * pool's threads (scene-pool.ts), not on the event loop.
 */
export async function readInlineSceneBody(
  c: Context<AppEnv>,
  pool: ScenePool,
  limit: number,
  options: Omit<InlineBodyOptions, 'fingerprintPrefix'>,
): Promise<InlineSceneBody> {
  const bytes = await readBodyBytes(c, limit);
  const prefix = idempotencyKey(c) === null ? null : fingerprintPrefix(c);
  const body = await pool.prepare(bytes, { ...options, fingerprintPrefix: prefix });
  if (!body.ok) {
    if (body.error === 'invalidText') {
      const field = body.path.length === 0 ? 'body' : body.path.join('.');
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'invalidText', { field }, { field });
    }
    if (body.error === 'jsonTooDeep') throw new ApiError(400, RETCODE.BAD_REQUEST, 'jsonTooDeep', { field: 'body', limit: options.maxDepth }, { field: 'body' });
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'invalidJson', undefined, { field: 'body' });
  }
  return { value: body.value, scene: body.scene, bytes, fingerprint: body.fingerprint };
}

/** Like readWriteBody for calls whose body is optional (an empty body reads as {}). */
export async function readOptionalBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S, limit: number): Promise<ParsedBody<z.infer<S>>> {
  const bytes = await readBodyBytes(c, limit);
  const empty = bytes.byteLength === 0 || new TextDecoder().decode(bytes).trim() === '';
  const value = parseWith(schema, empty ? {} : parseJsonBytes(bytes));
  return { value, scope: idempotencyScope(c, c.get('auth').user.id, bytes) };
}

/** { code, msg, data } (meta20) with the replay marker. */
export function answerData(c: Context<AppEnv>, outcome: Outcome<unknown>): Response {
  if (outcome.replayed) c.header(REPLAYED_HEADER, 'true');
  return okData(c, outcome.body);
}

/** { retcode, retmsg, retdata } (/api) with the replay marker. */
export function answerRet(c: Context<AppEnv>, outcome: Outcome<unknown>): Response {
  if (outcome.replayed) c.header(REPLAYED_HEADER, 'true');
  return ok(c, outcome.body);
}
