// `npm run render:worker`: render worker loops without the HTTP server, for other machines that
// share the server's PostgreSQL (DATABASE_URL) and its stored files (DATA_DIR/files on shared
// storage). RENDER_WORKERS loops (default 1), each with its own render process. docs/rendering.md.
import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { openDb, runMigrations } from '../db/index';
import { createLogger } from '../logger';
import { LocalDiskStorage } from '../storage/local-disk';
import { startRenderRuntime } from './runtime';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error('npm run render:worker needs DATABASE_URL: the embedded PGlite database serves the server process only (its RENDER_WORKERS render there)');
    process.exit(2);
  }
  if (config.renderWorkers < 1) {
    console.error('RENDER_WORKERS is 0: this process would render nothing');
    process.exit(2);
  }
  const logger = createLogger({ level: config.logLevel });
  const db = await openDb(config);
  // the same advisory-locked migrations as the server: harmless when it has run them already
  await runMigrations(db);
  const storage = new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const runtime = await startRenderRuntime({ db, storage, logger, config });
  console.log(`Render worker: ${config.renderWorkers} loop(s) on ${runtime.queue.kind}, files in ${path.join(config.dataDir, 'files')}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    logger.info('render worker stopping', { signal });
    void runtime
      .stop()
      .then(() => db.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
