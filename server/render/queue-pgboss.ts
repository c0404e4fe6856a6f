// The job queue on PostgreSQL: pg-boss 10, through the server's own connection pool (and inside
// the submitting transaction for send). pg-boss keeps its tables in its own schema. It has no
// heartbeat: a fetched job expires after policy.leaseS (the longest an attempt may run), and its
// supervisor (or any process calling expire()) then retries or fails it.
import PgBoss from 'pg-boss';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { JobQueue, QueuePolicy, QueueState, QueuedJob } from './queue';

function bossDb(db: Db): PgBoss.Db {
  return {
    // pg-boss sends its multi-statement scripts without values: they must not become prepared statements
    executeSql: async (text, values) => ({ rows: await db.query(text, values && values.length > 0 ? values : undefined) }),
  };
}

export interface PgBossQueueOptions {
  db: Db;
  name: string;
  policy: QueuePolicy;
  logger: Logger;
  /** pg-boss's schema (default 'pgboss'; tests give each suite its own) */
  schema?: string;
  /** run pg-boss's supervisor (expiry, archiving) in this process; default true */
  supervise?: boolean;
}

export class PgBossJobQueue<T extends object> implements JobQueue<T> {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly name: string;
  private readonly policy: QueuePolicy;
  private readonly startDb: Db;
  private readonly schema: string;

  constructor(options: PgBossQueueOptions) {
    this.name = options.name;
    this.policy = options.policy;
    this.startDb = options.db;
    this.schema = options.schema ?? 'pgboss';
    this.boss = new PgBoss({
      db: bossDb(options.db),
      schema: this.schema,
      supervise: options.supervise ?? true,
      schedule: false,
      // expiry is how a dead worker's job comes back: look often
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(options.policy.leaseS / 4))),
    });
    this.boss.on('error', (e: unknown) => options.logger.warn('pg-boss error', { error: e }));
  }

  async start(): Promise<void> {
    const queue = { name: this.name, retryLimit: this.policy.retryLimit, retryDelay: this.policy.retryDelayS, retryBackoff: this.policy.retryDelayS > 0, expireInSeconds: this.policy.leaseS };
    // Every server process starts the queue at once (SERVER_PROCESSES): two installing pg-boss's
    // schema or creating the queue together collide on names or deadlock on the DDL. One at a
    // time, then: a transaction holds an advisory lock while pg-boss works on other connections
    // of the pool, and the next process finds it all made.
    await this.startDb.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`pg-boss start ${this.schema}`]);
      await this.boss.start();
      if (await this.boss.getQueue(this.name)) await this.boss.updateQueue(this.name, queue);
      else await this.boss.createQueue(this.name, queue);
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: false, close: false, wait: true });
  }

  async send(tx: Db, id: string, data: T, priority: number, leaseScale = 1): Promise<void> {
    await this.boss.send(this.name, data, { id, priority, db: bossDb(tx), ...(leaseScale > 1 ? { expireInSeconds: this.policy.leaseS * leaseScale } : {}) });
  }

  async fetch(_worker: string): Promise<QueuedJob<T> | null> {
    const [job] = await this.boss.fetch<T>(this.name, { includeMetadata: true, priority: true, batchSize: 1 });
    return job ? { id: job.id, data: job.data, retryCount: job.retryCount } : null;
  }

  async heartbeat(id: string, _worker: string): Promise<boolean> {
    return (await this.state(id))?.state === 'active';
  }

  async complete(id: string): Promise<void> {
    await this.boss.complete(this.name, id);
  }

  async fail(id: string, error: string): Promise<'retry' | 'failed'> {
    await this.boss.fail(this.name, id, { error });
    const now = await this.state(id);
    return now?.state === 'retry' || now?.state === 'created' || now?.state === 'active' ? 'retry' : 'failed';
  }

  async cancel(id: string): Promise<void> {
    await this.boss.cancel(this.name, id);
  }

  async state(id: string): Promise<{ state: QueueState; retryCount: number } | null> {
    const job = await this.boss.getJobById<T>(this.name, id, { includeArchive: true });
    return job ? { state: job.state, retryCount: job.retryCount } : null;
  }

  async expire(): Promise<void> {
    await this.boss.expire();
  }
}
