// Migration 38 (server/db/families/clients.ts) on a database with scenes: they keep every row and
// belong to no client; a client deleted later unlinks its scenes instead of taking them along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { backends } from './helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`migration 38 (clients) on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let userId: number;

    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db, MIGRATIONS.filter((m) => m.id < 38));
      await db.query(`insert into projects (code, name) values ('p38', 'p38')`);
      userId = (await db.query<{ id: number }>(`insert into users (project_code, account, password_hash) values ('p38', 'u', 'x') returning id`))[0]!.id;
      await db.query(`insert into scenes (project_code, owner_id, uuid, name) values ('p38', $1, 'u-1', '旧方案')`, [userId]);
      // Up to 38 only: later migrations have tests of their own.
      const report = await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 38));
      expect(report.applied).toEqual([38]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('keeps the scenes, linked to no client', async () => {
      expect(await db.query(`select name, client_id from scenes where project_code = 'p38'`)).toEqual([{ name: '旧方案', client_id: null }]);
    });

    it('unlinks the scenes of a deleted client and refuses shapes the code does not read', async () => {
      const [client] = await db.query<{ id: number }>(`insert into clients (project_code, owner_id, name, region_code) values ('p38', $1, '甲', '330100') returning id`, [userId]);
      await db.query(`update scenes set client_id = $1 where uuid = 'u-1'`, [client!.id]);
      await db.query('delete from clients where id = $1', [client!.id]);
      expect((await db.query(`select client_id from scenes where uuid = 'u-1'`))[0]).toEqual({ client_id: null });
      await expect(db.query(`insert into clients (project_code, owner_id, name, region_code) values ('p38', $1, '乙', '33')`, [userId])).rejects.toThrow();
      await expect(db.query(`insert into clients (project_code, owner_id, name, custom_client_info) values ('p38', $1, '乙', '{}')`, [userId])).rejects.toThrow();
    });
  });
}
