// Idempotency-Key: a write sent again with the same key (a retry after a lost answer) is applied
// once; the retry gets the first answer again, marked with Idempotent-Replayed: true.
//
// The key row is inserted first thing in the write's own transaction and filled with the answer at
// its end, so it commits or rolls back with the write: a failed write leaves no key behind and its
// retry runs again, while a concurrent twin blocks on the key's unique index until the first
// commits and then replays its answer. Only successful answers are stored.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from '../db/types';
import { ApiError, badRequest } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { RETCODE } from '../http/retcodes';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_SHAPE = /^[A-Za-z0-9._:-]{1,128}$/;

export interface IdempotencyScope {
  userId: number;
  key: string;
  /** sha256 of method, path and body */
  fingerprint: string;
}

/** The request's Idempotency-Key (checked), or null when it has none. */
export function idempotencyKey(c: Context<AppEnv>): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (!KEY_SHAPE.test(key)) throw badRequest(IDEMPOTENCY_HEADER);
  return key;
}

/** What the fingerprint hashes before the body. */
export function fingerprintPrefix(c: Context<AppEnv>): string {
  return `${c.req.method} ${c.req.path}\n`;
}

/**
 * The scope of this request, or null when it carries no Idempotency-Key. `fingerprint` when the
 * body was already hashed elsewhere (a worker thread, scene-pool.ts).
 */
export function idempotencyScope(c: Context<AppEnv>, userId: number, body: Uint8Array | null, fingerprint?: string): IdempotencyScope | null {
  const key = idempotencyKey(c);
  if (key === null) return null;
  if (fingerprint !== undefined) return { userId, key, fingerprint };
  const hash = createHash('sha256').update(fingerprintPrefix(c));
  if (body) hash.update(body);
  return { userId, key, fingerprint: hash.digest('hex') };
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** Thrown inside the transaction when the key was used before: the caller answers with `answer`. */
export class Replay extends Error {
  override name = 'Replay';
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
  }
}

function reused(): ApiError {
  return new ApiError(422, RETCODE.IDEMPOTENCY_KEY_REUSED, 'idempotencyKeyReused', undefined, { field: IDEMPOTENCY_HEADER });
}

/** Outside any transaction: the stored answer of an earlier request with this key, if any (cheap early exit). */
export async function storedAnswer(db: Db, scope: IdempotencyScope): Promise<StoredAnswer | null> {
  const rows = await db.query<{ fingerprint: string; status: number; body: string }>(
    'select fingerprint, status, body from idempotency_keys where user_id = $1 and key = $2',
    [scope.userId, scope.key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.fingerprint !== scope.fingerprint) throw reused();
  return { status: row.status, body: JSON.parse(row.body) as unknown };
}

/** First statement of a write's transaction: takes the key, or throws Replay / the reuse error. */
export async function takeKey(tx: Db, scope: IdempotencyScope): Promise<void> {
  const inserted = await tx.query(
    `insert into idempotency_keys (user_id, key, fingerprint, status, body) values ($1, $2, $3, 0, '')
     on conflict (user_id, key) do nothing returning 1`,
    [scope.userId, scope.key, scope.fingerprint],
  );
  if (inserted.length > 0) return;
  const earlier = await storedAnswer(tx, scope);
  if (!earlier) throw new Error('idempotency key row vanished');
  throw new Replay(earlier);
}

/** Last statement of the transaction: records the answer under the key. */
export async function keepAnswer(tx: Db, scope: IdempotencyScope, answer: StoredAnswer): Promise<void> {
  await tx.query('update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2', [
    scope.userId,
    scope.key,
    answer.status,
    JSON.stringify(answer.body),
  ]);
}

export async function sweepIdempotencyKeys(db: Db, olderThanMs: number): Promise<number> {
  const rows = await db.query(
    `delete from idempotency_keys where created_at < now() - ($1::bigint * interval '1 millisecond') returning 1`,
    [olderThanMs],
  );
  return rows.length;
}
