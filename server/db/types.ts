// The one query layer of the server. Every query is plain PostgreSQL with $1 parameters and runs
// unchanged on the embedded PGlite and on a PostgreSQL server; code above this line never knows
// which one it talks to (only `kind`, for reports such as /healthz).

export type DbKind = 'pglite' | 'postgres';

export interface Db {
  readonly kind: DbKind;
  /** one statement, $n parameters, rows as plain objects */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** one or more statements without parameters (migrations, DDL) */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn inside a transaction on one connection; a throw rolls everything back. Calling
   * transaction() on the tx again nests with a savepoint, so helpers can demand atomicity without
   * knowing whether their caller already opened a transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** true inside transaction() */
  readonly inTransaction: boolean;
  close(): Promise<void>;
}

/** What an implementation provides for one connection inside a transaction. */
export interface Connection {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

/** Wraps a connection that is already inside BEGIN so nested transactions become savepoints. */
export function transactionDb(kind: DbKind, conn: Connection, depth = 1): Db {
  return {
    kind,
    inTransaction: true,
    query: (sql, params) => conn.query(sql, params),
    exec: (sql) => conn.exec(sql),
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const savepoint = `sp_${depth}`;
      await conn.exec(`savepoint ${savepoint}`);
      try {
        const result = await fn(transactionDb(kind, conn, depth + 1));
        await conn.exec(`release savepoint ${savepoint}`);
        return result;
      } catch (e) {
        await conn.exec(`rollback to savepoint ${savepoint}`);
        throw e;
      }
    },
    close: () => Promise.reject(new Error('close() called on a transaction handle')),
  };
}

/** PostgreSQL type OIDs whose default JS conversion differs between the two drivers. */
export const OID = { INT8: 20, DATE: 1082 } as const;

/**
 * int8 (count(*), bigint ids) becomes a number on both drivers: ids and counts stay far below 2^53.
 * date stays the 'YYYY-MM-DD' text, since a JS Date at midnight shifts with the server's time zone.
 */
export function parseInt8(value: string): number {
  return Number(value);
}
export function parseDate(value: string): string {
  return value;
}
