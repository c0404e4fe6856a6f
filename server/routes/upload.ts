// POST /api/static (multipart: type, file) -> retdata.url, and GET of that url. Files are kept
// in the file storage under uploads/<project>/<type>/<uuid>.<ext>; the uploads table row is what
// the tenant check reads, so a file of another project answers 404 as if it did not exist.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { requireAuth } from '../auth/middleware';
import { ApiError, badRequest, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { hasBadText, readBodyBytes } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { maybeSweep } from '../scenes/sweep';
import { assertStorageRoom, quotaOf } from '../storage/quota';
import { contentTypeFor, extensionOf, sniffFileKind } from './upload-sniff';

/** Room for the multipart framing and the type field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const UPLOAD_TYPE = /^[A-Za-z0-9_-]{1,32}$/;
const UUID_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
const MAX_NAME_CHARS = 200;

export const DEFAULT_UPLOAD_TYPE = 'yfang';

/** What POST /api/static answers in retdata. */
export interface UploadAnswer {
  /** where the file is served (same origin, needs the session or the login cookie) */
  url: string;
  name: string;
  size: number;
  content_type: string;
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'uploadTooLarge', { limitMb: Math.floor(limit / (1024 * 1024)) });
}

/** The multipart form of an upload; `onTooLarge` names the refusal when the body passes `limit`. */
export async function readMultipart(c: Context<AppEnv>, limit: number, onTooLarge: (limit: number) => ApiError = tooLarge): Promise<FormData> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadNotMultipart', undefined, { field: 'body' });
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyBytes(c, limit + MULTIPART_OVERHEAD);
  } catch (e) {
    if (e instanceof ApiError && e.status === 413) throw onTooLarge(limit);
    throw e;
  }
  try {
    return await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: bytes }).formData();
  } catch {
    throw badRequest('body');
  }
}

/** The client's file name without folders, odd characters or excess length (kept for display only). */
export function cleanName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
  const cleaned = hasBadText(base) ? base.replace(/[\u0000\uD800-\uDFFF]/g, '') : base;
  return cleaned.slice(0, MAX_NAME_CHARS);
}

export function uploadRoutes({ db, config, storage, logger }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', requireAuth(db), async (c) => {
    const limit = config.uploadMaxBytes;
    const form = await readMultipart(c, limit);
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadNoFile', undefined, { field: 'file' });
    const typeField = form.get('type') ?? DEFAULT_UPLOAD_TYPE;
    const type = typeof typeField === 'string' && typeField !== '' ? typeField : DEFAULT_UPLOAD_TYPE;
    if (!UPLOAD_TYPE.test(type)) throw badRequest('type');

    const name = cleanName(file instanceof File ? file.name : '');
    if (file.size > limit) throw tooLarge(limit);
    if (file.size === 0) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadEmpty', { name }, { field: 'file' });
    const bytes = new Uint8Array(await file.arrayBuffer());

    const kind = sniffFileKind(bytes);
    if (!kind) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadTypeNotAllowed', { name: name || 'file' }, { field: 'file' });
    const named = extensionOf(name);
    if (named && !kind.extensions.includes(named)) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadTypeMismatch', { name, actual: kind.label }, { field: 'file' });
    }
    const extension = named || kind.extensions[0]!;
    const contentType = contentTypeFor(kind, extension);

    const { user } = c.get('auth');
    await assertStorageRoom(db, quotaOf(config), { projectCode: user.project_code, userId: user.id }, bytes.byteLength);
    const key = `uploads/${user.project_code}/${type}/${randomUUID()}.${extension}`;
    await storage.put(key, bytes, { contentType, gzip: kind.gzip });
    await db.query(
      `insert into uploads (project_code, user_id, storage_key, upload_type, original_name, content_type, size, sha256)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [user.project_code, user.id, key, type, name, contentType, bytes.byteLength, createHash('sha256').update(bytes).digest('hex')],
    );
    maybeSweep({ db, storage, logger });
    const answer: UploadAnswer = { url: `/files/${key}`, name, size: bytes.byteLength, content_type: contentType };
    return ok(c, answer);
  });

  return routes;
}

/**
 * GET /files/uploads/<project>/<type>/<file>. An <img src> sends no Authorization header, so the
 * login cookie is accepted here (reading only).
 */
export function uploadFileRoutes({ db, storage }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const notFound = (c: Context<AppEnv>) => c.text('Not found', 404);

  routes.get('/:project/:type/:file', requireAuth(db, { allowCookie: true }), async (c) => {
    const { project, type, file } = c.req.param();
    const { user } = c.get('auth');
    if (project !== user.project_code || !UPLOAD_TYPE.test(type) || !UUID_NAME.test(file)) return notFound(c);
    const key = `uploads/${project}/${type}/${file}`;
    const rows = await db.query<{ content_type: string; size: number; original_name: string }>(
      'select content_type, size, original_name from uploads where storage_key = $1 and project_code = $2',
      [key, user.project_code],
    );
    const row = rows[0];
    if (!row) return notFound(c);
    const opened = await storage.openRead(key);
    if (!opened) return notFound(c);

    const headers = new Headers({
      'Content-Type': row.content_type,
      // the key holds a fresh uuid per upload: the content behind a url never changes
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(row.original_name || file)}`,
    });
    let stream: Readable = opened.stream;
    if (opened.info.gzip) {
      if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
        headers.set('Content-Encoding', 'gzip');
        headers.set('Content-Length', String(opened.info.size));
      } else {
        stream = stream.pipe(createGunzip());
        headers.set('Content-Length', String(row.size));
      }
      headers.set('Vary', 'Accept-Encoding');
    } else {
      headers.set('Content-Length', String(opened.info.size));
    }
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 200, headers });
  });

  routes.all('*', notFound);
  return routes;
}
