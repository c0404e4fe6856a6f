// How every scene write runs: files first (written atomically to storage, under fresh keys), then
// one database transaction that records and claims them and changes the rows, then the deletion of
// files the transaction let go of. A crash before the commit leaves the old rows pointing at the
// old, untouched files (plus an orphan file nobody references); a crash after it leaves at worst
// an orphan file. Nothing a committed row points to is ever overwritten or removed early.
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { StorageQuota } from '../storage/quota';
import type { FileStorage } from '../storage/types';
import { deleteStoredBytes, type FileOwner } from './files';
import { keepAnswer, Replay, storedAnswer, takeKey, type IdempotencyScope } from './idempotency';
import type { Actor } from './repo';

export interface SceneDeps {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  /** storage quotas checked before files are written; absent = none (tools, tests of other things) */
  quota?: StorageQuota;
}

export interface WriteResult<T> {
  body: T;
  /** keys of files whose rows the transaction dropped: deleted after the commit */
  dropKeys?: string[];
}

export interface Outcome<T> {
  body: T;
  /** true when this answer is the stored answer of an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

export function ownerOf(actor: Actor): FileOwner {
  return { projectCode: actor.projectCode, userId: actor.userId };
}

/** Early exit for a repeated Idempotency-Key, before any file is written. */
export async function earlierAnswer(deps: SceneDeps, scope: IdempotencyScope | null): Promise<Outcome<unknown> | null> {
  if (!scope) return null;
  const stored = await storedAnswer(deps.db, scope);
  return stored ? { body: stored.body, replayed: true } : null;
}

/**
 * Runs `work` in one transaction (with the idempotency key taken first, when there is one).
 * `written` lists keys of files this request wrote to storage before: they are deleted again when
 * the transaction does not commit, or when it turns out to be a replay.
 */
export async function runWrite<T>(
  deps: SceneDeps,
  scope: IdempotencyScope | null,
  written: readonly string[],
  work: (tx: Db) => Promise<WriteResult<T>>,
): Promise<Outcome<T | unknown>> {
  let result: WriteResult<T>;
  try {
    result = await deps.db.transaction(async (tx) => {
      if (scope) await takeKey(tx, scope);
      const done = await work(tx);
      if (scope) await keepAnswer(tx, scope, { status: 200, body: done.body });
      return done;
    });
  } catch (e) {
    await deleteStoredBytes(deps.storage, deps.logger, written);
    if (e instanceof Replay) return { body: e.answer.body, replayed: true };
    throw e;
  }
  if (result.dropKeys && result.dropKeys.length > 0) await deleteStoredBytes(deps.storage, deps.logger, result.dropKeys);
  return { body: result.body, replayed: false };
}
