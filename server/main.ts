// The server entry (npm start): `node --import tsx server/main.ts`. Reads the environment, takes the data
// folder lock (PGlite only), migrates, seeds (seedAtStart: demo data in development, no accounts in
// production), serves the API and the built UI.
// With SERVER_PROCESSES above 1 (PostgreSQL only) this process migrates and seeds, then runs that
// many server processes on the one port (./cluster.ts) and only supervises them.
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { onPrimaryShutdown, runPrimary } from './cluster';
import { loadConfigOrExit } from './config';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-lock';
import { describeDatabase, openDb, runMigrations, type Db } from './db/index';
import { createLogger } from './logger';
import { seedAtStart } from './seed';
import { createRenderQueue, renderQueuePolicy, startRenderRuntime, type RenderRuntime } from './render/runtime';
import type { RenderQueue } from './render/queue';
import { LocalDiskStorage } from './storage/local-disk';
import path from 'node:path';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.logLevel });
  if (config.processes > 1 && cluster.isPrimary) {
    await runPrimary(config, logger);
    return;
  }
  // A cluster worker: the primary has migrated and seeded, and announces the port once all listen.
  const worker = cluster.isWorker;
  // The primary may ask for a shutdown while this worker is still starting: it stops once it listens.
  let stopRequested: (() => void) | null = null;
  let stopEarly = false;
  if (worker) onPrimaryShutdown(() => (stopRequested ? stopRequested() : (stopEarly = true)));

  let lock: DataDirLock | null = null;
  let db: Db | null = null;
  let renderQueue: RenderQueue | null = null;
  let render: RenderRuntime | null = null;
  const cleanup = async (): Promise<void> => {
    const runtime = render;
    render = null;
    if (runtime) await runtime.stop().catch((e: unknown) => logger.error('stopping the render workers failed', { error: e }));
    const queue = renderQueue;
    renderQueue = null;
    if (queue) await queue.stop().catch((e: unknown) => logger.error('stopping the render queue failed', { error: e }));
    const current = db;
    db = null;
    if (current) await current.close().catch((e: unknown) => logger.error('closing the database failed', { error: e }));
    lock?.release();
    lock = null;
  };

  try {
    if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
    db = await openDb(config);
    const migrated = worker ? null : await runMigrations(db);
    if (migrated && migrated.applied.length > 0) logger.info('migrations applied', { ids: migrated.applied, version: migrated.version });
    if (!worker) await seedAtStart(db, config, logger);
    renderQueue = createRenderQueue(db, logger, renderQueuePolicy(config, db.kind));
    await renderQueue.start();
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
    } else {
      console.error(`Server failed to start: ${e instanceof Error ? e.message : String(e)}`);
      logger.error('start failed', { error: e });
    }
    await cleanup();
    process.exit(1);
  }

  const storage = new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const app = createApp({ db, config, logger, storage, renderQueue: renderQueue ?? undefined });
  // Render workers (docs/rendering.md): in one server process only, also with SERVER_PROCESSES > 1.
  if (config.renderWorkers > 0 && renderQueue && (!worker || cluster.worker?.id === 1)) {
    render = await startRenderRuntime({ db, storage, logger, config, queue: renderQueue });
  }
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
    if (!worker) console.log(`Server listening on http://localhost:${info.port} (database: ${describeDatabase(config)})`);
    if (worker) {
      stopRequested = () => shutdown('primary');
      if (stopEarly) stopRequested();
    }
  });

  server.on('error', (e: NodeJS.ErrnoException) => {
    console.error(
      e.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use; set PORT to a free port.`
        : `Server error: ${e.message}`,
    );
    void cleanup().then(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      // A second Ctrl-C means "now"; the primary's request (which may follow the terminal's own
      // SIGINT to the whole process group) is not a second one.
      if (signal === 'primary') return;
      process.exit(130);
    }
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.warn('open connections did not finish in time; closing them');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      void cleanup().then(() => process.exit(0));
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
