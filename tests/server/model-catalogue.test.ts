// The furniture model catalogue on both databases: seeding, search, filters and pages, favourites
// per user, tenant scoping, the model files (GLB, low GLB, cover, plan symbol) and bad input.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { furnitureDefs } from '../../server/catalogues/furniture/catalogue';
import { BRAND_MODEL_SEEDS, seedModels } from '../../server/catalogues/seed-models';
import type { PagedResult } from '../../server/catalogues/http';
import type { ModelFacets, ModelItem } from '../../server/catalogues/models';
import { backends } from './helpers';
import { openCatalogueApp, readPng, signIn, type Caller, type MemoryStorage, type TestApp } from './catalogue-helpers';

type Model = ModelItem;
type Paged<T> = PagedResult<T>;
interface FilterResult extends Paged<Model> {
  filters: ModelFacets;
}

const PUBLIC_COUNT = furnitureDefs().length;
const CORP_BRAND = BRAND_MODEL_SEEDS.find((b) => b.project === 'yfang_corp')!;

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`model catalogue on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let storage: MemoryStorage;
    let dispose: () => Promise<void>;
    let designer: Caller;
    let member: Caller;
    let corp: Caller;
    let chuangmi: Caller;

    const list = (who: Caller, query: Record<string, string | number> = {}) =>
      who.get<Paged<Model>>('/api/admin/model', { action: 'list', ...query });

    beforeAll(async () => {
      ({ app, db, storage, dispose } = await openCatalogueApp(backend));
      [designer, member, corp, chuangmi] = await Promise.all([
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang', 'member', 'Member@2026'),
        signIn(app, 'yfang_corp', 'designer', 'Designer@2026'),
        signIn(app, 'chuangmi', 'chuangmi', 'Chuangmi@2026'),
      ]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    describe('seeding', () => {
      it('inserts every generated model once as a public row, and brand rows per tenant', async () => {
        const [pub] = await db.query<{ n: number; ids: number }>(
          'select count(*)::int as n, count(distinct model_id)::int as ids from catalogue_models where owner_project is null',
        );
        expect(pub).toEqual({ n: PUBLIC_COUNT, ids: PUBLIC_COUNT });
        const brand = await db.query<{ owner_project: string; n: number }>(
          `select owner_project, count(*)::int as n from catalogue_models where owner_project is not null group by 1 order by 1`,
        );
        expect(brand).toEqual(
          BRAND_MODEL_SEEDS.map((b) => ({ owner_project: b.project, n: b.classes.length })).sort((a, b) => a.owner_project.localeCompare(b.owner_project)),
        );
        expect(await seedModels(db)).toBe(0);
      });

      it('fills in the models of a data folder seeded before they existed, and only those', async () => {
        const gone = await db.query<{ id: number }>(
          `delete from catalogue_models where id in (select id from catalogue_models where owner_project is null order by id desc limit 3) returning id`,
        );
        expect(gone).toHaveLength(3);
        expect(await seedModels(db)).toBe(3);
        const [pub] = await db.query<{ n: number }>('select count(*)::int as n from catalogue_models where owner_project is null');
        expect(pub!.n).toBe(PUBLIC_COUNT);
      });
    });

    describe('list, search, filters and pages', () => {
      it('pages through the public library and the project brand rows, in catalogue order', async () => {
        const first = await list(designer, { pageSize: 50 });
        expect(first.status).toBe(200);
        expect(first.body.retcode).toBe(0);
        const r = first.body.retdata;
        expect(r.total).toBe(PUBLIC_COUNT);
        expect(r.per_page).toBe(50);
        expect(r.last_page).toBe(Math.ceil(PUBLIC_COUNT / 50));
        expect(r.data).toHaveLength(50);
        const last = (await list(designer, { pageSize: 50, page: r.last_page })).body.retdata;
        expect(last.data).toHaveLength(PUBLIC_COUNT - 50 * (r.last_page - 1));
        const past = (await list(designer, { pageSize: 50, page: r.last_page + 1 })).body.retdata;
        expect(past).toMatchObject({ total: PUBLIC_COUNT, data: [] });
        const m = r.data[0]!;
        expect(m.display_size).toBe(`${m.sizex}x${m.sizey}x${m.sizez}`);
        expect(m.gltf_url).toMatch(new RegExp(`^/files/catalogue/models/v${m.modelVersion}/${m.model_id}\\.glb$`));
        expect(m.low_gltf_url).toBe(m.gltf_url.replace(/\.glb$/, '.low.glb'));
        expect(m.library).toBe('public');
        // corp sees the public library and its own brand rows
        expect((await list(corp)).body.retdata.total).toBe(PUBLIC_COUNT + CORP_BRAND.classes.length);
      });

      it('finds by keyword in Chinese and in English, every word having to match', async () => {
        const zh = (await list(designer, { keyword: '沙发', pageSize: 500 })).body.retdata;
        expect(zh.total).toBeGreaterThan(5);
        expect(zh.data.every((m) => `${m.name}${m.category2}${m.category3}`.includes('沙发'))).toBe(true);
        const en = (await list(designer, { keyword: 'SOFA', pageSize: 500 })).body.retdata;
        expect(en.total).toBe(zh.total);
        const two = (await list(designer, { keyword: 'sofa grey', pageSize: 500 })).body.retdata;
        expect(two.total).toBeGreaterThan(0);
        expect(two.total).toBeLessThan(en.total);
        // wildcards are text, not patterns
        expect((await list(designer, { keyword: '%' })).body.retdata.total).toBe(0);
      });

      it('filters by category, style, brand, mount and size ranges', async () => {
        const all = (await list(designer, { pageSize: 9999 })).body.retdata.data;
        const sample = all.find((m) => m.category2 === '床')!;
        const byCat = (await list(designer, { category1: sample.category1, category2: sample.category2, pageSize: 9999 })).body.retdata;
        expect(byCat.total).toBe(all.filter((m) => m.category2 === sample.category2).length);
        const style = (await list(designer, { style: sample.style, pageSize: 9999 })).body.retdata;
        expect(style.data.every((m) => m.style === sample.style)).toBe(true);
        expect(style.total).toBe(all.filter((m) => m.style === sample.style).length);
        const brand = (await list(designer, { brand: sample.brand, pageSize: 9999 })).body.retdata;
        expect(brand.total).toBe(all.filter((m) => m.brand === sample.brand).length);
        const ceiling = (await list(designer, { type: 'ceiling', pageSize: 9999 })).body.retdata;
        expect(ceiling.total).toBe(all.filter((m) => m.type === 'ceiling').length);
        expect(ceiling.total).toBeGreaterThan(0);
        const sized = (await list(designer, { sizex_min: 1200, sizex_max: 2000, sizez_max: 900, pageSize: 9999 })).body.retdata;
        const expected = all.filter((m) => m.sizex >= 1200 && m.sizex <= 2000 && m.sizez <= 900);
        expect(sized.total).toBe(expected.length);
        expect(sized.total).toBeGreaterThan(0);
      });

      it('action filters answers facets with counts, each ignoring its own filter, named by locale', async () => {
        const { status, body } = await designer.get<FilterResult>('/api/admin/model', { action: 'filters', category1: '家具' });
        expect(status).toBe(200);
        const r = body.retdata;
        expect(Object.keys(r.filters).sort()).toEqual(['brand', 'category1', 'category2', 'category3', 'style', 'type', 'width']);
        // category1 ignores its own filter: every department is listed, and the counts add up to the library
        expect(r.filters.category1.length).toBeGreaterThan(3);
        expect(r.filters.category1.reduce((n, o) => n + o.count, 0)).toBe(PUBLIC_COUNT);
        // the other facets are narrowed to furniture
        const furniture = r.filters.category1.find((o) => o.value === '家具')!.count;
        expect(r.total).toBe(furniture);
        expect(r.filters.style.reduce((n, o) => n + o.count, 0)).toBe(furniture);
        expect(r.filters.width.reduce((n, o) => n + o.count, 0)).toBe(furniture);
        expect(r.filters.type.map((o) => o.name)).toContain('落地');
        const en = await app.request('/api/admin/model?action=filters', {
          headers: { Authorization: `Bearer ${designer.token}`, 'Accept-Language': 'en' },
        });
        const enFilters = ((await en.json()) as { retdata: FilterResult }).retdata.filters;
        expect(enFilters.category1.find((o) => o.value === '家具')!.name).toBe('Furniture');
        expect(enFilters.type.map((o) => o.name)).toContain('Floor-standing');
        // a width bucket's value is the min-max the list takes
        const bucket = enFilters.width.find((o) => o.value === '600-1200')!;
        const inBucket = (await list(designer, { sizex_min: 600, sizex_max: 1199 })).body.retdata.total;
        expect(bucket.count).toBe(inBucket);
      });
    });

    describe('one model', () => {
      it('by row id, by model_id, with the brand, and the project own copy first', async () => {
        const m = (await list(designer)).body.retdata.data[0]!;
        const byId = await designer.get<Model>(`/api/admin/model/${m.id}`, { action: 'find_by_id' });
        expect(byId.body.retdata).toEqual(m);
        const byModelId = await designer.get<Model>(`/api/admin/model/${m.model_id}`, { use_model_id: 1, project: 'yfang' });
        expect(byModelId.body.retdata).toEqual(m);
        expect((await designer.get(`/api/admin/model/${m.model_id}`, { use_model_id: 1, brand: 'no-such-brand' })).status).toBe(404);
        expect((await designer.get(`/api/admin/model/${m.model_id}`, { use_model_id: 1, brand: m.brand })).status).toBe(200);
      });
    });

    describe('tenant scoping', () => {
      it('a brand model is seen by its project only, and looks missing elsewhere', async () => {
        const own = (await corp.get<Paged<Model>>('/api/admin/model', { scope: 'brand' })).body.retdata;
        expect(own.total).toBe(CORP_BRAND.classes.length);
        expect(own.data.every((m) => m.library === 'brand' && m.brand === CORP_BRAND.brand)).toBe(true);
        const brandModel = own.data[0]!;
        expect(brandModel.gltf_url).toMatch(/^\/files\/catalogue\/private\/[0-9a-f]{32}\/models\//);
        for (const other of [designer, chuangmi]) {
          const r = await other.get(`/api/admin/model/${brandModel.id}`);
          expect(r.status).toBe(404);
          expect(r.body.retmsg).toBe('数据不存在或无权访问');
          expect((await list(other, { keyword: brandModel.model_id })).body.retdata.total).toBe(0);
          expect((await other.post('/api/admin/model', { action: 'favor', id: brandModel.id })).status).toBe(404);
        }
        const cm = (await chuangmi.get<Paged<Model>>('/api/admin/model', { scope: 'brand' })).body.retdata;
        expect(cm.data.map((m) => m.brand)).not.toContain(CORP_BRAND.brand);
        expect((await designer.get('/api/admin/model', { project: 'yfang_corp' })).status).toBe(400);
      });

      it('a personal model is seen by its owner only', async () => {
        const [owner] = await db.query<{ id: number }>(`select id from users where project_code = 'yfang' and account = 'designer'`);
        const [row] = await db.query<{ id: number }>(
          `insert into catalogue_models (model_id, name, sizex, sizey, sizez, file_base, owner_project, owner_user_id)
           values ('my-upload-1', '我的上传', 100, 100, 100, 'catalogue/private/${'a'.repeat(32)}/models/v1/my-upload-1', 'yfang', $1)
           returning id`,
          [owner!.id],
        );
        try {
          const mine = (await designer.get<Paged<Model>>('/api/admin/model', { scope: 'personal' })).body.retdata;
          expect(mine.data.map((m) => [m.id, m.library])).toEqual([[row!.id, 'personal']]);
          expect((await member.get(`/api/admin/model/${row!.id}`)).status).toBe(404);
          expect((await member.get<Paged<Model>>('/api/admin/model', { scope: 'personal' })).body.retdata.total).toBe(0);
          // an uploaded model has no generator: its GLB is not drawn, but its plan symbol is served
          expect((await app.request(mine.data[0]!.gltf_url)).status).toBe(404);
          expect((await app.request(mine.data[0]!.plan_url)).status).toBe(200);
        } finally {
          await db.query('delete from catalogue_models where id = $1', [row!.id]);
        }
      });
    });

    describe('favourites', () => {
      it('are per user: favor by id or model_id, list them, remove several', async () => {
        const [a, b, c] = (await list(designer, { pageSize: 3, page: 2 })).body.retdata.data;
        const fav = await designer.post('/api/admin/model', { action: 'favor', id: a!.id, model_id: a!.model_id, name: a!.name, sizex: a!.sizex });
        expect(fav.body.retdata).toEqual({ id: a!.id, model_id: a!.model_id, model_favor: 1 });
        expect((await designer.post('/api/admin/model', { action: 'favor', model_id: b!.model_id })).status).toBe(200);
        expect((await designer.post('/api/admin/model', { action: 'favor', id: c!.id })).status).toBe(200);
        // twice is still one favourite
        expect((await designer.post('/api/admin/model', { action: 'favor', id: c!.id })).status).toBe(200);
        const favs = (await designer.get<Paged<Model>>('/api/admin/model', { scope: 'favor' })).body.retdata;
        expect(favs.data.map((m) => m.id).sort((x, y) => x - y)).toEqual([a!.id, b!.id, c!.id].sort((x, y) => x - y));
        expect(favs.data.every((m) => m.model_favor === 1)).toBe(true);
        const favFilters = (await designer.get<FilterResult>('/api/admin/model', { action: 'favorfilters' })).body.retdata;
        expect(favFilters.total).toBe(3);
        expect(favFilters.filters.category1.reduce((n, o) => n + o.count, 0)).toBe(3);
        // another user of the same project has none, and sees the model unmarked
        expect((await member.get<Paged<Model>>('/api/admin/model', { scope: 'favor' })).body.retdata.total).toBe(0);
        expect((await member.get<Model>(`/api/admin/model/${a!.id}`)).body.retdata.model_favor).toBe(0);
        expect((await member.post('/api/admin/model', { action: 'delete_favor_model_multi', id_list: [a!.id] })).body.retdata).toEqual({
          deleted: [],
        });
        const del = await designer.post('/api/admin/model', { action: 'delete_favor_model_multi', id_list: [a!.id, b!.id, 99999999], source_type: 'model' });
        expect(del.body.retdata).toEqual({ deleted: [a!.id, b!.id].sort((x, y) => x - y) });
        expect((await designer.get<Paged<Model>>('/api/admin/model', { scope: 'favor' })).body.retdata.data.map((m) => m.id)).toEqual([c!.id]);
        await designer.post('/api/admin/model', { action: 'delete_favor_model_multi', id_list: [c!.id] });
      });
    });

    describe('source library', () => {
      it('a model filed under a category shows its name, cover and size; a brand model only to its project', async () => {
        const PATH = '/api/admin/source-library';
        const m = (await list(corp, { scope: 'brand' })).body.retdata.data[0]!;
        const cate = (await corp.post<{ id: number }>(PATH, { action: 'store_category', name: '精选沙发', source_type: 'model' })).body.retdata;
        expect((await corp.post(PATH, { action: 'store_category_map', model_id: m.model_id, source_type: 'model', cate_id: cate.id })).status).toBe(200);
        const filed = (await corp.get<Paged<{ model_id: string; item: Record<string, string> | null }>>(PATH, {
          action: 'get_category_map_page_list',
          cate_id: cate.id,
        })).body.retdata.data;
        expect(filed).toHaveLength(1);
        expect(filed[0]!.item).toMatchObject({ name: m.name, code: m.model_id, cover_url: m.cover_url, spec: m.display_size, brand: m.brand });
        // another project filing the same id learns nothing of the model
        const mine = (await designer.post<{ id: number }>(PATH, { action: 'store_category', name: '别家沙发', source_type: 'model' })).body.retdata;
        await designer.post(PATH, { action: 'store_category_map', model_id: m.model_id, source_type: 'model', cate_id: mine.id });
        const theirs = (await designer.get<Paged<{ item: unknown }>>(PATH, { action: 'get_category_map_page_list', cate_id: mine.id })).body.retdata.data;
        expect(theirs.map((x) => x.item)).toEqual([null]);
      });
    });

    describe('files', () => {
      it('draws the GLB on first request, stores it once and serves it immutable, gzip to those who accept it', async () => {
        const m = (await list(designer, { keyword: 'bed' })).body.retdata.data[0]!;
        const putsBefore = storage.puts;
        const first = await app.request(m.gltf_url);
        expect(first.status).toBe(200);
        expect(first.headers.get('content-type')).toBe('model/gltf-binary');
        expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const glb = new Uint8Array(await first.arrayBuffer());
        expect(new TextDecoder().decode(glb.subarray(0, 4))).toBe('glTF');
        const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
        expect(view.getUint32(4, true)).toBe(2);
        expect(view.getUint32(8, true)).toBe(glb.length);
        expect(storage.puts).toBe(putsBefore + 1);
        const zipped = await app.request(m.gltf_url, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(zipped.headers.get('content-encoding')).toBe('gzip');
        expect(Buffer.from(gunzipSync(new Uint8Array(await zipped.arrayBuffer()))).equals(Buffer.from(glb))).toBe(true);
        expect(storage.puts).toBe(putsBefore + 1);
      });

      it('serves the low GLB (smaller), the cover PNG and the plan symbol of the row', async () => {
        const m = (await list(designer, { keyword: 'sofa' })).body.retdata.data[0]!;
        const [high, low, cover, plan] = await Promise.all([m.gltf_url, m.low_gltf_url, m.cover_url, m.plan_url].map((u) => app.request(u)));
        const highBytes = new Uint8Array(await high!.arrayBuffer());
        const lowBytes = new Uint8Array(await low!.arrayBuffer());
        expect(new TextDecoder().decode(lowBytes.subarray(0, 4))).toBe('glTF');
        expect(lowBytes.length).toBeLessThan(highBytes.length);
        expect(cover!.headers.get('content-type')).toBe('image/png');
        expect(readPng(new Uint8Array(await cover!.arrayBuffer())).width).toBeGreaterThan(0);
        expect(plan!.headers.get('content-type')).toBe('application/json');
        const symbol = (await plan!.json()) as { outlines: [number, number][][]; lines: unknown[] };
        const [row] = await db.query<{ plan: unknown }>('select plan from catalogue_model_plans where model_id = $1', [m.id]);
        expect(symbol).toEqual(row!.plan);
        // the footprint lies within the model's width and depth
        for (const [x, y] of symbol.outlines[0]!) {
          expect(Math.abs(x)).toBeLessThanOrEqual(m.sizex / 2 + 1);
          expect(Math.abs(y)).toBeLessThanOrEqual(m.sizey / 2 + 1);
        }
      });

      it('answers 404 for unknown models, versions and kinds, and stores nothing', async () => {
        const m = (await list(designer)).body.retdata.data[0]!;
        const putsBefore = storage.puts;
        for (const url of [
          '/files/catalogue/models/v1/yf-no-such-model.glb',
          m.gltf_url.replace(`/v${m.modelVersion}/`, `/v${m.modelVersion + 1}/`),
          m.gltf_url.replace(/\.glb$/, '.obj'),
          m.gltf_url.replace(/\.glb$/, '.big.glb'),
          '/files/catalogue/models/v1/../yf-x.glb',
          `/files/catalogue/private/${'0'.repeat(32)}/models/v1/${m.model_id}.glb`,
        ]) {
          expect((await app.request(url)).status, url).toBe(404);
        }
        expect(storage.puts).toBe(putsBefore);
      });
    });

    describe('bad input', () => {
      it('is refused with a clear message, and nothing changes', async () => {
        const [before] = await db.query<{ n: number }>('select count(*)::int as n from model_favors');
        const cases: [Promise<{ status: number; body: { retcode: number; retmsg: string } }>, string][] = [
          [designer.get('/api/admin/model', { sizex_min: 2000, sizex_max: 100 }), '请求参数错误：sizex（最小值不能大于最大值）'],
          [designer.get('/api/admin/model', { sizey_min: -1 }), '请求参数错误：sizey_min'],
          [designer.get('/api/admin/model', { type: 'roof' }), '请求参数错误：type'],
          [designer.get('/api/admin/model', { scope: 'everything' }), '请求参数错误：scope'],
          [designer.get('/api/admin/model', { action: 'drop' }), '请求参数错误：action（不支持的操作 drop）'],
          [designer.get('/api/admin/model', { pageSize: 0 }), '请求参数错误：pageSize'],
          [designer.get('/api/admin/model/abc'), '请求参数错误：id'],
          [designer.get('/api/admin/model/a%20b', { use_model_id: 1 }), '请求参数错误：id'],
          [designer.post('/api/admin/model', { action: 'favor' }), '请求参数错误：id'],
          [designer.post('/api/admin/model', { action: 'favor', id: 1, source_type: 'texture' }), '请求参数错误：source_type'],
          [designer.post('/api/admin/model', { action: 'delete_favor_model_multi', id_list: [] }), '请求参数错误：id_list'],
          [designer.post('/api/admin/model', { action: 'delete_favor_model_multi', id_list: ['x'] }), '请求参数错误：id_list.0'],
        ];
        for (const [pending, msg] of cases) {
          const r = await pending;
          expect(r.status, msg).toBe(400);
          expect(r.body.retmsg).toBe(msg);
        }
        const en = await app.request('/api/admin/model?sizez_min=9&sizez_max=1', {
          headers: { Authorization: `Bearer ${designer.token}`, 'Accept-Language': 'en' },
        });
        expect(((await en.json()) as { retmsg: string }).retmsg).toBe('Invalid request parameter: sizez (the minimum is greater than the maximum)');
        expect((await app.request('/api/admin/model')).status).toBe(401);
        const [after] = await db.query<{ n: number }>('select count(*)::int as n from model_favors');
        expect(after).toEqual(before);
      });

      it('the placing statistics take a model id (storeSourceUsed modelAgent)', async () => {
        const m = (await list(designer)).body.retdata.data[0]!;
        const r = await designer.post('/api/admin/statistics', { action: 'storeSourceUsed', source_type: 'modelAgent', source_id: m.model_id });
        expect(r.status).toBe(200);
        const rows = await db.query<{ source_id: string }>(`select source_id from source_used where source_type = 'modelAgent'`);
        expect(rows.map((x) => x.source_id)).toContain(m.model_id);
      });
    });
  });
}
