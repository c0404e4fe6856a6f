import path from 'node:path';
import { Hono } from 'hono';
import type { Db } from './db/types';
import type { ServerConfig } from './config';
import type { Logger } from './logger';
import { LocalDiskStorage } from './storage/local-disk';
import type { FileStorage } from './storage/types';
import type { AppDeps, AppEnv } from './http/env';
import { errorHandler, notFoundHandler } from './http/errors';
import { bodyRemainder } from './http/connection';
import { requestContext, securityHeaders } from './http/middleware';
import { mountStaticUi } from './http/static-ui';
import { createRateLimiters, limitByAddress } from './http/rate-limit';
import { panoRoutes, panoShareRoutes } from './routes/panos';
import { healthRoutes } from './routes/health';
import { projectRoutes } from './routes/projects';
import { sessionRoutes } from './routes/session';
import { mountCatalogueRoutes } from './catalogues/mount';
import { mountAccountRoutes } from './routes/account-family';
import { mountSceneRoutes } from './routes/scenes-family';
import { priceListRoutes } from './routes/price-list';
import { clientRoutes } from './routes/clients';
import { embedRoutes, pageFrameAncestors } from './routes/embed';
import { renderFileRoutes, renderRoutes } from './routes/render';
import { createRenderQueue, renderQueuePolicy } from './render/runtime';
import type { RenderQueue } from './render/queue';

export interface CreateAppOptions {
  db: Db;
  config: ServerConfig;
  logger: Logger;
  /** defaults to local disk under config.dataDir/files */
  storage?: FileStorage;
  /** clock of the rate limits and the retention job (tests); default Date.now */
  now?: () => number;
  /** the render job queue, started (main.ts shares it with the render workers); default one started on first use */
  renderQueue?: RenderQueue;
}

/**
 * The whole HTTP surface as a Hono app: tests drive it with app.request(), main.ts serves it with
 * @hono/node-server. No state lives here beyond db, so several processes can share one PostgreSQL.
 */
export function createApp({ db, config, logger, storage, now = Date.now, renderQueue }: CreateAppOptions): Hono<AppEnv> {
  const deps: AppDeps = {
    db,
    config,
    logger,
    storage: storage ?? new LocalDiskStorage(path.join(config.dataDir, 'files')),
    limits: createRateLimiters(config.rateLimits, now),
    now,
  };
  const app = new Hono<AppEnv>();

  app.use('*', requestContext(logger));
  app.use('*', bodyRemainder()); // drain or close on what a refusal left of the body
  app.use('*', securityHeaders(config.frameAncestors, pageFrameAncestors(deps))); // per-tenant frame-ancestors (issue 19)

  app.route('/healthz', healthRoutes(deps));
  app.route('/api/session', sessionRoutes(deps));
  // the login page's brand list: public, so limited per address (README "Request limits")
  app.use('/api/projects', limitByAddress(deps.limits.publicRead, config.trustProxy));
  app.route('/api/projects', projectRoutes(deps));
  mountSceneRoutes(app, deps); // scenes family routes (scenes, history, backups, files)
  mountAccountRoutes(app, deps); // accounts family routes (account2, utility, statistics, uploads, usage)
  mountCatalogueRoutes(app, deps); // catalogues family routes (tiles, paving, waterjet, model rooms, source library)
  app.route('/api/admin/price-list', priceListRoutes(deps)); // quotation price lists (issue 14)
  app.route('/meta20/x/fenni/client', clientRoutes(deps)); // clients (customers, issue 16)
  app.route('/api/embed', embedRoutes(deps)); // host page origins of the embedding tenants (issue 19)
  let queueStart: Promise<RenderQueue> | null = renderQueue ? Promise.resolve(renderQueue) : null;
  const queue = (): Promise<RenderQueue> =>
    (queueStart ??= (async () => {
      const q = createRenderQueue(db, logger, renderQueuePolicy(config, db.kind));
      await q.start();
      return q;
    })());
  app.route('/api/render', renderRoutes(deps, queue)); // cloud render jobs (issue 20)
  app.route('/files/renders', renderFileRoutes(deps));
  app.route('/api/panos', panoRoutes(deps)); // panoramas (issue 20, docs/panoramas.md)
  app.route('/api/pano-share', panoShareRoutes(deps)); // shared panoramas: no login, rate-limited

  mountStaticUi(app, config.distDir);

  app.notFound(notFoundHandler);
  app.onError(errorHandler(logger));

  return app;
}
