// Panoramas (issue 20, docs/panoramas.md): create from the browser's JPEG, list as album pictures,
// read, delete; share by code, read anonymously only while shared, revoke; other tenants and
// colleagues refused; bad files and quotas refused with nothing stored. Migrations 47-48. PGlite
// and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlbumImage } from '../../protocol/album';
import type { Panorama, SharedPanorama } from '../../protocol/panorama';
import type { Db } from '../../server/db/types';
import { MIGRATIONS } from '../../server/db/migrations';
import { runMigrations } from '../../server/db/migrate';
import { jpegSize } from '../../server/panos/jpeg';
import { storageUsage } from '../../server/storage/quota';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, type Caller } from './scene-helpers';

/** A JPEG's headers (SOI, APP0, SOF0 with the size, EOI) with `padding` bytes of entropy data: what the server checks. */
function jpeg(width: number, height: number, padding = 64): Uint8Array {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const out = new Uint8Array(head.length + sof.length + padding + 2);
  out.set(head, 0);
  out.set(sof, head.length);
  for (let i = 0; i < padding; i++) out[head.length + sof.length + i] = (i * 37 + 11) & 0x7f;
  out.set([0xff, 0xd9], out.length - 2);
  return out;
}

const IMAGE = jpeg(2048, 1024, 4000);
const THUMB = jpeg(100, 100, 300);

describe('jpegSize', () => {
  it('reads the frame size and refuses what is not a JPEG', () => {
    expect(jpegSize(jpeg(4096, 2048))).toEqual({ width: 4096, height: 2048 });
    expect(jpegSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(jpegSize(jpeg(8, 8).subarray(0, 24))).toBeNull();
  });
});

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`panoramas on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let owner: string;
    let colleague: string;
    let outsider: string;
    let ownerId: number;
    let sceneId: number;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-pano-'));
      // a user quota that holds a few small panoramas, not a 300 KB one
      ({ app, db, dispose } = await openTestApp(backend, { dataDir, userStorageQuotaBytes: 60_000 }));
      owner = await login(app, 'yfang', 'designer', 'Design@2026');
      colleague = await login(app, 'yfang', 'member', 'Member@2026');
      outsider = await login(app, 'yfang_corp', 'admin', 'Admin@2026');
      ownerId = (await db.query<{ id: number }>(`select id from users where project_code = 'yfang' and account = 'designer'`))[0]!.id;
      sceneId = (await createScene(app, owner, '全景方案')).id;
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function post(token: string, fields: Record<string, string | Uint8Array>, lang = 'zh') {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (typeof v === 'string') form.append(k, v);
        else form.append(k, new Blob([v as BlobPart], { type: 'image/jpeg' }), `${k}.jpg`);
      }
      const res = await app.request('/api/panos', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang } });
      const body = (await res.json()) as { retcode: number; retmsg: string; retdata: Panorama };
      return { status: res.status, ...body };
    }
    const fields = (over: Record<string, string | Uint8Array> = {}) => ({ sceneId: String(sceneId), storeyId: 'storey-1', x: '1200', y: '-800', z: '1500', label: '客厅', image: IMAGE, thumb: THUMB, ...over });
    const count = async () => Number((await db.query<{ n: string | number }>('select count(*) as n from panoramas'))[0]!.n);
    const bytesOf = async (url: string, token: string | null) => {
      const res = await app.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
    };

    it('stores a panorama, lists it as an album picture, serves its files and records createPano', async () => {
      const before = await storageUsage(db, { projectCode: 'yfang', userId: ownerId });
      const events = async () => Number((await db.query<{ n: string | number }>(`select count(*) as n from user_events where event = 'createPano' and user_id = $1`, [ownerId]))[0]!.n);
      const eventsBefore = await events();
      const made = await post(owner, fields());
      expect(made.status).toBe(200);
      const pano = made.retdata;
      expect(pano).toMatchObject({ sceneId: String(sceneId), width: 2048, height: 1024, position: { x: 1200, y: -800, z: 1500 }, storeyId: 'storey-1', label: '客厅', shareCode: null });
      const list = await call<AlbumImage[]>(app, 'GET', `/api/panos?sceneId=${sceneId}`, owner);
      expect(list.data).toEqual([
        { id: pano.id, sceneId: String(sceneId), kind: 'pano', url: pano.url, thumbUrl: pano.thumbUrl, width: 2048, height: 1024, createdAt: pano.createdAt, label: '客厅' },
      ]);
      expect((await bytesOf(pano.url, owner)).bytes).toEqual(IMAGE);
      expect((await bytesOf(pano.thumbUrl, owner)).bytes).toEqual(THUMB);
      const walk = await call<Panorama[]>(app, 'GET', `/api/panos/walk?sceneId=${sceneId}`, owner);
      expect(walk.data).toEqual([pano]);
      expect(await events()).toBe(eventsBefore + 1);
      const after = await storageUsage(db, { projectCode: 'yfang', userId: ownerId });
      expect(after.userBytes - before.userBytes).toBe(IMAGE.length + THUMB.length);
      await call(app, 'DELETE', `/api/panos/${pano.id}`, owner);
    });

    it('refuses bad files and fields in both languages and stores nothing', async () => {
      const before = await count();
      const wrongSize = await post(owner, fields({ image: jpeg(1000, 500) }));
      expect(wrongSize.status).toBe(400);
      expect(wrongSize.retmsg).toBe('全景图必须是宽高比 2:1、宽 2048 / 4096 / 8192 像素的 JPEG 图片');
      const notSquare = await post(owner, fields({ image: jpeg(4096, 1024) }), 'en');
      expect(notSquare.retmsg).toBe('A panorama must be a 2:1 JPEG 2048 / 4096 / 8192 pixels wide');
      const png = await post(owner, fields({ image: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }));
      expect(png.status).toBe(400);
      const thumb = await post(owner, fields({ thumb: jpeg(64, 64) }), 'en');
      expect(thumb.retmsg).toBe('A panorama thumbnail must be a 100 x 100 JPEG');
      for (const bad of [{ sceneId: 'abc' }, { x: 'NaN' }, { z: '' }, { storeyId: '../etc' }, { label: 'x'.repeat(65) }] as Record<string, string>[]) {
        const res = await post(owner, fields(bad));
        expect(res.status).toBe(400);
      }
      const noImage = await post(owner, { sceneId: String(sceneId), storeyId: 's', x: '0', y: '0', z: '1500', thumb: THUMB });
      expect(noImage.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('refuses a panorama past the storage quota (507) with nothing stored', async () => {
      const before = await count();
      const res = await post(owner, fields({ image: jpeg(2048, 1024, 70_000) }));
      expect(res.status).toBe(507);
      expect(await count()).toBe(before);
    });

    it('keeps panoramas to their owner: colleagues and other tenants get 404, and cannot add to the scene', async () => {
      const pano = (await post(owner, fields())).retdata;
      for (const token of [colleague, outsider]) {
        expect((await call(app, 'GET', `/api/panos/${pano.id}`, token)).status).toBe(404);
        expect((await call(app, 'GET', `/api/panos?sceneId=${sceneId}`, token)).status).toBe(404);
        expect((await bytesOf(pano.url, token)).status).toBe(404);
        expect((await call(app, 'POST', `/api/panos/${pano.id}/share`, token)).status).toBe(404);
        expect((await call(app, 'DELETE', `/api/panos/${pano.id}`, token)).status).toBe(404);
        expect((await post(token, fields())).status).toBe(404);
      }
      expect((await bytesOf(pano.url, null)).status).toBe(401);
      await call(app, 'DELETE', `/api/panos/${pano.id}`, owner);
    });

    it('shares by code: anyone reads image and metadata while shared, nothing after a revoke', async () => {
      const pano = (await post(owner, fields())).retdata;
      const second = (await post(owner, fields({ x: '4000', label: '卧室' }))).retdata;
      const third = (await post(owner, fields({ x: '-2000', label: '厨房' }))).retdata;
      const shared = await call<{ shareCode: string }>(app, 'POST', `/api/panos/${pano.id}/share`, owner);
      const code = shared.data.shareCode;
      expect(code).toMatch(/^[A-Z2-9]{10}$/);
      // sharing again keeps the code
      expect((await call<{ shareCode: string }>(app, 'POST', `/api/panos/${pano.id}/share`, owner)).data.shareCode).toBe(code);
      const secondCode = (await call<{ shareCode: string }>(app, 'POST', `/api/panos/${second.id}/share`, owner)).data.shareCode;

      const open = await call<SharedPanorama>(app, 'GET', `/api/pano-share/${code}`, null);
      expect(open.status).toBe(200);
      expect(open.data.pano).toMatchObject({ id: pano.id, label: '客厅', position: { x: 1200, y: -800, z: 1500 }, url: `/api/pano-share/${code}/image`, shareCode: code });
      // the scene's other shared panoramas are the walk's hotspots; the unshared third is not among them
      expect(open.data.others.map((o) => o.id)).toEqual([second.id]);
      expect(open.data.others[0]!.url).toBe(`/api/pano-share/${secondCode}/image`);
      expect(open.data.others.some((o) => o.id === third.id)).toBe(false);
      expect((await bytesOf(`/api/pano-share/${code.toLowerCase()}/image`, null)).bytes).toEqual(IMAGE);
      expect((await bytesOf(`/api/pano-share/${code}/thumb`, null)).bytes).toEqual(THUMB);
      // a code never made, and an unshared panorama's files by id, stay closed
      expect((await call(app, 'GET', '/api/pano-share/ABCDEFGHJK', null)).status).toBe(404);
      expect((await call(app, 'GET', '/api/pano-share/not-a-code', null)).status).toBe(404);

      const revoked = await call(app, 'POST', `/api/panos/${pano.id}/revoke`, owner);
      expect(revoked.status).toBe(200);
      expect((await call(app, 'GET', `/api/pano-share/${code}`, null)).status).toBe(404);
      expect((await bytesOf(`/api/pano-share/${code}/image`, null)).status).toBe(404);
      // the revoked panorama is no longer among the other code's hotspots
      expect((await call<SharedPanorama>(app, 'GET', `/api/pano-share/${secondCode}`, null)).data.others).toEqual([]);
      // sharing again draws a new code: the old links stay dead
      const again = (await call<{ shareCode: string }>(app, 'POST', `/api/panos/${pano.id}/share`, owner)).data.shareCode;
      expect(again).not.toBe(code);
      expect((await call(app, 'GET', `/api/pano-share/${code}`, null)).status).toBe(404);
      expect((await call(app, 'GET', `/api/pano-share/${again}`, null)).status).toBe(200);
      const row = await db.query<{ revoked_at: Date | null }>('select revoked_at from panoramas where id = $1', [pano.id]);
      expect(row[0]!.revoked_at).not.toBeNull();
      for (const p of [pano, second, third]) await call(app, 'DELETE', `/api/panos/${p.id}`, owner);
    });

    it('deletes a panorama with its files and its storage bytes', async () => {
      const before = await storageUsage(db, { projectCode: 'yfang', userId: ownerId });
      const pano = (await post(owner, fields())).retdata;
      const code = (await call<{ shareCode: string }>(app, 'POST', `/api/panos/${pano.id}/share`, owner)).data.shareCode;
      const del = await call(app, 'DELETE', `/api/panos/${pano.id}`, owner);
      expect(del.status).toBe(200);
      expect((await call(app, 'GET', `/api/panos/${pano.id}`, owner)).status).toBe(404);
      expect((await call(app, 'GET', `/api/pano-share/${code}`, null)).status).toBe(404);
      expect((await call<AlbumImage[]>(app, 'GET', `/api/panos?sceneId=${sceneId}`, owner)).data).toEqual([]);
      expect((await call(app, 'DELETE', `/api/panos/${pano.id}`, owner)).status).toBe(404);
      expect(await storageUsage(db, { projectCode: 'yfang', userId: ownerId })).toEqual(before);
      const rows = await db.query<{ image_key: string }>('select image_key from panoramas where id = $1', [pano.id]);
      expect(rows).toEqual([]);
    });
  });

  describe.skipIf(!backend.available)(`migrations 47-48 (panoramas) on ${backend.name}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db, MIGRATIONS.filter((m) => m.id < 47));
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('adds the table, then counts the panoramas already stored toward storage and keeps counting', async () => {
      expect((await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 47))).applied).toEqual([47]);
      await db.query(`insert into projects (code, name) values ('p47', 'p47')`);
      const userId = (await db.query<{ id: number }>(`insert into users (project_code, account, password_hash) values ('p47', 'u', 'x') returning id`))[0]!.id;
      const sceneId = (await db.query<{ id: string }>(`insert into scenes (project_code, owner_id, uuid, name) values ('p47', $1, 'u-47', 's') returning id`, [userId]))[0]!.id;
      const insert = (size: number, width = 2048) =>
        db.query(
          `insert into panoramas (project_code, owner_id, scene_id, storey_id, pos_x, pos_y, pos_z, width, height, image_key, thumb_key, size)
           values ('p47', $1, $2, 's1', 0, 0, 1500, $3, $4, 'k', 'kt', $5)`,
          [userId, sceneId, width, width / 2, size],
        );
      await insert(1000);
      // the shapes the code never writes are refused by the table itself
      await expect(insert(10, 1000)).rejects.toThrow();
      await expect(db.query(`update panoramas set share_code = 'lower-case' where owner_id = $1`, [userId])).rejects.toThrow();
      expect((await runMigrations(db, MIGRATIONS.filter((m) => m.id <= 48))).applied).toEqual([48]);
      expect(await storageUsage(db, { projectCode: 'p47', userId })).toEqual({ userBytes: 1000, projectBytes: 1000 });
      await insert(500);
      expect((await storageUsage(db, { projectCode: 'p47', userId })).userBytes).toBe(1500);
      // a deleted scene takes its panoramas, and their bytes, along
      await db.query('delete from scenes where id = $1', [sceneId]);
      expect(await db.query('select id from panoramas')).toEqual([]);
      expect((await storageUsage(db, { projectCode: 'p47', userId })).userBytes).toBe(0);
    });
  });
}
