// The query layer, migrations and seed on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MigrationError, runMigrations, validateMigrations } from '../../server/db/migrate';
import { MIGRATIONS, type Migration } from '../../server/db/migrations';
import type { Db } from '../../server/db/types';
import { DEMO_ACCOUNTS, SEED_PROJECTS, seedDemoData } from '../../server/seed';
import { backends, type TestDb } from './helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`database layer on ${backend.name}`, () => {
    let t: TestDb;
    let db: Db;

    beforeAll(async () => {
      t = await backend.open();
      db = t.db;
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('reports its kind', () => {
      expect(db.kind).toBe(backend.name);
      expect(db.inTransaction).toBe(false);
    });

    it('migrates once; a second run applies nothing', async () => {
      const first = await runMigrations(db);
      expect(first.applied).toEqual(MIGRATIONS.map((m) => m.id));
      const second = await runMigrations(db);
      expect(second).toEqual({ applied: [], version: MIGRATIONS.at(-1)!.id });
      const recorded = await db.query<{ id: number; name: string }>('select id, name from schema_migrations order by id');
      expect(recorded).toEqual(MIGRATIONS.map((m) => ({ id: m.id, name: m.name })));
      const tables = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = current_schema() order by table_name`,
      );
      const names = tables.map((r) => r.table_name);
      for (const core of ['projects', 'schema_migrations', 'sessions', 'users']) expect(names).toContain(core);
    });

    it('runs concurrent migrators without applying anything twice', async () => {
      const nextId = MIGRATIONS.at(-1)!.id + 1;
      const extra: Migration[] = [...MIGRATIONS, { id: nextId, name: 'counter', sql: 'create table counter (n int)' }];
      const results = await Promise.all([runMigrations(db, extra), runMigrations(db, extra), runMigrations(db, extra)]);
      expect(results.flatMap((r) => r.applied)).toEqual([nextId]);
      await db.exec('drop table counter');
      await db.query('delete from schema_migrations where id = $1', [nextId]);
    });

    it('rolls a failing migration back whole and says which one failed', async () => {
      const nextId = MIGRATIONS.at(-1)!.id + 1;
      const broken: Migration[] = [
        ...MIGRATIONS,
        { id: nextId, name: 'half done', sql: 'create table half_done (a int); select no_such_function();' },
      ];
      await expect(runMigrations(db, broken)).rejects.toThrow(new RegExp(`migration ${nextId} \\(half done\\) failed`));
      const left = await db.query(`select 1 from information_schema.tables where table_name = 'half_done' and table_schema = current_schema()`);
      expect(left).toHaveLength(0);
      const recorded = await db.query('select 1 from schema_migrations where id = $1', [nextId]);
      expect(recorded).toHaveLength(0);
    });

    it('refuses a database newer than the code', async () => {
      await db.query(`insert into schema_migrations (id, name) values (999, 'from the future')`);
      try {
        await expect(runMigrations(db)).rejects.toBeInstanceOf(MigrationError);
        await expect(runMigrations(db)).rejects.toThrow(/version 999/);
      } finally {
        await db.query('delete from schema_migrations where id = 999');
      }
    });

    it('seeds the demo data once; a second run changes nothing', async () => {
      const first = await seedDemoData(db);
      expect(first).toEqual({ projectsAdded: SEED_PROJECTS.length, usersAdded: DEMO_ACCOUNTS.length });
      const before = await db.query<{ account: string; password_hash: string }>('select account, password_hash from users order by id');
      const second = await seedDemoData(db);
      expect(second).toEqual({ projectsAdded: 0, usersAdded: 0 });
      const after = await db.query<{ account: string; password_hash: string }>('select account, password_hash from users order by id');
      expect(after).toEqual(before);
      expect(after[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('restores a deleted demo account without touching the others', async () => {
      await db.query(`delete from users where project_code = 'chuangmi' and account = 'chuangmi'`);
      expect(await seedDemoData(db)).toEqual({ projectsAdded: 0, usersAdded: 1 });
    });

    it('enforces the schema rules', async () => {
      await expect(
        db.query(`insert into users (project_code, account, password_hash) values ('yfang', 'designer', 'x')`),
      ).rejects.toThrow();
      await expect(db.query(`insert into users (project_code, account, password_hash) values ('nope', 'a', 'x')`)).rejects.toThrow();
      await expect(
        db.query(`insert into users (project_code, account, password_hash, platform) values ('yfang', 'p', 'x', 'boss')`),
      ).rejects.toThrow();
      await expect(db.query(`insert into sessions (token_hash, user_id, expires_at) values ('plain-token', 1, now())`)).rejects.toThrow();
    });

    it('maps column types the same way on both databases', async () => {
      const [row] = await db.query<Record<string, unknown>>(
        `select count(*) as n, '2026-03-04'::date as d, '{"FDM20":"2099-12-31"}'::jsonb as j, true as b,
                now() as ts, 42::int as i, null::text as nothing, 'x' || $1 as text_param`,
        ['y'],
      );
      expect(row).toEqual({
        n: 1,
        d: '2026-03-04',
        j: { FDM20: '2099-12-31' },
        b: true,
        ts: expect.any(Date),
        i: 42,
        nothing: null,
        text_param: 'xy',
      });
      const [member] = await db.query<{ member_date_end: string }>(
        `select member_date_end from users where project_code = 'yfang' and account = 'member'`,
      );
      expect(member?.member_date_end).toBe('2099-12-31');
    });

    it('commits a transaction, rolls back a throwing one, and nests with savepoints', async () => {
      await db.exec('create table tx_probe (v text)');
      try {
        await db.transaction(async (tx) => {
          expect(tx.inTransaction).toBe(true);
          await tx.query(`insert into tx_probe values ('committed')`);
        });
        await expect(
          db.transaction(async (tx) => {
            await tx.query(`insert into tx_probe values ('rolled back')`);
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        await db.transaction(async (tx) => {
          await tx.query(`insert into tx_probe values ('outer')`);
          await expect(
            tx.transaction(async (inner) => {
              await inner.query(`insert into tx_probe values ('inner')`);
              throw new Error('inner boom');
            }),
          ).rejects.toThrow('inner boom');
          await tx.transaction((inner) => inner.query(`insert into tx_probe values ('inner kept')`));
        });
        const rows = await db.query<{ v: string }>('select v from tx_probe order by v');
        expect(rows.map((r) => r.v)).toEqual(['committed', 'inner kept', 'outer']);
      } finally {
        await db.exec('drop table tx_probe');
      }
    });

    it('turns a SQL error into a rejected promise and stays usable', async () => {
      await expect(db.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
      await expect(db.query('select $1::int as v', ['not a number'])).rejects.toThrow();
      expect(await db.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    });
  });
}

describe('migration list', () => {
  it('has strictly rising ids and every entry has a name and sql', () => {
    expect(() => validateMigrations(MIGRATIONS)).not.toThrow();
    const m = (id: number) => ({ id, name: `m${id}`, sql: 'select 1' });
    expect(() => validateMigrations([m(1), m(10), m(20)])).not.toThrow();
    expect(() => validateMigrations([m(1), m(1)])).toThrow(MigrationError);
    expect(() => validateMigrations([m(10), m(2)])).toThrow(/rise strictly/);
    expect(() => validateMigrations([m(0)])).toThrow(/rise strictly/);
    expect(() => validateMigrations([{ id: 1, name: ' ', sql: 'select 1' }])).toThrow(/name and sql/);
  });
});
