// Tenant isolation of the scenes family: every scene and file call made by a user of another
// project (here even that project's admin) is refused with 404, exactly like a scene that does not
// exist, and changes nothing. Users of the same project who do not own a scene fare the same,
// except that project admins may read it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_DELTA_FORMAT, BACKUP_DELTA_VERSION } from '../../protocol/scene-file';
import type { Db } from '../../server/db/types';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, PNG_1X1, sceneBytes, sceneFile, upload, type Caller, type PageAnswer, type SceneAnswer, type VersionAnswer } from './scene-helpers';

interface Probe {
  name: string;
  method: string;
  path: string;
  body?: unknown;
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`scene tenancy on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let owner: string;
    let outsider: string;
    let colleague: string;
    let scene: SceneAnswer;
    let fileUrls: string[];
    let shareCode: string;
    let backup: VersionAnswer;
    let unclaimed: string;
    let snapshot: () => Promise<unknown>;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-tenancy-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      owner = await login(app, 'yfang', 'designer', 'Design@2026');
      colleague = await login(app, 'yfang', 'member', 'Member@2026');
      // the other project's admin: admin rights must not cross projects
      outsider = await login(app, 'yfang_corp', 'admin', 'Admin@2026');

      const base = await createScene(app, owner, 'secret');
      const preview = await upload(app, owner, 'preview', PNG_1X1);
      const floorPreview = await upload(app, owner, 'preview', PNG_1X1);
      const floors = await upload(app, owner, 'floors', new TextEncoder().encode(JSON.stringify([{ layerIndex: 0, preview: floorPreview.url }])));
      const rooms = await upload(app, owner, 'roomInfo', new TextEncoder().encode('[{"name":"主卧","area":14}]'));
      const custom = await upload(app, owner, 'preview', PNG_1X1);
      const v2 = await upload(app, owner, 'scene', sceneBytes(sceneFile(5, 'secret-2')));
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${base.id}`, owner, {
        baseVersion: 1,
        file: v2.url,
        preview: preview.url,
        multiFloorImage: floors.url,
        roomInfoUrl: rooms.url,
        customPreview: custom.url,
      });
      expect(saved.status).toBe(200);
      scene = saved.data;
      await call(app, 'POST', '/meta20/x/scene/label', owner, { sceneId: scene.id, label: '机密' });
      await call(app, 'PUT', `/meta20/x/scene/air-conditioner/${scene.id}`, owner, { brand: 'secret' });
      shareCode = (await call<{ shareCode: string }>(app, 'POST', '/meta20/scene-share/create', owner, { sceneId: scene.id })).data.shareCode;
      backup = (await call<VersionAnswer>(app, 'POST', '/meta20/x/scene/store-scene-backup', owner, { sceneId: scene.id, content: sceneFile(2, 'bk') })).data;
      unclaimed = (await upload(app, owner, 'scene', sceneBytes(sceneFile(2, 'loose')))).url;
      fileUrls = [scene.file, scene.preview, scene.multiFloorImage, scene.roomInfoUrl, scene.customPreview, floorPreview.url, backup.file, unclaimed];
      expect(fileUrls.every((u) => u.startsWith('/files/scenes/yfang/'))).toBe(true);

      snapshot = async () => ({
        scene: (await call(app, 'GET', `/meta20/x/scene/${scene.id}`, owner)).data,
        ac: (await call(app, 'GET', `/meta20/x/scene/air-conditioner/${scene.id}`, owner)).data,
        history: (await call(app, 'GET', `/meta20/x/scene/get-history-list-by-scene-id?sceneId=${scene.id}`, owner)).data,
        backups: (await call(app, 'GET', `/meta20/x/scene/get-back-up-list-by-scene-id?sceneId=${scene.id}`, owner)).data,
        autos: (await call(app, 'GET', `/meta20/x/scene/get-auto-save-list-by-scene-id?sceneId=${scene.id}`, owner)).data,
        labels: (await call(app, 'GET', '/meta20/x/scene/get-labels', owner)).data,
        files: await db.query(
          `select key, claimed from scene_files where owner_id = (select id from users where project_code = 'yfang' and account = 'designer') order by key`,
        ),
      });
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const probes = (): Probe[] => {
      const id = scene.id;
      return [
        { name: 'get', method: 'GET', path: `/meta20/x/scene/${id}` },
        { name: 'admin get', method: 'GET', path: `/api/admin/scene/${id}` },
        { name: 'save fields', method: 'PUT', path: `/meta20/x/scene/${id}`, body: { baseVersion: scene.version, name: 'pwned' } },
        { name: 'save file', method: 'PUT', path: `/meta20/x/scene/${id}`, body: { baseVersion: scene.version, file: scene.file } },
        { name: 'clone', method: 'PUT', path: `/meta20/x/scene/clone/${id}` },
        { name: 'delete', method: 'DELETE', path: `/meta20/x/scene/${id}` },
        { name: 'delete multi', method: 'POST', path: '/meta20/x/scene/delete-scene-multi', body: { ids: [id] } },
        { name: 'deep delete', method: 'DELETE', path: `/meta20/x/scene/deep/${id}` },
        { name: 'restore from bin', method: 'PUT', path: `/meta20/x/scene/restore-scene/${id}` },
        { name: 'air-conditioner get', method: 'GET', path: `/meta20/x/scene/air-conditioner/${id}` },
        { name: 'air-conditioner put', method: 'PUT', path: `/meta20/x/scene/air-conditioner/${id}`, body: { brand: 'x' } },
        { name: 'history list', method: 'GET', path: `/meta20/x/scene/get-history-list-by-scene-id?sceneId=${id}&pageNumber=1&pageSize=20` },
        { name: 'backup list', method: 'GET', path: `/meta20/x/scene/get-back-up-list-by-scene-id?sceneId=${id}&pageNumber=1&pageSize=20` },
        { name: 'auto save list', method: 'GET', path: `/meta20/x/scene/get-auto-save-list-by-scene-id?sceneId=${id}&pageNumber=1&pageSize=20` },
        { name: 'store backup', method: 'POST', path: '/meta20/x/scene/store-scene-backup', body: { sceneId: id, content: sceneFile(1) } },
        {
          name: 'store backup delta',
          method: 'POST',
          path: '/meta20/x/scene/store-scene-backup',
          body: { sceneId: id, content: { format: BACKUP_DELTA_FORMAT, version: BACKUP_DELTA_VERSION, base: String(backup.id), schema: {}, meta: {}, put: [], removed: [] } },
        },
        { name: 'restore version', method: 'POST', path: '/meta20/x/scene/restore-version', body: { sceneId: id, versionId: backup.id, baseVersion: scene.version } },
        { name: 'clone to unnamed', method: 'POST', path: '/meta20/x/scene/clone-to-unnamed', body: { sceneList: [id] } },
        { name: 'label', method: 'POST', path: '/meta20/x/scene/label', body: { sceneId: id, label: 'x' } },
        { name: 'update label', method: 'POST', path: '/meta20/x/scene/update-label', body: { sceneId: id, labels: [] } },
        { name: 'remove label', method: 'POST', path: '/meta20/x/scene/remove-label', body: { sceneId: id, label: '机密' } },
        { name: 'share create', method: 'POST', path: '/meta20/scene-share/create', body: { sceneId: id } },
        { name: 'share revoke', method: 'POST', path: '/meta20/scene-share/revoke', body: { sceneId: id } },
        ...fileUrls.map((url, i) => ({ name: `file ${i}`, method: 'GET', path: url })),
      ];
    };

    for (const who of ['outsider', 'colleague'] as const) {
      it(`refuses every scene and file call of ${who === 'outsider' ? 'another project (its admin)' : 'a colleague who does not own it'} with 404 and changes nothing`, async () => {
        const token = who === 'outsider' ? outsider : colleague;
        const before = await snapshot();
        const list = probes();
        // A share code is for whoever holds it: another project's user gets what a visitor does,
        // the scheme's name, preview and file at code-scoped addresses, and nothing else.
        if (who === 'outsider') {
          const shared = await call<Record<string, unknown>>(app, 'GET', `/meta20/scene-share/get-by-share-code?shareCode=${shareCode}`, token);
          expect(shared.status).toBe(200);
          expect(Object.keys(shared.data).sort()).toEqual(['file', 'name', 'preview', 'shareCode']);
        }
        for (const p of list) {
          // Files are a project's: a colleague may load them (a scene shared by code needs that).
          if (who === 'colleague' && p.path.startsWith('/files/')) continue;
          const res = await call(app, p.method, p.path, token, p.body);
          expect(res.status, `${who}: ${p.name}`).toBe(404);
          if (!p.path.startsWith('/files/')) {
            expect(res.code, p.name).toBe(404);
            // the same answer as for a scene id that exists nowhere
            const ghost = await call(app, p.method, p.path.replace(String(scene.id), '987654321'), token, p.body);
            if (ghost.status === 404) expect(res.msg, p.name).toBe(ghost.msg);
          }
        }
        // cookie (as <img> sends it) for the files: same refusal
        for (const url of fileUrls) {
          const res = await app.request(url, { headers: { Cookie: `token=${token}` } });
          expect(res.status, `cookie ${url}`).toBe(who === 'outsider' ? 404 : 200);
          await res.arrayBuffer();
        }
        // calls that act on the caller's own data leave the owner's alone
        await call(app, 'POST', '/meta20/x/scene/update-label', token, { oldLabel: '机密', newLabel: 'x' });
        await call(app, 'POST', '/meta20/x/scene/remove-label', token, { label: '机密' });
        const lists = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?pageSize=100', token);
        expect(lists.data.list.map((s) => s.id)).not.toContain(scene.id);
        const labels = await call<{ label: string }[]>(app, 'GET', '/meta20/x/scene/get-labels', token);
        expect(labels.data.map((l) => l.label)).not.toContain('机密');
        // the owner's uploads cannot be claimed by anyone else
        const steal = await call(app, 'POST', '/meta20/x/scene', token, { name: 'stolen', file: unclaimed });
        expect(steal.status).toBe(400);
        expect(steal.code).toBe(20004);
        const stealFloors = await call(app, 'POST', '/meta20/x/scene/upload?kind=floors', token, new TextEncoder().encode(JSON.stringify([{ layerIndex: 0, preview: scene.preview }])));
        expect(stealFloors.status).toBe(400);
        // an auto save naming the scene lands in a new scene of the caller, never in the owner's
        const auto = await call<{ sceneId: number; created: boolean }>(app, 'POST', '/api/client/utility', token, {
          action: 'auto_save_scene',
          fromSceneId: scene.id,
          filecontnt: JSON.stringify(sceneFile(1, 'intruder')),
        });
        expect(auto.status).toBe(200);
        expect(auto.data.created).toBe(true);
        expect(auto.data.sceneId).not.toBe(scene.id);
        expect(await snapshot()).toEqual(before);
        // still served to the owner
        for (const url of fileUrls) {
          const res = await app.request(url, { headers: { Authorization: `Bearer ${owner}` } });
          expect(res.status, url).toBe(200);
          await res.arrayBuffer();
        }
      });
    }

    it('answers 401 for files without a session', async () => {
      for (const url of fileUrls) expect((await app.request(url)).status).toBe(401);
    });

    it('lets a project admin read, never change, a scene of the same project', async () => {
      const agent = await login(app, 'yfang_corp', 'agent', 'Agent@2026');
      const theirs = await createScene(app, agent, 'agent scene');
      const read = await call<SceneAnswer>(app, 'GET', `/meta20/x/scene/${theirs.id}`, outsider);
      expect(read.status).toBe(200);
      const file = await app.request(theirs.file, { headers: { Authorization: `Bearer ${outsider}` } });
      expect(file.status).toBe(200);
      expect(JSON.parse(await file.text())).toEqual(sceneFile(3, 'agent scene'));
      const write = await call(app, 'PUT', `/meta20/x/scene/${theirs.id}`, outsider, { baseVersion: 1, name: 'admin edit' });
      expect(write.status).toBe(404);
      const del = await call(app, 'DELETE', `/meta20/x/scene/${theirs.id}`, outsider);
      expect(del.status).toBe(404);
    });
  });
}
