import type { Migration } from '../migrations';

// Cloud render jobs (docs/rendering.md): the coupons that pay for them, the jobs themselves and
// the job queue of the embedded database (on PostgreSQL pg-boss keeps its own tables).
const RESOLUTIONS = `('540P', '720P', '1080P', '4K', '6K', '8K', '12K', 'UHQ')`;

export const RENDER_MIGRATIONS: readonly Migration[] = [
  {
    id: 44,
    name: 'render coupons and render jobs',
    sql: `
      -- catalogues.md §3: coupons per user, resolution and mode; a submission spends one, a job that
      -- finally fails (or is cancelled before it starts) gives it back. Never below zero.
      create table render_coupons (
        user_id integer not null references users (id) on delete cascade,
        resolution text not null check (resolution in ${RESOLUTIONS}),
        mode text not null check (mode in ('immediate', 'leisure')),
        count integer not null default 0 check (count >= 0),
        primary key (user_id, resolution, mode)
      );

      create table render_jobs (
        id uuid primary key,
        project_code text not null,
        user_id integer not null references users (id) on delete cascade,
        scene_id integer not null references scenes (id) on delete cascade,
        resolution text not null check (resolution in ${RESOLUTIONS}),
        mode text not null check (mode in ('immediate', 'leisure')),
        camera jsonb,
        storey_id text,
        width integer not null,
        height integer not null,
        samples integer not null,
        state text not null default 'queued' check (state in ('queued', 'rendering', 'done', 'failed', 'cancelled')),
        progress real not null default 0 check (progress >= 0 and progress <= 1),
        -- attempts started; the attempt number also fences a worker whose lease was taken over
        attempts integer not null default 0,
        worker text not null default '',
        error text not null default '',
        image_key text,
        thumb_key text,
        -- bytes of the stored picture and thumbnail: they count toward the storage quotas
        bytes bigint not null default 0,
        -- set once, by the one transaction that gives the coupon back
        refunded_at timestamptz,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz,
        updated_at timestamptz not null default now()
      );
      create index render_jobs_scene_idx on render_jobs (scene_id, created_at);
      create index render_jobs_unfinished_idx on render_jobs (created_at) where state in ('queued', 'rendering');

      create function render_jobs_usage() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform storage_usage_add(old.project_code, old.user_id, -old.bytes); end if;
        if tg_op <> 'DELETE' then perform storage_usage_add(new.project_code, new.user_id, new.bytes); end if;
        return null;
      end $$;
      create trigger render_jobs_usage after insert or delete or update of project_code, user_id, bytes
        on render_jobs for each row execute function render_jobs_usage();
    `,
  },
  {
    id: 45,
    name: 'the job queue of the embedded database',
    sql: `
      -- server/render/queue-table.ts: the pg-boss equivalent on PGlite. A fetched job holds a lease
      -- its worker renews (heartbeat); a lease that runs out is a dead worker: the job is retried
      -- after a backoff, or failed once its retries are used up.
      create table job_queue (
        id uuid primary key,
        name text not null,
        data jsonb not null,
        state text not null default 'created' check (state in ('created', 'retry', 'active', 'completed', 'failed', 'cancelled')),
        priority integer not null default 0,
        retry_count integer not null default 0,
        retry_limit integer not null check (retry_limit >= 0),
        retry_delay_s integer not null check (retry_delay_s >= 0),
        lease_s integer not null check (lease_s > 0),
        start_after timestamptz not null default now(),
        lease_until timestamptz,
        worker text,
        last_error text not null default '',
        created_at timestamptz not null default now(),
        completed_at timestamptz
      );
      create index job_queue_fetch_idx on job_queue (name, priority desc, created_at) where state in ('created', 'retry');
      create index job_queue_lease_idx on job_queue (lease_until) where state = 'active';
    `,
  },
];
