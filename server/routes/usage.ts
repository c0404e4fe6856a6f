// Usage records (core.md §7 "Usage"): which library sources and which buttons people use.
// POST /api/admin/source/add-use-record and /api/admin/source/button-use-record.
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson } from '../http/input';
import { enforceRate, type RateLimiters } from '../http/rate-limit';
import { maybePruneUsage } from '../usage/retention';
import type { UserRow } from '../users/users';

/** Ids and type codes arrive as numbers or strings depending on the caller; stored as text. */
export const IdLike = z.union([
  z.string().trim().min(1).max(64),
  z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .transform((n) => String(n)),
]);

const AddUseRecordBody = z.object({ source_id: IdLike, source_type: IdLike });
const ButtonUseRecordBody = z.object({ button_type: IdLike });

export interface RecordId {
  id: number;
}

/** Each call adds a row: per user, and per tenant so that many accounts together stay bounded too. */
export function enforceUsageRate(limits: RateLimiters, user: UserRow): void {
  enforceRate(limits.usage, String(user.id));
  enforceRate(limits.usageProject, user.project_code);
}

export function usageRoutes({ db, config, logger, limits, now }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const requireSession = requireAuth(db);
  const auth: MiddlewareHandler<AppEnv> = async (c, next) =>
    requireSession(c, async () => {
      enforceUsageRate(limits, c.get('auth').user);
      await next();
      maybePruneUsage({ db, logger, retention: config.retention }, now());
    });

  routes.post('/add-use-record', auth, async (c) => {
    const body = await readJson(c, AddUseRecordBody, config.jsonBodyLimit);
    const { user } = c.get('auth');
    const rows = await db.query<RecordId>(
      `insert into source_use_records (project_code, user_id, source_id, source_type) values ($1, $2, $3, $4) returning id`,
      [user.project_code, user.id, body.source_id, body.source_type],
    );
    return ok(c, rows[0]!);
  });

  routes.post('/button-use-record', auth, async (c) => {
    const body = await readJson(c, ButtonUseRecordBody, config.jsonBodyLimit);
    const { user } = c.get('auth');
    const rows = await db.query<RecordId>(
      `insert into button_use_records (project_code, user_id, button_type) values ($1, $2, $3) returning id`,
      [user.project_code, user.id, body.button_type],
    );
    return ok(c, rows[0]!);
  });

  return routes;
}
