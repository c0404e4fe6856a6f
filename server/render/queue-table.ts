// The job queue of the embedded PGlite database (also runs on PostgreSQL, where the tests check
// it against pg-boss's behaviour): one row per job in job_queue (migration 45). A fetch takes the
// oldest due job of the highest priority with a lease; the worker renews the lease while it works;
// expire() gives a job whose lease ran out another attempt after a backoff (retry_delay_s * 2^n),
// or fails it when its retries are used up, exactly as a failed attempt would.
import type { Db } from '../db/types';
import type { JobQueue, QueuePolicy, QueueState, QueuedJob } from './queue';

interface Row {
  id: string;
  data: unknown;
  retry_count: number;
}

export class TableJobQueue<T> implements JobQueue<T> {
  readonly kind = 'table' as const;
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly policy: QueuePolicy,
  ) {}

  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  async send(tx: Db, id: string, data: T, priority: number): Promise<void> {
    await tx.query(
      `insert into job_queue (id, name, data, priority, retry_limit, retry_delay_s, lease_s) values ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
      [id, this.name, JSON.stringify(data), priority, this.policy.retryLimit, this.policy.retryDelayS, this.policy.leaseS],
    );
  }

  async fetch(worker: string): Promise<QueuedJob<T> | null> {
    // skip locked: on PostgreSQL two workers fetching at once take different jobs
    const rows = await this.db.query<Row>(
      `update job_queue set state = 'active', worker = $2, lease_until = now() + lease_s * interval '1 second'
       where id = (
         select id from job_queue where name = $1 and state in ('created', 'retry') and start_after <= now()
         order by priority desc, created_at, id limit 1 for update skip locked)
       returning id, data, retry_count`,
      [this.name, worker],
    );
    const row = rows[0];
    return row ? { id: row.id, data: row.data as T, retryCount: row.retry_count } : null;
  }

  async heartbeat(id: string, worker: string): Promise<boolean> {
    const rows = await this.db.query(
      `update job_queue set lease_until = now() + lease_s * interval '1 second'
       where id = $1 and state = 'active' and worker = $2 returning id`,
      [id, worker],
    );
    return rows.length === 1;
  }

  async complete(id: string): Promise<void> {
    await this.db.query(`update job_queue set state = 'completed', completed_at = now(), lease_until = null where id = $1 and state = 'active'`, [id]);
  }

  async fail(id: string, error: string): Promise<'retry' | 'failed'> {
    const rows = await this.db.query<{ state: QueueState }>(`${FAIL_SQL} where id = $1 and state = 'active' returning state`, [id, error]);
    if (rows[0]) return rows[0].state === 'retry' ? 'retry' : 'failed';
    const now = await this.state(id);
    return now?.state === 'retry' || now?.state === 'created' || now?.state === 'active' ? 'retry' : 'failed';
  }

  async cancel(id: string): Promise<void> {
    await this.db.query(
      `update job_queue set state = 'cancelled', completed_at = now(), lease_until = null where id = $1 and state in ('created', 'retry', 'active')`,
      [id],
    );
  }

  async state(id: string): Promise<{ state: QueueState; retryCount: number } | null> {
    const rows = await this.db.query<{ state: QueueState; retry_count: number }>('select state, retry_count from job_queue where id = $1', [id]);
    const row = rows[0];
    return row ? { state: row.state, retryCount: row.retry_count } : null;
  }

  async expire(): Promise<void> {
    await this.db.query(`${FAIL_SQL} where name = $1 and state = 'active' and lease_until < now()`, [this.name, 'the worker stopped answering (lease expired)']);
  }
}

/** An attempt ends: another one after the backoff while retries remain, else failed for good. */
const FAIL_SQL = `update job_queue set
    state = case when retry_count < retry_limit then 'retry' else 'failed' end,
    retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
    start_after = case when retry_count < retry_limit
      then now() + retry_delay_s * power(2, retry_count) * interval '1 second' else start_after end,
    completed_at = case when retry_count < retry_limit then null else now() end,
    lease_until = null, worker = null, last_error = $2`;
