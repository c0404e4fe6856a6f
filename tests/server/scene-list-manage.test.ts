// What the scheme manager (我的方案) needs of the list and of a rename, on PGlite and PostgreSQL:
// the list sorted by change time, creation time or name either way, and a rename that leaves the
// content version alone so that an open copy of the scene still saves on its base.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, sceneBytes, sceneFile, upload, type Caller, type PageAnswer, type SceneAnswer } from './scene-helpers';

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`scheme list and rename on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let owner: string;
    let other: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-scheme-list-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      owner = await login(app, 'yfang', 'designer', 'Design@2026');
      other = await login(app, 'yfang', 'member', 'Member@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const ids = async (query: string, token = owner) => {
      const res = await call<PageAnswer<SceneAnswer>>(app, 'GET', `/meta20/x/scene?pageSize=100&keyword=sortme${query}`, token);
      expect(res.status, res.msg).toBe(200);
      return res.data.list.map((s) => s.id);
    };

    it('sorts by change time (default), creation time or name, either way, and refuses other keys', async () => {
      const b = await createScene(app, owner, 'sortme b');
      const a = await createScene(app, owner, 'sortme a');
      const c = await createScene(app, owner, 'sortme c');
      // b changes last: it leads the default order, but keeps its place by creation time.
      await db.query("update scenes set created_at = now() - interval '3 hour' + (id - $1) * interval '1 minute', updated_at = now() - interval '1 hour'", [b.id]);
      await db.query("update scenes set updated_at = now() where id = $1", [b.id]);

      expect(await ids('')).toEqual([b.id, c.id, a.id]);
      expect(await ids('&sort=updatedAt&order=asc')).toEqual([a.id, c.id, b.id]);
      expect(await ids('&sort=createdAt&order=desc')).toEqual([c.id, a.id, b.id]);
      expect(await ids('&sort=createdAt&order=asc')).toEqual([b.id, a.id, c.id]);
      expect(await ids('&sort=name&order=asc')).toEqual([a.id, b.id, c.id]);
      expect(await ids('&sort=name&order=desc')).toEqual([c.id, b.id, a.id]);
      // pages follow the order asked for
      const page2 = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?keyword=sortme&sort=name&order=asc&pageSize=2&pageNumber=2', owner);
      expect(page2.data.list.map((s) => s.id)).toEqual([c.id]);

      for (const bad of ['sort=id', 'sort=updated_at;drop', 'order=up']) {
        const res = await call(app, 'GET', `/meta20/x/scene?${bad}`, owner, undefined, { 'Accept-Language': 'en' });
        expect(res.status).toBe(400);
        expect(res.data).toEqual({ field: bad.split('=')[0] });
      }
    });

    it('renames with a name alone: no new version, the change time kept, an open copy still saves', async () => {
      const scene = await createScene(app, owner, 'before');
      const renamed = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { name: '  改名后  ' });
      expect(renamed.status, renamed.msg).toBe(200);
      expect(renamed.data).toMatchObject({ name: '改名后', version: 1, updatedAt: scene.updatedAt, file: scene.file, currentVersionId: scene.currentVersionId });

      // The tab that had it open saves on version 1 still, and the name stays what the rename made.
      const up = await upload(app, owner, 'scene', sceneBytes(sceneFile(4, 'after rename')));
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { baseVersion: 1, file: up.url });
      expect(saved.status, saved.msg).toBe(200);
      expect(saved.data).toMatchObject({ name: '改名后', version: 2 });

      // Anything beside the name is a versioned change and still needs its base.
      const fields = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { name: 'x', roomType: 100 });
      expect(fields.status).toBe(400);
      expect(fields.data).toEqual({ field: 'baseVersion' });
      const blank = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { name: '   ' });
      expect(blank.status).toBe(400);

      // Someone else's scene, or one in the recycle bin, is not found and keeps its name.
      const theirs = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, other, { name: 'pwned' });
      expect(theirs.status).toBe(404);
      await call(app, 'DELETE', `/meta20/x/scene/${scene.id}`, owner);
      const binned = await call(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { name: 'in the bin' });
      expect(binned.status).toBe(404);
      const after = await call<PageAnswer<SceneAnswer>>(app, 'GET', '/meta20/x/scene?deleted=1&pageSize=100', owner);
      expect(after.data.list.find((s) => s.id === scene.id)?.name).toBe('改名后');
    });
  });
}
