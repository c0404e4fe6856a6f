// The fast paths of saving: the save's answer is built from the statements that made it (not read
// again), the version insert trims and drops files in the same statement, and the session lookup
// is one query. These check that the shortcuts answer exactly what a fresh read answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { HISTORY_KEEP } from '../../server/scenes/limits';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, PNG_1X1, sceneBytes, sceneFile, upload, type Caller, type SceneAnswer } from './scene-helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`the save path on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let storage: LocalDiskStorage;
    let designer: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-save-path-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      storage = new LocalDiskStorage(path.join(dataDir, 'files'));
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const keyOf = (url: string) => url.replace(/^\/files\//, '');
    const get = (id: number) => call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${id}`, designer);
    const floorList = async (): Promise<{ url: string; previews: string[] }> => {
      const a = await upload(app, designer, 'preview', PNG_1X1);
      const b = await upload(app, designer, 'preview', PNG_1X1);
      const list = await upload(app, designer, 'floors', new TextEncoder().encode(JSON.stringify([{ layerIndex: 0, preview: a.url }, { layerIndex: 1, preview: b.url }])));
      return { url: list.url, previews: [a.key, b.key] };
    };

    it('answers a save with exactly what reading the scene answers afterwards', async () => {
      const scene = await createScene(app, designer, 'answer');
      expect((await call(app, 'POST', '/meta20/x/scene/label', designer, { sceneId: scene.id, labels: ['b-label', 'a-label'] })).status).toBe(200);
      const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(4, 'answer-2')));
      const preview = await upload(app, designer, 'preview', PNG_1X1);
      const rooms = await upload(app, designer, 'roomInfo', new TextEncoder().encode(JSON.stringify([{ type: 1, area: 3 }])));
      const floors = await floorList();
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, {
        baseVersion: 1,
        file: up.url,
        preview: preview.url,
        roomInfoUrl: rooms.url,
        multiFloorImage: floors.url,
        name: 'renamed',
        area: 33.5,
        roomType: 100,
      });
      expect(saved.status).toBe(200);
      expect(saved.data).toMatchObject({ version: 2, name: 'renamed', area: 33.5, roomType: 100, labels: ['a-label', 'b-label'], file: up.url, preview: preview.url });
      expect(saved.data.currentVersionId).not.toBe(scene.currentVersionId);
      expect((await get(scene.id)).data).toEqual(saved.data);
    });

    it('answers a save that also changes the custom preview, and one without a file, like a fresh read', async () => {
      const scene = await createScene(app, designer, 'custom');
      const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(2, 'custom-2')));
      const custom = await upload(app, designer, 'preview', PNG_1X1);
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: up.url, customPreview: custom.url });
      expect(saved.status).toBe(200);
      expect(saved.data.customPreview).toBe(custom.url);
      expect((await get(scene.id)).data).toEqual(saved.data);
      const renamed = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 2, name: 'only a name' });
      expect(renamed.status).toBe(200);
      expect(renamed.data).toMatchObject({ version: 3, name: 'only a name', file: up.url, currentVersionId: saved.data.currentVersionId });
      expect((await get(scene.id)).data).toEqual(renamed.data);
    });

    it('keeps the claim with the version: a refused save leaves its upload free, a used upload is refused', async () => {
      const scene = await createScene(app, designer, 'claims');
      const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(2, 'claims-2')));
      const stale = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 7, file: up.url });
      expect(stale.status).toBe(412);
      const claimed = await db.query<{ claimed: boolean }>('select claimed from scene_files where key = $1', [keyOf(up.url)]);
      expect(claimed[0]?.claimed).toBe(false);
      const empty = await upload(app, designer, 'scene', sceneBytes(sceneFile(0, 'claims-empty')));
      const refused = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: empty.url });
      expect(refused.code).toBe(20002);
      expect((await get(scene.id)).data.version).toBe(1);
      const ok = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 1, file: up.url });
      expect(ok.status).toBe(200);
      const again = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 2, file: up.url });
      expect(again.code).toBe(20004);
      expect(again.data).toEqual({ field: 'file' });
      const foreign = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: 2, file: 'https://elsewhere.example/x.json' });
      expect(foreign.status).toBe(400);
      expect((await get(scene.id)).data.version).toBe(2);
    });

    it('drops the files of trimmed versions, floor-list previews included, with the version that trims them', async () => {
      const scene = await createScene(app, designer, 'trim-floors');
      let version = 1;
      const lists: { url: string; previews: string[] }[] = [];
      for (let i = 0; i < HISTORY_KEEP + 2; i++) {
        const up = await upload(app, designer, 'scene', sceneBytes(sceneFile(1, `trim-${i}`)));
        const floors = await floorList();
        lists.push(floors);
        const res = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, designer, { baseVersion: version, file: up.url, multiFloorImage: floors.url });
        expect(res.status).toBe(200);
        version = res.data.version;
      }
      // 23 manual saves in all (the create and 22 more): the create's and the first two lists' went
      const gone = lists.slice(0, 2);
      for (const list of gone) {
        for (const key of [keyOf(list.url), ...list.previews]) {
          expect(await storage.stat(key)).toBeNull();
          expect(await db.query('select 1 from scene_files where key = $1', [key])).toHaveLength(0);
        }
      }
      for (const list of lists.slice(2)) {
        for (const key of [keyOf(list.url), ...list.previews]) expect(await storage.stat(key)).not.toBeNull();
      }
      const kept = await db.query<{ n: number }>(`select count(*) as n from scene_versions where scene_id = $1 and kind = 'manual'`, [scene.id]);
      expect(kept[0]!.n).toBe(HISTORY_KEEP);
      expect((await get(scene.id)).data.multiFloorImage).toBe(lists.at(-1)!.url);
    });

    it('tells an unknown, a revoked and a live session apart with one lookup', async () => {
      const token = await login(app, 'yfang', 'designer', 'Design@2026');
      expect((await call(app, 'GET', '/meta20/x/scene', token)).status).toBe(200);
      const unknown = await call(app, 'GET', '/meta20/x/scene', 'A'.repeat(43), undefined, { 'Accept-Language': 'en' });
      expect(unknown.status).toBe(401);
      // a second login revokes the first session as logged in elsewhere
      designer = await login(app, 'yfang', 'designer', 'Design@2026');
      const revoked = await call(app, 'GET', '/meta20/x/scene', token, undefined, { 'Accept-Language': 'en' });
      expect(revoked.status).toBe(401);
      expect(revoked.msg).not.toBe(unknown.msg);
      expect((await call(app, 'GET', '/meta20/x/scene', designer)).status).toBe(200);
    });
  });
}
