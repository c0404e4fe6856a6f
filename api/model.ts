import type { ApiClient, RequestOptions } from './client';
import type { ModelUploadRefusalReason } from '../protocol/model-upload';
import type { FilterOption, PagedList, PageParams } from './catalogue';

// The furniture catalogue, /api/admin/model (catalogues.md §7 "Favourites and catalogues").

/** Where a model lands when placed: the floor, a wall, the ceiling, or on another piece. */
export type ModelMount = 'floor' | 'wall' | 'ceiling' | 'surface';
export const MODEL_MOUNTS: readonly ModelMount[] = ['floor', 'wall', 'ceiling', 'surface'];

/** public: the shared library (CommonLib); brand: the project's own (BrandLib); personal: the user's own (PersonLib). */
export type ModelLibrary = 'public' | 'brand' | 'personal';

/** catalogues.md §3 "Model fields read", plus names in both languages, the plan symbol and the low-poly file. */
export interface CatalogueModel {
  /** the row id: what favourites and find_by_id take */
  readonly id: number;
  readonly model_id: string;
  readonly modelVersion: number;
  readonly name: string;
  readonly name_en: string;
  /** department > family > kind (zh); category4 is the style's group */
  readonly category1: string;
  readonly category2: string;
  readonly category3: string;
  readonly category4: string;
  /** the four categories in English */
  readonly category_en: readonly string[];
  readonly type: ModelMount;
  /** the generator family (sofa, bed, lamp …) */
  readonly class: string;
  /** bounding box in mm: width (x), depth (y), height (z) */
  readonly sizex: number;
  readonly sizey: number;
  readonly sizez: number;
  /** "WxDxH" */
  readonly display_size: string;
  readonly style: string;
  readonly style_en: string;
  readonly resizable: boolean;
  readonly price_type: number;
  readonly price: number;
  readonly brand: string;
  readonly model_type_name: string;
  /** PNG rendered from the model */
  readonly cover_url: string;
  /** GLB; the URL holds the model version, so it can be cached for ever */
  readonly gltf_url: string;
  /** the low-poly GLB; '' when the model has none */
  readonly low_gltf_url: string;
  readonly isUseLowGltf: boolean;
  /** the plan symbol (ModelPlanSymbol) as plain JSON, not an envelope: fetch it like the GLB */
  readonly plan_url: string;
  readonly triangles: number;
  readonly lowTriangles: number;
  readonly xml_url: string;
  readonly layout_model_id: string;
  readonly layout_jpg_url: string;
  readonly layout_png_url: string;
  readonly relation_model_id: string;
  readonly jsonUrl: string;
  readonly merge_model_data: string;
  readonly openingType: string;
  readonly library: ModelLibrary;
  readonly model_favor: 0 | 1;
}

/** The top-view symbol: closed outlines (the first is the footprint) and open key lines, in mm, origin at the footprint centre. */
export interface ModelPlanSymbol {
  readonly outlines: readonly (readonly (readonly [number, number])[])[];
  readonly lines: readonly (readonly (readonly [number, number])[])[];
}

/** A size range in mm; either end may be left open. */
export interface SizeRange {
  readonly min?: number;
  readonly max?: number;
}

export interface ModelListParams extends PageParams {
  /** the signed-in project; another one is refused */
  readonly project?: string;
  /** every word must match the zh or en name, a category, the brand, the style or the id */
  readonly keyword?: string;
  readonly category1?: string;
  readonly category2?: string;
  readonly category3?: string;
  readonly style?: string;
  readonly brand?: string;
  readonly type?: ModelMount;
  readonly sizex?: SizeRange;
  readonly sizey?: SizeRange;
  readonly sizez?: SizeRange;
}

/** all: what the user may see (default); favor: the user's favourites. */
export type ModelScope = 'all' | ModelLibrary | 'favor';

export interface ModelFilterLists {
  readonly category1: readonly FilterOption[];
  readonly category2: readonly FilterOption[];
  readonly category3: readonly FilterOption[];
  readonly style: readonly FilterOption[];
  readonly brand: readonly FilterOption[];
  readonly type: readonly FilterOption[];
  /** width buckets; the value is "min-max" in mm (max empty when open), see widthRange */
  readonly width: readonly FilterOption[];
}

export interface ModelFilterResult extends PagedList<CatalogueModel> {
  readonly filters: ModelFilterLists;
}

/** Models a page in the catalogue panel. */
export const MODEL_PAGE_SIZE = 20;

/** The size range a width facet value ("600-1200", "2400-") stands for; the list's max is inclusive. */
export function widthRange(value: string): SizeRange {
  const m = /^(\d+)-(\d*)$/.exec(value);
  if (!m) return {};
  return m[2] ? { min: Number(m[1]), max: Number(m[2]) - 1 } : { min: Number(m[1]) };
}

function modelQuery(params: ModelListParams) {
  const { sizex, sizey, sizez, ...rest } = params;
  return {
    ...rest,
    sizex_min: sizex?.min,
    sizex_max: sizex?.max,
    sizey_min: sizey?.min,
    sizey_max: sizey?.max,
    sizez_min: sizez?.min,
    sizez_max: sizez?.max,
  };
}

export function listModels(
  client: ApiClient,
  params: ModelListParams & { readonly scope?: ModelScope } = {},
  options: RequestOptions = {},
): Promise<PagedList<CatalogueModel>> {
  return client.get<PagedList<CatalogueModel>>('admin/model', { action: 'list', pageSize: MODEL_PAGE_SIZE, ...modelQuery(params) }, options);
}

/** The facets (each counted without its own filter) and one page, as the tile filters call. */
export function getModelFilters(
  client: ApiClient,
  params: ModelListParams & { readonly scope?: ModelScope } = {},
  options: RequestOptions = {},
): Promise<ModelFilterResult> {
  return client.get<ModelFilterResult>('admin/model', { action: 'filters', pageSize: MODEL_PAGE_SIZE, ...modelQuery(params) }, options);
}

export interface FindModelParams {
  /** look the model up by its model_id instead of the row id */
  readonly modelId?: string;
  /** only a model of this brand */
  readonly brand?: string;
  readonly project?: string;
}

/** GET /api/admin/model/{id} (find_by_id): by row id, or by model_id (the project's own copy first). */
export function getModel(client: ApiClient, id: number | null, params: FindModelParams = {}, options: RequestOptions = {}): Promise<CatalogueModel> {
  const byModelId = params.modelId !== undefined;
  const path = `admin/model/${encodeURIComponent(byModelId ? params.modelId! : String(id ?? 0))}`;
  return client.get<CatalogueModel>(
    path,
    { action: 'find_by_id', use_model_id: byModelId ? 1 : undefined, brand: params.brand, project: params.project },
    options,
  );
}

export interface ModelFavorResult {
  readonly id: number;
  readonly model_id: string;
  readonly model_favor: 1;
}

/** POST /api/admin/model action favor with the model's fields (the server keys on id, else model_id). */
export function favorModel(
  client: ApiClient,
  model: Pick<CatalogueModel, 'id'> | Pick<CatalogueModel, 'model_id'> | CatalogueModel,
  options: RequestOptions = {},
): Promise<ModelFavorResult> {
  return client.post<ModelFavorResult>('admin/model', { ...model, action: 'favor', source_type: 'model' }, options);
}

/** POST /api/admin/model delete_favor_model_multi: answers the ids removed (those that were favourites). */
export function deleteFavorModelMulti(
  client: ApiClient,
  ids: readonly number[],
  options: RequestOptions = {},
): Promise<{ readonly deleted: readonly number[] }> {
  return client.post<{ readonly deleted: readonly number[] }>('admin/model', { action: 'delete_favor_model_multi', id_list: ids, source_type: 'model' }, options);
}

/** Which library an upload goes to: the user's own (PersonLib) or the project's (BrandLib, project admins only). */
export type ModelUploadLibrary = 'personal' | 'brand';

/** How the file's numbers are read: auto takes metres unless the model would pass 20 m (then cm, or mm). */
export type ModelUploadUnit = 'auto' | 'm' | 'cm' | 'mm';

/** retdata.reason of a refused upload; the message (retmsg) says it in the user's language. */
export type ModelUploadRefusal = ModelUploadRefusalReason;

export interface ModelUploadParams {
  readonly library?: ModelUploadLibrary;
  /** the catalogue name; the file name without its extension when left out */
  readonly name?: string;
  readonly type?: ModelMount;
  readonly unit?: ModelUploadUnit;
}

/** The multipart form of POST /api/admin/model action upload (also sent by the UI's progress upload). */
export function modelUploadForm(file: Blob, params: ModelUploadParams = {}, filename?: string): FormData {
  const form = new FormData();
  const name = filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'model.glb');
  form.append('file', file, name);
  form.append('library_type', params.library ?? 'personal');
  if (params.name) form.append('name', params.name);
  if (params.type) form.append('type', params.type);
  if (params.unit) form.append('unit', params.unit);
  return form;
}

/**
 * Uploads a GLB, a .gltf (resources as data URIs) or a zip of a .gltf with its .bin and textures;
 * answers the new model, with the same fields as every catalogue model. A refusal rejects with
 * an ApiError whose reason is a ModelUploadRefusal.
 */
export function uploadModel(client: ApiClient, file: Blob, params: ModelUploadParams = {}, options: RequestOptions & { readonly filename?: string } = {}): Promise<CatalogueModel> {
  const { filename, ...request } = options;
  return client.post<CatalogueModel>('admin/model?action=upload', modelUploadForm(file, params, filename), request);
}

/** DELETE /api/admin/model/{id}: an uploaded model, by its owner (a brand one by a project admin). */
export function deleteModel(client: ApiClient, id: number, options: RequestOptions = {}): Promise<{ readonly id: number; readonly deleted: true }> {
  return client.delete<{ readonly id: number; readonly deleted: true }>(`admin/model/${id}`, { action: 'delete_model' }, options);
}
