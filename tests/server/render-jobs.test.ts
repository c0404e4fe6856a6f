// Render jobs (docs/rendering.md) on PGlite with the job_queue table, and on PostgreSQL with
// pg-boss (what production uses there) and with the table queue: coupons spent and refused, the
// lifecycle queued -> rendering -> done with the picture stored and served to its owner only, a
// render process killed mid-job (retried, done), a worker whose lease ran out (retried), a
// renderer that always fails (failed after the attempts, coupon refunded exactly once), 20
// concurrent submissions against 5 coupons, and jobs surviving a restart of the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { createPgliteDb } from '../../server/db/pglite';
import { createPostgresDb } from '../../server/db/postgres';
import { runMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { RETCODE } from '../../server/http/retcodes';
import { silentLogger } from '../../server/logger';
import { seedDemoData } from '../../server/seed';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { ChildRenderer } from '../../server/render/child-renderer';
import { endJobWithRefund } from '../../server/render/coupons';
import { reconcileRenderJobs } from '../../server/render/jobs';
import { PgBossJobQueue } from '../../server/render/queue-pgboss';
import { TableJobQueue } from '../../server/render/queue-table';
import { RENDER_QUEUE_NAME, attemptScale, type QueuePolicy, type RenderQueue, type RenderQueueData } from '../../server/render/queue';
import { LEISURE_BUDGET_FACTOR, RenderWorker } from '../../server/render/worker';
import type { AlbumImage } from '../../protocol/album';
import type { Renderer, RenderRequest } from '../../protocol/render';
import type { RenderCoupons, RenderJob } from '../../protocol/render-jobs';
import { TEST_PANO, TEST_PANO_THUMB, TEST_PICTURE, TEST_THUMB, testRenderer } from '../fixtures/render/test-renderer';
import { backends, createPostgresSchema, type Backend } from './helpers';
import { pgliteTemplate } from './pglite-templates';
import { call, createScene, login, type Caller } from './scene-helpers';

const TEST_RENDERER_MODULE = path.resolve('tests/fixtures/render/test-renderer.ts');
const POLICY: QueuePolicy = { retryLimit: 2, retryDelayS: 0, leaseS: 2 };
type QueueKind = 'table' | 'pg-boss';

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Harness {
  db: Db;
  queue: RenderQueue;
  storage: LocalDiskStorage;
  app: Caller;
  close(): Promise<void>;
}

function makeQueue(db: Db, kind: QueueKind, bossSchema: string, policy = POLICY): RenderQueue {
  return kind === 'pg-boss'
    ? new PgBossJobQueue<RenderQueueData>({ db, name: RENDER_QUEUE_NAME, policy, logger: silentLogger, schema: bossSchema, supervise: false })
    : new TableJobQueue<RenderQueueData>(db, RENDER_QUEUE_NAME, policy);
}

async function harness(db: Db, kind: QueueKind, filesDir: string, bossSchema: string): Promise<Harness> {
  const queue = makeQueue(db, kind, bossSchema);
  await queue.start();
  const storage = new LocalDiskStorage(filesDir);
  const config = defaultConfig({ distDir: '/nonexistent-dist-for-tests', dataDir: filesDir });
  const app = createApp({ db, config, logger: silentLogger, storage, renderQueue: queue });
  return { db, queue, storage, app, close: () => queue.stop() };
}

function worker(h: Harness, startRenderer: () => Promise<Renderer>, id = 'w1'): RenderWorker {
  return new RenderWorker({ db: h.db, storage: h.storage, logger: silentLogger, queue: h.queue, startRenderer, workerId: id, pollMs: 50, heartbeatMs: 200 });
}

/** Processes jobs until none is due (a failing job runs its attempts back to back: no retry delay). */
async function drain(w: RenderWorker): Promise<void> {
  while (await w.runOnce());
}

async function couponCount(db: Db, userId: number, resolution: string, mode: string): Promise<number> {
  const rows = await db.query<{ count: number }>('select count from render_coupons where user_id = $1 and resolution = $2 and mode = $3', [userId, resolution, mode]);
  return rows[0]?.count ?? 0;
}

async function userId(db: Db, project: string, account: string): Promise<number> {
  return (await db.query<{ id: number }>('select id from users where project_code = $1 and account = $2', [project, account]))[0]!.id;
}

const SUBMIT = { camera: { position: [3, 1.6, 4], target: [0, 1, 0], fovDeg: 60 }, storeyId: null, resolution: '540P', mode: 'immediate' };

interface Case {
  backend: Backend;
  queue: QueueKind;
}
const CASES: Case[] = backends().flatMap((backend) =>
  backend.name === 'pglite' ? [{ backend, queue: 'table' as const }] : [{ backend, queue: 'pg-boss' as const }, { backend, queue: 'table' as const }],
);

for (const { backend, queue: queueKind } of CASES) {
  describe.skipIf(!backend.available)(`render jobs on ${backend.name} with the ${queueKind} queue`, () => {
    let h: Harness;
    let dispose: () => Promise<void>;
    let filesDir: string;
    let bossSchema: string;
    let member: string;
    let memberId: number;
    let sceneId: number;

    beforeAll(async () => {
      const opened = await backend.openSeeded();
      dispose = opened.dispose;
      filesDir = mkdtempSync(path.join(tmpdir(), 'yfang-render-'));
      bossSchema = `pgboss_${randomBytes(5).toString('hex')}`;
      h = await harness(opened.db, queueKind, filesDir, bossSchema);
      member = await login(h.app, 'mnls', 'member', 'Member@2026');
      memberId = await userId(h.db, 'mnls', 'member');
      sceneId = (await createScene(h.app, member, '客厅渲染')).id;
    }, 120_000);
    afterAll(async () => {
      await h?.close();
      if (queueKind === 'pg-boss') await h?.db.exec(`drop schema if exists ${bossSchema} cascade`);
      await dispose?.();
      rmSync(filesDir, { recursive: true, force: true });
    });

    async function submit(token = member, body: Record<string, unknown> = {}) {
      return call<RenderJob>(h.app, 'POST', '/api/render/jobs', token, { sceneId, ...SUBMIT, ...body });
    }
    async function job(id: string): Promise<RenderJob> {
      const res = await call<RenderJob>(h.app, 'GET', `/api/render/jobs/${id}`, member);
      expect(res.status).toBe(200);
      return res.data;
    }

    it('reports the seeded coupons in the profile and the coupon call', async () => {
      const coupons = await call<RenderCoupons>(h.app, 'GET', '/api/render/coupons', member);
      expect(coupons.status).toBe(200);
      expect(coupons.data.detail.find((d) => d.resolution === '540P' && d.mode === 'immediate')?.count).toBe(5);
      expect(coupons.data.detail).toHaveLength(16);
      const profile = await call<{ member_info: { immediateRenderNum: number; leisureRenderNum: number } }>(h.app, 'GET', '/account2/x/user/profile', member);
      expect(profile.data.member_info.immediateRenderNum).toBe(coupons.data.immediateRenderNum);
      expect(profile.data.member_info.leisureRenderNum).toBe(coupons.data.leisureRenderNum);
      expect(coupons.data.immediateRenderNum).toBe(10);
      expect(coupons.data.leisureRenderNum).toBe(8);
    });

    it('refuses, changing nothing: a bad resolution or mode, no entitlement, a scene not yours, no coupon left', async () => {
      const before = await h.db.query('select count(*)::int as n from render_jobs');
      const bad = await submit(member, { resolution: '2K' });
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('不支持的渲染分辨率：2K');
      const badEn = await call(h.app, 'POST', '/api/render/jobs', member, { sceneId, ...SUBMIT, mode: 'later' }, { 'Accept-Language': 'en' });
      expect(badEn.msg).toContain('Unsupported render mode: later');

      const designer = await login(h.app, 'mnls', 'designer', 'Designer@2026');
      const unlicensed = await submit(designer);
      expect(unlicensed.status).toBe(403);
      expect(unlicensed.code).toBe(RETCODE.MODULE_NOT_LICENSED);

      // the project admin may read the member's scene, never render it on the member's behalf
      const admin = await login(h.app, 'mnls', 'admin', 'Admin@2026');
      const notYours = await submit(admin);
      expect(notYours.status).toBe(404);
      expect(notYours.msg).toContain('不是您的方案');

      const none = await submit(member, { resolution: '720P', mode: 'leisure' });
      expect(none.status).toBe(409);
      expect(none.code).toBe(RETCODE.RENDER_NO_COUPON);
      expect(none.msg).toContain('720P 闲时渲染券已用完');
      expect(await h.db.query('select count(*)::int as n from render_jobs')).toEqual(before);
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(5);
    });

    it('runs a job queued -> rendering (progress) -> done, stores the picture and serves it to its owner only', async () => {
      const coupons = await couponCount(h.db, memberId, '540P', 'immediate');
      const res = await submit();
      expect(res.status).toBe(200);
      expect(res.data.state).toBe('queued');
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(coupons - 1);

      const requests: RenderRequest[] = [];
      const w = worker(h, async () => testRenderer({ ms: 1500, onRequest: (r) => requests.push(r) }));
      const usageBefore = (await h.db.query<{ b: number }>(`select coalesce(sum(bytes), 0)::int as b from storage_usage where project_code = 'mnls' and user_id = $1`, [memberId]))[0]!.b;
      const running = w.runOnce();
      const seen = await until('progress while rendering', async () => {
        const j = await job(res.data.id);
        return j.state === 'rendering' && j.progress > 0 && j.progress < 1 ? j : null;
      });
      expect(seen.attempts).toBe(1);
      expect(await running).toBe(true);

      const done = await job(res.data.id);
      expect(done).toMatchObject({ state: 'done', progress: 1, attempts: 1, width: 960, height: 540, refunded: false, error: '' });
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ width: 960, height: 540, samples: 32, camera: SUBMIT.camera, storeyId: null });
      expect(new TextDecoder().decode(requests[0]!.sceneFile)).toContain('客厅渲染');

      const picture = await h.app.request(done.url, { headers: { Authorization: `Bearer ${member}` } });
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      expect(new Uint8Array(await picture.arrayBuffer())).toEqual(TEST_PICTURE);
      const thumb = await h.app.request(done.thumbUrl, { headers: { Cookie: `token=${member}` } });
      expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(TEST_THUMB);

      // counted toward the owner's storage, and a createRender usage event
      const usageAfter = (await h.db.query<{ b: number }>(`select coalesce(sum(bytes), 0)::int as b from storage_usage where project_code = 'mnls' and user_id = $1`, [memberId]))[0]!.b;
      expect(usageAfter - usageBefore).toBe(TEST_PICTURE.byteLength + TEST_THUMB.byteLength);
      expect((await h.db.query(`select 1 from user_events where user_id = $1 and event = 'createRender'`, [memberId])).length).toBeGreaterThan(0);

      const album = await call<AlbumImage[]>(h.app, 'GET', `/api/render/album?sceneId=${sceneId}`, member);
      expect(album.data.find((a) => a.id === done.id)).toMatchObject({ kind: 'render', sceneId: String(sceneId), url: done.url, thumbUrl: done.thumbUrl, width: 960, height: 540, label: '540P' });
      const list = await call<RenderJob[]>(h.app, 'GET', `/api/render/jobs?sceneId=${sceneId}`, member);
      expect(list.data.map((j) => j.id)).toContain(done.id);

      // another tenant's admin reads nothing: not the file, not the job, not the album
      const other = await login(h.app, 'MLS', 'admin', 'Admin@2026');
      expect((await h.app.request(done.url, { headers: { Authorization: `Bearer ${other}` } })).status).toBe(404);
      expect((await call(h.app, 'GET', `/api/render/jobs/${done.id}`, other)).status).toBe(404);
      expect((await call(h.app, 'GET', `/api/render/album?sceneId=${sceneId}`, other)).status).toBe(404);
      // a deleted result is gone, file included
      expect((await call(h.app, 'DELETE', `/api/render/jobs/${done.id}`, member)).status).toBe(200);
      expect((await h.app.request(done.url, { headers: { Authorization: `Bearer ${member}` } })).status).toBe(404);
      expect(await h.storage.stat(done.url.replace('/files/', ''))).toBeNull();
    }, 60_000);

    describe('a high-quality panorama as a render job', () => {
      const EYE = { position: [2.5, 1.5, -3], target: [2.5, 1.5, -4], fovDeg: 90, projection: 'equirect' };
      const PANO = { width: 2048, position: { x: 2500, y: 3000, z: 1500 }, label: '客厅' };
      const panoSubmit = (body: Record<string, unknown> = {}) => submit(member, { camera: EYE, storeyId: 'storey-1', resolution: '1080P', pano: PANO, ...body });
      const events = async (event: string) => (await h.db.query(`select 1 from user_events where user_id = $1 and event = $2`, [memberId, event])).length;

      it('refuses, spending nothing: the coupon of another size, a still camera, a panorama camera on a still, a width not offered', async () => {
        const before = await h.db.query('select count(*)::int as n from render_jobs');
        const coupons = await couponCount(h.db, memberId, '1080P', 'immediate');
        const wrongCoupon = await panoSubmit({ resolution: '4K' });
        expect(wrongCoupon.status).toBe(400);
        expect(wrongCoupon.msg).toContain('2048 宽的全景图使用 1080P 渲染券');
        const still = await panoSubmit({ camera: SUBMIT.camera });
        expect(still.status).toBe(400);
        expect(still.msg).toContain('全景渲染需要全景相机');
        const noStorey = await panoSubmit({ storeyId: null });
        expect(noStorey.status).toBe(400);
        const panoCameraOnStill = await submit(member, { camera: EYE });
        expect(panoCameraOnStill.status).toBe(400);
        expect((await panoSubmit({ pano: { ...PANO, width: 3000 } })).status).toBe(400);
        expect((await panoSubmit({ pano: { ...PANO, label: 'x'.repeat(65) } })).status).toBe(400);
        expect(await h.db.query('select count(*)::int as n from render_jobs')).toEqual(before);
        expect(await couponCount(h.db, memberId, '1080P', 'immediate')).toBe(coupons);
      });

      it('spends a 1080P coupon for 2K, traces 2048 x 1024 from the eye, and stores a panorama (album, viewer files, createPano)', async () => {
        const coupons = await couponCount(h.db, memberId, '1080P', 'immediate');
        const renders = await events('createRender');
        const panos = await events('createPano');
        const res = await panoSubmit();
        expect(res.status).toBe(200);
        expect(res.data).toMatchObject({ state: 'queued', width: 2048, height: 1024, resolution: '1080P', pano: PANO, panoId: null, url: '' });
        expect(await couponCount(h.db, memberId, '1080P', 'immediate')).toBe(coupons - 1);

        const requests: RenderRequest[] = [];
        await drain(worker(h, async () => testRenderer({ ms: 20, onRequest: (r) => requests.push(r) })));
        expect(requests).toHaveLength(1);
        expect(requests[0]).toMatchObject({ width: 2048, height: 1024, samples: 32, camera: EYE, storeyId: 'storey-1' });

        const done = await job(res.data.id);
        expect(done).toMatchObject({ state: 'done', progress: 1, refunded: false });
        expect(done.panoId).toMatch(/^\d+$/);
        expect(done.url).toBe(`/api/panos/${done.panoId}/image`);
        const picture = await h.app.request(done.url, { headers: { Cookie: `token=${member}` } });
        expect(picture.status).toBe(200);
        expect(new Uint8Array(await picture.arrayBuffer())).toEqual(TEST_PANO);
        const thumb = await h.app.request(done.thumbUrl, { headers: { Cookie: `token=${member}` } });
        expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(TEST_PANO_THUMB);

        // in the album as a panorama (where it was taken, its room), not as a render
        const stored = await call<AlbumImage[]>(h.app, 'GET', `/api/panos?sceneId=${sceneId}`, member);
        expect(stored.data.find((p) => p.id === done.panoId)).toMatchObject({ kind: 'pano', width: 2048, height: 1024, label: '客厅' });
        const walk = await call<{ id: string; position: unknown; storeyId: string }[]>(h.app, 'GET', `/api/panos/walk?sceneId=${sceneId}`, member);
        expect(walk.data.find((p) => p.id === done.panoId)).toMatchObject({ position: PANO.position, storeyId: 'storey-1' });
        const album = await call<AlbumImage[]>(h.app, 'GET', `/api/render/album?sceneId=${sceneId}`, member);
        expect(album.data.map((a) => a.id)).not.toContain(done.id);
        expect(await events('createPano')).toBe(panos + 1);
        expect(await events('createRender')).toBe(renders);

        // the panorama deleted from the album: the job stays, without a picture
        expect((await call(h.app, 'DELETE', `/api/panos/${done.panoId}`, member)).status).toBe(200);
        expect(await job(res.data.id)).toMatchObject({ state: 'done', panoId: null, url: '' });
        expect((await call(h.app, 'DELETE', `/api/render/jobs/${done.id}`, member)).status).toBe(200);
      });

      it('fails for good and refunds when the panorama cannot be stored (the scene has its 200), or the renderer cannot make it', async () => {
        const sceneRow = (await h.db.query<{ project_code: string }>('select project_code from scenes where id = $1', [sceneId]))[0]!;
        await h.db.query(
          `insert into panoramas (project_code, owner_id, scene_id, storey_id, pos_x, pos_y, pos_z, width, height, image_key, thumb_key, size)
           select $1, $2, $3, 's', 0, 0, 1500, 2048, 1024, 'panos/none.jpg', 'panos/none-thumb.jpg', 0 from generate_series(1, 200)`,
          [sceneRow.project_code, memberId, sceneId],
        );
        const coupons = await couponCount(h.db, memberId, '1080P', 'immediate');
        const full = await panoSubmit();
        expect(full.status).toBe(200);
        let renders = 0;
        await drain(worker(h, async () => testRenderer({ ms: 10, onRequest: () => renders++ })));
        // refused by the store: not tried again
        expect(renders).toBe(1);
        expect(await job(full.data.id)).toMatchObject({ state: 'failed', refunded: true, panoId: null });
        expect((await job(full.data.id)).error).toContain('panoTooMany');
        expect(await couponCount(h.db, memberId, '1080P', 'immediate')).toBe(coupons);
        await h.db.query(`delete from panoramas where scene_id = $1 and image_key = 'panos/none.jpg'`, [sceneId]);

        // 4K (a 4K leisure coupon): the test renderer has no picture that wide; retried, then failed and refunded
        const leisure = await couponCount(h.db, memberId, '4K', 'leisure');
        const wide = await panoSubmit({ resolution: '4K', mode: 'leisure', pano: { ...PANO, width: 4096 } });
        expect(wide.status).toBe(200);
        await drain(worker(h, async () => testRenderer({ ms: 10 })));
        expect(await job(wide.data.id)).toMatchObject({ state: 'failed', refunded: true, attempts: POLICY.retryLimit + 1 });
        expect(await couponCount(h.db, memberId, '4K', 'leisure')).toBe(leisure);
        // clean up: the tests after these count the member's 1080P jobs
        for (const id of [full.data.id, wide.data.id]) expect((await call(h.app, 'DELETE', `/api/render/jobs/${id}`, member)).status).toBe(200);
      });
    });

    it('retries the job of a render process killed mid-job, and finishes it', async () => {
      const coupons = await couponCount(h.db, memberId, '540P', 'immediate');
      const res = await submit();
      let last: ChildRenderer | null = null;
      const w = worker(h, async () => (last = new ChildRenderer({ distDir: filesDir, rendererModule: TEST_RENDERER_MODULE, env: { TEST_RENDER_MS: '4000' } })));
      w.start();
      try {
        await until('the render process tracing', async () => {
          const j = await job(res.data.id);
          return j.state === 'rendering' && j.progress >= 0.1 && last?.pid ? j : null;
        });
        process.kill(last!.pid!, 'SIGKILL');
        const done = await until('the retried job done', async () => {
          const j = await job(res.data.id);
          return j.state === 'done' ? j : null;
        }, 60_000);
        expect(done.attempts).toBe(2);
        expect(done.refunded).toBe(false);
        expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(coupons - 1);
      } finally {
        await w.stop();
      }
    }, 90_000);

    it('a worker that warms at its start starts one renderer, warms it once, and renders its first job on it', async () => {
      const res = await submit();
      const made: { warms: number; renders: number }[] = [];
      const startRenderer = async (): Promise<Renderer> => {
        // slow to start, so the warm-up and the first job ask for the renderer together
        await new Promise((r) => setTimeout(r, 300));
        const inner = testRenderer({ ms: 50 });
        const counts = { warms: 0, renders: 0 };
        made.push(counts);
        return {
          async warm() {
            counts.warms += 1;
          },
          render(request, options) {
            counts.renders += 1;
            return inner.render(request, options);
          },
          close: () => inner.close(),
        };
      };
      const w = new RenderWorker({ db: h.db, storage: h.storage, logger: silentLogger, queue: h.queue, startRenderer, warm: true, workerId: 'warm', pollMs: 50, heartbeatMs: 200 });
      w.start();
      try {
        await until('the job done', async () => {
          const j = await job(res.data.id);
          return j.state === 'done' ? j : null;
        });
        expect(made).toEqual([{ warms: 1, renders: 1 }]);
      } finally {
        await w.stop();
      }
    });

    it("gives each render its time budget: an immediate job the worker's, a leisure job 5x it", async () => {
      await drain(worker(h, async () => testRenderer({ ms: 20 }), 'before-budget')); // jobs earlier tests left queued
      const immediate = await submit();
      const leisure = await submit(member, { mode: 'leisure' });
      expect([immediate.status, leisure.status]).toEqual([200, 200]);
      const asked: (number | undefined)[] = [];
      const w = new RenderWorker({
        db: h.db,
        storage: h.storage,
        logger: silentLogger,
        queue: h.queue,
        startRenderer: async () => testRenderer({ ms: 20, onRequest: (r) => asked.push(r.maxMs) }),
        budgetMs: 240_000,
        workerId: 'budget',
      });
      await drain(w);
      await w.stop();
      // immediate jobs come first (priority), then the leisure one
      expect(asked).toEqual([240_000, 240_000 * LEISURE_BUDGET_FACTOR]);
      expect(LEISURE_BUDGET_FACTOR).toBe(5);
      // the two coupons back: the tests after this one count on the seeded ones
      await h.db.query(`update render_coupons set count = count + 1 where user_id = $1 and resolution = '540P'`, [memberId]);
    });

    /** A stopped pg-boss may still finish a statement of its own: the drop waits its turn. */
    async function dropSchemaWhenFree(schema: string): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        try {
          await h.db.exec(`drop schema if exists ${schema} cascade`);
          return;
        } catch (e) {
          if (attempt >= 5 || (e as { code?: string }).code !== '40P01') throw e;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }

    it.runIf(queueKind === 'pg-boss')('starts in several server processes at once: the queue is made once, no start fails', async () => {
      for (let round = 0; round < 3; round++) {
        const schema = `pgboss_${randomBytes(5).toString('hex')}`;
        const queues = [0, 1, 2].map(() => new PgBossJobQueue<RenderQueueData>({ db: h.db, name: RENDER_QUEUE_NAME, policy: POLICY, logger: silentLogger, schema, supervise: false }));
        try {
          await Promise.all(queues.map((q) => q.start()));
          const made = await h.db.query<{ n: number }>(`select count(*)::int as n from ${schema}.queue where name = $1`, [RENDER_QUEUE_NAME]);
          expect(made[0]?.n).toBe(1);
        } finally {
          await Promise.all(queues.map((q) => q.stop()));
          await dropSchemaWhenFree(schema);
        }
      }
    }, 120_000);

    it.runIf(queueKind === 'pg-boss')('gives a larger picture a longer attempt: a 4K job expires after 4 times the lease', async () => {
      const res = await submit(member, { resolution: '4K', mode: 'leisure' });
      expect(res.status).toBe(200);
      const rows = await h.db.query<{ s: number }>(`select extract(epoch from expire_in)::int as s from ${bossSchema}.job where id = $1`, [res.data.id]);
      expect(rows[0]?.s).toBe(POLICY.leaseS * attemptScale(3840, 2160));
      expect(attemptScale(3840, 2160)).toBe(4);
      expect((await call(h.app, 'POST', `/api/render/jobs/${res.data.id}/cancel`, member)).status).toBe(200);
    });

    it('retries the job of a worker whose lease ran out (it died without a word)', async () => {
      const res = await submit();
      // the dead worker: took the job, started it, then nothing more
      const taken = await h.queue.fetch('dead-worker');
      expect(taken?.data.renderJobId).toBe(res.data.id);
      await h.db.query(`update render_jobs set state = 'rendering', attempts = attempts + 1, worker = 'dead-worker' where id = $1`, [res.data.id]);
      const w = worker(h, async () => testRenderer({ ms: 100 }), 'w2');
      expect(await w.runOnce()).toBe(false); // still leased
      await new Promise((r) => setTimeout(r, (POLICY.leaseS + 1) * 1000));
      await reconcileRenderJobs(h.db, h.queue, silentLogger); // expiry: back in the queue
      expect((await job(res.data.id)).state).toBe('queued');
      await drain(w);
      expect(await job(res.data.id)).toMatchObject({ state: 'done', attempts: 2 });
    }, 30_000);

    it('fails a job after its attempts when the renderer always fails, refunding the coupon exactly once', async () => {
      const before = await couponCount(h.db, memberId, '540P', 'immediate');
      const res = await submit();
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(before - 1);
      let started = 0;
      const w = worker(h, async () => {
        started++;
        return testRenderer({ ms: 20, fail: true });
      });
      await drain(w);
      const failed = await job(res.data.id);
      expect(failed).toMatchObject({ state: 'failed', attempts: POLICY.retryLimit + 1, refunded: true });
      expect(failed.error).toContain('failing on purpose');
      // a renderer that failed is started afresh for the next attempt
      expect(started).toBe(POLICY.retryLimit + 1);
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(before);
      // every later path that could refund finds it done already
      expect(await endJobWithRefund(h.db, res.data.id, 'failed', 'again')).toBe(false);
      await reconcileRenderJobs(h.db, h.queue, silentLogger);
      expect((await call(h.app, 'POST', `/api/render/jobs/${res.data.id}/cancel`, member)).code).toBe(RETCODE.RENDER_JOB_FINISHED);
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(before);
    }, 30_000);

    it('stops an attempt that runs past the time limit and counts it failed', async () => {
      const before = await couponCount(h.db, memberId, '540P', 'immediate');
      const res = await submit();
      const w = new RenderWorker({ db: h.db, storage: h.storage, logger: silentLogger, queue: h.queue, startRenderer: async () => testRenderer({ ms: 5000 }), workerId: 'slow', timeoutMs: 200 });
      await drain(w);
      const failed = await job(res.data.id);
      expect(failed).toMatchObject({ state: 'failed', attempts: POLICY.retryLimit + 1, refunded: true });
      expect(failed.error).toContain('took longer than');
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(before);
    }, 30_000);

    it('refunds a job cancelled before it starts, and the worker skips it', async () => {
      const before = await couponCount(h.db, memberId, '540P', 'immediate');
      const res = await submit();
      const cancelled = await call<RenderJob>(h.app, 'POST', `/api/render/jobs/${res.data.id}/cancel`, member);
      expect(cancelled.data).toMatchObject({ state: 'cancelled', refunded: true });
      expect(await couponCount(h.db, memberId, '540P', 'immediate')).toBe(before);
      let renders = 0;
      await drain(worker(h, async () => testRenderer({ ms: 10, onRequest: () => renders++ })));
      expect(renders).toBe(0);
      expect((await job(res.data.id)).state).toBe('cancelled');
    });

    it('accepts exactly 5 of 20 concurrent submissions against 5 coupons; the count ends at 0, never below', async () => {
      await h.db.query(`update render_coupons set count = 5 where user_id = $1 and resolution = '1080P' and mode = 'immediate'`, [memberId]);
      const answers = await Promise.all(Array.from({ length: 20 }, () => submit(member, { resolution: '1080P' })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(15);
      for (const r of refused) expect(r.code).toBe(RETCODE.RENDER_NO_COUPON);
      expect(await couponCount(h.db, memberId, '1080P', 'immediate')).toBe(0);
      const queued = await h.db.query<{ id: string }>(`select id from render_jobs where user_id = $1 and resolution = '1080P'`, [memberId]);
      expect(queued).toHaveLength(5);
      for (const q of queued) expect((await h.queue.state(q.id))?.state).toBe('created');
      // clean up: these jobs are not for the other tests' workers
      for (const q of queued) await call(h.app, 'POST', `/api/render/jobs/${q.id}/cancel`, member);
      expect(await couponCount(h.db, memberId, '1080P', 'immediate')).toBe(5);
    }, 60_000);

    if (queueKind === 'table') {
      it('backs off between retries (retry_delay_s doubled each time)', async () => {
        const q = makeQueue(h.db, 'table', bossSchema, { retryLimit: 2, retryDelayS: 1, leaseS: 5 });
        const id = crypto.randomUUID();
        await q.send(h.db, id, { renderJobId: id }, 100);
        const first = await q.fetch('x');
        expect(first?.id).toBe(id);
        expect(await q.fail(id, 'boom')).toBe('retry');
        expect(await q.fetch('x')).toBeNull();
        const [row] = await h.db.query<{ s: number }>(`select extract(epoch from start_after - now())::float as s from job_queue where id = $1`, [id]);
        expect(row!.s).toBeGreaterThan(0.5);
        expect(row!.s).toBeLessThanOrEqual(1);
        await until('the first retry due', () => q.fetch('x'), 5000);
        expect(await q.fail(id, 'boom')).toBe('retry');
        const [row2] = await h.db.query<{ s: number }>(`select extract(epoch from start_after - now())::float as s from job_queue where id = $1`, [id]);
        expect(row2!.s).toBeGreaterThan(1.5);
        await until('the second retry due', () => q.fetch('x'), 5000);
        expect(await q.fail(id, 'boom')).toBe('failed');
        expect(await q.state(id)).toEqual({ state: 'failed', retryCount: 2 });
      }, 20_000);
    }
  });
}

describe('render jobs survive a server restart', () => {
  for (const backend of backends()) {
    it.skipIf(!backend.available)(`on ${backend.name}`, async () => {
      const filesDir = mkdtempSync(path.join(tmpdir(), 'yfang-render-restart-'));
      const bossSchema = `pgboss_${randomBytes(5).toString('hex')}`;
      let open: () => Promise<Db>;
      let cleanup = async () => {};
      if (backend.name === 'pglite') {
        const dataDir = path.join(filesDir, 'pg');
        let first = true;
        open = async () => {
          const db = await createPgliteDb(first ? { dataDir, loadDataDir: pgliteTemplate(inject('pgliteTemplates').seeded) } : { dataDir });
          first = false;
          return db;
        };
      } else {
        const schema = await createPostgresSchema(inject('pgUrl')!);
        cleanup = () => schema.dispose();
        let seeded = false;
        open = async () => {
          const db = await createPostgresDb({ connectionString: schema.url, max: 4 });
          if (!seeded) {
            await runMigrations(db);
            await seedDemoData(db);
            seeded = true;
          }
          return db;
        };
      }
      const kind: QueueKind = backend.name === 'postgres' ? 'pg-boss' : 'table';
      try {
        const db1 = await open();
        const h1 = await harness(db1, kind, filesDir, bossSchema);
        const token = await login(h1.app, 'mnls', 'member', 'Member@2026');
        const scene = await createScene(h1.app, token, '重启前');
        const res = await call<RenderJob>(h1.app, 'POST', '/api/render/jobs', token, { sceneId: scene.id, ...SUBMIT });
        expect(res.status).toBe(200);
        await h1.close();
        await db1.close();

        const db2 = await open();
        const h2 = await harness(db2, kind, filesDir, bossSchema);
        try {
          const before = await call<RenderJob>(h2.app, 'GET', `/api/render/jobs/${res.data.id}`, token);
          expect(before.data.state).toBe('queued');
          await drain(worker(h2, async () => testRenderer({ ms: 50 })));
          const after = await call<RenderJob>(h2.app, 'GET', `/api/render/jobs/${res.data.id}`, token);
          expect(after.data).toMatchObject({ state: 'done', attempts: 1 });
          if (kind === 'pg-boss') await db2.exec(`drop schema if exists ${bossSchema} cascade`);
        } finally {
          await h2.close();
          await db2.close();
        }
      } finally {
        await cleanup();
        rmSync(filesDir, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
