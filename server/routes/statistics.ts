// POST /api/admin/statistics (core.md §7): storeUserEvent, storeUserOnlineTime, storeSourceUsed.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson } from '../http/input';
import { maybePruneUsage } from '../usage/retention';
import { IdLike, enforceUsageRate, type RecordId } from './usage';

export const USER_EVENTS = ['createScene', 'createRender', 'createPano', 'visitWorkbenches', 'visitDesignTool'] as const;
export const SOURCE_USED_TYPES = ['modelAgent', 'pavingAgent'] as const;

// The client reports online time every 30 minutes; a day is the most one report can honestly say.
const Minutes = z.union([
  z.number().int().min(0).max(1440),
  z.string().regex(/^[0-9]{1,4}$/).transform(Number).pipe(z.number().max(1440)),
]);

const StatisticsBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('storeUserEvent'), event: z.enum(USER_EVENTS) }),
  // 'mintue' is the field name the product sends (sic)
  z.object({ action: z.literal('storeUserOnlineTime'), mintue: Minutes }),
  z.object({ action: z.literal('storeSourceUsed'), source_type: z.enum(SOURCE_USED_TYPES), source_id: IdLike }),
]);

export function statisticsRoutes({ db, config, logger, limits, now }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', requireAuth(db), async (c) => {
    const { user } = c.get('auth');
    enforceUsageRate(limits, user);
    const body = await readJson(c, StatisticsBody, config.jsonBodyLimit);
    let rows: RecordId[];
    switch (body.action) {
      case 'storeUserEvent':
        rows = await db.query<RecordId>(`insert into user_events (project_code, user_id, event) values ($1, $2, $3) returning id`, [
          user.project_code,
          user.id,
          body.event,
        ]);
        break;
      case 'storeUserOnlineTime':
        rows = await db.query<RecordId>(
          `insert into user_online_time (project_code, user_id, minutes) values ($1, $2, $3) returning id`,
          [user.project_code, user.id, body.mintue],
        );
        break;
      case 'storeSourceUsed':
        rows = await db.query<RecordId>(
          `insert into source_used (project_code, user_id, source_type, source_id) values ($1, $2, $3, $4) returning id`,
          [user.project_code, user.id, body.source_type, body.source_id],
        );
        break;
    }
    maybePruneUsage({ db, logger, retention: config.retention }, now());
    return ok(c, rows[0]!);
  });

  return routes;
}
