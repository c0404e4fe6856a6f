// Usage records (core.md §7 "Usage"): which library sources and which buttons people use.
// POST /api/admin/source/add-use-record and /api/admin/source/button-use-record.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson } from '../http/input';

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

export function usageRoutes({ db, config }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(db);

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
