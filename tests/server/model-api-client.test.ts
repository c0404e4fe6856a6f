// api/model.ts against the real server (PGlite): each call reaches its route with the parameters the
// server expects, and the answers have the typed shape.
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../api/errors';
import {
  deleteFavorModelMulti,
  favorModel,
  getModel,
  getModelFilters,
  listModels,
  MODEL_MOUNTS,
  MODEL_PAGE_SIZE,
  widthRange,
  type CatalogueModel,
  type ModelPlanSymbol,
} from '../../api/model';
import { backends } from './helpers';
import { designerClientFixture } from './catalogue-helpers';

const pglite = backends().find((b) => b.name === 'pglite')!;

/** Every field of CatalogueModel: a field the server drops or renames fails here. */
const MODEL_KEYS: readonly (keyof CatalogueModel)[] = [
  'id', 'model_id', 'modelVersion', 'name', 'name_en', 'category1', 'category2', 'category3', 'category4', 'category_en',
  'type', 'class', 'sizex', 'sizey', 'sizez', 'display_size', 'style', 'style_en', 'resizable', 'price_type', 'price',
  'brand', 'model_type_name', 'cover_url', 'gltf_url', 'low_gltf_url', 'isUseLowGltf', 'plan_url', 'triangles',
  'lowTriangles', 'xml_url', 'layout_model_id', 'layout_jpg_url', 'layout_png_url', 'relation_model_id', 'jsonUrl',
  'merge_model_data', 'openingType', 'library', 'model_favor',
];

describe('api/model.ts against the server', () => {
  const fixture = designerClientFixture(pglite);

  it('lists and searches with the typed parameters', async () => {
    const page = await listModels(fixture.client());
    expect(page.per_page).toBe(MODEL_PAGE_SIZE);
    expect(page.data).toHaveLength(MODEL_PAGE_SIZE);
    expect(Object.keys(page.data[0]!).sort()).toEqual([...MODEL_KEYS].sort());
    expect(MODEL_MOUNTS).toContain(page.data[0]!.type);
    const sofas = await listModels(fixture.client(), { keyword: 'sofa', sizex: { min: 1500 }, sizez: { max: 1000 }, pageSize: 100 });
    expect(sofas.total).toBeGreaterThan(0);
    expect(sofas.data.every((m) => m.sizex >= 1500 && m.sizez <= 1000)).toBe(true);
    const lamps = await listModels(fixture.client(), { type: 'ceiling', pageSize: 100 });
    expect(lamps.data.every((m) => m.type === 'ceiling')).toBe(true);
  });

  it('reads the facets, and a width facet value turns into the range the list takes', async () => {
    const r = await getModelFilters(fixture.client(), { category1: '家具' });
    expect(r.filters.category1.length).toBeGreaterThan(1);
    const bucket = r.filters.width.find((o) => o.count > 0)!;
    const inBucket = await listModels(fixture.client(), { category1: '家具', sizex: widthRange(bucket.value) });
    expect(inBucket.total).toBe(bucket.count);
    expect(widthRange('2400-')).toEqual({ min: 2400 });
    expect(widthRange('600-1200')).toEqual({ min: 600, max: 1199 });
    expect(widthRange('x')).toEqual({});
  });

  it('finds one model by id and by model_id, and fetches its plan symbol', async () => {
    const m = (await listModels(fixture.client(), { keyword: 'bed' })).data[0]!;
    expect(await getModel(fixture.client(), m.id)).toEqual(m);
    expect(await getModel(fixture.client(), null, { modelId: m.model_id, brand: m.brand })).toEqual(m);
    const plan = (await (await fixture.app().request(m.plan_url)).json()) as ModelPlanSymbol;
    expect(plan.outlines.length).toBeGreaterThan(0);
    const failed = await getModel(fixture.client(), 99999999, {}, { silent: true }).catch((e: unknown) => e);
    expect(isApiError(failed) && failed.status === 404 && failed.serverMessage === '数据不存在或无权访问').toBe(true);
  });

  it('adds favourites with the model fields and removes them', async () => {
    const [a, b] = (await listModels(fixture.client(), { pageSize: 2, page: 3 })).data;
    expect(await favorModel(fixture.client(), a!)).toEqual({ id: a!.id, model_id: a!.model_id, model_favor: 1 });
    expect(await favorModel(fixture.client(), { model_id: b!.model_id })).toEqual({ id: b!.id, model_id: b!.model_id, model_favor: 1 });
    const favs = await listModels(fixture.client(), { scope: 'favor' });
    expect(favs.data.map((m) => m.id).sort((x, y) => x - y)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    expect(await deleteFavorModelMulti(fixture.client(), [a!.id, b!.id])).toEqual({ deleted: [a!.id, b!.id].sort((x, y) => x - y) });
    expect((await getModelFilters(fixture.client(), { scope: 'favor' })).total).toBe(0);
  });
});
