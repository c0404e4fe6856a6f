// Bounded retention of what cheap calls store (issue 17): the event log (anyone may post it) and
// the usage and statistics tables (one small row per signed-in call). Each table has an age cap
// and a row cap per tenant (project; event-log rows posted without a session are one tenant of
// their own), the newest rows kept.
//
// The prune runs piggybacked on the requests that add rows (as server/scenes/sweep.ts does): no
// timer to stop in tests or at shutdown, and a table that gets no rows does not grow. Every server
// process prunes on its own cadence; the deletes are idempotent, so several processes on one
// PostgreSQL only repeat cheap index scans. Between two runs a tenant can add no more than its
// request-rate bucket allows (server/http/rate-limit.ts eventLogRows: burst + perMinute x the
// interval, 42,000 rows by default), so the insert path cannot outrun the prune.
import type { RetentionConfig } from '../config';
import type { Db } from '../db/types';
import type { Logger } from '../logger';

/** How often one process prunes the event log, at most. */
export const EVENT_LOG_PRUNE_INTERVAL_MS = 5 * 60_000;
/** How often one process prunes the usage tables, at most (their rows are tiny and signed-in only). */
export const USAGE_PRUNE_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per statement, so one prune never holds a huge delete in one transaction. */
const DELETE_BATCH = 20_000;

/** The tables filled by /api/admin/source/*-use-record and /api/admin/statistics. */
export const USAGE_TABLES = ['source_use_records', 'button_use_records', 'user_events', 'user_online_time', 'source_used'] as const;
export type PrunedTable = 'event_logs' | (typeof USAGE_TABLES)[number];

interface Rule {
  table: PrunedTable;
  maxAgeMs: number;
  maxRows: number;
  /** rows without a project (event logs posted before login) form one more tenant */
  anonymousTenant: boolean;
}

async function deleteInBatches(db: Db, table: PrunedTable, where: string, params: readonly unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query<{ n: number }>(
      `with gone as (
         delete from ${table} where id in (select id from ${table} where ${where} limit ${DELETE_BATCH}) returning 1
       ) select count(*)::int as n from gone`,
      params,
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < DELETE_BATCH) return total;
  }
}

async function pruneTable(db: Db, rule: Rule, tenants: readonly string[]): Promise<number> {
  let deleted = 0;
  const all: (string | null)[] = rule.anonymousTenant ? [...tenants, null] : [...tenants];
  for (const tenant of all) {
    const cond = tenant === null ? 'project_code is null' : 'project_code = $1';
    const base: unknown[] = tenant === null ? [] : [tenant];
    const n = base.length;
    deleted += await deleteInBatches(db, rule.table, `${cond} and created_at < now() - ($${n + 1}::bigint * interval '1 millisecond')`, [
      ...base,
      rule.maxAgeMs,
    ]);
    // The row cap: everything at or before the (maxRows + 1)-th newest row goes. Computed in SQL
    // so that timestamps keep their microseconds; id breaks ties within one multi-row insert.
    deleted += await deleteInBatches(
      db,
      rule.table,
      `${cond} and (created_at, id) <= (
         select created_at, id from ${rule.table} where ${cond} order by created_at desc, id desc offset $${n + 1} limit 1
       )`,
      [...base, rule.maxRows],
    );
  }
  return deleted;
}

export interface PruneOptions {
  eventLog: boolean;
  usage: boolean;
}

/** Prunes now; rows deleted per table. */
export async function pruneUsageNow(
  db: Db,
  retention: RetentionConfig,
  which: PruneOptions = { eventLog: true, usage: true },
): Promise<Partial<Record<PrunedTable, number>>> {
  const rules: Rule[] = [];
  if (which.eventLog) rules.push({ table: 'event_logs', maxAgeMs: retention.eventLogMaxAgeMs, maxRows: retention.eventLogMaxRows, anonymousTenant: true });
  if (which.usage) {
    for (const table of USAGE_TABLES) rules.push({ table, maxAgeMs: retention.usageMaxAgeMs, maxRows: retention.usageMaxRows, anonymousTenant: false });
  }
  // Rows name their project from the signed-in user, so the projects table lists every tenant.
  const tenants = (await db.query<{ code: string }>('select code from projects order by code')).map((r) => r.code);
  const report: Partial<Record<PrunedTable, number>> = {};
  for (const rule of rules) {
    const deleted = await pruneTable(db, rule, tenants);
    report[rule.table] = deleted;
    // The embedded PGlite runs no autovacuum: without this, deleted rows' space would never be
    // reused and the data folder would keep growing. On PostgreSQL it only does autovacuum's work early.
    if (deleted > 0) await db.exec(`vacuum ${rule.table}`);
  }
  return report;
}

interface PruneState {
  eventLogAt?: number;
  usageAt?: number;
  running: Promise<unknown> | null;
}
const states = new WeakMap<Db, PruneState>();

export interface PruneDeps {
  db: Db;
  logger: Logger;
  retention: RetentionConfig;
}

/**
 * Starts a prune in the background when this process's last one of that kind is older than its
 * interval (and none is running); answers the running prune, or null when none was due.
 */
export function maybePruneUsage(deps: PruneDeps, now: number): Promise<unknown> | null {
  let state = states.get(deps.db);
  if (!state) {
    state = { running: null };
    states.set(deps.db, state);
  }
  if (state.running) return null;
  const eventLog = state.eventLogAt === undefined || now - state.eventLogAt >= EVENT_LOG_PRUNE_INTERVAL_MS;
  const usage = state.usageAt === undefined || now - state.usageAt >= USAGE_PRUNE_INTERVAL_MS;
  if (!eventLog && !usage) return null;
  if (eventLog) state.eventLogAt = now;
  if (usage) state.usageAt = now;
  const s = state;
  const run = pruneUsageNow(deps.db, deps.retention, { eventLog, usage })
    .then((report) => {
      if (Object.values(report).some((n) => n > 0)) deps.logger.info('usage retention pruned', { report });
    })
    .catch((e: unknown) => deps.logger.warn('usage retention prune failed', { error: e }))
    .finally(() => {
      s.running = null;
    });
  s.running = run;
  return run;
}
