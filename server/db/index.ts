import path from 'node:path';
import { createPgliteDb } from './pglite';
import { createPostgresDb } from './postgres';
import type { Db } from './types';

export type { Db, DbKind } from './types';
export { runMigrations, MigrationError } from './migrate';
export { MIGRATIONS, type Migration } from './migrations';

/** The PGlite database lives in DATA_DIR/pg. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pg');
}

export function openDb(config: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (config.databaseUrl) return createPostgresDb({ connectionString: config.databaseUrl });
  return createPgliteDb({ dataDir: pgliteDataDir(config.dataDir) });
}

/** For reports: where the data lives, without credentials. */
export function describeDatabase(config: { databaseUrl: string | null; dataDir: string }): string {
  if (!config.databaseUrl) return `PGlite (embedded) at ${pgliteDataDir(config.dataDir)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? ':' + url.port : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
