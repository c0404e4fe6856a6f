import pg from 'pg';
import { OID, parseDate, parseInt8, transactionDb, type Db } from './types';

export interface PostgresOptions {
  connectionString: string;
  /** pool size per server process */
  max?: number;
}

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID.INT8) return parseInt8;
    if (oid === OID.DATE) return parseDate;
    return pg.types.getTypeParser(oid, format);
  },
};

export async function createPostgresDb(options: PostgresOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
    // A stuck database should fail requests (and /healthz) instead of hanging them forever.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection emits on the pool; without a listener Node exits.
  pool.on('error', () => {});
  // Fail at start, not at the first request, when the URL is wrong.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: 'postgres',
    inTransaction: false,
    async query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const result = await pool.query(sql, params ? [...params] : undefined);
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn(
          transactionDb('postgres', {
            query: async <R>(sql: string, params?: readonly unknown[]) =>
              (await client.query(sql, params ? [...params] : undefined)).rows as R[],
            exec: async (sql: string) => {
              await client.query(sql);
            },
          }),
        );
        await client.query('commit');
        return result;
      } catch (e) {
        try {
          await client.query('rollback');
        } catch (rollbackError) {
          // The connection is unusable; make the pool discard it instead of reusing it.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw e;
      } finally {
        client.release(broken);
      }
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}
