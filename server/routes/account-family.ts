// Every route of the accounts family (account service, utility actions, usage, statistics,
// uploads, the event log), mounted by createApp in one call. /api/session is mounted by createApp
// itself (it predates the family).
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { account2Routes } from './account';
import { statisticsRoutes } from './statistics';
import { uploadFileRoutes, uploadRoutes } from './upload';
import { usageRoutes } from './usage';
import { eventLogRoutes } from './usage-event-log';
import { utilityRoutes } from './utility';

export function mountAccountRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  app.route('/account2', account2Routes(deps));
  app.route('/api/admin/utility', utilityRoutes(deps));
  app.route('/api/admin/source', usageRoutes(deps));
  app.route('/api/admin/statistics', statisticsRoutes(deps));
  app.route('/api/static', uploadRoutes(deps));
  app.route('/bigdata/acquisition', eventLogRoutes(deps));
  app.route('/files/uploads', uploadFileRoutes(deps));
}
