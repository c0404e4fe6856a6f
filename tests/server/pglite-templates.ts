// Ready-made PGlite databases for the server suite. A new in-memory PGlite runs initdb (about
// 1.5 s), and most suites then migrate and seed it (another 0.5-1 s): across a hundred databases
// that was most of the suite's time. The global setup builds each template once per run, dumps it
// to a file, and every test loads the dump (about 0.4 s) instead.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPgliteDb } from '../../server/db/pglite';
import { runMigrations } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed';

export type PgliteTemplate = 'empty' | 'seeded';

export interface PgliteTemplateFiles {
  readonly empty: string;
  readonly seeded: string;
}

/** Builds both templates into `dir` (the global setup's temporary folder). */
export async function buildPgliteTemplates(dir: string): Promise<PgliteTemplateFiles> {
  const db = await createPgliteDb();
  try {
    const files = { empty: path.join(dir, 'pglite-empty.tar.gz'), seeded: path.join(dir, 'pglite-seeded.tar.gz') };
    writeFileSync(files.empty, new Uint8Array(await (await db.dump()).arrayBuffer()));
    await runMigrations(db);
    await seedDemoData(db);
    writeFileSync(files.seeded, new Uint8Array(await (await db.dump()).arrayBuffer()));
    return files;
  } finally {
    await db.close();
  }
}

const loaded = new Map<string, Blob>();

/** The template's dump, read once per test file. */
export function pgliteTemplate(file: string): Blob {
  let blob = loaded.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    loaded.set(file, blob);
  }
  return blob;
}
