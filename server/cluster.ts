// Several server processes on one port (SERVER_PROCESSES, PostgreSQL only). One Node process runs
// one event loop, and a save keeps that loop busy (checking the upload, HTTP, streams) while the
// rest of the machine idles; the request handling is stateless (sessions, throttles, idempotency
// keys and files all live in PostgreSQL and the file store), so processes can simply be added.
// The primary migrates and seeds once, forks the workers (each its own server/main.ts with its own
// connection pool), announces the port once every worker listens, replaces a worker that dies,
// and passes a shutdown on to all of them.
import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';
import { describeDatabase, openDb, runMigrations } from './db/index';
import type { Logger } from './logger';
import { seedAtStart } from './seed';

const SHUTDOWN_MESSAGE = 'yfang-server-shutdown';
/** The workers' own grace (main.ts) plus time to close their pools. */
const SHUTDOWN_GRACE_MS = 15_000;
/** More replacements than this within the window means something is wrong with every worker. */
const RESTARTS_MAX = 5;
const RESTART_WINDOW_MS = 60_000;

/** In a worker: calls stop when the primary asks for a shutdown or goes away. */
export function onPrimaryShutdown(stop: () => void): void {
  process.on('message', (message: unknown) => {
    if (message === SHUTDOWN_MESSAGE) stop();
  });
  // The primary was killed: nobody will accept connections for this worker any more.
  process.on('disconnect', stop);
}

async function prepareDatabase(config: ServerConfig, logger: Logger): Promise<void> {
  const db = await openDb(config);
  try {
    const migrated = await runMigrations(db);
    if (migrated.applied.length > 0) logger.info('migrations applied', { ids: migrated.applied, version: migrated.version });
    await seedAtStart(db, config, logger);
  } finally {
    await db.close();
  }
}

export async function runPrimary(config: ServerConfig, logger: Logger): Promise<void> {
  try {
    await prepareDatabase(config, logger);
  } catch (e) {
    console.error(`Server failed to start: ${e instanceof Error ? e.message : String(e)}`);
    logger.error('start failed', { error: e });
    process.exit(1);
  }

  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  const restarts: number[] = [];
  let announced = false;
  let stopping = false;
  let exitCode = 0;

  const stopAll = (code: number): void => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    if (live.size === 0) process.exit(exitCode);
    for (const worker of live) {
      // One that listens finishes its requests first. One still starting has no requests, and may
      // not be listening to its channel yet (a message would be lost): a signal ends it. One that
      // has lost its channel already shuts itself down ('disconnect').
      if (!listening.has(worker)) worker.process.kill('SIGTERM');
      else if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
    }
    const force = setTimeout(() => {
      logger.warn('server processes did not stop in time; killing them');
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (!announced && listening.size === config.processes) {
      announced = true;
      console.log(`Server listening on http://localhost:${address.port} (database: ${describeDatabase(config)}) with ${config.processes} processes`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    const served = listening.delete(worker);
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    if (!served) {
      // It failed while starting (the port is taken, the database is unreachable): another one
      // would fail the same way. The worker has said why on stderr.
      console.error('A server process failed to start; stopping the others.');
      stopAll(1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > RESTARTS_MAX) {
      logger.error('server processes keep exiting; stopping', { code, signal, restarts: restarts.length });
      console.error('Server processes keep exiting; stopping.');
      stopAll(1);
      return;
    }
    logger.error('a server process exited; starting another', { pid: worker.process.pid, code, signal });
    live.add(cluster.fork());
  });

  let signalled = false;
  const onSignal = (): void => {
    if (signalled) {
      // A second Ctrl-C means "now".
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(130);
    }
    signalled = true;
    logger.info('shutting down', { processes: live.size });
    stopAll(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  for (let i = 0; i < config.processes; i++) live.add(cluster.fork());
}
