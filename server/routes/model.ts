// /api/admin/model (catalogues.md §7 "Favourites and catalogues"): the furniture catalogue.
//   GET    ?action=list[&scope=]                   one page of models (search, filters)
//   GET    ?action=filters|favorfilters[&scope=]   the facets with counts + one page (as the tile filters)
//   GET    /{id}[?action=find_by_id&use_model_id=1&brand=&project=]  one model, by row id or by model_id
//   POST   {action:'favor', id | model_id, source_type?, ...model fields}   add to the user's favourites
//   POST   {action:'delete_favor_model_multi', id_list, source_type?}      remove favourites
//   POST   ?action=upload, multipart: file (GLB | glTF | zip of .gltf + .bin + textures),
//          library_type (personal | brand), name?, type?, unit? (auto|m|cm|mm)  -> the new model
//   DELETE /{id}[?action=delete_model]             an uploaded model, by its owner (brand: a project admin)
// Search and filter parameters: keyword (every word matches zh/en names, categories, brand, style
// or id), category1-3, style, brand, type (floor|wall|ceiling|surface), sizex_min..sizez_max (mm),
// page, pageSize. scope: all (default), public, brand, personal, favor.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseWith, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { Id, intParam, notFound, optionalText, PAGE_PARAMS, pagedResult, paging, readActionBody, unknownAction } from '../catalogues/http';
import {
  favorModel,
  getModel,
  listModels,
  MODEL_MOUNTS,
  MODEL_SCOPES,
  modelFacets,
  unfavorModels,
  type ModelFilters,
  type ModelScope,
  type SizeRange,
} from '../catalogues/models';
import { viewerOf } from '../catalogues/viewer';
import { LIBRARY_TYPES } from '../catalogues/source-library';
import { MODEL_UNITS, ModelUploadRefusal, type RefusalReason } from '../catalogues/model-upload';
import { ModelUploadPool } from '../catalogues/model-upload-pool';
import { deleteUploadedModel, storeUploadedModel } from '../catalogues/uploaded-models';
import type { MessageId } from '../messages';
import { cleanName, readMultipart } from './upload';
import { assertStorageRoom, quotaOf } from '../storage/quota';
import { forbidden } from '../catalogues/http';

/** Models a page in the catalogue panel. */
export const MODEL_PAGE_SIZE = 20;
/** The only favourite kind this family keeps (textures have their own family). */
export const MODEL_SOURCE_TYPES = ['model'] as const;

const blank = (v: unknown) => (v === '' ? undefined : v);
const Mm = z.preprocess(blank, intParam(0, 100_000).optional());
const ModelIdText = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

const ModelQuery = z.object({
  action: z.string().max(64).optional(),
  ...PAGE_PARAMS,
  project: optionalText(64),
  scope: z.preprocess(blank, z.enum(MODEL_SCOPES).optional()),
  keyword: optionalText(100),
  category1: optionalText(64),
  category2: optionalText(64),
  category3: optionalText(64),
  style: optionalText(64),
  brand: optionalText(100),
  type: z.preprocess(blank, z.enum(MODEL_MOUNTS).optional()),
  sizex_min: Mm,
  sizex_max: Mm,
  sizey_min: Mm,
  sizey_max: Mm,
  sizez_min: Mm,
  sizez_max: Mm,
});

const GetQuery = z.object({
  action: z.string().max(64).optional(),
  project: optionalText(64),
  use_model_id: z.preprocess(blank, z.enum(['0', '1', 'true', 'false']).optional()),
  brand: optionalText(100),
});

const SourceType = z.enum(MODEL_SOURCE_TYPES).default('model');
// The client sends the whole model with a favourite; only the id (or model_id) matters here.
const FavorBody = z
  .object({ id: Id.optional(), model_id: ModelIdText.optional(), source_type: SourceType })
  .loose()
  .refine((b) => b.id !== undefined || b.model_id !== undefined, { path: ['id'] });
const MultiDeleteBody = z.object({ id_list: z.array(Id).min(1).max(1000), source_type: SourceType });

const UploadFields = z.object({
  library_type: z.preprocess(blank, z.enum(LIBRARY_TYPES).default('personal')),
  name: optionalText(60),
  type: z.preprocess(blank, z.enum(MODEL_MOUNTS).default('floor')),
  unit: z.preprocess(blank, z.enum(MODEL_UNITS).default('auto')),
});

const REFUSALS: Readonly<Record<RefusalReason, { id: MessageId; retcode: number; status: 400 | 413 }>> = {
  notModel: { id: 'modelUploadNotModel', retcode: RETCODE.MODEL_UPLOAD_NOT_MODEL, status: 400 },
  corrupt: { id: 'modelUploadCorrupt', retcode: RETCODE.MODEL_UPLOAD_CORRUPT, status: 400 },
  tooLarge: { id: 'modelUploadTooLarge', retcode: RETCODE.MODEL_UPLOAD_TOO_LARGE, status: 413 },
  tooManyTriangles: { id: 'modelUploadTooManyTriangles', retcode: RETCODE.MODEL_UPLOAD_TOO_MANY_TRIANGLES, status: 400 },
  tooManyTextures: { id: 'modelUploadTooManyTextures', retcode: RETCODE.MODEL_UPLOAD_TOO_MANY_TEXTURES, status: 400 },
  textureTooLarge: { id: 'modelUploadTextureTooLarge', retcode: RETCODE.MODEL_UPLOAD_TEXTURE_TOO_LARGE, status: 400 },
  textureFormat: { id: 'modelUploadTextureFormat', retcode: RETCODE.MODEL_UPLOAD_TEXTURE_FORMAT, status: 400 },
  missingFile: { id: 'modelUploadMissingFile', retcode: RETCODE.MODEL_UPLOAD_MISSING_FILE, status: 400 },
  emptyScene: { id: 'modelUploadEmptyScene', retcode: RETCODE.MODEL_UPLOAD_EMPTY_SCENE, status: 400 },
  unsupportedExtension: { id: 'modelUploadUnsupportedExtension', retcode: RETCODE.MODEL_UPLOAD_UNSUPPORTED_EXTENSION, status: 400 },
  conversionFailed: { id: 'modelUploadConversionFailed', retcode: RETCODE.MODEL_UPLOAD_CONVERSION_FAILED, status: 400 },
};

/** The answer to a refused upload: its zh/en message, and retdata.reason for the client. */
export function refusalError(reason: RefusalReason, params: Readonly<Record<string, string | number>> = {}): ApiError {
  const r = REFUSALS[reason];
  return new ApiError(r.status, r.retcode, r.id, params, { reason, field: 'file' });
}

const tooLargeModel = (limit: number) => refusalError('tooLarge', { limitMb: Math.floor(limit / (1024 * 1024)) });

function range(field: string, min: number | undefined, max: number | undefined): SizeRange {
  if (min !== undefined && max !== undefined && min > max) {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'modelSizeRange', { field }, { field });
  }
  return { min, max };
}

export function modelRoutes({ db, config, storage, logger }: AppDeps): Hono<AppEnv> {
  const pool = new ModelUploadPool({
    workers: config.modelUploadWorkers,
    timeoutMs: config.modelUploadTimeoutMs,
    onFailure: (why) => logger.error('model upload conversion failed', { error: why }),
  });
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));

  const checkProject = (asked: string | undefined, project: string) => {
    // The tenant comes from the session; a client naming another project is told so, not served.
    if (asked && asked !== project) throw new ApiError(400, RETCODE.BAD_REQUEST, 'projectMismatch', undefined, { field: 'project' });
  };

  routes.get('/', async (c) => {
    const q = readQuery(c, ModelQuery);
    const viewer = viewerOf(c);
    checkProject(q.project, viewer.project);
    const filters: ModelFilters = {
      keyword: q.keyword,
      category1: q.category1,
      category2: q.category2,
      category3: q.category3,
      style: q.style,
      brand: q.brand,
      type: q.type,
      sizex: range('sizex', q.sizex_min, q.sizex_max),
      sizey: range('sizey', q.sizey_min, q.sizey_max),
      sizez: range('sizez', q.sizez_min, q.sizez_max),
    };
    const action = q.action ?? 'list';
    const page = paging(q, MODEL_PAGE_SIZE);
    if (action === 'list' || action === 'filters' || action === 'favorfilters') {
      const scope: ModelScope = action === 'favorfilters' ? 'favor' : (q.scope ?? 'all');
      const found = await listModels(db, viewer, scope, filters, page);
      if (action === 'list') return ok(c, pagedResult(page, found.total, found.data));
      const facets = await modelFacets(db, viewer, scope, filters, c.get('locale'));
      return ok(c, { filters: facets, ...pagedResult(page, found.total, found.data) });
    }
    throw unknownAction(action);
  });

  routes.get('/:id', async (c) => {
    const q = readQuery(c, GetQuery);
    if (q.action !== undefined && q.action !== 'find_by_id') throw unknownAction(q.action);
    const viewer = viewerOf(c);
    checkProject(q.project, viewer.project);
    const byModelId = q.use_model_id === '1' || q.use_model_id === 'true';
    const raw = c.req.param('id');
    const by = byModelId ? { modelId: parseWith(ModelIdText, raw, 'id') } : { id: parseWith(Id, raw, 'id') };
    const model = await getModel(db, viewer, by, q.brand);
    if (!model) throw notFound();
    return ok(c, model);
  });

  /** POST ?action=upload: check, convert and store a model file in the caller's library. */
  const upload = async (c: Context<AppEnv>) => {
    const limit = config.modelUploadMaxBytes;
    const form = await readMultipart(c, limit, tooLargeModel);
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadNoFile', undefined, { field: 'file' });
    const field = (k: string) => {
      const v = form.get(k);
      return typeof v === 'string' ? v : undefined;
    };
    const fields = parseWith(UploadFields, { library_type: field('library_type'), name: field('name'), type: field('type'), unit: field('unit') });
    const viewer = viewerOf(c);
    if (fields.library_type === 'brand' && !viewer.isProjectAdmin) {
      throw new ApiError(403, RETCODE.FORBIDDEN, 'modelUploadBrandForbidden', undefined, { field: 'library_type' });
    }
    const originalName = cleanName(file instanceof File ? file.name : '');
    const shown = originalName || 'file';
    if (file.size > limit) throw tooLargeModel(limit);
    if (file.size === 0) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadEmpty', { name: shown }, { field: 'file' });
    // before the conversion, the costly part; the model counts at the size uploaded
    await assertStorageRoom(db, quotaOf(config), { projectCode: viewer.project, userId: viewer.userId }, file.size);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let processed;
    try {
      processed = await pool.convert(bytes, { unit: fields.unit, shadow: fields.type === 'floor' });
    } catch (e) {
      if (e instanceof ModelUploadRefusal) throw refusalError(e.reason, { name: shown, ...e.params });
      throw e;
    }
    const name = fields.name ?? (originalName.replace(/\.(glb|gltf|zip)$/i, '').trim().slice(0, 60) || 'model');
    const id = await storeUploadedModel(db, storage, viewer, processed, { library: fields.library_type, name, type: fields.type, originalName, bytes });
    const model = await getModel(db, viewer, { id });
    if (!model) throw notFound();
    return ok(c, model);
  };

  routes.post('/', async (c) => {
    if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
      const action = c.req.query('action') ?? 'upload';
      if (action !== 'upload') throw unknownAction(action);
      return upload(c);
    }
    const { action, body } = await readActionBody(c, config.jsonBodyLimit);
    const viewer = viewerOf(c);
    if (action === 'favor') {
      const b = parseWith(FavorBody, body);
      const by = b.id !== undefined ? { id: b.id } : { modelId: b.model_id! };
      const done = await favorModel(db, viewer, by, b.source_type);
      if (!done) throw notFound();
      return ok(c, { ...done, model_favor: 1 });
    }
    if (action === 'delete_favor_model_multi') {
      const b = parseWith(MultiDeleteBody, body);
      return ok(c, { deleted: await unfavorModels(db, viewer, b.id_list, b.source_type) });
    }
    throw unknownAction(action);
  });

  routes.delete('/:id', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64).optional() }).loose());
    if (action !== undefined && action !== 'delete_model') throw unknownAction(action);
    const outcome = await deleteUploadedModel(db, viewerOf(c), parseWith(Id, c.req.param('id'), 'id'));
    if (outcome === 'notFound') throw notFound();
    if (outcome === 'forbidden') throw forbidden();
    return ok(c, { id: Number(c.req.param('id')), deleted: true });
  });

  return routes;
}
