import type { Db } from './types';
import { MIGRATIONS, type Migration } from './migrations';

// Several server processes may start at once against one PostgreSQL; a transaction-scoped
// advisory lock makes them apply each migration exactly once. The number is arbitrary but fixed.
const MIGRATION_LOCK_KEY = 7_264_001;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrationReport {
  /** ids applied by this call (empty when the schema was already current) */
  applied: number[];
  /** the schema version after the call */
  version: number;
}

export function validateMigrations(migrations: readonly Migration[]): void {
  // Ids rise strictly; families own blocks of ids (see migrations.ts), so gaps between blocks are fine.
  migrations.forEach((m, index) => {
    const previous = index === 0 ? 0 : migrations[index - 1]!.id;
    if (!Number.isInteger(m.id) || m.id <= previous) {
      throw new MigrationError(`migration ids must rise strictly; entry ${index} has id ${m.id} after ${previous}`);
    }
    if (!m.name.trim() || !m.sql.trim()) throw new MigrationError(`migration ${m.id} needs a name and sql`);
  });
}

export async function runMigrations(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  validateMigrations(migrations);
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      create table if not exists schema_migrations (
        id integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )
    `);
  });

  const known = await db.query<{ id: number }>('select id from schema_migrations order by id');
  const done = new Set(known.map((k) => k.id));
  const newest = known.at(-1)?.id ?? 0;
  // Ids come in family blocks (1-9, 10-19, …), so compare with the highest id this server knows,
  // not with how many migrations it has.
  const newestKnown = migrations.at(-1)?.id ?? 0;
  if (newest > newestKnown) {
    throw new MigrationError(
      `the database schema is at version ${newest} but this server only knows ${newestKnown}; ` +
        'run a newer server or restore a matching backup',
    );
  }

  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      // Re-check under the lock: another process may have applied it meanwhile.
      const meanwhile = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (meanwhile.length > 0) return false;
      try {
        await tx.exec(migration.sql);
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        throw new MigrationError(`migration ${migration.id} (${migration.name}) failed: ${reason}`);
      }
      await tx.query('insert into schema_migrations (id, name) values ($1, $2)', [migration.id, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return { applied, version: migrations.at(-1)?.id ?? 0 };
}
