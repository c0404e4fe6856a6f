import { Hono } from 'hono';
import { ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';

export interface ProjectEntry {
  code: string;
  name: string;
  /** a small data: URL (SVG) or a path served by this server */
  logo: string;
}

/** The public project catalogue: the login screen's brand selector and each tenant's logo. */
export function projectRoutes({ db }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const rows = await db.query<ProjectEntry>('select code, name, logo from projects order by position, code');
    return ok(c, rows);
  });
  return routes;
}
