import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { defaultConfig, type ServerConfig } from '../../server/config';
import { createPgliteDb } from '../../server/db/pglite';
import { createPostgresDb } from '../../server/db/postgres';
import { runMigrations } from '../../server/db/migrate';
import type { Db, DbKind } from '../../server/db/types';
import { silentLogger } from '../../server/logger';
import { seedDemoData } from '../../server/seed';
import { pgliteTemplate, type PgliteTemplateFiles } from './pglite-templates';

export interface TestDb {
  db: Db;
  dispose(): Promise<void>;
}

export interface Backend {
  name: DbKind;
  available: boolean;
  /** a fresh, empty database (PGlite in memory, or a new schema on the test PostgreSQL) */
  open(): Promise<TestDb>;
  /** a fresh database, migrated and with the demo data seeded */
  openSeeded(): Promise<TestDb>;
}

/**
 * A new empty schema on the test PostgreSQL and a URL whose connections use it. Each suite gets
 * its own, so suites never see each other's rows and nothing needs CREATE DATABASE rights on a
 * server given by TEST_DATABASE_URL.
 */
export async function createPostgresSchema(url: string): Promise<{ url: string; dispose(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await createPostgresDb({ connectionString: url, max: 1 });
  await admin.exec(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    async dispose() {
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

async function openPostgresSchema(url: string): Promise<TestDb> {
  const schema = await createPostgresSchema(url);
  const db = await createPostgresDb({ connectionString: schema.url, max: 4 });
  return {
    db,
    async dispose() {
      await db.close();
      await schema.dispose();
    },
  };
}

async function migratedAndSeeded(open: () => Promise<TestDb>): Promise<TestDb> {
  const testDb = await open();
  await runMigrations(testDb.db);
  await seedDemoData(testDb.db);
  return testDb;
}

async function openPglite(template: keyof PgliteTemplateFiles): Promise<TestDb> {
  const db = await createPgliteDb({ loadDataDir: pgliteTemplate(inject('pgliteTemplates')[template]) });
  return { db, dispose: () => db.close() };
}

export function backends(): Backend[] {
  const pgUrl = inject('pgUrl');
  return [
    {
      name: 'pglite',
      available: true,
      open: () => openPglite('empty'),
      openSeeded: () => openPglite('seeded'),
    },
    {
      name: 'postgres',
      available: pgUrl !== null,
      open: () => openPostgresSchema(pgUrl as string),
      openSeeded: () => migratedAndSeeded(() => openPostgresSchema(pgUrl as string)),
    },
  ];
}

/** Migrated and seeded database with the app on top, as main.ts builds it. */
export async function openTestApp(backend: Backend, overrides: Partial<ServerConfig> = {}) {
  const testDb = await backend.openSeeded();
  const config = defaultConfig({ distDir: '/nonexistent-dist-for-tests', ...overrides });
  const app = createApp({ db: testDb.db, config, logger: silentLogger });
  return { ...testDb, app, config };
}

export interface EnvelopeBody {
  retcode: number;
  retmsg: string;
  retdata: unknown;
}

export async function envelope(res: Response): Promise<EnvelopeBody> {
  const body = (await res.json()) as EnvelopeBody;
  return body;
}
