import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';

/** Load balancer probe: 200 only when the database answers. Not an /api route, so no envelope. */
export function healthRoutes({ db, logger }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    try {
      await db.query('select 1');
      return c.json({ status: 'ok', db: db.kind });
    } catch (e) {
      logger.error('health check failed', { reqId: c.get('reqId'), error: e });
      return c.json({ status: 'error', db: db.kind }, 503);
    }
  });
  return routes;
}
