// GET /files/catalogue/<key>: pictures of the catalogue (tile textures, thumbnails, mixed-laying
// previews, paving and medallion pictures, sample-room covers). Public on purpose: <img> and
// texture loaders cannot send the bearer token, and the public catalogue is no secret. Private
// tiles' pictures sit under a random folder name, so their URL is their only key.
// A picture that is not stored yet is drawn now (catalogues/assets.ts) and kept.
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { SAFE_KEY } from '../storage/types';
import { ensureAsset, FILES_URL_PREFIX } from '../catalogues/assets';

const CACHE = 'public, max-age=86400';

export function catalogueFileRoutes({ db, storage }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/*', async (c) => {
    const key = c.req.path.slice(FILES_URL_PREFIX.length);
    if (!key.startsWith('catalogue/') || !SAFE_KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
      return c.text('Not found', 404);
    }
    if (!(await ensureAsset(db, storage, key))) return c.text('Not found', 404);
    const opened = await storage.openRead(key);
    if (!opened) return c.text('Not found', 404);
    const headers: Record<string, string> = {
      'Content-Type': opened.info.contentType,
      'Content-Length': String(opened.info.size),
      'Cache-Control': CACHE,
    };
    if (opened.info.gzip) headers['Content-Encoding'] = 'gzip';
    return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, { status: 200, headers });
  });
  return routes;
}
