// The durable job queue under render jobs: pg-boss 10 on PostgreSQL (queue-pgboss.ts), an
// equivalent table with leases on the embedded PGlite (queue-table.ts). The render job rows
// (render_jobs) hold what a person sees; the queue only decides who works on which job when,
// retries it with backoff and notices a worker that died (its lease or expiry runs out).
import type { Db } from '../db/types';

export type QueueState = 'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface QueuedJob<T> {
  readonly id: string;
  readonly data: T;
  /** retries so far (0 on the first attempt) */
  readonly retryCount: number;
}

/**
 * How many times a 1080P picture's time an attempt at this size may take: one sample costs about
 * its pixels on software GL, so RENDER_TIMEOUT_S (sized for 1080P) grows with them. At least 1.
 */
export function attemptScale(width: number, height: number): number {
  return Math.max(1, Math.ceil((width * height) / (1920 * 1080)));
}

export interface QueuePolicy {
  /** attempts after the first (a job runs at most retryLimit + 1 times) */
  readonly retryLimit: number;
  /** seconds before the first retry; doubled for each further one (backoff) */
  readonly retryDelayS: number;
  /**
   * seconds a fetched job is held for its worker. The table queue renews it on each heartbeat;
   * pg-boss 10 has no heartbeat, so there it is the longest one attempt may run.
   */
  readonly leaseS: number;
}

export interface JobQueue<T> {
  readonly kind: 'pg-boss' | 'table';
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Adds a job inside the caller's transaction, so the job exists exactly when the caller's rows do.
   * Higher priority first. leaseScale multiplies the policy's lease for this job where the lease is
   * the longest an attempt may run (pg-boss; the table queue's lease is renewed by heartbeats).
   */
  send(tx: Db, id: string, data: T, priority: number, leaseScale?: number): Promise<void>;
  /** The next job due (highest priority, oldest first), now held by `worker`; null when none is due. */
  fetch(worker: string): Promise<QueuedJob<T> | null>;
  /** Renews the lease; false when the job is no longer this worker's (expired and taken over, cancelled). */
  heartbeat(id: string, worker: string): Promise<boolean>;
  complete(id: string): Promise<void>;
  /** Ends the attempt as failed: 'retry' when it will run again, 'failed' when its retries are used up. */
  fail(id: string, error: string): Promise<'retry' | 'failed'>;
  cancel(id: string): Promise<void>;
  /** null: no such job */
  state(id: string): Promise<{ state: QueueState; retryCount: number } | null>;
  /** Retries (or fails) the jobs whose worker's lease ran out. Any process may call it; it is idempotent. */
  expire(): Promise<void>;
}

/** The queue of render jobs, whose data names the render_jobs row. */
export interface RenderQueueData {
  readonly renderJobId: string;
}
export type RenderQueue = JobQueue<RenderQueueData>;

export const RENDER_QUEUE_NAME = 'render';
