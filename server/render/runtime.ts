// Wiring of render jobs for a process: the queue that fits the database (pg-boss on PostgreSQL,
// the job_queue table on PGlite), the worker loops with their render processes, and the
// reconciler. main.ts starts it in the server (RENDER_WORKERS loops, default 1);
// worker-main.ts (`npm run render:worker`) starts it on other machines sharing the PostgreSQL.
import os from 'node:os';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import { quotaOf } from '../storage/quota';
import type { FileStorage } from '../storage/types';
import { ChildRenderer } from './child-renderer';
import { reconcileRenderJobs } from './jobs';
import { PgBossJobQueue } from './queue-pgboss';
import { TableJobQueue } from './queue-table';
import { RENDER_QUEUE_NAME, type QueuePolicy, type RenderQueue, type RenderQueueData } from './queue';
import { RenderWorker } from './worker';
import type { Renderer } from '../../protocol/render';

/** Lease of the table queue: renewed by each heartbeat (every 5 s), so 30 s means six missed beats. */
export const TABLE_LEASE_S = 30;

export function renderQueuePolicy(config: Pick<ServerConfig, 'renderAttempts' | 'renderTimeoutS'>, kind: Db['kind']): QueuePolicy {
  return {
    retryLimit: config.renderAttempts - 1,
    retryDelayS: 5,
    leaseS: kind === 'postgres' ? config.renderTimeoutS : TABLE_LEASE_S,
  };
}

export function createRenderQueue(db: Db, logger: Logger, policy: QueuePolicy, options: { pgBossSchema?: string; supervise?: boolean } = {}): RenderQueue {
  if (db.kind === 'postgres') {
    return new PgBossJobQueue<RenderQueueData>({ db, name: RENDER_QUEUE_NAME, policy, logger, schema: options.pgBossSchema, supervise: options.supervise });
  }
  return new TableJobQueue<RenderQueueData>(db, RENDER_QUEUE_NAME, policy);
}

export interface RenderRuntime {
  readonly queue: RenderQueue;
  readonly workers: readonly RenderWorker[];
  stop(): Promise<void>;
}

export interface RenderRuntimeOptions {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  config: Pick<ServerConfig, 'renderWorkers' | 'renderAttempts' | 'renderTimeoutS' | 'renderBudgetS' | 'rendererModule' | 'distDir' | 'renderAssetOrigin' | 'userStorageQuotaBytes' | 'projectStorageQuotaBytes'>;
  /** an already started queue (the server shares its own with its routes) */
  queue?: RenderQueue;
  /** how each loop gets its renderer; default a render child process (ChildRenderer) */
  startRenderer?: () => Promise<Renderer>;
  workers?: number;
}

/** Starts the queue (unless given) and the worker loops, and reconciles jobs every 30 s. */
export async function startRenderRuntime(options: RenderRuntimeOptions): Promise<RenderRuntime> {
  const { db, storage, logger, config } = options;
  const queue = options.queue ?? createRenderQueue(db, logger, renderQueuePolicy(config, db.kind));
  if (!options.queue) await queue.start();
  const startRenderer =
    options.startRenderer ?? (async () => new ChildRenderer({ distDir: config.distDir, rendererModule: config.rendererModule, assetOrigin: config.renderAssetOrigin }));
  const count = options.workers ?? config.renderWorkers;
  // the real path tracer only: its shader compiles for about a minute before the first picture
  const warm = !options.startRenderer && !config.rendererModule;
  const workers = Array.from({ length: count }, (_, n) => new RenderWorker({ db, storage, logger, queue, startRenderer, warm, quota: quotaOf(config), workerId: `${os.hostname()}:${process.pid}:${n + 1}`, timeoutMs: config.renderTimeoutS * 1000, budgetMs: config.renderBudgetS * 1000 }));
  for (const w of workers) w.start();
  const timer = setInterval(() => {
    reconcileRenderJobs(db, queue, logger).catch((e: unknown) => logger.warn('render job reconcile failed', { error: e }));
  }, 30_000);
  timer.unref();
  if (count > 0) logger.info('render workers started', { workers: count, queue: queue.kind });
  return {
    queue,
    workers,
    async stop() {
      clearInterval(timer);
      await Promise.all(workers.map((w) => w.stop()));
      if (!options.queue) await queue.stop();
    },
  };
}
