// 制作样板间 (POST /api/admin/model-room {action:'scheme', scene_id}): a sample room made from the
// caller's own saved scene keeps a copy of the scene's file (later saves and even deep deletion of
// the scheme leave it alone), gets the plan as its cover, is made once per scene, and no one but the
// scene's owner can make one from it (404, as for a scene that does not exist).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_FILE_FORMAT, type FileRecord, type SceneFile } from '../../protocol/scene-file';
import type { Db } from '../../server/db/types';
import { COVER_HEIGHT, COVER_WIDTH } from '../../server/catalogues/model-room-covers';
import { readPng } from './catalogue-helpers';
import { backends, openTestApp } from './helpers';
import { call, createScene, login, sceneBytes, upload, type Caller, type SceneAnswer } from './scene-helpers';

interface ModelRoomAnswer {
  id: number;
  name: string;
  scene_id: number | null;
  scene_file: string;
  cover_url: string;
  model_list_url: string;
  room_type: number;
  area: number;
  is_owner: 0 | 1;
  is_public: 0 | 1;
  scheme_brand: string;
}

/** A square room of `size` mm with its four walls; roomType as given. */
function roomFile(name: string, roomTypes: readonly number[]): SceneFile {
  const records: FileRecord[] = [
    { id: 'meta', type: 'meta', name, style: '', roomType: roomTypes.length > 1 ? 100 : (roomTypes[0] ?? 0), isUseStackWall: 0, hasMeasuringSize: false },
    { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 },
  ];
  roomTypes.forEach((roomType, i) => {
    const x0 = i * 4000;
    const c = [
      { x: x0, y: 0 },
      { x: x0 + 4000, y: 0 },
      { x: x0 + 4000, y: 3000 },
      { x: x0, y: 3000 },
    ];
    c.forEach((p, k) => {
      const q = c[(k + 1) % 4]!;
      records.push({ id: `w${i}${k}`, type: 'wall', storeyId: 's1', start: p, end: q, thickness: 240, height: 2800 });
    });
    records.push({ id: `r${i}`, type: 'room', storeyId: 's1', name: `房间${i}`, roomType, outline: c });
  });
  records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { format: SCENE_FILE_FORMAT, schema: { meta: 1, storey: 1, wall: 1, room: 1 }, meta: { name }, records };
}

const make = (app: Caller, token: string, sceneId: number, headers: Record<string, string> = {}) =>
  call<ModelRoomAnswer>(app, 'POST', '/api/admin/model-room', token, { action: 'scheme', scene_id: sceneId }, headers);

async function fileText(app: Caller, token: string, url: string): Promise<string> {
  const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, `GET ${url}`).toBe(200);
  return res.text();
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`制作样板间 on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let owner: string;
    let colleague: string;
    let projectAdmin: string;
    let outsider: string;
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from model_rooms'))[0]!.n;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-make-room-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      owner = await login(app, 'yfang', 'designer', 'Design@2026');
      colleague = await login(app, 'yfang', 'member', 'Member@2026');
      projectAdmin = await login(app, 'yfang', 'admin', 'Admin@2026');
      outsider = await login(app, 'yfang_corp', 'admin', 'Admin@2026');
    });
    afterAll(async () => {
      await dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('makes a sample room from a copy of the scene file, with the plan as cover, listed under the scene', async () => {
      const scene = await createScene(app, owner, '两居室', roomFile('两居室', [2, 7]));
      const made = await make(app, owner, scene.id);
      expect(made.status, made.msg).toBe(200);
      const room = made.data;
      expect(room).toMatchObject({ name: '两居室', scene_id: scene.id, is_owner: 1, is_public: 0, scheme_brand: 'yfang', area: 12.5 });
      expect(room.scene_file).toMatch(/^\/files\/scenes\/yfang\/.+\.json$/);
      expect(room.scene_file).not.toBe(scene.file);
      expect(await fileText(app, owner, room.scene_file)).toBe(await fileText(app, owner, scene.file));
      const cover = await app.request(room.cover_url, { headers: { Authorization: `Bearer ${owner}` } });
      expect(cover.headers.get('content-type')).toBe('image/png');
      expect(readPng(new Uint8Array(await cover.arrayBuffer()))).toMatchObject({ width: COVER_WIDTH, height: COVER_HEIGHT });
      expect(room.model_list_url).toBe(room.cover_url);
      // a colleague of the project sees it in the list and can read its file
      const list = await call<{ data: ModelRoomAnswer[] }>(app, 'GET', `/api/admin/model-room?action=scheme&scene_id=${scene.id}`, colleague);
      expect(list.data.data.map((r) => r.id)).toEqual([room.id]);
      expect(await fileText(app, colleague, room.scene_file)).toContain('两居室');

      // Later saves of the scheme, and deleting it for good, leave the sample room's file as it was.
      const before = await fileText(app, owner, room.scene_file);
      const v2 = await upload(app, owner, 'scene', sceneBytes(roomFile('改过的', [3])));
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { baseVersion: scene.version, file: v2.url });
      expect(saved.status, saved.msg).toBe(200);
      expect(await call(app, 'DELETE', `/meta20/x/scene/deep/${scene.id}`, owner)).toMatchObject({ status: 200 });
      expect(await fileText(app, owner, room.scene_file)).toBe(before);
      expect((await app.request(room.cover_url, { headers: { Authorization: `Bearer ${owner}` } })).status).toBe(200);
    });

    it('answers 该场景已制作过样板间！ for a second make of the same scene, also when both come at once', async () => {
      const scene = await createScene(app, owner, '一居', roomFile('一居', [2]));
      const [a, b] = await Promise.all([make(app, owner, scene.id), make(app, owner, scene.id)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const again = await make(app, owner, scene.id);
      expect(again).toMatchObject({ status: 409, code: 30031, msg: '该场景已制作过样板间！' });
      const en = await make(app, owner, scene.id, { 'Accept-Language': 'en' });
      expect(en.msg).toBe('A sample room has already been made from this scene!');
      expect((await db.query('select id from model_rooms where scene_id = $1', [scene.id])).length).toBe(1);
      // the loser's copies are gone from the file rows too: one scene file copy, one cover
      const files = await db.query<{ kind: string }>(
        `select kind from scene_files where key in (select substr(scene_file, 8) from model_rooms where scene_id = $1
           union select substr(cover_url, 8) from model_rooms where scene_id = $1)`,
        [scene.id],
      );
      expect(files.map((f) => f.kind).sort()).toEqual(['preview', 'scene']);
    });

    it("refuses another user's or another project's scene with 404 and makes nothing", async () => {
      const scene = await createScene(app, owner, '别人的', roomFile('别人的', [2]));
      const n = await count();
      for (const token of [colleague, projectAdmin, outsider]) {
        const res = await make(app, token, scene.id);
        expect(res).toMatchObject({ status: 404, code: 404 });
      }
      expect((await make(app, owner, 987654321)).status).toBe(404);
      await call(app, 'DELETE', `/meta20/x/scene/${scene.id}`, owner);
      expect((await make(app, owner, scene.id)).status).toBe(404);
      expect(await count()).toBe(n);
    });

    it('refuses a scene without rooms, or with a room of no type, in the words of core.md §5', async () => {
      const n = await count();
      const bare = await createScene(app, owner, '空');
      expect(await make(app, owner, bare.id)).toMatchObject({ status: 400, code: 30032, msg: '该场景没有发现房间，无法进行样板间制作' });
      const untyped = await createScene(app, owner, '未设类型', roomFile('未设类型', [2, 0]));
      expect(await make(app, owner, untyped.id)).toMatchObject({ status: 400, code: 30032, msg: '请先设置房间类型' });
      expect((await make(app, owner, untyped.id, { 'Accept-Language': 'en' })).msg).toBe('Please set the room types first');
      expect(await count()).toBe(n);
    });

    it('checks its input', async () => {
      const res = await call(app, 'POST', '/api/admin/model-room', owner, { action: 'scheme', scene_id: 'abc' });
      expect(res.status).toBe(400);
      expect((await call(app, 'POST', '/api/admin/model-room', null, { action: 'scheme', scene_id: 1 })).status).toBe(401);
    });
  });
}

describe('the cover of a sample room made from a scheme', () => {
  it('draws the ground floor only: an upper storey is not drawn over it', async () => {
    const { groundFloor } = await import('../../server/catalogues/model-room-make');
    const records = [
      { id: 'up', type: 'storey', index: 1 },
      { id: 'gf', type: 'storey', index: 0 },
      { id: 'w1', type: 'wall', storeyId: 'gf' },
      { id: 'w2', type: 'wall', storeyId: 'up' },
      { id: 'o1', type: 'opening', wallId: 'w1' },
      { id: 'm2', type: 'model', storeyId: 'up' },
    ];
    expect(groundFloor(records).map((r) => r.id)).toEqual(['up', 'gf', 'w1', 'o1']);
    expect(groundFloor(records.filter((r) => r.type !== 'storey')).length).toBe(4);
  });
});
