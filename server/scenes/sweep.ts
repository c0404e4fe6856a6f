// Housekeeping piggybacked on requests (no timers to stop in tests or at shutdown): uploads no save
// ever used, and stored Idempotency-Key answers, once they are older than a day; POST /api/static
// uploads nothing uses, once older than a week (storage/upload-sweep.ts).
import type { Db } from '../db/types';
import { sweepUnusedUploads } from '../storage/upload-sweep';
import { sweepUnclaimed } from './files';
import { sweepIdempotencyKeys } from './idempotency';
import { IDEMPOTENCY_TTL_MS, SWEEP_INTERVAL_MS, UNCLAIMED_UPLOAD_TTL_MS } from './limits';
import type { SceneDeps } from './write';

const lastSweep = new WeakMap<Db, number>();

export async function sweepNow(deps: SceneDeps): Promise<{ uploads: number; idempotencyKeys: number; staticUploads: number }> {
  const uploads = await sweepUnclaimed(deps.db, deps.storage, deps.logger, UNCLAIMED_UPLOAD_TTL_MS);
  const idempotencyKeys = await sweepIdempotencyKeys(deps.db, IDEMPOTENCY_TTL_MS);
  const staticUploads = await sweepUnusedUploads(deps.db, deps.storage, deps.logger);
  return { uploads, idempotencyKeys, staticUploads };
}

/** Starts a sweep in the background when the last one of this process is older than SWEEP_INTERVAL_MS. */
export function maybeSweep(deps: SceneDeps, now = Date.now()): void {
  const last = lastSweep.get(deps.db);
  if (last !== undefined && now - last < SWEEP_INTERVAL_MS) return;
  lastSweep.set(deps.db, now);
  sweepNow(deps).catch((e: unknown) => deps.logger.warn('scene sweep failed', { error: e }));
}
