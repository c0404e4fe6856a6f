// Scenes, their versions and files, on PGlite and on PostgreSQL: each call, optimistic concurrency,
// idempotency, retention, backup deltas and the forced-logout auto save.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBackupDelta, BACKUP_DELTA_FORMAT, BACKUP_DELTA_VERSION, canonicalJson, type BackupDelta, type SceneFile } from '../../protocol/scene-file';
import type { Db } from '../../server/db/types';
import { HISTORY_KEEP } from '../../server/scenes/limits';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { backends, openTestApp } from './helpers';
import {
  call,
  createScene,
  fetchJson,
  gzipBytes,
  login,
  PNG_1X1,
  sceneBytes,
  sceneFile,
  upload,
  type Caller,
  type PageAnswer,
  type SceneAnswer,
  type VersionAnswer,
} from './scene-helpers';

const EN = { 'Accept-Language': 'en' };

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`scenes on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let storage: LocalDiskStorage;
    let designer: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-scenes-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      storage = new LocalDiskStorage(path.join(dataDir, 'files'));
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const keyOf = (url: string) => url.replace(/^\/files\//, '');
    const history = (sceneId: number, list = 'get-history-list-by-scene-id', token = designer) =>
      call<PageAnswer<VersionAnswer>>(app, 'GET', `/meta20/x/scene/${list}?sceneId=${sceneId}&pageNumber=1&pageSize=20`, token);

    describe('create, read, list and files', () => {
      it('creates a scene from an uploaded file, stores it gzip and serves it back', async () => {
        const file = sceneFile(4, 'first');
        const up = await upload(app, designer, 'scene', sceneBytes(file));
        expect(up).toMatchObject({ kind: 'scene', contentRecords: 4 });
        expect(up.url).toMatch(/^\/files\/scenes\/yfang\/[0-9a-f-]{36}\.json$/);
        const preview = await upload(app, designer, 'preview', PNG_1X1);
        const rooms = await upload(app, designer, 'roomInfo', new TextEncoder().encode(JSON.stringify([{ type: 1, roomType: 2, area: 10, groundArea: 9.5, name: '客厅' }])));

        const res = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', designer, {
          name: '我的方案',
          file: up.url,
          preview: preview.url,
          roomInfoUrl: rooms.url,
          area: 27.42,
          isUseStackWall: 1,
          hasMeasuringSize: true,
          roomType: 100,
          jsdUrl: 'https://example.com/jsd',
        });
        expect(res.status).toBe(200);
        expect(res.code).toBe(0);
        const scene = res.data;
        expect(scene).toMatchObject({
          name: '我的方案',
          file: up.url,
          preview: preview.url,
          roomInfoUrl: rooms.url,
          multiFloorImage: '',
          customPreview: '',
          area: 27.42,
          isUseStackWall: 1,
          hasMeasuringSize: 1,
          roomType: 100,
          jsdUrl: 'https://example.com/jsd',
          version: 1,
          fromSceneId: null,
          labels: [],
          deletedAt: null,
        });
        expect(scene.uuid).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

        // On disk: gzip; served: inflated JSON equal to what was sent, or gzip when asked.
        const raw = await storage.openRead(keyOf(scene.file));
        expect(raw?.info.gzip).toBe(true);
        expect(await fetchJson(app, designer, scene.file)).toEqual(file);
        const gz = await app.request(scene.file, { headers: { Authorization: `Bearer ${designer}`, 'Accept-Encoding': 'gzip' } });
        expect(gz.headers.get('content-encoding')).toBe('gzip');
        expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(file);
        const png = await app.request(scene.preview, { headers: { Authorization: `Bearer ${designer}` } });
        expect(png.headers.get('content-type')).toBe('image/png');
        expect(new Uint8Array(await png.arrayBuffer())).toEqual(PNG_1X1);

        const got = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer);
        expect(got.data).toEqual(scene);
        const admin = await call<SceneAnswer>(app, 'GET', `/api/admin/scene/${scene.id}`, designer);
        expect(admin.code).toBe(0);
        expect(admin.data).toEqual(scene);
      });

      it('stores a gzip upload as it is and checks what is inside', async () => {
        const file = sceneFile(2, 'gz');
        const up = await upload(app, designer, 'scene', gzipBytes(sceneBytes(file)));
        expect(up.contentRecords).toBe(2);
        expect(await storage.read(keyOf(up.url))).toEqual(sceneBytes(file));
        const broken = gzipBytes(new TextEncoder().encode('{"format":"yfang-scene","records":[{"type":"wall"'));
        const bad = await call(app, 'POST', '/meta20/x/scene/upload?kind=scene', designer, broken, EN);
        expect(bad.status).toBe(400);
        expect(bad.code).toBe(20005);
      });

      it('streams a scene file bigger than the JSON body limit into storage', async () => {
        const big = sceneFile(12_000, 'big', 200);
        const bytes = sceneBytes(big);
        expect(bytes.byteLength).toBeGreaterThan(3 * 1024 * 1024);
        const up = await upload(app, designer, 'scene', bytes);
        expect(up.contentRecords).toBe(12_000);
        expect(up.size).toBeLessThan(bytes.byteLength / 5);
        const res = await app.request(up.url, { headers: { Authorization: `Bearer ${designer}` } });
        expect(res.headers.get('content-length')).toBeNull();
        // compared as buffers: toEqual walks 3 MB element by element for seconds
        expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      });

      it('refuses files that are not what they claim', async () => {
        const cases: [string, Uint8Array][] = [
          ['scene', new TextEncoder().encode('not json')],
          ['scene', new TextEncoder().encode(JSON.stringify({ format: 'other', records: [] }))],
          ['scene', new TextEncoder().encode(JSON.stringify({ format: 'yfang-scene' }))],
          ['scene', new TextEncoder().encode('[1,2,3]')],
          ['preview', new TextEncoder().encode('MZ\x90\x00 this is an exe')],
          ['floors', new TextEncoder().encode('{"layerIndex":1}')],
          ['roomInfo', new TextEncoder().encode('"text"')],
        ];
        for (const [kind, bytes] of cases) {
          const res = await call(app, 'POST', `/meta20/x/scene/upload?kind=${kind}`, designer, bytes);
          expect(res.status, `${kind}: ${new TextDecoder().decode(bytes)}`).toBe(400);
          expect(res.code).toBe(20005);
        }
        const rows = await db.query<{ n: number }>(`select count(*) as n from scene_files where kind = 'scene' and content_records is null`);
        expect(rows[0]!.n).toBe(0);
      });

      it('refuses to save an empty scene', async () => {
        const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(0)));
        expect(up.contentRecords).toBe(0);
        const res = await call(app, 'POST', '/meta20/x/scene', designer, { name: 'empty', file: up.url }, EN);
        expect(res.status).toBe(400);
        expect(res.code).toBe(20002);
        expect(res.msg).toBe('empty scene cannot be saved');
        const zh = await call(app, 'POST', '/meta20/x/scene', designer, { name: 'empty', file: up.url });
        expect(zh.msg).toBe('场景不能为空！');
        const left = await db.query(`select 1 from scenes where name = 'empty'`);
        expect(left).toHaveLength(0);
      });

      it('lists the own scenes, newest change first, paged, by keyword and label', async () => {
        const member = await login(app, 'yfang', 'member', 'Member@2026');
        const a = await createScene(app, member, 'alpha 客厅');
        const b = await createScene(app, member, 'beta 卧室');
        const c = await createScene(app, member, 'gamma 100%_x');
        await call(app, 'POST', '/meta20/x/scene/label', member, { sceneId: a.id, label: '精装' });
        const all = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?pageNumber=1&pageSize=2', member);
        expect(all.data.total).toBe(3);
        expect(all.data.list.map((s) => s.id)).toEqual([c.id, b.id]);
        const second = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?pageNumber=2&pageSize=2', member);
        expect(second.data.list.map((s) => s.id)).toEqual([a.id]);
        const past = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?pageNumber=9&pageSize=2', member);
        expect(past.data).toMatchObject({ list: [], total: 3 });
        const kw = await call<PageAnswer<SceneAnswer>>(app, 'GET', `/meta20/x/scene?keyword=${encodeURIComponent('100%_')}`, member);
        expect(kw.data.list.map((s) => s.id)).toEqual([c.id]);
        const labelled = await call<PageAnswer<SceneAnswer>>(app, 'GET', `/meta20/x/scene?label=${encodeURIComponent('精装')}`, member);
        expect(labelled.data.list.map((s) => s.id)).toEqual([a.id]);
        expect(labelled.data.list[0]!.labels).toEqual(['精装']);
        // the designer's list does not show the member's scenes
        const other = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?pageSize=100', designer);
        expect(other.data.list.some((s) => [a.id, b.id, c.id].includes(s.id))).toBe(false);
        const bad = await call(app, 'GET', '/meta20/x/scene?pageSize=1000', member);
        expect(bad.status).toBe(400);
        expect(bad.data).toEqual({ field: 'pageSize' });
      });

      it('answers 401 without a session and 400 naming the field for a bad id', async () => {
        const anon = await call(app, 'GET', '/meta20/x/scene', null);
        expect(anon.status).toBe(401);
        expect(anon.code).toBe(401);
        const bad = await call(app, 'GET', '/meta20/x/scene/12abc', designer);
        expect(bad.status).toBe(400);
        expect(bad.data).toEqual({ field: 'id' });
        const missing = await call(app, 'GET', '/meta20/x/scene/123456789', designer);
        expect(missing.status).toBe(404);
        expect(missing.code).toBe(404);
        const zero = await call(app, 'PUT', '/meta20/x/scene/restore-scene/0', designer);
        expect(zero.status).toBe(400);
        expect(zero.data).toEqual({ field: 'id' });
      });
    });

    describe('saving: versions, conflicts, idempotency, retention', () => {
      it('saves from the current version, refuses a stale one with 412 and overwrites nothing', async () => {
        const scene = await createScene(app, designer, 'conflict');
        const v2 = await upload(app, designer, 'scene', sceneBytes(sceneFile(5, 'v2')));
        const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: v2.url, name: 'conflict v2' });
        expect(saved.status).toBe(200);
        expect(saved.data).toMatchObject({ version: 2, file: v2.url, name: 'conflict v2' });

        const v3 = await upload(app, designer, 'scene', sceneBytes(sceneFile(6, 'stale')));
        const stale = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: v3.url, name: 'overwritten?' }, EN);
        expect(stale.status).toBe(412);
        expect(stale.code).toBe(20001);
        expect(stale.msg).toContain('now at version 2');
        expect(stale.msg).toContain('based on version 1');
        expect(stale.msg).toContain('Nothing was overwritten');
        expect(stale.data).toMatchObject({ currentVersion: 2, baseVersion: 1 });
        const zh = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: v3.url });
        expect(zh.msg).toContain('另存为副本');

        const after = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer);
        expect(after.data).toMatchObject({ version: 2, file: v2.url, name: 'conflict v2' });
        expect((await history(scene.id)).data.total).toBe(2);
        // the refused upload is still there for "save as a copy"
        const copy = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene', designer, { name: 'conflict copy', file: v3.url, fromSceneId: scene.id });
        expect(copy.status).toBe(200);
        expect(copy.data.fromSceneId).toBe(scene.id);
        expect(await fetchJson(app, designer, copy.data.file)).toEqual(sceneFile(6, 'stale'));

        const missing = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { file: v3.url });
        expect(missing.status).toBe(400);
        expect(missing.data).toEqual({ field: 'baseVersion' });
      });

      it('lets exactly one of 50 concurrent saves from the same base win; the rest get 412 and nothing is lost', async () => {
        const scene = await createScene(app, designer, 'race');
        const files = Array.from({ length: 50 }, (_, i) => sceneFile(3 + i, `race-${i}`));
        const ups = await Promise.all(files.map((f) => upload(app, designer, 'scene', sceneBytes(f))));
        const results = await Promise.all(
          ups.map((u) => call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: u.url })),
        );
        const winners = results.filter((r) => r.status === 200);
        expect(winners).toHaveLength(1);
        expect(results.filter((r) => r.status === 412)).toHaveLength(49);
        const winner = results.findIndex((r) => r.status === 200);
        const now = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer);
        expect(now.data.version).toBe(2);
        expect(now.data.file).toBe(ups[winner]!.url);
        expect(await fetchJson(app, designer, now.data.file)).toEqual(files[winner]);
        expect((await history(scene.id)).data.total).toBe(2);
        // every loser's file is intact and can still be saved as a copy
        const losers = ups.filter((_, i) => i !== winner);
        const claimed = await db.query<{ n: number }>('select count(*) as n from scene_files where key = any($1::text[]) and not claimed', [
          losers.map((u) => keyOf(u.url)),
        ]);
        expect(claimed[0]!.n).toBe(49);
        for (const [i, u] of ups.entries()) {
          if (i === winner) continue;
          expect(await storage.read(keyOf(u.url))).toEqual(sceneBytes(files[i]!));
        }
      });

      it('applies a retried request with the same Idempotency-Key once', async () => {
        const scene = await createScene(app, designer, 'idem');
        const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(7, 'idem')));
        const body = { baseVersion: 1, file: up.url };
        const headers = { 'Idempotency-Key': 'save-idem-1' };
        const first = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, body, headers);
        const again = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, body, headers);
        expect(first.status).toBe(200);
        expect(again.status).toBe(200);
        expect(again.data).toEqual(first.data);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(first.headers.get('idempotent-replayed')).toBeNull();
        expect(first.data.version).toBe(2);
        expect((await history(scene.id)).data.total).toBe(2);

        const other = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { ...body, name: 'different' }, { ...headers, ...EN });
        expect(other.status).toBe(422);
        expect(other.code).toBe(20003);

        // Concurrent twins: one applies, the other replays its answer.
        const up2 = await upload(app, designer, 'scene', sceneBytes(sceneFile(8, 'twins')));
        const twinBody = { baseVersion: 2, file: up2.url };
        const twins = await Promise.all(
          [0, 1, 2].map(() => call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, twinBody, { 'Idempotency-Key': 'twins' })),
        );
        expect(twins.map((t) => t.status)).toEqual([200, 200, 200]);
        expect(new Set(twins.map((t) => t.data.version))).toEqual(new Set([3]));
        expect(twins.filter((t) => t.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
        expect((await history(scene.id)).data.total).toBe(3);

        // a create retried after a lost answer makes one scene
        const up3 = await upload(app, designer, 'scene', sceneBytes(sceneFile(2, 'idem-create')));
        const create = () => call<SceneAnswer>(app, 'POST', '/meta20/x/scene', designer, { name: 'idem create', file: up3.url }, { 'Idempotency-Key': 'create-1' });
        const [c1, c2] = [await create(), await create()];
        expect(c2.data.id).toBe(c1.data.id);
        expect(await db.query(`select 1 from scenes where name = 'idem create'`)).toHaveLength(1);

        const badKey = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, body, { 'Idempotency-Key': 'has space' });
        expect(badKey.status).toBe(400);
        expect(badKey.data).toEqual({ field: 'Idempotency-Key' });
      });

      it('keeps exactly the newest 20 manual saves and deletes the files of older ones', async () => {
        const scene = await createScene(app, designer, 'retention');
        const firstKey = keyOf(scene.file);
        let version = 1;
        const saved: string[] = [scene.file];
        for (let i = 0; i < 24; i++) {
          const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(2, `ret-${i}`)));
          const preview = await upload(app, designer, 'preview', PNG_1X1);
          const res = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: version, file: up.url, preview: preview.url });
          expect(res.status).toBe(200);
          version = res.data.version;
          saved.push(res.data.file);
        }
        const list = await history(scene.id);
        expect(list.data.total).toBe(HISTORY_KEEP);
        expect(list.data.list.map((v) => v.file)).toEqual(saved.slice(-HISTORY_KEEP).reverse());
        expect(list.data.list.map((v) => v.version)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
        expect(list.data.list[0]!.isCurrent).toBe(true);
        expect(list.data.list.slice(1).every((v) => !v.isCurrent)).toBe(true);
        expect(await storage.stat(firstKey)).toBeNull();
        for (const url of saved.slice(0, 5)) {
          expect(await storage.stat(keyOf(url))).toBeNull();
          expect(await db.query('select 1 from scene_files where key = $1', [keyOf(url)])).toHaveLength(0);
        }
        expect(await storage.stat(keyOf(saved.at(-1)!))).not.toBeNull();
        const previews = await db.query<{ n: number }>(
          `select count(*) as n from scene_versions v where v.scene_id = $1 and v.preview_key is not null`,
          [scene.id],
        );
        expect(previews[0]!.n).toBe(20);
      });

      it('restores a stored version as a new manual save, copying its files', async () => {
        const scene = await createScene(app, designer, 'restore', sceneFile(3, 'restore-v1'));
        const v2 = await upload(app, designer, 'scene', sceneBytes(sceneFile(9, 'restore-v2')));
        await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: v2.url });
        const list = await history(scene.id);
        const first = list.data.list.find((v) => v.version === 1)!;
        const stale = await call(app, 'POST', '/meta20/x/scene/restore-version', designer, { sceneId: scene.id, versionId: first.id, baseVersion: 1 });
        expect(stale.status).toBe(412);
        const res = await call<SceneAnswer>(app, 'POST', '/meta20/x/scene/restore-version', designer, { sceneId: scene.id, versionId: first.id, baseVersion: 2 });
        expect(res.status).toBe(200);
        expect(res.data.version).toBe(3);
        expect(res.data.file).not.toBe(first.file);
        expect(await fetchJson(app, designer, res.data.file)).toEqual(sceneFile(3, 'restore-v1'));
        expect((await history(scene.id)).data.total).toBe(3);
        const none = await call(app, 'POST', '/meta20/x/scene/restore-version', designer, { sceneId: scene.id, versionId: 999999, baseVersion: 3 });
        expect(none.status).toBe(404);
      });

      it('copies a file the client sends back unchanged instead of refusing it', async () => {
        const scene = await createScene(app, designer, 'echo');
        const rooms = await upload(app, designer, 'roomInfo', new TextEncoder().encode('[{"name":"厨房","area":6}]'));
        const v2 = await upload(app, designer, 'scene', sceneBytes(sceneFile(4, 'echo-2')));
        const s2 = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: v2.url, roomInfoUrl: rooms.url });
        const v3 = await upload(app, designer, 'scene', sceneBytes(sceneFile(5, 'echo-3')));
        const s3 = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 2, file: v3.url, roomInfoUrl: s2.data.roomInfoUrl });
        expect(s3.status).toBe(200);
        expect(s3.data.roomInfoUrl).not.toBe(s2.data.roomInfoUrl);
        expect(await fetchJson(app, designer, s3.data.roomInfoUrl)).toEqual([{ name: '厨房', area: 6 }]);
        // an upload already used by another scene is refused, naming the field
        const other = await createScene(app, designer, 'echo-other');
        const v4 = await upload(app, designer, 'scene', sceneBytes(sceneFile(5, 'echo-4')));
        const reuse = await call(app, 'PUT', `/meta20/x/scene/${other.id}`, designer, { baseVersion: 1, file: v4.url, roomInfoUrl: s3.data.roomInfoUrl });
        expect(reuse.status).toBe(400);
        expect(reuse.code).toBe(20004);
        expect(reuse.data).toEqual({ field: 'roomInfoUrl' });
      });

      it('keeps floor images with their list', async () => {
        const p1 = await upload(app, designer, 'preview', PNG_1X1);
        const p2 = await upload(app, designer, 'preview', PNG_1X1);
        const floors = await upload(app, designer, 'floors', new TextEncoder().encode(JSON.stringify([{ layerIndex: 0, preview: p1.url }, { layerIndex: 1, preview: p2.key }])));
        const scene = await createScene(app, designer, 'floors');
        const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(2, 'floors-2')));
        const res = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: up.url, multiFloorImage: floors.url });
        expect(res.status).toBe(200);
        expect(await fetchJson(app, designer, res.data.multiFloorImage)).toEqual([
          { layerIndex: 0, preview: p1.url },
          { layerIndex: 1, preview: p2.url },
        ]);
        const clone = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/clone/${scene.id}`, designer);
        const list = await fetchJson<{ preview: string }[]>(app, designer, clone.data.multiFloorImage);
        expect(list.map((f) => f.preview)).not.toContain(p1.url);
        for (const f of list) expect((await app.request(f.preview, { headers: { Authorization: `Bearer ${designer}` } })).status).toBe(200);
        await call(app, 'DELETE', `/meta20/x/scene/deep/${scene.id}`, designer);
        expect(await storage.stat(p1.key)).toBeNull();
        expect(await storage.stat(floors.key)).toBeNull();
      });
    });

    describe('backups and history lists', () => {
      it('stores a full backup and a delta against it; the resolved delta equals the full file', async () => {
        const scene = await createScene(app, designer, 'backup', sceneFile(3, 'b0'));
        const full = sceneFile(5, 'b1');
        const b1 = await call<VersionAnswer>(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: scene.id, content: full });
        expect(b1.status).toBe(200);
        expect(b1.data).toMatchObject({ kind: 'backup', sceneId: scene.id, version: 1, isCurrent: false });
        expect(await fetchJson(app, designer, b1.data.file)).toEqual(full);

        const next: SceneFile = {
          ...full,
          meta: { name: 'b2' },
          records: [...full.records.filter((r) => r.id !== 'w00001'), { id: 'w99999', type: 'wall', note: 'added' }].sort((a, b) =>
            a.id < b.id ? -1 : 1,
          ),
        };
        const delta: BackupDelta = {
          format: BACKUP_DELTA_FORMAT,
          version: BACKUP_DELTA_VERSION,
          base: String(b1.data.id),
          schema: full.schema,
          meta: { name: 'b2' },
          put: [{ id: 'w99999', type: 'wall', note: 'added' }],
          removed: ['w00001'],
        };
        const b2 = await call<VersionAnswer>(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: scene.id, content: delta });
        expect(b2.status).toBe(200);
        const stored = await storage.read(keyOf(b2.data.file));
        expect(new TextDecoder().decode(stored!)).toBe(canonicalJson(next));
        expect(new TextDecoder().decode(stored!)).toBe(canonicalJson(applyBackupDelta(full, delta)));

        // a delta against the manual save works too (any stored version of the scene is a base)
        const b3 = await call<VersionAnswer>(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, {
          sceneId: scene.id,
          content: { ...delta, base: String(scene.currentVersionId) },
        });
        expect(b3.status).toBe(200);
        const list = await history(scene.id, 'get-back-up-list-by-scene-id');
        expect(list.data.list.map((v) => v.id)).toEqual([b3.data.id, b2.data.id, b1.data.id]);
        // backups do not move the scene
        const now = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${scene.id}`, designer);
        expect(now.data.version).toBe(1);
      });

      it('refuses a delta whose base is unknown or belongs to another scene (409: send the full file)', async () => {
        const a = await createScene(app, designer, 'delta-a');
        const b = await createScene(app, designer, 'delta-b');
        const delta = (base: string) => ({
          format: BACKUP_DELTA_FORMAT,
          version: BACKUP_DELTA_VERSION,
          base,
          schema: { wall: 1 },
          meta: {},
          put: [],
          removed: [],
        });
        for (const base of ['99999999', String(b.currentVersionId), 'abc']) {
          const res = await call(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: a.id, content: delta(base) }, EN);
          expect(res.status, base).toBe(base === 'abc' ? 400 : 409);
          expect(res.code).toBe(base === 'abc' ? 20007 : 20006);
        }
        const mismatch = await call(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, {
          sceneId: a.id,
          content: { ...delta(String(a.currentVersionId)), schema: { wall: 2 }, put: [{ id: 'w1', type: 'wall' }] },
        });
        expect(mismatch.status).toBe(400);
        expect(mismatch.code).toBe(20007);
        const empty = await call(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: a.id, content: sceneFile(0) });
        expect(empty.code).toBe(20002);
        expect((await history(a.id, 'get-back-up-list-by-scene-id')).data.total).toBe(0);
      });

      it('keeps 20 backups', async () => {
        const scene = await createScene(app, designer, 'backup-retention');
        for (let i = 0; i < 23; i++) {
          const res = await call(app, 'POST', '/meta20/x/scene/store-scene-backup', designer, { sceneId: scene.id, content: sceneFile(1, `br${i}`) });
          expect(res.status).toBe(200);
        }
        const list = await history(scene.id, 'get-back-up-list-by-scene-id');
        expect(list.data.total).toBe(20);
        const files = await db.query<{ n: number }>(
          `select count(*) as n from scene_files f where f.owner_id = (select owner_id from scenes where id = $1)
             and f.key in (select file_key from scene_versions where scene_id = $1)`,
          [scene.id],
        );
        expect(files[0]!.n).toBe(21);
      });
    });

    describe('auto save on forced logout', () => {
      it('saves once with a session revoked by a login elsewhere, within the grace period', async () => {
        const old = await login(app, 'chuangmi', 'chuangmi', 'Chuangmi@2026');
        const scene = await createScene(app, old, 'auto');
        const fresh = await login(app, 'chuangmi', 'chuangmi', 'Chuangmi@2026');
        const blocked = await call(app, 'GET', '/meta20/x/scene', old);
        expect(blocked.status).toBe(401);
        expect(blocked.msg).toBe('您的账号正在其他设备或不同浏览器登录访问');

        const body = {
          action: 'auto_save_scene',
          fromSceneId: scene.id,
          token: old,
          clientId: 42,
          uuid: scene.uuid,
          filecontnt: JSON.stringify(sceneFile(4, 'auto')),
          isUseStackWall: 1,
          previewcontent: `data:image/png;base64,${Buffer.from(PNG_1X1).toString('base64')}`,
        };
        const saved = await call<{ sceneId: number; versionId: number; created: boolean }>(app, 'POST', '/api/client/utility', null, body);
        expect(saved.status).toBe(200);
        expect(saved.code).toBe(0);
        expect(saved.data).toMatchObject({ sceneId: scene.id, created: false });
        const twice = await call(app, 'POST', '/api/client/utility', null, body);
        expect(twice.status).toBe(401);
        expect(twice.msg).toBe('您的账号正在其他设备或不同浏览器登录访问');

        const list = await history(scene.id, 'get-auto-save-list-by-scene-id', fresh);
        expect(list.data.total).toBe(1);
        expect(list.data.list[0]).toMatchObject({ id: saved.data.versionId, kind: 'auto' });
        expect(await fetchJson(app, fresh, list.data.list[0]!.file)).toEqual(sceneFile(4, 'auto'));
        expect(list.data.list[0]!.preview).not.toBe('');

        // the active session may auto save as often as it likes; without a scene it makes one
        const created = await call<{ sceneId: number; created: boolean }>(app, 'POST', '/api/client/utility', fresh, { ...body, fromSceneId: '', token: undefined });
        expect(created.data.created).toBe(true);
        const made = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${created.data.sceneId}`, fresh);
        expect(made.data.version).toBe(1);
      });

      it('refuses the grace after its time, and for sessions ended otherwise', async () => {
        const a = await login(app, 'deson', 'desonsp', 'Deson@2026');
        await login(app, 'deson', 'desonsp', 'Deson@2026');
        const { createHash } = await import('node:crypto');
        await db.query(`update sessions set revoked_at = now() - interval '11 minutes' where token_hash = $1`, [
          createHash('sha256').update(a).digest('hex'),
        ]);
        const body = { action: 'auto_save_scene', filecontnt: JSON.stringify(sceneFile(1)), token: a };
        const late = await call(app, 'POST', '/api/client/utility', null, body);
        expect(late.status).toBe(401);
        expect(late.msg).toBe('您的账号正在其他设备或不同浏览器登录访问');

        const b = await login(app, 'mnls', 'mnls', 'Mnls@2026');
        await call(app, 'DELETE', '/api/session', b);
        const loggedOut = await call(app, 'POST', '/api/client/utility', null, { ...body, token: b });
        expect(loggedOut.status).toBe(401);
        expect(loggedOut.msg).not.toBe('您的账号正在其他设备或不同浏览器登录访问');
        const none = await call(app, 'POST', '/api/client/utility', null, { ...body, token: undefined });
        expect(none.status).toBe(401);
        const unknown = await call(app, 'POST', '/api/client/utility', designer, { action: 'nope' });
        expect(unknown.status).toBe(400);
        expect(unknown.data).toEqual({ field: 'action' });
      });
    });

    describe('bin, clones, labels, settings, share codes', () => {
      it('moves scenes to the bin and back, deletes several, deletes for good', async () => {
        const a = await createScene(app, designer, 'bin-a');
        const b = await createScene(app, designer, 'bin-b');
        const c = await createScene(app, designer, 'bin-c');
        expect((await call(app, 'DELETE', `/meta20/x/scene/${a.id}`, designer)).status).toBe(200);
        expect((await call(app, 'GET', `/meta20/x/scene/${a.id}`, designer)).status).toBe(404);
        const bin = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?deleted=1&pageSize=100', designer);
        expect(bin.data.list.map((s) => s.id)).toContain(a.id);
        const back = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/restore-scene/${a.id}`, designer);
        expect(back.data.deletedAt).toBeNull();
        const partial = await call(app, 'POST', '/meta20/x/scene/delete-scene-multi', designer, { ids: [a.id, b.id, 99999999] });
        expect(partial.status).toBe(404);
        expect((await call(app, 'GET', `/meta20/x/scene/${a.id}`, designer)).status).toBe(200);
        const multi = await call<{ ids: number[] }>(app, 'POST', '/meta20/x/scene/delete-scene-multi', designer, { ids: [a.id, b.id] });
        expect(multi.data.ids).toEqual([a.id, b.id].sort((x, y) => x - y));
        expect((await call(app, 'DELETE', `/meta20/x/scene/${a.id}`, designer)).status).toBe(200);
        const file = keyOf(c.file);
        expect((await call(app, 'DELETE', `/meta20/x/scene/deep/${c.id}`, designer)).status).toBe(200);
        expect(await storage.stat(file)).toBeNull();
        expect(await db.query('select 1 from scenes where id = $1', [c.id])).toHaveLength(0);
        expect((await call(app, 'DELETE', `/meta20/x/scene/deep/${c.id}`, designer)).status).toBe(404);
        // deep delete from the bin
        expect((await call(app, 'DELETE', `/meta20/x/scene/deep/${a.id}`, designer)).status).toBe(200);
      });

      it('clones a scene and several scenes to unnamed copies', async () => {
        const a = await createScene(app, designer, 'clone-src', sceneFile(3, 'clone'));
        await call(app, 'PUT', `/meta20/x/scene/air-conditioner/${a.id}`, designer, { units: [{ kind: 'split', power: 3.5 }] });
        const clone = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/clone/${a.id}`, designer);
        expect(clone.status).toBe(200);
        expect(clone.data).toMatchObject({ name: 'clone-src 副本', version: 1, fromSceneId: a.id });
        expect(clone.data.file).not.toBe(a.file);
        expect(await fetchJson(app, designer, clone.data.file)).toEqual(sceneFile(3, 'clone'));
        const ac = await call(app, 'GET', `/meta20/x/scene/air-conditioner/${clone.data.id}`, designer);
        expect(ac.data).toEqual({ units: [{ kind: 'split', power: 3.5 }] });
        const named = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/clone/${a.id}`, designer, { name: '新名字' });
        expect(named.data.name).toBe('新名字');
        const b = await createScene(app, designer, 'clone-src-2');
        const many = await call<SceneAnswer[]>(app, 'POST', '/meta20/x/scene/clone-to-unnamed', designer, { sceneList: [a.id, b.id] });
        expect(many.status).toBe(200);
        expect(many.data.map((s) => s.name)).toEqual(['未命名方案', '未命名方案']);
        expect(many.data.map((s) => s.fromSceneId)).toEqual([a.id, b.id]);
        const partial = await call(app, 'POST', '/meta20/x/scene/clone-to-unnamed', designer, { sceneList: [a.id, 99999999] });
        expect(partial.status).toBe(404);
      });

      it('labels scenes', async () => {
        const a = await createScene(app, designer, 'label-a');
        const b = await createScene(app, designer, 'label-b');
        expect((await call(app, 'POST', '/meta20/x/scene/label', designer, { sceneId: a.id, label: '  现代  ' })).data).toEqual(['现代']);
        await call(app, 'POST', '/meta20/x/scene/label', designer, { sceneId: b.id, label: '现代' });
        expect((await call(app, 'POST', '/meta20/x/scene/update-label', designer, { sceneId: b.id, labels: ['北欧', '<b>x</b>'] })).data).toEqual([
          '<b>x</b>',
          '北欧',
        ]);
        const counts = await call<{ label: string; count: number }[]>(app, 'GET', '/meta20/x/scene/get-labels', designer);
        expect(counts.data).toEqual(expect.arrayContaining([{ label: '现代', count: 1 }, { label: '北欧', count: 1 }]));
        await call(app, 'POST', '/meta20/x/scene/update-label', designer, { oldLabel: '北欧', newLabel: '现代' });
        expect((await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${b.id}`, designer)).data.labels).toEqual(['<b>x</b>', '现代']);
        const removed = await call<{ removed: number }>(app, 'POST', '/meta20/x/scene/remove-label', designer, { label: '现代' });
        expect(removed.data.removed).toBe(2);
        const tooMany = await call(app, 'POST', '/meta20/x/scene/update-label', designer, {
          sceneId: a.id,
          labels: Array.from({ length: 21 }, (_, i) => `l${i}`),
        });
        expect(tooMany.status).toBe(400);
        const long = await call(app, 'POST', '/meta20/x/scene/label', designer, { sceneId: a.id, label: 'x'.repeat(33) });
        expect(long.status).toBe(400);
      });

      it('makes share codes a colleague of the same project can open', async () => {
        const scene = await createScene(app, designer, 'shared');
        const made = await call<{ shareCode: string }>(app, 'POST', '/meta20/scene-share/create', designer, { sceneId: scene.id });
        expect(made.data.shareCode).toMatch(/^[A-Z0-9]{10}$/);
        const again = await call<{ shareCode: string }>(app, 'POST', '/meta20/scene-share/create', designer, { sceneId: scene.id });
        expect(again.data.shareCode).toBe(made.data.shareCode);
        const member = await call<SceneAnswer>(app, 'GET', `/meta20/scene-share/get-by-share-code?shareCode=${made.data.shareCode}`, designer);
        expect(member.data.id).toBe(scene.id);
        const wrong = await call(app, 'GET', '/meta20/scene-share/get-by-share-code?shareCode=AAAAAAAAAA', designer);
        expect(wrong.status).toBe(404);
      });

      it('keeps scene fields up to date without a new version when no file is sent', async () => {
        const scene = await createScene(app, designer, 'fields');
        const preview = await upload(app, designer, 'preview', PNG_1X1);
        const res = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, {
          baseVersion: 1,
          name: 'renamed',
          customPreview: preview.url,
          roomType: 100,
        });
        expect(res.data).toMatchObject({ name: 'renamed', customPreview: preview.url, roomType: 100, version: 2, file: scene.file });
        expect((await history(scene.id)).data.total).toBe(1);
        const cleared = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 2, customPreview: null });
        expect(cleared.data.customPreview).toBe('');
        expect(await storage.stat(preview.key)).toBeNull();
        const orphan = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 3, preview: preview.url });
        expect(orphan.status).toBe(400);
        expect(orphan.data).toEqual({ field: 'file' });
      });
    });
  });
}
