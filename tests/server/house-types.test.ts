// The house-type library (户型入库, issue 16): an entry made from a saved scheme owns copies of its
// current file and preview (later saves of the scheme do not change it), the list is searched by
// name, city and building, another project sees nothing (404), and only the owner or a project
// admin may delete an entry, whose files then go with it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { createHouseType, deleteHouseType, listHouseTypes } from '../../api/house-type';
import { isApiError } from '../../api/errors';
import { login as apiLogin } from '../../api/session';
import { apiClientFor } from './catalogue-helpers';
import { backends, openTestApp } from './helpers';
import {
  call,
  createScene,
  fetchJson,
  login,
  PNG_1X1,
  sceneBytes,
  sceneFile,
  upload,
  type Caller,
  type PageAnswer,
  type SceneAnswer,
} from './scene-helpers';

interface HouseTypeAnswer {
  id: number;
  name: string;
  style: string;
  roomNumber: number;
  bedroomNumber: number;
  parlourNumber: number;
  bathroomNumber: number;
  city: string;
  cityName: string;
  building: string;
  area: number;
  file: string;
  preview: string;
  fromSceneId: number | null;
  ownerId: number;
}

const BASE = '/meta20/x/house-type';
const HOUSE = { roomNumber: 6, bedroomNumber: 3, parlourNumber: 2, bathroomNumber: 1, city: '110100', cityName: '北京市', building: '阳光花园', style: '现代' };

interface FileBody {
  meta: { name: string };
  records: { type: string }[];
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`house-type library on ${backend.name}`, () => {
    let app: Caller;
    let db: Db;
    let dispose: () => Promise<void>;
    let dataDir: string;
    let owner: string;
    let colleague: string;
    let admin: string;
    let outsider: string;
    let scene: SceneAnswer;
    let entry: HouseTypeAnswer;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'yfang-house-types-'));
      ({ app, db, dispose } = await openTestApp(backend, { dataDir }));
      owner = await login(app, 'yfang', 'designer', 'Design@2026');
      colleague = await login(app, 'yfang', 'member', 'Member@2026');
      admin = await login(app, 'yfang', 'admin', 'Admin@2026');
      outsider = await login(app, 'yfang_corp', 'admin', 'Admin@2026');

      // A scheme saved twice, the second time with a preview.
      scene = await createScene(app, owner, '三室两厅');
      // The v2 file names its client: the library's copy must not.
      const v2File = sceneFile(4, 'v2');
      const withClient = {
        ...v2File,
        records: v2File.records.map((r) =>
          r.type === 'meta'
            ? {
                ...r,
                client: {
                  name: '张三',
                  phone: '13900000000',
                  id: '77',
                  address: '文三路 1 号',
                  order_number: 'DD001',
                  custom_client_info: [
                    { key: 'ClientArea', Remark: '330100' },
                    { key: 'Remark', Remark: '张三的私人备注' },
                  ],
                },
              }
            : r,
        ),
      };
      const v2 = await upload(app, owner, 'scene', sceneBytes(withClient));
      const preview = await upload(app, owner, 'preview', PNG_1X1);
      const saved = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { baseVersion: 1, file: v2.url, preview: preview.url, area: 88.5 });
      expect(saved.status, saved.msg).toBe(200);
      scene = saved.data;
    });

    afterAll(async () => {
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stores a copy of the scheme as it is saved now, with its preview, counts, city and building', async () => {
      const res = await call<HouseTypeAnswer>(app, 'POST', BASE, owner, { sceneId: scene.id, ...HOUSE });
      expect(res.status, res.msg).toBe(200);
      entry = res.data;
      expect(entry).toMatchObject({ name: '三室两厅', ...HOUSE, area: 88.5, fromSceneId: scene.id });
      expect(entry.file).toMatch(/^\/files\/scenes\/yfang\//);
      expect(entry.file).not.toBe(scene.file);
      expect(entry.preview).toMatch(/\.png$/);
      expect(entry.preview).not.toBe(scene.preview);
      const copied = await fetchJson<FileBody>(app, owner, entry.file);
      // The plan and the city stay; the name is the entry's; the client's details are gone.
      expect(copied.meta.name).toBe('三室两厅');
      expect(copied.records.filter((r) => r.type === 'wall')).toHaveLength(4);
      const meta = copied.records.find((r) => r.type === 'meta') as unknown as { name: string; client: unknown };
      expect(meta.name).toBe('三室两厅');
      expect(meta.client).toEqual({ name: '', phone: '', id: '', address: '', order_number: '', custom_client_info: [{ key: 'ClientArea', Remark: '330100' }] });
      expect(JSON.stringify(copied)).not.toMatch(/张三|13900000000|DD001/);

      // A later save of the scheme leaves the entry as it was.
      const v3 = await upload(app, owner, 'scene', sceneBytes(sceneFile(9, 'v3')));
      const later = await call<SceneAnswer>(app, 'PUT', `/meta20/x/scene/${scene.id}`, owner, { baseVersion: scene.version, file: v3.url });
      expect(later.status, later.msg).toBe(200);
      scene = later.data;
      const again = await fetchJson<FileBody>(app, colleague, entry.file);
      expect(again).toEqual(copied);
    });

    it('refuses bad input, a scheme it cannot see, and an empty scheme, storing nothing', async () => {
      const before = await db.query<{ n: number }>('select count(*)::int as n from house_types');
      for (const body of [
        { ...HOUSE },
        { sceneId: scene.id, ...HOUSE, bedroomNumber: -1 },
        { sceneId: scene.id, ...HOUSE, bathroomNumber: 1.5 },
        { sceneId: scene.id, ...HOUSE, parlourNumber: '2' },
        { sceneId: scene.id, ...HOUSE, city: 'beijing' },
      ]) {
        const res = await call(app, 'POST', BASE, owner, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      // Not yours (a colleague's scheme), another project's, or none at all: 404 like a missing one.
      expect((await call(app, 'POST', BASE, colleague, { sceneId: scene.id, ...HOUSE })).status).toBe(404);
      expect((await call(app, 'POST', BASE, outsider, { sceneId: scene.id, ...HOUSE })).status).toBe(404);
      expect((await call(app, 'POST', BASE, owner, { sceneId: 987654321, ...HOUSE })).status).toBe(404);
      // A scheme whose saved file has no content (written here: saves refuse it already).
      const empty = await createScene(app, owner, 'empty-later');
      await db.query(`update scene_files set content_records = 0 where key = $1`, [empty.file.replace('/files/', '')]);
      const refused = await call(app, 'POST', BASE, owner, { sceneId: empty.id, ...HOUSE }, { 'Accept-Language': 'zh' });
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(20002);
      expect(refused.msg).toBe('场景不能为空！');
      const after = await db.query<{ n: number }>('select count(*)::int as n from house_types');
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('a project admin may store any scheme of the project', async () => {
      const res = await call<HouseTypeAnswer>(app, 'POST', BASE, admin, { sceneId: scene.id, ...HOUSE, name: '管理员入库', city: '', building: '' });
      expect(res.status, res.msg).toBe(200);
      expect(res.data).toMatchObject({ name: '管理员入库', city: '', cityName: '' });
      const copy = await fetchJson<FileBody>(app, owner, res.data.file);
      expect(copy.meta.name).toBe('管理员入库');
      expect(copy.records.filter((r) => r.type === 'wall')).toHaveLength(9);
    });

    it('lists the project library newest first, searched by name, city and building; other projects see none', async () => {
      const all = await call<PageAnswer<HouseTypeAnswer>>(app, 'GET', BASE, colleague);
      expect(all.status).toBe(200);
      expect(all.data.list.map((e) => e.name)).toEqual(['管理员入库', '三室两厅']);
      expect(all.data.total).toBe(2);
      for (const [keyword, names] of [
        ['阳光', ['三室两厅']],
        ['北京', ['三室两厅']],
        ['管理员', ['管理员入库']],
        ['100%', []],
      ] as const) {
        const found = await call<PageAnswer<HouseTypeAnswer>>(app, 'GET', `${BASE}?keyword=${encodeURIComponent(keyword)}`, owner);
        expect(found.data.list.map((e) => e.name), keyword).toEqual(names);
      }
      const paged = await call<PageAnswer<HouseTypeAnswer>>(app, 'GET', `${BASE}?pageNumber=2&pageSize=1`, owner);
      expect(paged.data).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
      expect(paged.data.list.map((e) => e.name)).toEqual(['三室两厅']);

      const foreign = await call<PageAnswer<HouseTypeAnswer>>(app, 'GET', BASE, outsider);
      expect(foreign.data).toMatchObject({ list: [], total: 0 });
      expect((await call(app, 'GET', `${BASE}/${entry.id}`, outsider)).status).toBe(404);
      expect((await app.request(entry.file, { headers: { Authorization: `Bearer ${outsider}` } })).status).toBe(404);
      expect((await call<HouseTypeAnswer>(app, 'GET', `${BASE}/${entry.id}`, colleague)).data.name).toBe('三室两厅');
    });

    it('deletes for the owner or a project admin only, with its files', async () => {
      expect((await call(app, 'DELETE', `${BASE}/${entry.id}`, outsider)).status).toBe(404);
      const refused = await call(app, 'DELETE', `${BASE}/${entry.id}`, colleague);
      expect(refused.status).toBe(403);
      expect((await call(app, 'GET', `${BASE}/${entry.id}`, owner)).status).toBe(200);

      const deleted = await call(app, 'DELETE', `${BASE}/${entry.id}`, owner);
      expect(deleted.status, deleted.msg).toBe(200);
      expect((await call(app, 'GET', `${BASE}/${entry.id}`, owner)).status).toBe(404);
      expect((await app.request(entry.file, { headers: { Authorization: `Bearer ${owner}` } })).status).toBe(404);
      const rows = await db.query('select 1 from scene_files where key = any($1::text[])', [[entry.file, entry.preview].map((u) => u.replace('/files/', ''))]);
      expect(rows).toHaveLength(0);

      const rest = await call<PageAnswer<HouseTypeAnswer>>(app, 'GET', BASE, owner);
      const other = rest.data.list[0]!;
      expect((await call(app, 'DELETE', `${BASE}/${other.id}`, admin)).status).toBe(200);
      expect((await call<PageAnswer<HouseTypeAnswer>>(app, 'GET', BASE, owner)).data.total).toBe(0);
    });

    it('answers the typed client of api/house-type.ts (last: its login ends the owner\'s other session)', async () => {
      const client = apiClientFor(app as Parameters<typeof apiClientFor>[0]);
      await apiLogin(client, { project: 'yfang', account: 'designer', password: 'Design@2026' });
      const made = await createHouseType(client, { sceneId: scene.id, ...HOUSE, name: '客户端' }, { idempotencyKey: 'house-type-1' });
      const replay = await createHouseType(client, { sceneId: scene.id, ...HOUSE, name: '客户端' }, { idempotencyKey: 'house-type-1' });
      expect(replay.id).toBe(made.id);
      expect((await listHouseTypes(client, { keyword: '客户端' })).list.map((e) => e.id)).toEqual([made.id]);
      const refused = await createHouseType(client, { sceneId: 987654321, ...HOUSE }).catch((e: unknown) => e);
      expect(isApiError(refused) && refused.status).toBe(404);
      expect(await deleteHouseType(client, made.id)).toEqual({ id: made.id });
    });
  });
}
