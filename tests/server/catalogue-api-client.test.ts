// The typed api/ modules of the catalogue families against the real server (PGlite): each call
// reaches its route with the parameters the server expects, and the answers have the typed shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { login } from '../../api/session';
import { favorPaving, getPaving, getPavingFilters, listPavings, unfavorPaving } from '../../api/catalogue';
import {
  favorTile,
  getTile,
  getTileBrandsByInitial,
  getTileFilters,
  listTiles,
  multiDeleteTileFavor,
  TILE_TYPE,
  unfavorTile,
} from '../../api/tile';
import { countModelRoomView, favorModelRoom, getModelRoom, listModelRooms, unfavorModelRoom, updateModelRoomScheme } from '../../api/model-room';
import {
  addSimplePavingFavor,
  deleteCategory,
  deleteCategoryMap,
  deleteSimplePavingFavor,
  getAllCategories,
  getCategoryList,
  getCategoryMapPageList,
  getPavingBrandList,
  getPavingCategoryList,
  getPavingsByFilters,
  getSimplePavingFavorPageList,
  storeCategory,
  storeCategoryMap,
  storeCategoryMapMulti,
  deleteCategoryMapMulti,
  updateCategory,
} from '../../api/source-library';
import { isApiError } from '../../api/errors';
import { backends } from './helpers';
import { apiClientFor, openCatalogueApp, type TestApp } from './catalogue-helpers';

const pglite = backends().find((b) => b.name === 'pglite')!;

describe('catalogue api/ modules against the server', () => {
  let app: TestApp;
  let dispose: () => Promise<void>;
  let client: ApiClient;

  beforeAll(async () => {
    ({ app, dispose } = await openCatalogueApp(pglite));
    client = apiClientFor(app);
    await login(client, { project: 'yfang', account: 'designer', password: 'Design@2026' });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('tiles', async () => {
    const filters = await getTileFilters(client, 'filters', { type: [TILE_TYPE.woodFloor, TILE_TYPE.rockSlab], genre: 'floor' });
    expect(filters.per_page).toBe(8);
    expect(filters.data.every((t) => t.type === 3 || t.type === 5)).toBe(true);
    expect(filters.filters.type.length).toBe(6);
    const all = await listTiles(client);
    expect(all.data.length).toBe(all.total);
    const tile = all.data[0]!;
    expect(await getTile(client, tile.id)).toEqual(tile);
    expect(await getTile(client, 0, tile.code)).toEqual(tile);
    expect(await favorTile(client, tile.id)).toEqual({ id: tile.id, tile_favor: 1 });
    expect((await getTileFilters(client, 'favorfilters')).total).toBe(1);
    expect(await unfavorTile(client, tile.id)).toEqual({ id: tile.id, tile_favor: 0 });
    await favorTile(client, all.data[1]!.id);
    expect(await multiDeleteTileFavor(client, [all.data[1]!.id])).toEqual({ deleted: [all.data[1]!.id] });
    const groups = await getTileBrandsByInitial(client, 'wall');
    expect(groups.length).toBeGreaterThan(0);
    const failed = await getTile(client, 99999999, undefined, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(failed) && failed.status === 404 && failed.serverMessage === '数据不存在或无权访问').toBe(true);
  });

  it('pavings and waterjets', async () => {
    const pav = await getPavingFilters(client, 'paving', { category: 1 });
    expect(pav.filters.mode.length).toBeGreaterThan(0);
    const jets = await listPavings(client, 'waterjet', { pageSize: 2 });
    expect(jets.data).toHaveLength(2);
    const jet = jets.data[0]!;
    expect((await getPaving(client, 'waterjet', jet.id)).code).toBe(jet.code);
    expect(await favorPaving(client, 'waterjet', jet.privateId)).toEqual({ id: jet.id, favor: 1 });
    expect((await listPavings(client, 'waterjet', { favor: true })).total).toBe(1);
    expect(await unfavorPaving(client, 'waterjet', jet.id)).toEqual({ id: jet.id, favor: 0 });
  });

  it('sample rooms', async () => {
    const page = await listModelRooms(client);
    expect(page.per_page).toBe(8);
    const own = page.data.find((r) => r.is_owner === 1)!;
    const other = page.data.find((r) => r.is_owner === 0)!;
    expect((await getModelRoom(client, own.id)).name).toBe(own.name);
    expect(await favorModelRoom(client, own)).toEqual({ scheme_id: own.id, favor: 1 });
    expect((await listModelRooms(client, { favor: true })).total).toBe(1);
    expect(await unfavorModelRoom(client, own.scheme_id)).toEqual({ scheme_id: own.id, favor: 0 });
    expect((await countModelRoomView(client, own.id)).counted).toBe(false);
    expect((await countModelRoomView(client, other.id)).counted).toBe(true);
    const updated = await updateModelRoomScheme(client, own.id, { scheme: { model_list_url: '/files/list.json' }, room: { roomName: 'x' } });
    expect(updated.model_list_url).toBe('/files/list.json');
  });

  it('source library', async () => {
    const top = await getPavingCategoryList(client);
    expect(top.length).toBe(2);
    expect((await getPavingCategoryList(client, top[0]!.id)).length).toBeGreaterThan(0);
    expect((await getPavingBrandList(client, top[1]!.id)).length).toBeGreaterThan(0);
    expect((await getPavingsByFilters(client, { kind: 'paving', pageSize: 3 })).data).toHaveLength(3);

    const cat = await storeCategory(client, { name: '收藏夹', source_type: 'tile' });
    expect((await updateCategory(client, cat.id, '常用')).name).toBe('常用');
    expect((await getCategoryList(client, { source_type: 'tile' })).map((c) => c.id)).toEqual([cat.id]);
    expect((await getAllCategories(client)).map((c) => c.id)).toEqual([cat.id]);
    const tiles = (await listTiles(client, { pageSize: 3 })).data;
    expect(await storeCategoryMap(client, tiles[0]!.id, { source_type: 'tile', cate_id: cat.id })).toEqual({ cate_id: cat.id, added: 1 });
    expect((await storeCategoryMapMulti(client, [tiles[1]!.id, tiles[2]!.id], { source_type: 'tile', cate_id: cat.id })).added).toBe(2);
    expect((await getCategoryMapPageList(client, { cate_id: cat.id })).total).toBe(3);
    expect(await deleteCategoryMap(client, tiles[0]!.id, { source_type: 'tile', cate_id: cat.id })).toEqual({ removed: 1 });
    expect(await deleteCategoryMapMulti(client, [tiles[1]!.id], { source_type: 'tile' })).toEqual({ removed: 1 });
    expect(await deleteCategory(client, cat.id)).toEqual({ id: cat.id });
    const blank = await storeCategory(client, { name: ' ', source_type: 'tile' }, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(blank) && blank.serverMessage === '请输入文件名称').toBe(true);

    const favor = await addSimplePavingFavor(client, { tile_id: tiles[0]!.id, name: '直铺', rotation: 90 });
    expect(favor.tile?.code).toBe(tiles[0]!.code);
    expect((await getSimplePavingFavorPageList(client)).total).toBe(1);
    expect(await deleteSimplePavingFavor(client, favor.id)).toEqual({ id: favor.id });
  });
});
