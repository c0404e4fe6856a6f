import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { OID, parseDate, parseInt8, transactionDb, type Db } from './types';

export interface PgliteOptions {
  /** folder of the database files; omitted = in memory (tests) */
  dataDir?: string;
  /** start from this dump of a data folder (PGlite dumpDataDir) instead of an empty cluster */
  loadDataDir?: Blob;
}

export interface PgliteDb extends Db {
  /** the whole data folder as a gzipped tar, for PgliteOptions.loadDataDir (test templates) */
  dump(): Promise<Blob>;
}

export async function createPgliteDb(options: PgliteOptions = {}): Promise<PgliteDb> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [OID.INT8]: parseInt8, [OID.DATE]: parseDate },
  });
  return {
    kind: 'pglite',
    dump: () => pg.dumpDataDir('gzip'),
    inTransaction: false,
    async query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const result = await pg.query<T>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        fn(
          transactionDb('pglite', {
            query: async <R>(sql: string, params?: readonly unknown[]) =>
              (await tx.query<R>(sql, params ? [...params] : undefined)).rows,
            exec: async (sql: string) => {
              await tx.exec(sql);
            },
          }),
        ),
      );
    },
    async close(): Promise<void> {
      if (!pg.closed) await pg.close();
    },
  };
}
