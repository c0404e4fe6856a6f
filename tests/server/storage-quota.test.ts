// Storage quotas and the sweep of unused /api/static uploads (docs/server.md "Storage quotas"):
// the reproduction (upload after upload until the disk fills) is refused past the user's and the
// project's quota with nothing stored; storage_usage follows every write and delete (scene deep
// delete, sweeps, a deleted user); the sweep keeps what may be in use. PGlite and PostgreSQL.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { RETCODE } from '../../server/http/retcodes';
import { storageUsage } from '../../server/storage/quota';
import { sweepUnusedUploads, UNUSED_UPLOAD_TTL_MS } from '../../server/storage/upload-sweep';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { createLogger } from '../../server/logger';
import { bearer, json, loginToken, openAccountsApp, type App } from './accounts-kit';
import { backends } from './helpers';
import { call, createScene, login, sceneBytes, sceneFile } from './scene-helpers';

const PNG = new Uint8Array(300);
PNG.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
for (let i = 16; i < PNG.length; i++) PNG[i] = (i * 31) & 0xff;

/** Quotas in bytes: three PNGs fit a user, five the project. */
const USER_QUOTA = 1000;
const PROJECT_QUOTA = 1600;

interface Envelope {
  retcode: number;
  retmsg: string;
  retdata: unknown;
}

function filesUnder(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`storage quotas on ${backend.name}`, () => {
    let app: App;
    let db: Db;
    let dataDir: string;
    let dispose: () => Promise<void>;
    let member: string;
    let simple: string;
    let memberId: number;

    const usageOf = async (userId: number) => storageUsage(db, { projectCode: 'yfang', userId });
    /** what the triggers must equal: a recount of every stored byte of the project */
    const recount = async () => {
      const [row] = await db.query<{ total: string | number | null }>(
        `select (select coalesce(sum(size), 0) from scene_files where project_code = 'yfang')
              + (select coalesce(sum(size), 0) from uploads where project_code = 'yfang') as total`,
      );
      return Number(row?.total ?? 0);
    };
    const uploadPng = (token: string, headers: Record<string, string> = {}) => {
      const form = new FormData();
      form.append('file', new Blob([PNG]), 'pic.png');
      return app.request('/api/static', { method: 'POST', body: form, headers: { ...bearer(token), ...headers } });
    };

    beforeAll(async () => {
      const opened = await openAccountsApp(backend, { userStorageQuotaBytes: USER_QUOTA, projectStorageQuotaBytes: PROJECT_QUOTA });
      ({ app, db, dispose } = opened);
      dataDir = opened.config.dataDir;
      member = await loginToken(app, { project: 'yfang', account: 'member', password: 'Member@2026' });
      simple = await loginToken(app, { project: 'yfang', account: 'simple', password: '123456' });
      memberId = (await db.query<{ id: number }>(`select id from users where project_code = 'yfang' and account = 'member'`))[0]!.id;
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('starts from nothing stored', async () => {
      expect(await usageOf(memberId)).toEqual({ userBytes: 0, projectBytes: 0 });
    });

    it('refuses the upload past the user quota with the quota and the usage named, storing nothing', async () => {
      for (let i = 0; i < 3; i++) expect((await uploadPng(member)).status).toBe(200);
      expect(await usageOf(memberId)).toEqual({ userBytes: 900, projectBytes: 900 });
      const files = filesUnder(path.join(dataDir, 'files', 'uploads'));
      const rows = await db.query('select 1 from uploads');

      const res = await uploadPng(member);
      expect(res.status).toBe(507);
      const body = await json<Envelope>(res);
      expect(body.retcode).toBe(RETCODE.STORAGE_QUOTA_EXCEEDED);
      expect(body.retmsg).toBe('存储空间不足：您已使用 1 MB，上限 1 MB。请删除不需要的方案并清空回收站后重试');
      expect(body.retdata).toEqual({ scope: 'user', used: 900, quota: USER_QUOTA, incoming: PNG.byteLength });
      const en = await json<Envelope>(await uploadPng(member, { 'Accept-Language': 'en' }));
      expect(en.retmsg).toMatch(/^Storage full: you use 1 MB of your 1 MB\./);

      expect(await db.query('select 1 from uploads')).toHaveLength(rows.length);
      expect(filesUnder(path.join(dataDir, 'files', 'uploads'))).toBe(files);
      expect(await usageOf(memberId)).toEqual({ userBytes: 900, projectBytes: 900 });
      expect(await recount()).toBe(900);
    });

    it('refuses past the project quota across two users, each still under their own', async () => {
      expect((await uploadPng(simple)).status).toBe(200);
      expect((await uploadPng(simple)).status).toBe(200);
      const res = await uploadPng(simple);
      expect(res.status).toBe(507);
      const body = await json<Envelope>(res);
      expect(body.retmsg).toBe('企业存储空间不足：已使用 1 MB，上限 1 MB。请联系管理员清理空间');
      expect(body.retdata).toMatchObject({ scope: 'project', used: 1500, quota: PROJECT_QUOTA });
      expect(await recount()).toBe(1500);
      const mine = await app.request('/account2/storage', { headers: bearer(simple) });
      expect((await json<{ data: unknown }>(mine)).data).toEqual({ used: 600, quota: USER_QUOTA, projectUsed: 1500, projectQuota: PROJECT_QUOTA });
    });

    it('another project is not counted against this one', async () => {
      const corp = await loginToken(app, { project: 'yfang_corp', account: 'admin', password: 'Admin@2026' });
      expect((await uploadPng(corp)).status).toBe(200);
    });

    it('a scene file past the quota is refused with the same message, its length declared or not', async () => {
      const token = await login(app, 'yfang', 'member', 'Member@2026');
      const bytes = sceneBytes(sceneFile(3, 'full', 4000));
      const before = filesUnder(path.join(dataDir, 'files', 'scenes'));
      const bodies: Record<string, string>[] = [{ 'Content-Length': String(bytes.byteLength) }, {}];
      for (const headers of bodies) {
        const refused = await call(app, 'POST', '/meta20/x/scene/upload?kind=scene', token, bytes, { 'Content-Type': 'application/json', ...headers });
        expect(refused.status).toBe(507);
        expect(refused.code).toBe(RETCODE.STORAGE_QUOTA_EXCEEDED);
        expect(refused.msg).toMatch(/^(企业)?存储空间不足/);
        // refused before reading: the connection is not reused for the unread rest
        if ('Content-Length' in headers) expect(refused.headers.get('connection')).toBe('close');
      }
      const preview = await call(app, 'POST', '/meta20/x/scene/upload?kind=preview', token, PNG, { 'Content-Type': 'image/png' });
      expect(preview.status).toBe(507);
      expect(await db.query(`select 1 from scene_files where project_code = 'yfang'`)).toHaveLength(0);
      expect(filesUnder(path.join(dataDir, 'files', 'scenes'))).toBe(before);
      expect(await recount()).toBe(1500);
    });

    it('the sweep deletes an old unreferenced upload and keeps a referenced one and a young one', async () => {
      const storage = new LocalDiskStorage(path.join(dataDir, 'files'));
      const logger = createLogger({ level: 'silent' });
      const keys = (await db.query<{ storage_key: string; user_id: number }>(`select storage_key, user_id from uploads where project_code = 'yfang' order by id`)).map((r) => r.storage_key);
      expect(keys).toHaveLength(5);
      const [unused, referenced, young] = keys as [string, string, string];
      const now = new Date();
      const old = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS - 60_000);
      // every upload of the project old, but `young`: stored just now
      await db.query(`update uploads set created_at = $1 where project_code = 'yfang' and storage_key <> $2`, [old.toISOString(), young]);
      await db.query(`update uploads set created_at = $1 where storage_key = $2`, [now.toISOString(), young]);
      await db.query(
        `insert into user_preferences (user_id, config) values ($1, jsonb_build_object('avatar', $2::text))
         on conflict (user_id) do update set config = excluded.config`,
        [memberId, `/files/${referenced}`],
      );
      const before = await usageOf(memberId);
      expect(await storage.stat(unused)).not.toBeNull();

      // `unused` and the two of the other user go
      expect(await sweepUnusedUploads(db, storage, logger, now)).toBe(3);
      const left = (await db.query<{ storage_key: string }>(`select storage_key from uploads where project_code = 'yfang'`)).map((r) => r.storage_key);
      expect(left).toContain(referenced);
      expect(left).toContain(young);
      expect(left).not.toContain(unused);
      expect(left).toHaveLength(2);
      expect(await storage.stat(unused)).toBeNull();
      expect(await storage.stat(referenced)).not.toBeNull();
      expect(await usageOf(memberId)).toEqual({ userBytes: before.userBytes - 300, projectBytes: before.projectBytes - 900 });
      expect(await recount()).toBe(before.projectBytes - 900);
      // the young one (and the other project's) is swept once old itself, the referenced one never
      expect(await sweepUnusedUploads(db, storage, logger, new Date(now.getTime() + UNUSED_UPLOAD_TTL_MS + 60_000))).toBe(2);
      expect((await db.query(`select storage_key from uploads where project_code = 'yfang'`)).map((r) => (r as { storage_key: string }).storage_key)).toEqual([referenced]);
    });

    it('keeps an old upload when a scene was saved after it (its address may be inside), and accounting follows a deep delete', async () => {
      const storage = new LocalDiskStorage(path.join(dataDir, 'files'));
      const logger = createLogger({ level: 'silent' });
      const token = await login(app, 'yfang', 'member', 'Member@2026');
      // room for a scene: the referenced upload is all the user stores now
      const before = await usageOf(memberId);
      expect(before.userBytes).toBe(300);
      const uploaded = await json<{ retdata: { url: string } }>(await uploadPng(token));
      const key = uploaded.retdata.url.slice('/files/'.length);
      const old = new Date(Date.now() - UNUSED_UPLOAD_TTL_MS - 60_000).toISOString();
      await db.query('update uploads set created_at = $1 where storage_key = $2', [old, key]);
      const scene = await createScene(app, token, 'q', sceneFile(1, 'q'));
      const withScene = await usageOf(memberId);
      const sceneBytesStored = withScene.userBytes - before.userBytes - 300;
      expect(sceneBytesStored).toBeGreaterThan(0);
      expect(await recount()).toBe(withScene.projectBytes);

      expect(await sweepUnusedUploads(db, storage, logger)).toBe(0);
      expect(await db.query('select 1 from uploads where storage_key = $1', [key])).toHaveLength(1);

      // a copy is checked at the size of what it copies: with the user one byte short of the
      // quota, cloning is refused and nothing is copied
      const filler = USER_QUOTA - 1 - withScene.userBytes;
      await db.query(`update storage_usage set bytes = bytes + $1 where project_code = 'yfang' and user_id = $2`, [filler, memberId]);
      const files = (await db.query('select 1 from scene_files')).length;
      const clone = await call(app, 'PUT', `/meta20/x/scene/clone/${scene.id}`, token, {});
      expect(clone.status).toBe(507);
      expect(clone.data).toMatchObject({ scope: 'user', used: USER_QUOTA - 1, quota: USER_QUOTA, incoming: sceneBytesStored });
      expect(await db.query('select 1 from scene_files')).toHaveLength(files);
      // exactly at the quota after the copy is still within it
      const exact = USER_QUOTA - sceneBytesStored - withScene.userBytes;
      await db.query(`update storage_usage set bytes = bytes - $1 + $2 where project_code = 'yfang' and user_id = $3`, [filler, exact, memberId]);
      expect((await call(app, 'PUT', `/meta20/x/scene/clone/${scene.id}`, token, {})).status).toBe(200);
      expect((await usageOf(memberId)).userBytes).toBe(USER_QUOTA);
      await db.query(`update storage_usage set bytes = bytes - $1 where project_code = 'yfang' and user_id = $2`, [exact, memberId]);
      const cloned = await usageOf(memberId);
      expect(cloned.userBytes).toBe(withScene.userBytes + sceneBytesStored);
      expect(await recount()).toBe(cloned.projectBytes);
      const copies = await db.query<{ id: number }>(`select id from scenes where project_code = 'yfang' and id <> $1 and from_scene_id = $1`, [scene.id]);
      for (const copy of copies) {
        expect((await call(app, 'DELETE', `/meta20/x/scene/${copy.id}`, token)).status).toBe(200);
        expect((await call(app, 'DELETE', `/meta20/x/scene/deep/${copy.id}`, token)).status).toBe(200);
      }
      expect(await usageOf(memberId)).toEqual(withScene);

      // the recycle bin still stores the scene; a deep delete frees it
      expect((await call(app, 'DELETE', `/meta20/x/scene/${scene.id}`, token)).status).toBe(200);
      expect(await usageOf(memberId)).toEqual(withScene);
      expect((await call(app, 'DELETE', `/meta20/x/scene/deep/${scene.id}`, token)).status).toBe(200);
      expect((await usageOf(memberId)).userBytes).toBe(before.userBytes + 300);
      expect(await recount()).toBe((await usageOf(memberId)).projectBytes);
    });
  });

  describe.skipIf(!backend.available)(`migration 41 (storage usage) on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db, MIGRATIONS.filter((m) => m.id < 41));
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('counts what was stored before it, then follows inserts, moves and a deleted user', async () => {
      await db.query(`insert into projects (code, name) values ('p41', 'p41')`);
      const [a, b] = await db.query<{ id: number }>(
        `insert into users (project_code, account, password_hash) values ('p41', 'a', 'x'), ('p41', 'b', 'x') returning id`,
      );
      await db.query(
        `insert into scene_files (key, project_code, owner_id, kind, content_type, size) values ('scenes/p41/k1.json', 'p41', $1, 'scene', 'application/json', 100)`,
        [a!.id],
      );
      await db.query(
        `insert into uploads (project_code, user_id, storage_key, upload_type, content_type, size, sha256) values ('p41', $1, 'uploads/p41/t/u1.png', 't', 'image/png', 40, 'x')`,
        [b!.id],
      );
      const report = await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 41));
      expect(report.applied).toEqual([41]);
      const usage = async () =>
        (await db.query<{ user_id: number; bytes: string | number }>(`select user_id, bytes from storage_usage where project_code = 'p41' and bytes <> 0 order by user_id`)).map(
          (r) => [r.user_id, Number(r.bytes)],
        );
      expect(await usage()).toEqual([
        [a!.id, 100],
        [b!.id, 40],
      ]);
      await db.query(`update scene_files set size = 150 where key = 'scenes/p41/k1.json'`);
      await db.query(
        `insert into uploads (project_code, user_id, storage_key, upload_type, content_type, size, sha256) values ('p41', $1, 'uploads/p41/t/u2.png', 't', 'image/png', 10, 'x')`,
        [a!.id],
      );
      expect(await usage()).toEqual([
        [a!.id, 160],
        [b!.id, 40],
      ]);
      // a deleted user: scene files go with them, uploads stay under user 0
      await db.query('delete from users where id = $1', [a!.id]);
      expect(await usage()).toEqual([
        [0, 10],
        [b!.id, 40],
      ]);
    });
  });
}
