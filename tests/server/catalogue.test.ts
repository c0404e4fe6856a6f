// The catalogue API on both databases: tiles, pavings, waterjets, pictures and the seeded
// catalogue. Sample rooms and the source library are in model-room.test.ts and
// source-library.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { backends } from './helpers';
import { openCatalogueApp, readPng, signIn, type Caller, type MemoryStorage, type TestApp } from './catalogue-helpers';

interface FilterOption {
  value: string;
  name: string;
  count: number;
  children?: FilterOption[];
}
interface Tile {
  id: number;
  code: string;
  name: string;
  type: number;
  brand: string;
  series: string;
  spec: string;
  genre: string;
  mode: string;
  image: string;
  imageBig: string;
  cover_url: string;
  hunpu_pics: string[];
  image_hunpu: string;
  tile_private: 0 | 1;
  tile_favor: 0 | 1;
  price: number;
  sku: string;
  old_id: number;
  width: number;
  height: number;
}
interface Paged<T> {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  data: T[];
}
interface TileFilters extends Paged<Tile> {
  filters: { brand: FilterOption[]; type: FilterOption[]; series: FilterOption[]; spec: FilterOption[] };
}
interface PavingFilters {
  brand: FilterOption[];
  category: FilterOption[];
  spec: FilterOption[];
  mode: FilterOption[];
}
interface Paving {
  id: number;
  privateId: number;
  kind: string;
  code: string;
  category_id: number;
  brand: string;
  mode: string;
  favor: 0 | 1;
  image: string;
  tiles: string[];
}

const TILE_KEYS = [
  'agent_brand_name', 'brand', 'code', 'cover_url', 'detail_link', 'genre', 'height', 'hunpu_pics', 'id', 'image',
  'imageBig', 'image_hunpu', 'mode', 'name', 'old_id', 'price', 'series', 'sku', 'spec', 'tile_favor', 'tile_private',
  'type', 'width',
].sort();

for (const backend of backends()) {
  describe.skipIf(!backend.available)(`catalogue API on ${backend.name}`, () => {
    let app: TestApp;
    let db: Db;
    let storage: MemoryStorage;
    let dispose: () => Promise<void>;
    let designer: Caller;
    let member: Caller;
    let corp: Caller;
    let chuangmi: Caller;
    let publicCount: number;

    beforeAll(async () => {
      ({ app, db, storage, dispose } = await openCatalogueApp(backend));
      [designer, member, corp, chuangmi] = await Promise.all([
        signIn(app, 'yfang', 'designer', 'Design@2026'),
        signIn(app, 'yfang', 'member', 'Member@2026'),
        signIn(app, 'yfang_corp', 'designer', 'Designer@2026'),
        signIn(app, 'chuangmi', 'chuangmi', 'Chuangmi@2026'),
      ]);
      const [row] = await db.query<{ n: number }>('select count(*)::int as n from tiles where owner_project is null');
      publicCount = row!.n;
    });
    afterAll(async () => {
      await dispose?.();
    });

    describe('seeded catalogue', () => {
      it('has at least 200 public tiles over every type, with brands, series, prices and SKUs', async () => {
        expect(publicCount).toBeGreaterThanOrEqual(200);
        const types = await db.query<{ type: number; n: number }>(
          'select type, count(*)::int as n from tiles where owner_project is null group by type order by type',
        );
        expect(types.map((t) => t.type)).toEqual([0, 1, 2, 3, 4, 5]);
        const [stats] = await db.query<{ specs: number; brands: number; series: number; codes: number; skus: number; cheap: number }>(
          `select count(distinct spec)::int as specs, count(distinct brand)::int as brands, count(distinct series)::int as series,
                  count(distinct code)::int as codes, count(distinct sku)::int as skus, count(*) filter (where price <= 0)::int as cheap
             from tiles where owner_project is null`,
        );
        expect(stats!.specs).toBeGreaterThan(11);
        expect(stats!.brands).toBeGreaterThanOrEqual(5);
        expect(stats!.series).toBeGreaterThanOrEqual(10);
        expect(stats!.codes).toBe(publicCount);
        expect(stats!.skus).toBe(publicCount);
        expect(stats!.cheap).toBe(0);
      });

      it('seeding again adds nothing', async () => {
        const { seedCatalogue } = await import('../../server/catalogues/seed-catalogue');
        expect(await seedCatalogue(db)).toEqual({ tilesAdded: 0, pavingsAdded: 0, modelRoomsAdded: 0 });
      });
    });

    describe('tiles: filters and paging', () => {
      it('action filters answers the four filter lists, the total, last_page and 8 tiles', async () => {
        const { status, body } = await designer.get<TileFilters>('/api/admin/tile', { action: 'filters' });
        expect(status).toBe(200);
        expect(body.retcode).toBe(0);
        const r = body.retdata;
        expect(r.total).toBe(publicCount);
        expect(r.per_page).toBe(8);
        expect(r.current_page).toBe(1);
        expect(r.last_page).toBe(Math.ceil(publicCount / 8));
        expect(r.data).toHaveLength(8);
        expect(Object.keys(r.filters).sort()).toEqual(['brand', 'series', 'spec', 'type']);
        expect(r.filters.type.map((t) => t.value)).toEqual(['0', '1', '2', '3', '4', '5']);
        expect(r.filters.type.map((t) => t.name)).toEqual(['瓷砖', '定制方案', '拼花', '木地板', '淋浴石', '岩板']);
        for (const list of [r.filters.brand, r.filters.type, r.filters.series]) {
          expect(list.reduce((n, o) => n + o.count, 0)).toBe(publicCount);
        }
        expect(Object.keys(r.data[0]!).sort()).toEqual(TILE_KEYS);
        expect(r.data.every((t) => t.tile_private === 0)).toBe(true);
      });

      it('truncates the spec list to 10 and a more entry holding the rest', async () => {
        const { body } = await designer.get<TileFilters>('/api/admin/tile', { action: 'filters' });
        const spec = body.retdata.filters.spec;
        const [distinct] = await db.query<{ n: number }>('select count(distinct spec)::int as n from tiles where owner_project is null');
        expect(spec).toHaveLength(11);
        const more = spec[10]!;
        expect(more.value).toBe('more');
        expect(more.name).toBe('更多');
        expect(more.children).toHaveLength(distinct!.n - 10);
        expect(more.count).toBe(more.children!.reduce((n, o) => n + o.count, 0));
        expect(spec.slice(0, 10).reduce((n, o) => n + o.count, 0) + more.count).toBe(publicCount);
        // the commonest sizes are the ones shown
        const shown = Math.min(...spec.slice(0, 10).map((o) => o.count));
        expect(Math.max(...more.children!.map((o) => o.count))).toBeLessThanOrEqual(shown);
        const en = await app.request('/api/admin/tile?action=filters', { headers: { Authorization: `Bearer ${designer.token}`, 'Accept-Language': 'en' } });
        const enBody = (await en.json()) as { retdata: TileFilters };
        expect(enBody.retdata.filters.spec[10]!.name).toBe('More');
        expect(enBody.retdata.filters.type[3]!.name).toBe('Wood floor');
      });

      it('keeps a short spec list whole', async () => {
        const { body } = await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', type: 3 });
        const spec = body.retdata.filters.spec;
        expect(spec.length).toBeLessThanOrEqual(11);
        expect(spec.some((o) => o.value === 'more')).toBe(false);
        expect(spec.reduce((n, o) => n + o.count, 0)).toBe(body.retdata.total);
      });

      it('pages through the whole catalogue without gaps or repeats', async () => {
        const seen = new Set<number>();
        const pageSize = 37;
        const last = Math.ceil(publicCount / pageSize);
        for (let page = 1; page <= last; page++) {
          const { body } = await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', page, pageSize });
          expect(body.retdata.last_page).toBe(last);
          expect(body.retdata.data.length).toBe(page < last ? pageSize : publicCount - pageSize * (last - 1));
          for (const t of body.retdata.data) seen.add(t.id);
        }
        expect(seen.size).toBe(publicCount);
        const beyond = await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', page: last + 1, pageSize });
        expect(beyond.body.retdata).toMatchObject({ total: publicCount, data: [] });
        const all = await designer.get<Paged<Tile>>('/api/admin/tile', { action: 'list', page: 1, pageSize: 9999 });
        expect(all.body.retdata).toMatchObject({ total: publicCount, last_page: 1, per_page: 9999 });
        expect(all.body.retdata.data).toHaveLength(publicCount);
      });

      it('filters by type, brand, series, spec, genre and keyword; each list still offers its other values', async () => {
        const base = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters' })).body.retdata;
        const woodCount = base.filters.type.find((t) => t.value === '3')!.count;
        const wood = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', type: 3, pageSize: 9999 })).body.retdata;
        expect(wood.total).toBe(woodCount);
        expect(wood.data.every((t) => t.type === 3)).toBe(true);
        // the type list ignores the type filter itself, so the other types stay selectable
        expect(wood.filters.type).toEqual(base.filters.type);
        expect(wood.filters.brand.reduce((n, o) => n + o.count, 0)).toBe(woodCount);

        const two = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', type: '3,5', pageSize: 9999 })).body.retdata;
        expect(new Set(two.data.map((t) => t.type))).toEqual(new Set([3, 5]));

        const brand = base.filters.brand[0]!;
        const byBrand = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', brand: brand.value, pageSize: 9999 })).body.retdata;
        expect(byBrand.total).toBe(brand.count);
        expect(byBrand.data.every((t) => t.brand === brand.value)).toBe(true);
        expect(byBrand.filters.brand).toEqual(base.filters.brand);
        const series = byBrand.filters.series[0]!;
        const bySeries = (
          await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', brand: brand.value, series: series.value, pageSize: 9999 })
        ).body.retdata;
        expect(bySeries.total).toBe(series.count);
        const spec = bySeries.filters.spec[0]!;
        const bySpec = (
          await designer.get<TileFilters>('/api/admin/tile', {
            action: 'filters', brand: brand.value, series: series.value, spec: spec.value, pageSize: 9999,
          })
        ).body.retdata;
        expect(bySpec.total).toBe(spec.count);
        expect(bySpec.data.every((t) => t.spec === spec.value && t.series === series.value)).toBe(true);

        const wall = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', genre: 'wall', pageSize: 9999 })).body.retdata;
        expect(wall.total).toBeGreaterThan(0);
        expect(wall.data.every((t) => t.genre === 'wall' || t.genre === 'floor_wall')).toBe(true);
        expect(wall.total).toBeLessThan(publicCount);

        const keyword = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', keyword: '爵士白', pageSize: 9999 })).body.retdata;
        expect(keyword.total).toBeGreaterThan(0);
        expect(keyword.data.every((t) => t.name.includes('爵士白'))).toBe(true);
        // LIKE wildcards in a keyword are plain characters
        const wild = await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', keyword: '%' });
        expect(wild.body.retdata.total).toBe(0);
      });

      it('gets one tile by id, or by code', async () => {
        const first = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', pageSize: 1 })).body.retdata.data[0]!;
        const byId = await designer.get<Tile>(`/api/admin/tile/${first.id}`);
        expect(byId.status).toBe(200);
        expect(byId.body.retdata).toEqual(first);
        const byCode = await designer.get<Tile>('/api/admin/tile/0', { code: first.code });
        expect(byCode.body.retdata).toEqual(first);
        expect((await designer.get('/api/admin/tile/99999999')).status).toBe(404);
        expect((await designer.get('/api/admin/tile/0', { code: 'NO-SUCH' })).status).toBe(404);
      });

      it('groups brands by initial (filters_brand_initial), optionally for one genre', async () => {
        const { body } = await designer.get<{ initial: string; brands: { name: string; count: number }[] }[]>('/api/admin/tile', {
          action: 'filters_brand_initial',
        });
        const groups = body.retdata;
        const initials = groups.map((g) => g.initial);
        expect(initials).toEqual([...initials].sort());
        expect(groups.find((g) => g.initial === 'A')!.brands.map((b) => b.name)).toEqual(['Arte Ceramica']);
        expect(groups.find((g) => g.initial === 'J')!.brands).toHaveLength(2);
        expect(groups.flatMap((g) => g.brands).reduce((n, b) => n + b.count, 0)).toBe(publicCount);
        const wall = (await designer.get<typeof groups>('/api/admin/tile', { action: 'filters_brand_initial', genre: 'wall' })).body.retdata;
        const wallBrands = wall.flatMap((g) => g.brands.map((b) => b.name));
        expect(wallBrands.length).toBeGreaterThan(0);
        expect(wallBrands).not.toContain('森木地板'); // wood floors are for floors only
      });

      it('refuses bad parameters with a 400 naming the field', async () => {
        const cases: [Record<string, string | number>, string][] = [
          [{ action: 'filters', type: 9 }, 'type'],
          [{ action: 'filters', pageSize: 0 }, 'pageSize'],
          [{ action: 'filters', pageSize: 10000 }, 'pageSize'],
          [{ action: 'filters', page: 'abc' }, 'page'],
          [{ action: 'filters', genre: 'ceiling' }, 'genre'],
          [{ action: 'filters', keyword: 'x'.repeat(101) }, 'keyword'],
          [{ action: 'filters', keyword: 'a\u0000b' }, 'keyword'],
          [{ action: 'nope' }, 'action'],
          [{ action: 'filters', project: 'chuangmi' }, 'project'],
        ];
        for (const [query, field] of cases) {
          const { status, body } = await designer.get('/api/admin/tile', query);
          expect(status, JSON.stringify(query)).toBe(400);
          expect(body.retdata, JSON.stringify(query)).toEqual({ field });
        }
        expect((await designer.get('/api/admin/tile', { action: 'filters', project: 'yfang' })).status).toBe(200);
        expect((await designer.get('/api/admin/tile/abc')).status).toBe(400);
        expect((await designer.post('/api/admin/tile', { action: 'favor', id: 'x' })).status).toBe(400);
        expect((await designer.post('/api/admin/tile', { action: 'favor' })).status).toBe(400);
        expect((await designer.post('/api/admin/tile', { action: 'multi_delete_tile_favor', id_list: [] })).status).toBe(400);
      });

      it('answers 401 without a session', async () => {
        for (const p of ['/api/admin/tile?action=filters', '/api/admin/paving', '/api/admin/waterjet', '/api/admin/model-room', '/api/admin/source-library?action=all_category']) {
          const res = await app.request(p);
          expect(res.status, p).toBe(401);
        }
      });
    });

    describe('tiles: favourites', () => {
      it('adds, lists, removes one and removes several; each user has their own', async () => {
        const page = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', pageSize: 4 })).body.retdata.data;
        const [a, b, c, d] = page.map((t) => t.id) as [number, number, number, number];
        for (const id of [a, b, c]) {
          const { status, body } = await designer.post('/api/admin/tile', { action: 'favor', id });
          expect(status).toBe(200);
          expect(body.retdata).toEqual({ id, tile_favor: 1 });
        }
        // favouring twice is harmless
        expect((await designer.post('/api/admin/tile', { action: 'favor', id: a })).status).toBe(200);
        await member.post('/api/admin/tile', { action: 'favor', id: d });

        const favs = (await designer.get<TileFilters>('/api/admin/tile', { action: 'favorfilters', pageSize: 9999 })).body.retdata;
        expect(favs.total).toBe(3);
        expect(favs.data.map((t) => t.id).sort()).toEqual([a, b, c].sort());
        expect(favs.data.every((t) => t.tile_favor === 1)).toBe(true);
        expect(favs.filters.brand.reduce((n, o) => n + o.count, 0)).toBe(3);
        const listed = (await designer.get<TileFilters>('/api/admin/tile', { action: 'filters', pageSize: 4 })).body.retdata.data;
        expect(listed.map((t) => t.tile_favor)).toEqual([1, 1, 1, 0]);
        const asList = (await designer.get<Paged<Tile>>('/api/admin/tile', { action: 'list', scope: 'favor' })).body.retdata;
        expect(asList.total).toBe(3);

        // another user's favourites are invisible and cannot be removed
        expect((await member.get<TileFilters>('/api/admin/tile', { action: 'favorfilters' })).body.retdata.total).toBe(1);
        expect((await member.del(`/api/admin/tile/${a}`)).status).toBe(404);
        expect((await chuangmi.del(`/api/admin/tile/${a}`)).status).toBe(404);

        const removed = await designer.del(`/api/admin/tile/${a}`, { action: 'favor' });
        expect(removed.status).toBe(200);
        expect(removed.body.retdata).toEqual({ id: a, tile_favor: 0 });
        expect((await designer.del(`/api/admin/tile/${a}`)).status).toBe(404);

        const multi = await designer.post<{ deleted: number[] }>('/api/admin/tile', { action: 'multi_delete_tile_favor', id_list: [b, c, d] });
        expect(multi.body.retdata.deleted).toEqual([b, c].sort((x, y) => x - y));
        expect((await designer.get<TileFilters>('/api/admin/tile', { action: 'favorfilters' })).body.retdata.total).toBe(0);
        // d was the member's favourite, not the designer's: still there
        expect((await member.get<TileFilters>('/api/admin/tile', { action: 'favorfilters' })).body.retdata.data.map((t) => t.id)).toEqual([d]);
        expect((await designer.post('/api/admin/tile', { action: 'favor', id: 99999999 })).status).toBe(404);
      });
    });

    describe('tiles: private tiles belong to their project', () => {
      let corpTile: Tile;

      it('privateFilters lists the project own tiles only', async () => {
        const mine = (await corp.get<TileFilters>('/api/admin/tile', { action: 'privateFilters', pageSize: 9999 })).body.retdata;
        expect(mine.total).toBeGreaterThan(0);
        expect(mine.data.every((t) => t.tile_private === 1 && t.brand === '云方企业库')).toBe(true);
        corpTile = mine.data[0]!;
        const none = (await designer.get<TileFilters>('/api/admin/tile', { action: 'privateFilters' })).body.retdata;
        expect(none).toMatchObject({ total: 0, data: [], last_page: 1 });
        const cm = (await chuangmi.get<TileFilters>('/api/admin/tile', { action: 'privateFilters', pageSize: 9999 })).body.retdata;
        expect(cm.data.every((t) => t.brand === '创米自营')).toBe(true);
        // the public list stays public; the library list adds the own ones
        const pub = (await corp.get<TileFilters>('/api/admin/tile', { action: 'filters' })).body.retdata;
        expect(pub.total).toBe(publicCount);
        const all = (await corp.get<Paged<Tile>>('/api/admin/tile', { action: 'list' })).body.retdata;
        expect(all.total).toBe(publicCount + mine.total);
      });

      it('another project can neither read, find by code, favour nor list them', async () => {
        for (const other of [designer, chuangmi]) {
          expect((await other.get(`/api/admin/tile/${corpTile.id}`)).status).toBe(404);
          expect((await other.get('/api/admin/tile/0', { code: corpTile.code })).status).toBe(404);
          const favor = await other.post('/api/admin/tile', { action: 'favor', id: corpTile.id });
          expect(favor.status).toBe(404);
          expect(favor.body.retmsg).toBe('数据不存在或无权访问');
          const list = (await other.get<Paged<Tile>>('/api/admin/tile', { action: 'list', keyword: corpTile.code })).body.retdata;
          expect(list.total).toBe(0);
        }
        const [leak] = await db.query<{ n: number }>('select count(*)::int as n from tile_favors where tile_id = $1', [corpTile.id]);
        expect(leak!.n).toBe(0);
        expect((await corp.post('/api/admin/tile', { action: 'favor', id: corpTile.id })).status).toBe(200);
        expect((await corp.get<Tile>(`/api/admin/tile/${corpTile.id}`)).body.retdata.tile_favor).toBe(1);
      });

      it('private pictures live under an unguessable folder', () => {
        expect(corpTile.image).toMatch(/^\/files\/catalogue\/private\/[0-9a-f]{32}\/[A-Za-z0-9-]+\.png$/);
      });
    });

    describe('pictures', () => {
      const fetchPng = async (url: string) => {
        const res = await app.request(url);
        return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
      };

      it('serves a tile texture, its big version and a 100 x 100 thumbnail as real PNGs in the tile aspect', async () => {
        const [tile] = await db.query<{ image: string; image_big: string; cover_url: string; width_mm: number; height_mm: number }>(
          `select image, image_big, cover_url, width_mm, height_mm from tiles where owner_project is null and spec = '600x1200' limit 1`,
        );
        const main = await fetchPng(tile!.image);
        expect(main.res.status).toBe(200);
        expect(main.res.headers.get('content-type')).toBe('image/png');
        expect(main.res.headers.get('cache-control')).toContain('max-age');
        expect(readPng(main.bytes)).toMatchObject({ width: 128, height: 256, colourType: 2 });
        expect(readPng((await fetchPng(tile!.image_big)).bytes)).toMatchObject({ width: 256, height: 512 });
        expect(readPng((await fetchPng(tile!.cover_url)).bytes)).toMatchObject({ width: 100, height: 100 });
        // stored through FileStorage once drawn, then served from there
        const key = tile!.image.slice('/files/'.length);
        expect(await storage.stat(key)).toMatchObject({ contentType: 'image/png', size: main.bytes.length });
        const puts = storage.puts;
        expect(Buffer.from((await fetchPng(tile!.image)).bytes).equals(Buffer.from(main.bytes))).toBe(true);
        expect(storage.puts).toBe(puts);
      });

      it('serves mixed-laying variants and the laying preview of multi-tile tiles', async () => {
        const mixed = (await designer.get<Paged<Tile>>('/api/admin/tile', { action: 'list' })).body.retdata.data.find((t) => t.mode === '3')!;
        expect(mixed.hunpu_pics).toHaveLength(3);
        for (const url of [...mixed.hunpu_pics, mixed.image_hunpu]) {
          const { res, bytes } = await fetchPng(url);
          expect(res.status, url).toBe(200);
          readPng(bytes);
        }
        const plain = (await designer.get<Paged<Tile>>('/api/admin/tile', { action: 'list', pageSize: 1 })).body.retdata.data[0]!;
        expect(plain.hunpu_pics).toEqual([]);
        expect((await app.request(plain.image.replace('.png', '.v1.png'))).status).toBe(404);
      });

      it('serves the pictures of pavings, medallions, sample rooms and private tiles', async () => {
        const urls = await db.query<{ url: string }>(
          `(select image as url from pavings where kind = 'paving' limit 1)
           union all (select image from pavings where kind = 'waterjet' limit 1)
           union all (select cover_url from model_rooms limit 1)
           union all (select image from tiles where owner_project is not null limit 1)`,
        );
        expect(urls).toHaveLength(4);
        for (const { url } of urls) {
          const { res, bytes } = await fetchPng(url);
          expect(res.status, url).toBe(200);
          expect(readPng(bytes).width).toBeGreaterThan(0);
        }
      });

      it('answers 404 for anything that is not a catalogue picture', async () => {
        for (const url of [
          '/files/catalogue/tiles/NO-SUCH.png',
          '/files/catalogue/tiles/YS-0001.v9.png',
          '/files/catalogue/tiles/YS-0001.txt',
          '/files/catalogue/../users.png',
          '/files/catalogue/tiles/%2e%2e/x.png',
          '/files/catalogue/',
        ]) {
          expect((await app.request(url)).status, url).toBe(404);
        }
      });
    });

    describe('pavings and waterjets', () => {
      it('paving filters: brand, category, spec and mode lists with the page', async () => {
        const { status, body } = await designer.get<Paged<Paving> & { filters: PavingFilters }>('/api/admin/paving', {
          action: 'filters',
        });
        expect(status).toBe(200);
        const r = body.retdata;
        const [count] = await db.query<{ n: number }>(`select count(*)::int as n from pavings where kind = 'paving' and owner_project is null`);
        expect(r.total).toBe(count!.n);
        expect(r.per_page).toBe(8);
        expect(Object.keys(r.filters).sort()).toEqual(['brand', 'category', 'mode', 'spec']);
        expect(r.filters.mode.map((m) => m.value)).toEqual(['0', '2', '3']);
        expect(r.filters.mode.map((m) => m.name)).toEqual(['普通铺贴', '旋转铺贴', '多砖混铺']);
        expect(r.data.every((p) => p.kind === 'paving' && p.privateId === p.id)).toBe(true);
        const parent = (await designer.get<Paged<Paving>>('/api/admin/paving', { action: 'list', category: 1 })).body.retdata;
        expect(parent.total).toBe(r.total);
        const child = r.filters.category[0]!;
        const byChild = (await designer.get<Paged<Paving>>('/api/admin/paving', { action: 'list', category: child.value, pageSize: 99 })).body.retdata;
        expect(byChild.total).toBe(child.count);
        expect(byChild.data.every((p) => String(p.category_id) === child.value)).toBe(true);
        // pavings name public tiles they are laid with
        const codes = r.data.flatMap((p) => p.tiles);
        const found = await db.query('select 1 from tiles where code = any($1::text[]) and owner_project is null', [codes]);
        expect(found.length).toBe(new Set(codes).size);
      });

      it('favours a paving by privateId and removes it; favourites are per user', async () => {
        const first = (await designer.get<Paged<Paving>>('/api/admin/paving', { action: 'list', pageSize: 1 })).body.retdata.data[0]!;
        const added = await designer.post('/api/admin/paving', { action: 'favor', privateId: first.privateId });
        expect(added.body.retdata).toEqual({ id: first.id, favor: 1 });
        const favs = (await designer.get<Paged<Paving>>('/api/admin/paving', { action: 'list', favor: 1 })).body.retdata;
        expect(favs.data.map((p) => [p.id, p.favor])).toEqual([[first.id, 1]]);
        expect((await member.get<Paged<Paving>>('/api/admin/paving', { action: 'list', favor: 1 })).body.retdata.total).toBe(0);
        expect((await member.del(`/api/admin/paving/${first.id}`, { action: 'favor' })).status).toBe(404);
        expect((await designer.del(`/api/admin/paving/${first.id}`, { action: 'favor' })).body.retdata).toEqual({ id: first.id, favor: 0 });
        expect((await designer.del(`/api/admin/paving/${first.id}`, { action: 'favor' })).status).toBe(404);
        // a paving id is not a waterjet id
        expect((await designer.post('/api/admin/waterjet', { action: 'favor', id: first.id })).status).toBe(404);
      });

      it('waterjet list, filters, one item, favourite and removal', async () => {
        const list = (await designer.get<Paged<Paving>>('/api/admin/waterjet', { action: 'list', pageSize: 99 })).body.retdata;
        expect(list.total).toBeGreaterThanOrEqual(6);
        expect(list.data.every((p) => p.kind === 'waterjet')).toBe(true);
        const filters = (await designer.get<{ filters: PavingFilters; total: number }>('/api/admin/waterjet', { action: 'filters' }))
          .body.retdata;
        expect(filters.total).toBe(list.total);
        expect(filters.filters.category.map((c) => c.name)).toEqual(['圆形', '方形', '椭圆']);
        const one = list.data[0]!;
        expect((await designer.get<Paving>(`/api/admin/waterjet/${one.id}`)).body.retdata).toEqual(one);
        expect((await designer.get(`/api/admin/paving/${one.id}`)).status).toBe(404);
        expect((await designer.post('/api/admin/waterjet', { action: 'favor', id: one.id })).body.retdata).toEqual({ id: one.id, favor: 1 });
        expect((await designer.get<Paving>(`/api/admin/waterjet/${one.id}`)).body.retdata.favor).toBe(1);
        expect((await member.get<Paving>(`/api/admin/waterjet/${one.id}`)).body.retdata.favor).toBe(0);
        expect((await designer.del(`/api/admin/waterjet/${one.id}`)).status).toBe(200);
        expect((await designer.post('/api/admin/waterjet', { action: 'store', id: one.id })).status).toBe(400);
      });
    });
  });
}
