// vitest globalSetup of the server project: one PostgreSQL for all server test files.
// TEST_DATABASE_URL uses an existing server; otherwise a throwaway cluster is started here and
// removed afterwards. Without PostgreSQL binaries the PostgreSQL half of the suite is skipped
// (loudly), except in CI where it must run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPgBin, startPgCluster } from './pg-harness';
import { buildPgliteTemplates, type PgliteTemplateFiles } from './pglite-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test PostgreSQL database, or null when the PostgreSQL tests are skipped */
    pgUrl: string | null;
    /** dumps of an empty and of a migrated and seeded PGlite (./pglite-templates.ts) */
    pgliteTemplates: PgliteTemplateFiles;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templatesDir = mkdtempSync(path.join(tmpdir(), 'yfang-pglite-'));
  project.provide('pgliteTemplates', await buildPgliteTemplates(templatesDir));
  const removeTemplates = async () => rmSync(templatesDir, { recursive: true, force: true });
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) {
    project.provide('pgUrl', given);
    return removeTemplates;
  }
  const bin = findPgBin();
  if (!bin) {
    const why = 'no PostgreSQL binaries found (/usr/lib/postgresql/*/bin/initdb) and TEST_DATABASE_URL is not set';
    if (process.env.CI === 'true') throw new Error(`Server tests need PostgreSQL in CI: ${why}.`);
    const bar = '!'.repeat(100);
    console.warn(`\n${bar}\n!! SKIPPING the PostgreSQL half of the server suite: ${why}.\n!! Only PGlite is tested. Install postgresql or set TEST_DATABASE_URL.\n${bar}\n`);
    project.provide('pgUrl', null);
    return removeTemplates;
  }
  const cluster = await startPgCluster(bin);
  project.provide('pgUrl', cluster.url);
  return async () => {
    await cluster.stop();
    await removeTemplates();
  };
}
