// /api/admin/waterjet (catalogues.md §7): waterjet medallions; the calls are those of the pavings.
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { pavingFamilyRoutes } from './paving';

export function waterjetRoutes(deps: AppDeps): Hono<AppEnv> {
  return pavingFamilyRoutes(deps, 'waterjet', 'list');
}
