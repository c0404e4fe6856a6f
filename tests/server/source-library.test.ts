// The source library (/api/admin/source-library) on both databases: categories, item maps,
// paving lookups and simple-paving favourites, and the walls between users and projects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { backends } from './helpers';
import { openCatalogueApp, signIn, type Caller, type TestApp } from './catalogue-helpers';

const PATH = '/api/admin/source-library';

interface Category {
  id: number;
  name: string;
  source_type: string;
  library_type: 'personal' | 'brand';
  count: number;
  editable: 0 | 1;
}
interface MapItem {
  id: number;
  cate_id: number;
  cate_name: string;
  source_type: string;
  model_id: string;
  item: { code: string; name: string; image: string } | null;
}
interface Paged<T> {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: T[];
}
interface Favor {
  id: number;
  name: string;
  tile_id: number | null;
  payload: Record<string, unknown>;
  tile: { code: string; old_id: number } | null;
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`source library on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let dispose: () => Promise<void>;
    let designer: Caller;
    let member: Caller;
    let admin: Caller;
    let chuangmi: Caller;
    let tileIds: number[];
    let corpTileId: number;

    beforeAll(async () => {
      ({ app, db, dispose } = await openCatalogueApp(backend));
      [designer, member, admin, chuangmi] = await Promise.all([
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang', 'member', 'Member@2026'),
        signIn(app, 'yfang', 'admin', 'Admin@2026'),
        signIn(app, 'chuangmi', 'chuangmi', 'Chuangmi@2026'),
      ]);
      tileIds = (await db.query<{ id: number }>('select id from tiles where owner_project is null order by id limit 12')).map((r) => r.id);
      corpTileId = (await db.query<{ id: number }>(`select id from tiles where owner_project = 'yfang_corp' limit 1`))[0]!.id;
    });
    afterAll(async () => {
      await dispose?.();
    });

    describe('categories', () => {
      let mine: Category;

      it('store_category needs a name: 请输入文件名称', async () => {
        for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
          const res = await designer.post(PATH, { action: 'store_category', source_type: 'model', ...body });
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(res.body).toEqual({ retcode: 400, retmsg: '请输入文件名称', retdata: { field: 'name' } });
        }
        const long = await designer.post(PATH, { action: 'store_category', source_type: 'model', name: 'x'.repeat(51) });
        expect(long.status).toBe(400);
        expect(long.body.retdata).toEqual({ field: 'name' });
        expect((await designer.post(PATH, { action: 'store_category', name: 'a', source_type: 'bad type!' })).body.retdata).toEqual({
          field: 'source_type',
        });
      });

      it('stores, lists, filters, renames and refuses duplicate names', async () => {
        const created = await designer.post<Category>(PATH, { action: 'store_category', name: ' 客厅瓷砖 ', source_type: 'tile' });
        expect(created.status).toBe(200);
        mine = created.body.retdata;
        expect(mine).toMatchObject({ name: '客厅瓷砖', source_type: 'tile', library_type: 'personal', count: 0, editable: 1 });
        await designer.post(PATH, { action: 'store_category', name: '卧室模型', source_type: 'model' });
        // the name as a path segment reaches the same handler
        expect((await designer.post(`${PATH}/store_category`, { name: 'Bath', source_type: 'model' })).status).toBe(200);

        const dup = await designer.post(PATH, { action: 'store_category', name: '客厅瓷砖', source_type: 'tile' });
        expect(dup.status).toBe(409);
        expect(dup.body.retcode).toBe(30001);
        expect((await designer.post(PATH, { action: 'store_category', name: 'bath', source_type: 'model' })).status).toBe(409);
        // the same name in another source type or for another user is fine
        expect((await designer.post(PATH, { action: 'store_category', name: '客厅瓷砖', source_type: 'model' })).status).toBe(200);
        expect((await member.post(PATH, { action: 'store_category', name: '客厅瓷砖', source_type: 'tile' })).status).toBe(200);

        const tiles = (await designer.get<Category[]>(PATH, { action: 'get_category_list', source_type: 'tile' })).body.retdata;
        expect(tiles.map((c) => c.name)).toEqual(['客厅瓷砖']);
        const models = (await designer.get<Category[]>(`${PATH}/get_category_list`, { source_type: 'model', keyword: '卧' })).body.retdata;
        expect(models.map((c) => c.name)).toEqual(['卧室模型']);

        const renamed = await designer.patch<Category>(`${PATH}/${mine.id}`, { action: 'update_category', name: '客餐厅瓷砖' });
        expect(renamed.body.retdata.name).toBe('客餐厅瓷砖');
        expect((await designer.patch(`${PATH}/${mine.id}`, { action: 'update_category', name: '' })).body.retmsg).toBe('请输入文件名称');
        expect((await designer.patch(`${PATH}/${mine.id}`, { action: 'update_category', name: '卧室模型' })).status).toBe(200);
        await designer.patch(`${PATH}/${mine.id}`, { action: 'update_category', name: '客餐厅瓷砖' });
      });

      it('personal categories are invisible and unchangeable to other users and projects (404)', async () => {
        for (const other of [member, chuangmi, admin]) {
          const list = (await other.get<Category[]>(PATH, { action: 'get_category_list' })).body.retdata;
          expect(list.some((c) => c.id === mine.id)).toBe(false);
          expect((await other.patch(`${PATH}/${mine.id}`, { action: 'update_category', name: 'hijack' })).status).toBe(404);
          expect((await other.del(`${PATH}/${mine.id}`, { action: 'delete_category' })).status).toBe(404);
          expect((await other.get(PATH, { action: 'get_category_map_page_list', cate_id: mine.id })).status).toBe(404);
          expect((await other.post(PATH, { action: 'store_category_map', model_id: tileIds[0]!, source_type: 'tile', cate_id: mine.id })).status).toBe(404);
          expect((await other.post(PATH, { action: 'delete_category_map', model_id: tileIds[0]!, source_type: 'tile', cate_id: mine.id })).status).toBe(404);
        }
        const [row] = await db.query<{ name: string }>('select name from library_categories where id = $1', [mine.id]);
        expect(row!.name).toBe('客餐厅瓷砖');
      });

      it('brand categories: created by project admins, read by the whole project, changed by admins only', async () => {
        const refused = await designer.post(PATH, { action: 'store_category', name: '企业精选', source_type: 'tile', library_type: 'brand' });
        expect(refused.status).toBe(403);
        const made = await admin.post<Category>(PATH, { action: 'store_category', name: '企业精选', source_type: 'tile', library_type: 'brand' });
        expect(made.body.retdata).toMatchObject({ library_type: 'brand', editable: 1 });
        const brandId = made.body.retdata.id;
        const seen = (await designer.get<Category[]>(PATH, { action: 'get_category_list', library_type: 'brand' })).body.retdata;
        expect(seen.map((c) => [c.id, c.editable])).toEqual([[brandId, 0]]);
        expect((await designer.patch(`${PATH}/${brandId}`, { action: 'update_category', name: 'x' })).status).toBe(403);
        expect((await designer.post(PATH, { action: 'store_category_map', model_id: tileIds[0]!, source_type: 'tile', cate_id: brandId })).status).toBe(403);
        expect((await chuangmi.get<Category[]>(PATH, { action: 'all_category', brand: 1 })).body.retdata).toEqual([]);
        expect((await chuangmi.patch(`${PATH}/${brandId}`, { action: 'update_category', name: 'x' })).status).toBe(404);

        const brandAll = (await designer.get<Category[]>(PATH, { action: 'all_category', brand: 1 })).body.retdata;
        expect(brandAll.map((c) => c.id)).toEqual([brandId]);
        const personalAll = (await designer.get<Category[]>(PATH, { action: 'all_category', brand: 0 })).body.retdata;
        expect(personalAll.every((c) => c.library_type === 'personal')).toBe(true);
        expect(new Set(personalAll.map((c) => c.source_type))).toEqual(new Set(['tile', 'model']));
      });

      it('files items under a category, pages them 8 at a time, moves and removes them', async () => {
        const other = (await designer.post<Category>(PATH, { action: 'store_category', name: '备选', source_type: 'tile' })).body.retdata;
        const one = await designer.post(PATH, { action: 'store_category_map', model_id: tileIds[0]!, source_type: 'tile', cate_id: mine.id, cate_name: mine.name });
        expect(one.body.retdata).toEqual({ cate_id: mine.id, added: 1 });
        const multi = await designer.post(PATH, {
          action: 'store_category_map_multi',
          model_id_list: tileIds.slice(1, 11).map(String),
          source_type: 'tile',
          cate_id: mine.id,
        });
        expect(multi.body.retdata).toEqual({ cate_id: mine.id, added: 10 });
        // filing again changes nothing
        expect((await designer.post(PATH, { action: 'store_category_map', model_id: tileIds[0]!, source_type: 'tile', cate_id: mine.id })).body.retdata).toEqual({
          cate_id: mine.id,
          added: 0,
        });

        const page1 = (await designer.get<Paged<MapItem>>(PATH, { action: 'get_category_map_page_list', cate_id: mine.id })).body.retdata;
        expect(page1).toMatchObject({ total: 11, per_page: 8, current_page: 1, last_page: 2 });
        expect(page1.data).toHaveLength(8);
        const page2 = (await designer.get<Paged<MapItem>>(PATH, { action: 'get_category_map_page_list', cate_id: mine.id, page: 2 })).body.retdata;
        expect(page2.data).toHaveLength(3);
        const items = [...page1.data, ...page2.data];
        expect(new Set(items.map((m) => m.model_id))).toEqual(new Set(tileIds.slice(0, 11).map(String)));
        expect(items.every((m) => m.item !== null && m.item.image.endsWith('.png') && m.cate_name === '客餐厅瓷砖')).toBe(true);
        expect((await designer.get<Category[]>(PATH, { action: 'get_category_list', source_type: 'tile', keyword: '客餐厅' })).body.retdata[0]!.count).toBe(11);

        // an item sits in one category of a library: filing it elsewhere moves it
        await designer.post(PATH, { action: 'store_category_map', model_id: String(tileIds[0]), source_type: 'tile', cate_id: other.id });
        expect((await designer.get<Paged<MapItem>>(PATH, { action: 'get_category_map_page_list', cate_id: mine.id })).body.retdata.total).toBe(10);
        expect((await designer.get<Paged<MapItem>>(PATH, { action: 'get_category_map_page_list', cate_id: other.id })).body.retdata.total).toBe(1);

        const removed = await designer.post(PATH, { action: 'delete_category_map', model_id: tileIds[0]!, source_type: 'tile' });
        expect(removed.body.retdata).toEqual({ removed: 1 });
        const removedMany = await designer.post(PATH, {
          action: 'delete_category_map_multi',
          model_id_list: tileIds.slice(1, 4),
          source_type: 'tile',
          cate_id: mine.id,
        });
        expect(removedMany.body.retdata).toEqual({ removed: 3 });
        expect((await designer.get<Paged<MapItem>>(PATH, { action: 'get_category_map_page_list', cate_id: mine.id })).body.retdata.total).toBe(7);

        // a private tile of another project is filed by id but never shown
        await chuangmi.post(PATH, { action: 'store_category', name: 'cm', source_type: 'tile' });
        const cmCat = (await chuangmi.get<Category[]>(PATH, { action: 'get_category_list' })).body.retdata[0]!;
        await chuangmi.post(PATH, { action: 'store_category_map', model_id: corpTileId, source_type: 'tile', cate_id: cmCat.id });
        const cmItems = (await chuangmi.get<Paged<MapItem>>(PATH, { action: 'get_category_map_page_list', cate_id: cmCat.id })).body.retdata;
        expect(cmItems.data.map((m) => m.item)).toEqual([null]);

        // deleting a category takes its maps with it
        expect((await designer.del(`${PATH}/${other.id}`, { action: 'delete_category' })).body.retdata).toEqual({ id: other.id });
        expect((await designer.get(PATH, { action: 'get_category_map_page_list', cate_id: other.id })).status).toBe(404);
        const [left] = await db.query<{ n: number }>('select count(*)::int as n from library_category_maps where category_id = $1', [other.id]);
        expect(left!.n).toBe(0);
      });
    });

    describe('pavings in the source library', () => {
      it('get_paving_category_list and get_paving_brand_list', async () => {
        const top = (await designer.get<{ id: number; name: string; count: number }[]>(PATH, { action: 'get_paving_category_list' })).body.retdata;
        expect(top.map((c) => c.name)).toEqual(['拼花', '水刀']);
        const children = (await designer.get<{ id: number; parent_id: number; count: number }[]>(PATH, { action: 'get_paving_category_list', category: top[0]!.id }))
          .body.retdata;
        expect(children.length).toBe(4);
        expect(children.every((c) => c.parent_id === top[0]!.id)).toBe(true);
        expect(children.reduce((n, c) => n + c.count, 0)).toBe(top[0]!.count);
        const brands = (await designer.get<{ name: string; count: number }[]>(PATH, { action: 'get_paving_brand_list', category: top[1]!.id })).body.retdata;
        expect(brands.reduce((n, b) => n + b.count, 0)).toBe(top[1]!.count);
      });

      it('get_paying_by_filters (POST) pages pavings and medallions by filters', async () => {
        const [counts] = await db.query<{ paving: number; waterjet: number }>(
          `select count(*) filter (where kind = 'paving')::int as paving, count(*) filter (where kind = 'waterjet')::int as waterjet from pavings`,
        );
        const all = (await designer.post<Paged<{ kind: string }>>(PATH, { action: 'get_paying_by_filters', pageSize: 99 })).body.retdata;
        expect(all.total).toBe(counts!.paving + counts!.waterjet);
        const jets = (await designer.post<Paged<{ kind: string }>>(`${PATH}/get_paying_by_filters`, { kind: 'waterjet' })).body.retdata;
        expect(jets).toMatchObject({ total: counts!.waterjet, per_page: 8 });
        expect(jets.data.every((p) => p.kind === 'waterjet')).toBe(true);
        const byCategory = (await designer.post<Paged<{ kind: string }>>(PATH, { action: 'get_paying_by_filters', category: '2', page: 1, pageSize: 99 }))
          .body.retdata;
        expect(byCategory.total).toBe(counts!.waterjet);
        expect((await designer.post(PATH, { action: 'get_paying_by_filters', mode: '7' })).status).toBe(400);
      });
    });

    describe('simple paving favourites', () => {
      it('adds, lists and removes; other users and projects see and touch nothing', async () => {
        const tile = (await db.query<{ id: number; code: string; old_id: number }>('select id, code, old_id from tiles where id = $1', [tileIds[5]]))[0]!;
        const added = await designer.post<Favor>(PATH, {
          action: 'simple_paving_favor',
          tile_id: tile.id,
          name: '客厅直铺',
          map: '/files/x.png',
          map_low: '/files/x.thumb.png',
          custom_type: 1,
          rotation: 45,
        });
        expect(added.status).toBe(200);
        expect(added.body.retdata).toMatchObject({
          name: '客厅直铺',
          tile_id: tile.id,
          payload: { tile_id: tile.id, map: '/files/x.png', rotation: 45 },
          tile: { code: tile.code, old_id: tile.old_id },
        });
        expect(added.body.retdata.payload).not.toHaveProperty('action');
        const id = added.body.retdata.id;
        await designer.post(PATH, { action: 'simple_paving_favor', name: 'no tile', gap: 2 });

        const list = (await designer.get<Paged<Favor>>(PATH, { action: 'simple_paving_favor_page_list' })).body.retdata;
        expect(list).toMatchObject({ total: 2, per_page: 8, last_page: 1 });
        expect(list.data.map((f) => f.name)).toEqual(['no tile', '客厅直铺']);
        expect((await member.get<Paged<Favor>>(PATH, { action: 'simple_paving_favor_page_list' })).body.retdata.total).toBe(0);
        expect((await member.del(`${PATH}/${id}`, { action: 'simple_paving_favor' })).status).toBe(404);
        expect((await chuangmi.del(`${PATH}/${id}`, { action: 'simple_paving_favor' })).status).toBe(404);
        expect((await designer.post(PATH, { action: 'simple_paving_favor', tile_id: corpTileId })).status).toBe(404);

        expect((await designer.del(`${PATH}/${id}`, { action: 'simple_paving_favor' })).body.retdata).toEqual({ id });
        expect((await designer.del(`${PATH}/${id}`, { action: 'simple_paving_favor' })).status).toBe(404);
        expect((await designer.get<Paged<Favor>>(PATH, { action: 'simple_paving_favor_page_list' })).body.retdata.total).toBe(1);
      });
    });

    it('names the action or answers 400', async () => {
      expect((await designer.get(PATH)).body.retdata).toEqual({ field: 'action' });
      expect((await designer.get(PATH, { action: 'drop_everything' })).status).toBe(400);
      expect((await designer.post(PATH, { action: 'get_category_list' })).status).toBe(400);
      expect((await designer.post(`${PATH}/get_category_list`, {})).status).toBe(400);
      expect((await designer.del(`${PATH}/1`)).body.retdata).toEqual({ field: 'action' });
      expect((await designer.post(PATH, { action: 'store_category_map_multi', model_id_list: [], source_type: 'tile', cate_id: 1 })).status).toBe(400);
      const res = await app.request(PATH, { method: 'POST', headers: { Authorization: `Bearer ${designer.token}`, 'Content-Type': 'application/json' }, body: 'null' });
      expect(res.status).toBe(400);
    });
  });
}
