// Panoramas (docs/panoramas.md): /api/panos for the owner (create by multipart upload of the
// browser-made JPEG and thumbnail, list a scene's as album pictures, read, delete, share, revoke,
// and the files) and /api/pano-share/{code} for anyone holding a share code (no login; limited per
// address and per code like the scene share reads).
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ApiError, badRequest, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { hasBadText, readQuery } from '../http/input';
import { enforceRate, limitByAddress } from '../http/rate-limit';
import { RETCODE } from '../http/retcodes';
import {
  albumImageOf,
  createPano,
  deletePano,
  getPano,
  listPanos,
  normalCode,
  PANO_LABEL_MAX,
  PANO_MAX_BYTES,
  PANO_THUMB_MAX_BYTES,
  panoFileKey,
  panoNotFound,
  revokePano,
  sharedFileKey,
  sharedPano,
  sharePano,
} from '../panos/repo';
import { actorOf, idFrom } from '../scenes/http';
import { quotaOf } from '../storage/quota';
import type { FileStorage } from '../storage/types';
import { readMultipart } from './upload';

const ID = /^[1-9][0-9]{0,15}$/;
const STOREY_ID = /^[A-Za-z0-9_:.-]{1,64}$/;

function panoTooLarge(limit: number): ApiError {
  return new ApiError(413, RETCODE.PAYLOAD_TOO_LARGE, 'panoTooLarge', { limitMb: Math.floor(limit / (1024 * 1024)) });
}

/** A number field of the form, within ±limit. */
function numberField(form: FormData, name: string, limit: number): number {
  const raw = form.get(name);
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(value) || Math.abs(value) > limit) throw badRequest(name);
  return value;
}

async function fileField(form: FormData, name: string, limit: number): Promise<Uint8Array> {
  const file = form.get(name);
  if (!(file instanceof Blob)) throw new ApiError(400, RETCODE.BAD_REQUEST, 'uploadNoFile', undefined, { field: name });
  if (file.size > limit) throw panoTooLarge(limit);
  return new Uint8Array(await file.arrayBuffer());
}

async function sendFile(c: Context<AppEnv>, storage: FileStorage, key: string, cache: string): Promise<Response> {
  const opened = await storage.openRead(key);
  if (!opened) return c.text('Not found', 404);
  return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(opened.info.size),
      'Cache-Control': cache,
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}

export function panoRoutes({ db, config, storage }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const deps = { db, storage, quota: quotaOf(config) };

  // POST /api/panos (multipart): sceneId, storeyId, x, y, z (plan mm), label, image, thumb
  routes.post('/', requireAuth(db), async (c) => {
    const form = await readMultipart(c, PANO_MAX_BYTES + PANO_THUMB_MAX_BYTES, panoTooLarge);
    const sceneId = form.get('sceneId');
    if (typeof sceneId !== 'string' || !ID.test(sceneId)) throw badRequest('sceneId');
    const storeyId = form.get('storeyId');
    if (typeof storeyId !== 'string' || !STOREY_ID.test(storeyId)) throw badRequest('storeyId');
    const labelRaw = form.get('label') ?? '';
    if (typeof labelRaw !== 'string' || labelRaw.length > PANO_LABEL_MAX || hasBadText(labelRaw)) throw badRequest('label');
    const position = { x: numberField(form, 'x', 1e7), y: numberField(form, 'y', 1e7), z: numberField(form, 'z', 1e5) };
    const image = await fileField(form, 'image', PANO_MAX_BYTES);
    const thumb = await fileField(form, 'thumb', PANO_THUMB_MAX_BYTES);
    return ok(c, await createPano(deps, actorOf(c), { sceneId: Number(sceneId), storeyId, position, label: labelRaw.trim(), image, thumb }));
  });

  // GET /api/panos?sceneId= : the scene's panoramas as album pictures (protocol/album.ts)
  routes.get('/', requireAuth(db), async (c) => {
    const { sceneId } = readQuery(c, z.object({ sceneId: z.string().regex(ID) }));
    return ok(c, (await listPanos(db, actorOf(c), Number(sceneId))).map(albumImageOf));
  });

  // GET /api/panos/walk?sceneId= : the same with where each was taken (the walk's hotspots)
  routes.get('/walk', requireAuth(db), async (c) => {
    const { sceneId } = readQuery(c, z.object({ sceneId: z.string().regex(ID) }));
    return ok(c, await listPanos(db, actorOf(c), Number(sceneId)));
  });

  routes.get('/:id', requireAuth(db), async (c) => ok(c, await getPano(db, actorOf(c), idFrom(c.req.param('id')))));

  // the files: an <img src> or a texture fetch sends the login cookie, not a bearer token
  routes.get('/:id/:which{image|thumb}', requireAuth(db, { allowCookie: true }), async (c) => {
    const which = c.req.param('which') === 'image' ? 'image' : 'thumb';
    const key = await panoFileKey(db, actorOf(c), idFrom(c.req.param('id')), which);
    // a panorama's files never change under its id
    return sendFile(c, storage, key, 'private, max-age=31536000, immutable');
  });

  routes.delete('/:id', requireAuth(db), async (c) => {
    const id = idFrom(c.req.param('id'));
    await deletePano(deps, actorOf(c), id);
    return ok(c, { id: String(id) });
  });

  routes.post('/:id/share', requireAuth(db), async (c) => {
    const id = idFrom(c.req.param('id'));
    return ok(c, { id: String(id), shareCode: await sharePano(db, actorOf(c), id) });
  });

  routes.post('/:id/revoke', requireAuth(db), async (c) => {
    const id = idFrom(c.req.param('id'));
    await revokePano(db, actorOf(c), id);
    return ok(c, { id: String(id), shareCode: null });
  });
  return routes;
}

/**
 * GET /api/pano-share/{code} (the panorama and its scene's other shared ones) and
 * /api/pano-share/{code}/image|thumb: no login. A revoked or unknown code is the same 404.
 * Answers are revalidated (no-cache): a revoke must take effect at once.
 */
export function panoShareRoutes({ db, config, storage, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', limitByAddress(limits.share, config.trustProxy));
  routes.get('/:code', async (c) => {
    const code = c.req.param('code');
    // per code as well: everyone opening one link together, from however many addresses
    enforceRate(limits.shareCode, normalCode(code) ?? code.toUpperCase());
    const found = await sharedPano(db, code);
    if (!found) throw panoNotFound();
    c.header('Cache-Control', 'no-cache');
    c.header('Referrer-Policy', 'no-referrer');
    return ok(c, found);
  });
  routes.get('/:code/:which{image|thumb}', async (c) => {
    const code = c.req.param('code');
    enforceRate(limits.shareCode, normalCode(code) ?? code.toUpperCase());
    const key = await sharedFileKey(db, code, c.req.param('which') === 'image' ? 'image' : 'thumb');
    if (!key) return c.text('Not found', 404);
    return sendFile(c, storage, key, 'private, no-cache');
  });
  routes.all('*', (c) => c.text('Not found', 404));
  return routes;
}
