import type { ApiClient, RequestOptions } from './client';

// POST /api/static (catalogues.md §7): multipart with type (default yfang) and file.

export const DEFAULT_UPLOAD_TYPE = 'yfang';

/** What the server answers in retdata. */
export interface UploadResult {
  /** same-origin address of the stored file; only users of the same project can read it */
  readonly url: string;
  readonly name: string;
  readonly size: number;
  readonly content_type: string;
}

export interface UploadOptions extends RequestOptions {
  /** storage folder name: letters, digits, _ and -, at most 32; default yfang */
  readonly type?: string;
  /** file name sent with the file (its extension must match the content); default the File's name */
  readonly filename?: string;
}

/**
 * Uploads one file. Allowed content: PNG, JPEG, GIF, WebP, PDF, JSON, ZIP/XLSX and GLB, decided
 * from the bytes; at most 20 MB by default (HTTP 413 beyond). A wrong type answers 400 naming it.
 */
export function uploadFile(client: ApiClient, file: Blob, options: UploadOptions = {}): Promise<UploadResult> {
  const { type, filename, ...request } = options;
  const form = new FormData();
  form.append('type', type ?? DEFAULT_UPLOAD_TYPE);
  const name = filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'blob');
  form.append('file', file, name);
  return client.post<UploadResult>('static', form, request);
}

/** Uploads a JSON text (room-info files, scene JSON) as a .json file. */
export function uploadJson(client: ApiClient, json: string, filename = 'data.json', options: UploadOptions = {}): Promise<UploadResult> {
  return uploadFile(client, new Blob([json], { type: 'application/json' }), { ...options, filename });
}
