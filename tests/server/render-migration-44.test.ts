// Migrations 44 and 45 (server/db/families/render.ts) on a database that already has users and
// scenes: coupons never go below zero, a job's stored bytes count toward the owner's storage and
// leave it with the job (also when its scene's deletion takes the job along), the queue table
// refuses states the code does not know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { backends } from './helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`migrations 44-45 (render) on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let userId: number;
    let sceneId: number;

    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db, MIGRATIONS.filter((m) => m.id < 44));
      await db.query(`insert into projects (code, name) values ('p44', 'p44')`);
      userId = (await db.query<{ id: number }>(`insert into users (project_code, account, password_hash) values ('p44', 'u', 'x') returning id`))[0]!.id;
      sceneId = (await db.query<{ id: number }>(`insert into scenes (project_code, owner_id, uuid, name) values ('p44', $1, 'u-44', '方案') returning id`, [userId]))[0]!.id;
      // Up to 45 only: later migrations have tests of their own.
      const report = await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 45));
      expect(report.applied).toEqual([44, 45]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('keeps coupons at zero or more and knows only the coupon list', async () => {
      await db.query(`insert into render_coupons (user_id, resolution, mode, count) values ($1, '540P', 'immediate', 1)`, [userId]);
      await expect(db.query(`update render_coupons set count = count - 2 where user_id = $1`, [userId])).rejects.toThrow();
      await expect(db.query(`insert into render_coupons (user_id, resolution, mode, count) values ($1, '2K', 'immediate', 1)`, [userId])).rejects.toThrow();
      await expect(db.query(`insert into render_coupons (user_id, resolution, mode, count) values ($1, '4K', 'soon', 1)`, [userId])).rejects.toThrow();
      expect(await db.query(`select count from render_coupons where user_id = $1`, [userId])).toEqual([{ count: 1 }]);
    });

    it('counts a job\'s stored bytes toward its owner until the job (or its scene) is deleted', async () => {
      const usage = async () => Number((await db.query<{ b: string | number }>(`select coalesce(sum(bytes), 0) as b from storage_usage where project_code = 'p44'`))[0]!.b);
      const start = await usage();
      const id = crypto.randomUUID();
      await db.query(
        `insert into render_jobs (id, project_code, user_id, scene_id, resolution, mode, width, height, samples) values ($1, 'p44', $2, $3, '540P', 'immediate', 960, 540, 32)`,
        [id, userId, sceneId],
      );
      await db.query(`update render_jobs set state = 'done', progress = 1, bytes = 5000 where id = $1`, [id]);
      expect(await usage()).toBe(start + 5000);
      await expect(db.query(`update render_jobs set progress = 2 where id = $1`, [id])).rejects.toThrow();
      await expect(db.query(`update render_jobs set state = 'paused' where id = $1`, [id])).rejects.toThrow();
      await db.query('delete from scenes where id = $1', [sceneId]);
      expect(await db.query('select id from render_jobs where id = $1', [id])).toEqual([]);
      expect(await usage()).toBe(start);
    });

    it('refuses queue rows the code does not read', async () => {
      await expect(
        db.query(`insert into job_queue (id, name, data, state, retry_limit, retry_delay_s, lease_s) values ($1, 'render', '{}', 'running', 1, 0, 10)`, [crypto.randomUUID()]),
      ).rejects.toThrow();
      await expect(db.query(`insert into job_queue (id, name, data, retry_limit, retry_delay_s, lease_s) values ($1, 'render', '{}', 1, 0, 0)`, [crypto.randomUUID()])).rejects.toThrow();
    });
  });
}
