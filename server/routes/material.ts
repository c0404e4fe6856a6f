// /api/admin/material: the material library (MaterialLib, core.md §2).
//   GET    ?action=list[&scope=]        one page (keyword, category, cate_id, page, pageSize)
//   GET    ?action=filters[&scope=]     the category facet with counts + one page
//   GET    ?action=history              the materials the user applied last (core.md §9: 20, page size 20)
//   GET    /{id}                        one material
//   POST   {action:'favor', id}         add to the user's favourites
//   POST   {action:'delete_favor_multi', id_list}
//   POST   {action:'use', id}           record that the user applied it (History)
//   POST   /upload (multipart: file, name, category?, tile_mm?, roughness?)   the user's own texture (PersonLib)
// scope: all (default), public (CommonLib), brand (BrandLib), personal (PersonLib), favor.
// User categories are the source library's, with source_type 'material' (routes/source-library.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ApiError, badRequest, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseWith, readBodyBytes, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { Id, intParam, notFound, optionalText, PAGE_PARAMS, pagedResult, paging, pathId, readActionBody, unknownAction } from '../catalogues/http';
import { MATERIAL_CATEGORIES } from '../catalogues/materials/defs';
import {
  favorMaterial,
  getMaterial,
  listMaterials,
  MATERIAL_LIBRARIES,
  materialCategoryFacet,
  materialHistory,
  recordMaterialUse,
  unfavorMaterials,
  type MaterialScope,
} from '../catalogues/materials/materials';
import { checkTexture, createUploadedMaterial, MATERIAL_UPLOAD_MAX_BYTES } from '../catalogues/materials/upload';
import { viewerOf } from '../catalogues/viewer';

/** Materials a page in the library panel (core.md §9 default selector query: per_page 20). */
export const MATERIAL_PAGE_SIZE = 20;

const blank = (v: unknown) => (v === '' ? undefined : v);

const ListQuery = z.object({
  action: z.string().max(64).optional(),
  ...PAGE_PARAMS,
  scope: z.preprocess(blank, z.enum(MATERIAL_LIBRARIES).optional()),
  keyword: optionalText(100),
  category: z.preprocess(blank, z.enum(MATERIAL_CATEGORIES).optional()),
  cate_id: z.preprocess(blank, Id.optional()),
});

const IdBody = z.object({ id: Id }).loose();
const MultiBody = z.object({ id_list: z.array(Id).min(1).max(1000) });

const UploadFields = z.object({
  category: z.preprocess(blank, z.enum(MATERIAL_CATEGORIES).optional().default('wallpaper')),
  tile_mm: z.preprocess(blank, intParam(10, 10_000).optional().default(1000)),
  roughness: z.preprocess(
    blank,
    z
      .union([z.number(), z.string().regex(/^[0-9.]{1,6}$/).transform(Number)])
      .pipe(z.number().min(0).max(1))
      .optional()
      .default(0.8),
  ),
});

export function materialRoutes({ db, storage }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));

  routes.get('/', async (c) => {
    const q = readQuery(c, ListQuery);
    const viewer = viewerOf(c);
    const action = q.action ?? 'list';
    if (action === 'history') {
      const data = await materialHistory(db, viewer);
      return ok(c, pagedResult({ page: 1, pageSize: MATERIAL_PAGE_SIZE, offset: 0 }, data.length, data));
    }
    if (action !== 'list' && action !== 'filters') throw unknownAction(action);
    const scope: MaterialScope = q.scope ?? 'all';
    const filters = { keyword: q.keyword, category: q.category, cateId: q.cate_id };
    const page = paging(q, MATERIAL_PAGE_SIZE);
    const found = await listMaterials(db, viewer, scope, filters, page);
    if (action === 'list') return ok(c, pagedResult(page, found.total, found.data));
    const category = await materialCategoryFacet(db, viewer, scope, filters, c.get('locale'));
    return ok(c, { filters: { category }, ...pagedResult(page, found.total, found.data) });
  });

  routes.get('/:id', async (c) => {
    const material = await getMaterial(db, viewerOf(c), pathId(c));
    if (!material) throw notFound();
    return ok(c, material);
  });

  routes.post('/upload', async (c) => {
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadNotMultipart', undefined, { field: 'body' });
    }
    let raw: Uint8Array<ArrayBuffer>;
    try {
      raw = await readBodyBytes(c, MATERIAL_UPLOAD_MAX_BYTES + 64 * 1024);
    } catch (e) {
      if (e instanceof ApiError && e.status === 413) {
        throw new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'materialUploadTooLarge', { limitMb: MATERIAL_UPLOAD_MAX_BYTES / (1024 * 1024) }, { field: 'file' });
      }
      throw e;
    }
    let form: FormData;
    try {
      form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: raw }).formData();
    } catch {
      throw badRequest('body');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadNoFile', undefined, { field: 'file' });
    const nameField = form.get('name');
    const name = typeof nameField === 'string' ? nameField.trim().slice(0, 50) : '';
    if (!name) throw new ApiError(400, RETCODE.BAD_REQUEST, 'materialNameRequired', undefined, { field: 'name' });
    const fields = parseWith(UploadFields, {
      category: form.get('category') ?? undefined,
      tile_mm: form.get('tile_mm') ?? undefined,
      roughness: form.get('roughness') ?? undefined,
    });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const info = checkTexture(bytes);
    const item = await createUploadedMaterial(db, storage, viewerOf(c), bytes, info, {
      name,
      category: fields.category,
      tileMm: fields.tile_mm,
      roughness: fields.roughness,
    });
    return ok(c, item);
  });

  routes.post('/', async (c) => {
    const { action, body } = await readActionBody(c, 64 * 1024);
    const viewer = viewerOf(c);
    if (action === 'favor') {
      const { id } = parseWith(IdBody, body);
      if (!(await favorMaterial(db, viewer, id))) throw notFound();
      return ok(c, { id, favor: 1 });
    }
    if (action === 'delete_favor_multi') {
      return ok(c, { deleted: await unfavorMaterials(db, viewer, parseWith(MultiBody, body).id_list) });
    }
    if (action === 'use') {
      const { id } = parseWith(IdBody, body);
      if (!(await recordMaterialUse(db, viewer, id))) throw notFound();
      return ok(c, { id });
    }
    throw unknownAction(action);
  });

  return routes;
}
