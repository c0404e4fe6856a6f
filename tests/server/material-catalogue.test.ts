// The material library (MaterialLib) on both databases: seeding, search, category filter and
// pages, favourites and History per user, user categories through the source library, the
// drawn files (map, normal, covers) and PersonLib uploads with their refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import type { PagedResult } from '../../server/catalogues/http';
import { MATERIAL_CATEGORIES, MATERIAL_DEFS } from '../../server/catalogues/materials/defs';
import { BRAND_MATERIAL_SEEDS, seedMaterials, type MaterialItem } from '../../server/catalogues/materials/materials';
import { encodePng } from '../../server/catalogues/png';
import { backends } from './helpers';
import { openCatalogueApp, readPng, signIn, type Caller, type MemoryStorage, type TestApp } from './catalogue-helpers';

type Paged = PagedResult<MaterialItem>;

function png(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) & 255;
  return encodePng(width, height, rgb);
}

/** A JPEG header with only the markers the size reader walks: SOI, APP0, SOF0 and EOI. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`material library on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let storage: MemoryStorage;
    let dispose: () => Promise<void>;
    let designer: Caller;
    let member: Caller;

    const list = (who: Caller, query: Record<string, string | number> = {}) => who.get<Paged>('/api/admin/material', { action: 'list', ...query });
    const upload = (who: Caller, file: Uint8Array | null, fields: Record<string, string> = { name: '我的墙纸' }, type = 'image/png') => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (file) form.append('file', new Blob([new Uint8Array(file)], { type }), 'texture.png');
      return app.request('/api/admin/material/upload', { method: 'POST', body: form, headers: { Authorization: `Bearer ${who.token}` } });
    };

    beforeAll(async () => {
      ({ app, db, storage, dispose } = await openCatalogueApp(backend));
      [designer, member] = await Promise.all([signIn(app, 'yfang', 'designer', 'Design@2026'), signIn(app, 'yfang', 'member', 'Member@2026')]);
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('seeds every defined material once, over every category, and seeding again adds none', async () => {
      expect(MATERIAL_DEFS.length).toBeGreaterThanOrEqual(60);
      const rows = await db.query<{ category: string; n: number }>(
        'select category, count(*)::int as n from catalogue_materials where owner_project is null group by 1',
      );
      expect(rows.map((r) => r.category).sort()).toEqual([...MATERIAL_CATEGORIES].sort());
      expect(rows.reduce((s, r) => s + r.n, 0)).toBe(MATERIAL_DEFS.length);
      expect(await seedMaterials(db)).toBe(0);
    });

    it('BrandLib holds a project\'s own materials, seen only in that project, their files drawn like the public ones', async () => {
      const corp = await signIn(app, 'yfang_corp', 'designer', 'Designer@2026');
      const seed = BRAND_MATERIAL_SEEDS.find((b) => b.project === 'yfang_corp')!;
      const brand = (await list(corp, { scope: 'brand' })).body.retdata.data;
      expect(brand.map((m) => m.material_id)).toEqual(seed.keys.map((k) => `${seed.prefix}-${k}`));
      expect(brand.every((m) => m.library === 'brand')).toBe(true);
      expect((await list(designer, { scope: 'brand' })).body.retdata.total).toBe(0);
      expect((await designer.get(`/api/admin/material/${brand[0]!.id}`)).status).toBe(404);
      expect(brand[0]!.ball_url).toMatch(/^\/files\/catalogue\/private\/[0-9a-f]{32}\/materials\/v1\//);
      const ball = await app.request(brand[0]!.ball_url);
      expect(ball.status).toBe(200);
      expect(readPng(new Uint8Array(await ball.arrayBuffer())).width).toBeGreaterThan(0);
    });

    it('lists pages of 20 in catalogue order, searches zh and en names and filters by category', async () => {
      const first = await list(designer);
      expect(first.status).toBe(200);
      expect(first.body.retdata.per_page).toBe(20);
      expect(first.body.retdata.total).toBe(MATERIAL_DEFS.length);
      expect(first.body.retdata.data.map((m) => m.material_id)).toEqual(MATERIAL_DEFS.slice(0, 20).map((d) => d.key));
      const last = await list(designer, { page: first.body.retdata.last_page });
      expect(last.body.retdata.data.length).toBe(MATERIAL_DEFS.length - 20 * (first.body.retdata.last_page - 1));

      const walnut = await list(designer, { keyword: '胡桃' });
      expect(walnut.body.retdata.data.map((m) => m.material_id)).toEqual(['mat-wood-walnut']);
      const marble = await list(designer, { keyword: 'MARBLE' });
      expect(marble.body.retdata.data.length).toBe(MATERIAL_DEFS.filter((d) => /marble/i.test(d.name_en)).length);

      const woods = await list(designer, { category: 'wood', pageSize: 100 });
      expect(woods.body.retdata.data.every((m) => m.category === 'wood')).toBe(true);
      expect(woods.body.retdata.total).toBe(MATERIAL_DEFS.filter((d) => d.category === 'wood').length);

      const facets = await designer.get<{ filters: { category: { value: string; name: string; count: number }[] } }>('/api/admin/material', {
        action: 'filters',
        category: 'wood',
      });
      // the category facet ignores its own filter, so every category still shows with its count
      expect(facets.body.retdata.filters.category.map((f) => f.value)).toEqual([...MATERIAL_CATEGORIES]);
      expect(facets.body.retdata.filters.category.find((f) => f.value === 'wood')!.name).toBe('木材');

      const bad = await list(designer, { category: 'plastic' });
      expect(bad.status).toBe(400);
    });

    it('serves the drawn map, normal map, flat cover and ball as immutable PNGs', async () => {
      const oak = (await list(designer, { keyword: 'oak', category: 'wood' })).body.retdata.data.find((m) => m.material_id === 'mat-wood-oak')!;
      expect(oak.tile_mm).toBe(800);
      expect(oak.map_url).toMatch(/^\/files\/catalogue\/materials\/v1\/mat-wood-oak\.map\.png$/);
      for (const url of [oak.map_url, oak.normal_url, oak.cover_url, oak.ball_url]) {
        const res = await app.request(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('cache-control')).toContain('immutable');
        expect(readPng(new Uint8Array(await res.arrayBuffer())).width).toBeGreaterThan(0);
      }
      const paint = (await list(designer, { keyword: 'sage green paint' })).body.retdata.data[0]!;
      expect(paint.map_url).toBe('');
      expect(paint.normal_url).toBe('');
      const noMap = await app.request(`/files/catalogue/materials/v1/${paint.material_id}.map.png`);
      expect(noMap.status).toBe(404);
    });

    it('keeps favourites per user, with an empty list for someone who has none', async () => {
      const [a, b] = (await list(designer)).body.retdata.data;
      expect((await designer.post('/api/admin/material', { action: 'favor', id: a!.id })).status).toBe(200);
      await designer.post('/api/admin/material', { action: 'favor', id: b!.id });
      const favs = await list(designer, { scope: 'favor' });
      expect(favs.body.retdata.data.map((m) => m.id)).toEqual([a!.id, b!.id]);
      expect(favs.body.retdata.data.every((m) => m.favor === 1)).toBe(true);
      expect((await list(member, { scope: 'favor' })).body.retdata.total).toBe(0);
      const removed = await designer.post<{ deleted: number[] }>('/api/admin/material', { action: 'delete_favor_multi', id_list: [a!.id] });
      expect(removed.body.retdata.deleted).toEqual([a!.id]);
      expect((await list(designer, { scope: 'favor' })).body.retdata.data.map((m) => m.id)).toEqual([b!.id]);
      expect((await designer.post('/api/admin/material', { action: 'favor', id: 999999 })).status).toBe(404);
    });

    it('History lists the last 20 materials applied, newest first, one entry each', async () => {
      const all = (await list(designer, { pageSize: 30 })).body.retdata.data;
      for (const m of all.slice(0, 25)) expect((await designer.post('/api/admin/material', { action: 'use', id: m.id })).status).toBe(200);
      // using one again moves it to the front instead of adding a second entry
      await designer.post('/api/admin/material', { action: 'use', id: all[10]!.id });
      const history = (await designer.get<Paged>('/api/admin/material', { action: 'history' })).body.retdata;
      expect(history.per_page).toBe(20);
      expect(history.data.map((m) => m.id)).toEqual([all[10]!.id, ...all.slice(5, 25).reverse().filter((m) => m.id !== all[10]!.id).map((m) => m.id)].slice(0, 20));
      const [{ n }] = (await db.query<{ n: number }>('select count(*)::int as n from material_history h join users u on u.id = h.user_id where u.account = $1', ['designer'])) as [
        { n: number },
      ];
      expect(n).toBe(20);
      expect((await member.get<Paged>('/api/admin/material', { action: 'history' })).body.retdata.data).toEqual([]);
    });

    it('files materials under a user category of the source library and filters by it', async () => {
      const noName = await designer.post<unknown>('/api/admin/source-library', { action: 'store_category', name: ' ', source_type: 'material' });
      expect(noName.status).toBe(400);
      expect(noName.body.retmsg).toBe('请输入文件名称');
      const cat = await designer.post<{ id: number }>('/api/admin/source-library', { action: 'store_category', name: '客厅布艺', source_type: 'material' });
      expect(cat.status).toBe(200);
      const linen = (await list(designer, { keyword: 'linen' })).body.retdata.data[0]!;
      await designer.post('/api/admin/source-library', { action: 'store_category_map', model_id: linen.id, source_type: 'material', cate_id: cat.body.retdata.id });
      expect((await list(designer, { cate_id: cat.body.retdata.id })).body.retdata.data.map((m) => m.id)).toEqual([linen.id]);
      // another user's category filters nothing in for them
      expect((await list(member, { cate_id: cat.body.retdata.id })).body.retdata.total).toBe(0);
    });

    it('makes a PersonLib material of an uploaded PNG or JPEG, seen only by its owner', async () => {
      const res = await upload(designer, png(64, 32), { name: '我的墙纸', tile_mm: '600', category: 'wallpaper' });
      const body = (await res.json()) as { retcode: number; retdata: MaterialItem };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const mine = body.retdata;
      expect(mine).toMatchObject({ name: '我的墙纸', library: 'personal', tile_mm: 600, category: 'wallpaper', colour: '#ffffff' });
      const file = await app.request(mine.map_url);
      expect(file.status).toBe(200);
      expect(readPng(new Uint8Array(await file.arrayBuffer()))).toMatchObject({ width: 64, height: 32 });
      expect((await list(designer, { scope: 'personal' })).body.retdata.data.map((m) => m.id)).toEqual([mine.id]);
      expect((await list(member, { scope: 'personal' })).body.retdata.total).toBe(0);
      expect((await member.get(`/api/admin/material/${mine.id}`)).status).toBe(404);

      const jpeg = await upload(designer, jpegHeader(300, 200), { name: 'jpeg' }, 'image/jpeg');
      expect(jpeg.status).toBe(200);
      expect(((await jpeg.json()) as { retdata: MaterialItem }).retdata.map_url).toMatch(/\.map\.jpg$/);
    });

    it('refuses pictures that cannot be textures, in zh and en, and adds nothing', async () => {
      const before = (await list(designer, { scope: 'personal' })).body.retdata.total;
      const putsBefore = storage.puts;
      const refusal = async (res: Response) => ({ status: res.status, msg: ((await res.json()) as { retmsg: string }).retmsg });
      expect(await refusal(await upload(designer, new TextEncoder().encode('GIF89a....'), { name: 'x' }))).toEqual({
        status: 400,
        msg: '只能上传 PNG 或 JPEG 图片作为贴图',
      });
      expect(await refusal(await upload(designer, png(5000, 16), { name: 'x' }))).toEqual({
        status: 400,
        msg: '贴图尺寸过大：5000×16 像素（每边上限 4096 像素）',
      });
      expect(await refusal(await upload(designer, png(8, 8), { name: 'x' }))).toEqual({ status: 400, msg: '贴图尺寸过小：8×8 像素（每边至少 16 像素）' });
      expect(await refusal(await upload(designer, png(64, 64), {}))).toEqual({ status: 400, msg: '请输入材质名称' });
      expect(await refusal(await upload(designer, Uint8Array.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]), { name: 'x' }))).toEqual({
        status: 400,
        msg: '无法读取图片尺寸，文件可能已损坏',
      });
      const big = new Uint8Array(9 * 1024 * 1024);
      big.set(png(64, 64));
      expect((await refusal(await upload(designer, big, { name: 'x' }))).status).toBe(413);
      const en = new FormData();
      en.append('name', 'x');
      en.append('file', new Blob([new TextEncoder().encode('%PDF-1.4')]), 'a.pdf');
      const enRes = await app.request('/api/admin/material/upload', {
        method: 'POST',
        body: en,
        headers: { Authorization: `Bearer ${designer.token}`, 'Accept-Language': 'en' },
      });
      expect((await refusal(enRes)).msg).toBe('Only PNG or JPEG images can be uploaded as a texture');
      expect((await list(designer, { scope: 'personal' })).body.retdata.total).toBe(before);
      expect(storage.puts).toBe(putsBefore);
    });
  });
}
