// Migration 49 (server/db/families/panoramas.ts) on a database that already has render jobs and
// panoramas: the jobs stay as they were (stills, no panorama), a panorama job must be 2:1 at a
// width panoramas are made at, and deleting the panorama a job made leaves the job without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { backends } from './helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`migration 49 (panoramas as render jobs) on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let userId: number;
    let sceneId: number;
    const still = crypto.randomUUID();

    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db, MIGRATIONS.filter((m) => m.id < 49));
      await db.query(`insert into projects (code, name) values ('p49', 'p49')`);
      userId = (await db.query<{ id: number }>(`insert into users (project_code, account, password_hash) values ('p49', 'u', 'x') returning id`))[0]!.id;
      sceneId = (await db.query<{ id: number }>(`insert into scenes (project_code, owner_id, uuid, name) values ('p49', $1, 'u-49', '方案') returning id`, [userId]))[0]!.id;
      await db.query(
        `insert into render_jobs (id, project_code, user_id, scene_id, resolution, mode, width, height, samples, state, bytes) values ($1, 'p49', $2, $3, '540P', 'immediate', 960, 540, 32, 'done', 700)`,
        [still, userId, sceneId],
      );
      // Up to 49 only: later migrations have tests of their own.
      expect((await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 49))).applied).toEqual([49]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('keeps the jobs there were as stills', async () => {
      expect(await db.query('select id, state, bytes::int as bytes, pano, pano_id from render_jobs')).toEqual([{ id: still, state: 'done', bytes: 700, pano: null, pano_id: null }]);
    });

    it('takes a panorama job only at 2:1 and a panorama width', async () => {
      const insert = (width: number, height: number) =>
        db.query(
          `insert into render_jobs (id, project_code, user_id, scene_id, resolution, mode, width, height, samples, pano)
           values ($1, 'p49', $2, $3, '1080P', 'immediate', $4, $5, 32, '{"width": 2048}'::jsonb)`,
          [crypto.randomUUID(), userId, sceneId, width, height],
        );
      await expect(insert(1920, 1080)).rejects.toThrow();
      await expect(insert(2048, 2048)).rejects.toThrow();
      await expect(insert(2048, 1024)).resolves.toBeDefined();
    });

    it('leaves a job without its panorama when the panorama is deleted', async () => {
      const pano = (
        await db.query<{ id: string | number }>(
          `insert into panoramas (project_code, owner_id, scene_id, storey_id, pos_x, pos_y, pos_z, width, height, image_key, thumb_key, size)
           values ('p49', $1, $2, 's', 0, 0, 1500, 2048, 1024, 'a.jpg', 'a-thumb.jpg', 10) returning id`,
          [userId, sceneId],
        )
      )[0]!.id;
      const job = crypto.randomUUID();
      await db.query(
        `insert into render_jobs (id, project_code, user_id, scene_id, resolution, mode, width, height, samples, state, pano, pano_id)
         values ($1, 'p49', $2, $3, '1080P', 'immediate', 2048, 1024, 32, 'done', '{"width": 2048}'::jsonb, $4)`,
        [job, userId, sceneId, pano],
      );
      await db.query('delete from panoramas where id = $1', [pano]);
      expect(await db.query('select state, pano_id from render_jobs where id = $1', [job])).toEqual([{ state: 'done', pano_id: null }]);
    });
  });
}
