// /api/admin/source-library (catalogues.md §7). The action travels as the `action` parameter
// (query for GET and DELETE, body or query for POST and PATCH); {id} is the only path segment.
// The name may also be given as a path segment (GET /source-library/get_category_list), as the
// spec lists the calls like paths; both reach the same handler.
//   POST   get_paying_by_filters          pavings and medallions by filters (sic: "paying")
//   GET    get_paving_category_list       (category) child categories
//   GET    get_paving_brand_list          (category) brands
//   POST   store_category                 (name, source_type, library_type)
//   GET    get_category_list              (source_type, keyword, library_type)
//   PATCH  /{id} update_category          (name)
//   DELETE /{id} delete_category
//   GET    get_category_map_page_list     (page, pageSize default 8, cate_id, source_type, library_type)
//   POST   store_category_map             (model_id, source_type, cate_id, cate_name)
//   POST   store_category_map_multi       (model_id_list, source_type, cate_id, cate_name)
//   POST   delete_category_map            (source_type, model_id[, cate_id, library_type])
//   POST   delete_category_map_multi      (source_type, model_id_list[, cate_id, library_type])
//   GET    all_category                   (brand: 1 = the project's brand library, else personal)
//   POST   simple_paving_favor            (tile_id | privateId, name, texture fields …)
//   DELETE /{id} simple_paving_favor
//   GET    simple_paving_favor_page_list  (page, pageSize default 8)
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseWith, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { MIX_MODES } from '../catalogues/catalogue-data';
import {
  forbidden,
  Id,
  intParam,
  notFound,
  optionalText,
  PAGE_PARAMS,
  pagedResult,
  paging,
  readActionBody,
  unknownAction,
} from '../catalogues/http';
import { listPavings, pavingBrands, pavingCategories } from '../catalogues/pavings';
import {
  addSimplePavingFavor,
  allCategories,
  createCategory,
  deleteCategory,
  deleteCategoryMaps,
  deleteSimplePavingFavor,
  LIBRARY_TYPES,
  listCategories,
  listCategoryMaps,
  listSimplePavingFavors,
  renameCategory,
  storeCategoryMaps,
  type WriteResult,
} from '../catalogues/source-library';
import { viewerOf } from '../catalogues/viewer';

/** catalogues.md §9: category page size 8. */
export const CATEGORY_PAGE_SIZE = 8;
const MAX_ITEMS = 1000;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const SourceType = z.string().regex(/^[A-Za-z_]{1,32}$/);
const LibraryType = z.preprocess(blank, z.enum(LIBRARY_TYPES).optional().default('personal'));
const OptionalLibraryType = z.preprocess(blank, z.enum(LIBRARY_TYPES).optional());
const ModelId = z.union([z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).transform(String)]);
const Category = z.preprocess(blank, intParam(1, 2_147_483_647).optional());

/** 请输入文件名称 when the name is missing or blank; a clear 400 when it is too long. */
function categoryName(body: Record<string, unknown>): string {
  const raw = body.name;
  const name = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!name) throw new ApiError(400, RETCODE.BAD_REQUEST, 'categoryNameRequired', undefined, { field: 'name' });
  return parseWith(z.object({ name: z.string().max(50) }), { name }).name;
}

function settle<T>(result: WriteResult<T>, name = ''): T {
  if (result === null) throw notFound();
  if (result === 'forbidden') throw forbidden();
  if (result === 'taken') throw new ApiError(409, RETCODE.CATEGORY_NAME_TAKEN, 'categoryNameTaken', { name }, { field: 'name' });
  return result;
}

const PavingFiltersBody = z.object({
  ...PAGE_PARAMS,
  keyword: optionalText(100),
  category: Category,
  brand: optionalText(100),
  spec: optionalText(32),
  mode: z.preprocess(blank, z.enum(MIX_MODES).optional()),
  kind: z.preprocess(blank, z.enum(['paving', 'waterjet']).optional()),
  favor: z.preprocess((v) => (v === 1 || v === '1' || v === true ? true : v === 0 || v === '0' || v === false ? false : blank(v)), z.boolean().optional()),
});

const StoreCategoryBody = z.object({ source_type: SourceType, library_type: LibraryType });
const CategoryListQuery = z.object({ source_type: z.preprocess(blank, SourceType.optional()), keyword: optionalText(50), library_type: OptionalLibraryType });
const MapPageQuery = z.object({
  ...PAGE_PARAMS,
  cate_id: z.preprocess(blank, Id.optional()),
  source_type: z.preprocess(blank, SourceType.optional()),
  library_type: OptionalLibraryType,
});
/**
 * Source types whose items are catalogue rows filed by their integer id (the lists join them as
 * one): anything else there could never be shown, so filing it is refused. Furniture models
 * ('model') and other types are filed by their text model_id. Deleting stays lenient, so rows
 * filed before this check can still be taken out.
 */
const ROW_ID_SOURCE_TYPES: ReadonlySet<string> = new Set(['tile', 'paving', 'waterjet', 'material']);
const ROW_ID = /^[1-9][0-9]{0,9}$/;

function rowIdsOnly(sourceType: string, ids: readonly string[], path: (i: number) => (string | number)[], ctx: z.RefinementCtx): void {
  if (!ROW_ID_SOURCE_TYPES.has(sourceType)) return;
  ids.forEach((id, i) => {
    if (!ROW_ID.test(id) || Number(id) > 2_147_483_647) ctx.addIssue({ code: 'custom', path: path(i), message: 'not a row id' });
  });
}

const StoreMapBody = z
  .object({ model_id: ModelId, source_type: SourceType, cate_id: Id, cate_name: z.string().max(100).optional() })
  .superRefine((b, ctx) => rowIdsOnly(b.source_type, [b.model_id], () => ['model_id'], ctx));
const StoreMapMultiBody = z
  .object({
    model_id_list: z.array(ModelId).min(1).max(MAX_ITEMS),
    source_type: SourceType,
    cate_id: Id,
    cate_name: z.string().max(100).optional(),
  })
  .superRefine((b, ctx) => rowIdsOnly(b.source_type, b.model_id_list, (i) => ['model_id_list', i], ctx));
const DeleteMapBody = z.object({ model_id: ModelId, source_type: SourceType, cate_id: z.preprocess(blank, Id.optional()), library_type: LibraryType });
const DeleteMapMultiBody = z.object({
  model_id_list: z.array(ModelId).min(1).max(MAX_ITEMS),
  source_type: SourceType,
  cate_id: z.preprocess(blank, Id.optional()),
  library_type: LibraryType,
});
const SimpleFavorBody = z
  .object({
    tile_id: z.preprocess(blank, Id.optional()),
    privateId: z.preprocess(blank, Id.optional()),
    name: z.string().trim().max(100).optional(),
  })
  .loose();

const GET_ACTIONS = new Set([
  'get_paving_category_list',
  'get_paving_brand_list',
  'get_category_list',
  'get_category_map_page_list',
  'all_category',
  'simple_paving_favor_page_list',
]);

export function sourceLibraryRoutes({ db, config }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));

  const handleGet = async (c: Context<AppEnv>, action: string): Promise<Response> => {
    const viewer = viewerOf(c);
    switch (action) {
      case 'get_paving_category_list': {
        const q = readQuery(c, z.object({ category: Category }));
        return ok(c, await pavingCategories(db, viewer, q.category));
      }
      case 'get_paving_brand_list': {
        const q = readQuery(c, z.object({ category: Category }));
        return ok(c, await pavingBrands(db, viewer, q.category));
      }
      case 'get_category_list': {
        const q = readQuery(c, CategoryListQuery);
        return ok(c, await listCategories(db, viewer, { sourceType: q.source_type, keyword: q.keyword, libraryType: q.library_type }));
      }
      case 'get_category_map_page_list': {
        const q = readQuery(c, MapPageQuery);
        const page = paging(q, CATEGORY_PAGE_SIZE);
        const found = await listCategoryMaps(db, viewer, { cateId: q.cate_id, sourceType: q.source_type, libraryType: q.library_type }, page);
        if (!found) throw notFound();
        return ok(c, pagedResult(page, found.total, found.data));
      }
      case 'all_category': {
        const q = readQuery(c, z.object({ brand: z.preprocess(blank, z.enum(['0', '1', 'true', 'false']).optional()) }));
        const brand = q.brand === '1' || q.brand === 'true';
        return ok(c, await allCategories(db, viewer, brand ? 'brand' : 'personal'));
      }
      case 'simple_paving_favor_page_list': {
        const q = readQuery(c, z.object(PAGE_PARAMS));
        const page = paging(q, CATEGORY_PAGE_SIZE);
        const found = await listSimplePavingFavors(db, viewer, page);
        return ok(c, pagedResult(page, found.total, found.data));
      }
      default:
        throw unknownAction(action);
    }
  };

  const handlePost = async (c: Context<AppEnv>, pathAction?: string): Promise<Response> => {
    const { action, body } = await readActionBody(c, config.jsonBodyLimit, pathAction);
    const viewer = viewerOf(c);
    switch (action) {
      case 'get_paying_by_filters': {
        const b = parseWith(PavingFiltersBody, body);
        const page = paging(b, CATEGORY_PAGE_SIZE);
        const found = await listPavings(
          db,
          viewer,
          b.kind,
          { keyword: b.keyword, category: b.category, brand: b.brand, spec: b.spec, mode: b.mode, favorOnly: b.favor },
          page,
        );
        return ok(c, pagedResult(page, found.total, found.data));
      }
      case 'store_category': {
        const name = categoryName(body);
        const b = parseWith(StoreCategoryBody, body);
        return ok(c, settle(await createCategory(db, viewer, { name, sourceType: b.source_type, libraryType: b.library_type }), name));
      }
      case 'store_category_map': {
        const b = parseWith(StoreMapBody, body);
        const added = settle(await storeCategoryMaps(db, viewer, b.cate_id, b.source_type, [b.model_id]));
        return ok(c, { cate_id: b.cate_id, added });
      }
      case 'store_category_map_multi': {
        const b = parseWith(StoreMapMultiBody, body);
        const added = settle(await storeCategoryMaps(db, viewer, b.cate_id, b.source_type, b.model_id_list));
        return ok(c, { cate_id: b.cate_id, added });
      }
      case 'delete_category_map': {
        const b = parseWith(DeleteMapBody, body);
        const removed = settle(
          await deleteCategoryMaps(db, viewer, { sourceType: b.source_type, modelIds: [b.model_id], cateId: b.cate_id, libraryType: b.library_type }),
        );
        return ok(c, { removed });
      }
      case 'delete_category_map_multi': {
        const b = parseWith(DeleteMapMultiBody, body);
        const removed = settle(
          await deleteCategoryMaps(db, viewer, {
            sourceType: b.source_type,
            modelIds: b.model_id_list,
            cateId: b.cate_id,
            libraryType: b.library_type,
          }),
        );
        return ok(c, { removed });
      }
      case 'simple_paving_favor': {
        const b = parseWith(SimpleFavorBody, body);
        const { action: _action, ...payload } = body;
        const created = await addSimplePavingFavor(db, viewer, { tileId: b.tile_id ?? b.privateId, name: b.name ?? '', payload });
        if (!created) throw notFound();
        return ok(c, created);
      }
      default:
        throw unknownAction(action);
    }
  };

  routes.get('/', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64) }).loose());
    return handleGet(c, action);
  });
  routes.post('/', (c) => handlePost(c));

  routes.patch('/:id{[0-9]+}', async (c) => {
    const { action, body } = await readActionBody(c, config.jsonBodyLimit, undefined);
    if (action !== 'update_category') throw unknownAction(action);
    const id = parseWith(Id, c.req.param('id'), 'id');
    const name = categoryName(body);
    return ok(c, settle(await renameCategory(db, viewerOf(c), id, name), name));
  });

  routes.delete('/:id{[0-9]+}', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64) }).loose());
    const id = parseWith(Id, c.req.param('id'), 'id');
    const viewer = viewerOf(c);
    if (action === 'delete_category') {
      settle(await deleteCategory(db, viewer, id));
      return ok(c, { id });
    }
    if (action === 'simple_paving_favor') {
      if (!(await deleteSimplePavingFavor(db, viewer, id))) throw notFound();
      return ok(c, { id });
    }
    throw unknownAction(action);
  });

  // the action name as a path segment
  routes.get('/:action{[a-z_]+}', (c) => handleGet(c, c.req.param('action')));
  routes.post('/:action{[a-z_]+}', (c) => {
    const action = c.req.param('action');
    if (GET_ACTIONS.has(action)) throw unknownAction(action);
    return handlePost(c, action);
  });

  return routes;
}
