// GET /files/catalogue/<key>: pictures of the catalogue (tile textures, thumbnails, mixed-laying
// previews, paving and medallion pictures, sample-room covers), furniture model files (GLB, low GLB,
// cover, plan symbol; immutable, their URL holds the model version) and the scene files of the seeded
// sample rooms (model-rooms/<seed key>.scene.json). Public on purpose: <img> and texture loaders
// cannot send the bearer token, public sample rooms are opened from every project, and the public
// catalogue is no secret. Private tiles' pictures sit under a random folder name, so their URL is
// their only key.
// A file that is not stored yet is drawn (pictures) or read from the committed file (scenes) now
// (catalogues/assets.ts) and kept. Files stored gzip go out gzip to clients that accept it.
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { limitByAddress } from '../http/rate-limit';
import { SAFE_KEY } from '../storage/types';
import { ensureAsset, FILES_URL_PREFIX } from '../catalogues/assets';
import { parseMaterialFileKey } from '../catalogues/materials/files';
import { MODEL_FILE_CACHE, parseModelFileKey } from '../catalogues/model-files';

const CACHE = 'public, max-age=86400';

export function catalogueFileRoutes({ db, storage, config, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // public, and a missing picture is drawn on first request: a generous per-address ceiling
  routes.get('/*', limitByAddress(limits.catalogueFiles, config.trustProxy), async (c) => {
    const key = c.req.path.slice(FILES_URL_PREFIX.length);
    if (!key.startsWith('catalogue/') || !SAFE_KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
      return c.text('Not found', 404);
    }
    if (!(await ensureAsset(db, storage, key))) return c.text('Not found', 404);
    const opened = await storage.openRead(key);
    if (!opened) return c.text('Not found', 404);
    const headers: Record<string, string> = {
      'Content-Type': opened.info.contentType,
      'Cache-Control': parseModelFileKey(key) || parseMaterialFileKey(key) ? MODEL_FILE_CACHE : CACHE,
    };
    let stream: Readable = opened.stream;
    if (opened.info.gzip) {
      headers.Vary = 'Accept-Encoding';
      if (/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) {
        headers['Content-Encoding'] = 'gzip';
        headers['Content-Length'] = String(opened.info.size);
      } else {
        // inflated on the way out; its length is not stored, so the body goes chunked
        stream = stream.pipe(createGunzip());
      }
    } else {
      headers['Content-Length'] = String(opened.info.size);
    }
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 200, headers });
  });
  return routes;
}
