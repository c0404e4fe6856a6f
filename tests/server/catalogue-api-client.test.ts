// The typed api/ modules of the catalogue families against the real server (PGlite): each call
// reaches its route with the parameters the server expects, and the answers have the typed shape.
import { describe, expect, it } from 'vitest';
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
import { designerClientFixture } from './catalogue-helpers';

const pglite = backends().find((b) => b.name === 'pglite')!;

describe('catalogue api/ modules against the server', () => {
  const fixture = designerClientFixture(pglite);

  it('tiles', async () => {
    const filters = await getTileFilters(fixture.client(), 'filters', { type: [TILE_TYPE.woodFloor, TILE_TYPE.rockSlab], genre: 'floor' });
    expect(filters.per_page).toBe(8);
    expect(filters.data.every((t) => t.type === 3 || t.type === 5)).toBe(true);
    expect(filters.filters.type.length).toBe(6);
    const all = await listTiles(fixture.client());
    expect(all.data.length).toBe(all.total);
    const tile = all.data[0]!;
    expect(await getTile(fixture.client(), tile.id)).toEqual(tile);
    expect(await getTile(fixture.client(), 0, tile.code)).toEqual(tile);
    expect(await favorTile(fixture.client(), tile.id)).toEqual({ id: tile.id, tile_favor: 1 });
    expect((await getTileFilters(fixture.client(), 'favorfilters')).total).toBe(1);
    expect(await unfavorTile(fixture.client(), tile.id)).toEqual({ id: tile.id, tile_favor: 0 });
    await favorTile(fixture.client(), all.data[1]!.id);
    expect(await multiDeleteTileFavor(fixture.client(), [all.data[1]!.id])).toEqual({ deleted: [all.data[1]!.id] });
    const groups = await getTileBrandsByInitial(fixture.client(), 'wall');
    expect(groups.length).toBeGreaterThan(0);
    const failed = await getTile(fixture.client(), 99999999, undefined, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(failed) && failed.status === 404 && failed.serverMessage === '数据不存在或无权访问').toBe(true);
  });

  it('pavings and waterjets', async () => {
    const pav = await getPavingFilters(fixture.client(), 'paving', { category: 1 });
    expect(pav.filters.mode.length).toBeGreaterThan(0);
    const jets = await listPavings(fixture.client(), 'waterjet', { pageSize: 2 });
    expect(jets.data).toHaveLength(2);
    const jet = jets.data[0]!;
    expect((await getPaving(fixture.client(), 'waterjet', jet.id)).code).toBe(jet.code);
    expect(await favorPaving(fixture.client(), 'waterjet', jet.privateId)).toEqual({ id: jet.id, favor: 1 });
    expect((await listPavings(fixture.client(), 'waterjet', { favor: true })).total).toBe(1);
    expect(await unfavorPaving(fixture.client(), 'waterjet', jet.id)).toEqual({ id: jet.id, favor: 0 });
  });

  it('sample rooms', async () => {
    const page = await listModelRooms(fixture.client());
    expect(page.per_page).toBe(8);
    const own = page.data.find((r) => r.is_owner === 1)!;
    const other = page.data.find((r) => r.is_owner === 0)!;
    expect((await getModelRoom(fixture.client(), own.id)).name).toBe(own.name);
    expect(await favorModelRoom(fixture.client(), own)).toEqual({ scheme_id: own.id, favor: 1 });
    expect((await listModelRooms(fixture.client(), { favor: true })).total).toBe(1);
    expect(await unfavorModelRoom(fixture.client(), own.scheme_id)).toEqual({ scheme_id: own.id, favor: 0 });
    expect((await countModelRoomView(fixture.client(), own.id)).counted).toBe(false);
    expect((await countModelRoomView(fixture.client(), other.id)).counted).toBe(true);
    const updated = await updateModelRoomScheme(fixture.client(), own.id, { scheme: { model_list_url: '/files/list.json' }, room: { roomName: 'x' } });
    expect(updated.model_list_url).toBe('/files/list.json');
  });

  it('source library', async () => {
    const top = await getPavingCategoryList(fixture.client());
    expect(top.length).toBe(2);
    expect((await getPavingCategoryList(fixture.client(), top[0]!.id)).length).toBeGreaterThan(0);
    expect((await getPavingBrandList(fixture.client(), top[1]!.id)).length).toBeGreaterThan(0);
    expect((await getPavingsByFilters(fixture.client(), { kind: 'paving', pageSize: 3 })).data).toHaveLength(3);

    const cat = await storeCategory(fixture.client(), { name: '收藏夹', source_type: 'tile' });
    expect((await updateCategory(fixture.client(), cat.id, '常用')).name).toBe('常用');
    expect((await getCategoryList(fixture.client(), { source_type: 'tile' })).map((c) => c.id)).toEqual([cat.id]);
    expect((await getAllCategories(fixture.client())).map((c) => c.id)).toEqual([cat.id]);
    const tiles = (await listTiles(fixture.client(), { pageSize: 3 })).data;
    expect(await storeCategoryMap(fixture.client(), tiles[0]!.id, { source_type: 'tile', cate_id: cat.id })).toEqual({ cate_id: cat.id, added: 1 });
    expect((await storeCategoryMapMulti(fixture.client(), [tiles[1]!.id, tiles[2]!.id], { source_type: 'tile', cate_id: cat.id })).added).toBe(2);
    expect((await getCategoryMapPageList(fixture.client(), { cate_id: cat.id })).total).toBe(3);
    expect(await deleteCategoryMap(fixture.client(), tiles[0]!.id, { source_type: 'tile', cate_id: cat.id })).toEqual({ removed: 1 });
    expect(await deleteCategoryMapMulti(fixture.client(), [tiles[1]!.id], { source_type: 'tile' })).toEqual({ removed: 1 });
    expect(await deleteCategory(fixture.client(), cat.id)).toEqual({ id: cat.id });
    const blank = await storeCategory(fixture.client(), { name: ' ', source_type: 'tile' }, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(blank) && blank.serverMessage === '请输入文件名称').toBe(true);

    const favor = await addSimplePavingFavor(fixture.client(), { tile_id: tiles[0]!.id, name: '直铺', rotation: 90 });
    expect(favor.tile?.code).toBe(tiles[0]!.code);
    expect((await getSimplePavingFavorPageList(fixture.client())).total).toBe(1);
    expect(await deleteSimplePavingFavor(fixture.client(), favor.id)).toEqual({ id: favor.id });
  });
});
