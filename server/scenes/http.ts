// Request plumbing shared by the scene routes: the actor from the session, ids from the path, JSON
// bodies kept as bytes for the idempotency fingerprint, and answers that say when they are replays.
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, ok, okData } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { parseJsonBytes, parseWith, readBodyBytes, type ReadJsonOptions } from '../http/input';
import { idempotencyScope, REPLAYED_HEADER, type IdempotencyScope } from './idempotency';
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
