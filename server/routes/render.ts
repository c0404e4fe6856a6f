// Cloud render jobs (docs/rendering.md), { retcode, retmsg, retdata } envelope, signed in:
//   GET    /api/render/coupons                 the caller's coupons (totals and per resolution/mode) and the coupon types
//   POST   /api/render/jobs                    { sceneId, camera, storeyId, resolution, mode, pano? }: spends a coupon, queues the job (cloudRender)
//   GET    /api/render/jobs?sceneId=           the scene's jobs, newest first
//   GET    /api/render/jobs/{id}
//   POST   /api/render/jobs/{id}/cancel        queued: withdrawn and refunded; rendering: stopped
//   DELETE /api/render/jobs/{id}               a finished job and its picture
//   GET    /api/render/album?sceneId=          AlbumImage[] of the scene's finished renders
//   GET    /files/renders/<project>/<uuid>.jpg the picture (and -thumb.jpg), to its owner and the project's admins
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { requireFeature } from '../auth/features';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { hasBadText, readJson, readQuery } from '../http/input';
import { PANO_LABEL_MAX } from '../panos/repo';
import { RETCODE } from '../http/retcodes';
import { actorOf, idFrom } from '../scenes/http';
import { quotaOf } from '../storage/quota';
import { couponsOf } from '../render/coupons';
import {
  albumImage,
  cancelRenderJob,
  deleteRenderJob,
  findRenderJob,
  isRenderKey,
  jobDto,
  listRenderJobs,
  renderJobNotFound,
  submitRenderJob,
} from '../render/jobs';
import type { RenderQueue } from '../render/queue';
import { RENDER_COUPON_TYPES, RENDER_RESOLUTIONS, isRenderMode, isRenderResolution } from '../../protocol/render-jobs';

const COORD = z.number().finite().min(-1e6).max(1e6);
const VEC3 = z.tuple([COORD, COORD, COORD]);
const SubmitBody = z.object({
  sceneId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  camera: z
    .object({ position: VEC3, target: VEC3, fovDeg: z.number().finite().min(1).max(179), projection: z.enum(['perspective', 'equirect']).optional() })
    .nullable(),
  storeyId: z.string().min(1).max(64).nullable().optional(),
  resolution: z.string().max(32),
  mode: z.string().max(32),
  // a panorama job (RenderPanoSpec): the panorama's width, where it is taken (plan mm) and the room's name
  pano: z
    .object({
      width: z.union([z.literal(2048), z.literal(4096), z.literal(8192)]),
      position: z.object({ x: z.number().finite().min(-1e7).max(1e7), y: z.number().finite().min(-1e7).max(1e7), z: z.number().finite().min(-1e5).max(1e5) }),
      label: z.string().max(PANO_LABEL_MAX).refine((s) => !hasBadText(s)),
    })
    .nullable()
    .optional(),
});
const SceneQuery = z.object({ sceneId: z.string() });

export function renderRoutes({ db, config, storage, logger }: AppDeps, queue: () => Promise<RenderQueue>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));

  routes.get('/coupons', async (c) => ok(c, { ...(await couponsOf(db, c.get('auth').user.id)), types: RENDER_COUPON_TYPES }));

  routes.post('/jobs', requireFeature('cloudRender'), async (c) => {
    const body = await readJson(c, SubmitBody, 16 * 1024);
    if (!isRenderResolution(body.resolution)) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'renderResolutionInvalid', { value: body.resolution, allowed: RENDER_RESOLUTIONS.join(', ') }, { field: 'resolution' });
    }
    if (!isRenderMode(body.mode)) throw new ApiError(400, RETCODE.BAD_REQUEST, 'renderModeInvalid', { value: body.mode }, { field: 'mode' });
    const job = await submitRenderJob({ db, queue: await queue(), quota: quotaOf(config) }, actorOf(c), {
      sceneId: body.sceneId,
      camera: body.camera,
      storeyId: body.storeyId ?? null,
      resolution: body.resolution,
      mode: body.mode,
      pano: body.pano ? { ...body.pano, label: body.pano.label.trim() } : null,
    });
    return ok(c, job);
  });

  const sceneIdOf = (c: Context<AppEnv>) => idFrom(readQuery(c, SceneQuery).sceneId, 'sceneId');

  routes.get('/jobs', async (c) => ok(c, (await listRenderJobs(db, actorOf(c), sceneIdOf(c))).map(jobDto)));

  routes.get('/jobs/:id', async (c) => {
    const row = await findRenderJob(db, actorOf(c), c.req.param('id'));
    if (!row) throw renderJobNotFound();
    return ok(c, jobDto(row));
  });

  routes.post('/jobs/:id/cancel', async (c) => ok(c, await cancelRenderJob({ db, queue: await queue() }, actorOf(c), c.req.param('id'))));

  routes.delete('/jobs/:id', async (c) => {
    await deleteRenderJob({ db, queue: await queue(), storage, logger }, actorOf(c), c.req.param('id'));
    return ok(c, null);
  });

  routes.get('/album', async (c) => ok(c, (await listRenderJobs(db, actorOf(c), sceneIdOf(c), true)).map(albumImage)));

  return routes;
}

/** GET /files/renders/…: a stored render or thumbnail (the login cookie is accepted: <img src>). */
export function renderFileRoutes({ db, storage }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const notFound = (c: Context<AppEnv>) => c.text('Not found', 404);
  routes.get('/*', requireAuth(db, { allowCookie: true }), async (c) => {
    const key = c.req.path.replace(/^\/files\//, '');
    if (!isRenderKey(key)) return notFound(c);
    const { user } = c.get('auth');
    const rows = await db.query(
      `select 1 from render_jobs where (image_key = $1 or thumb_key = $1) and state = 'done' and project_code = $2 and (user_id = $3 or $4::boolean)`,
      [key, user.project_code, user.id, user.is_project_admin],
    );
    if (rows.length === 0) return notFound(c);
    const bytes = await storage.read(key);
    if (!bytes) return notFound(c);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Content-Type': 'image/jpeg',
        'Content-Length': String(bytes.byteLength),
        // a key is a fresh uuid per render: what it names never changes
        'Cache-Control': 'private, max-age=31536000, immutable',
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    });
  });
  routes.all('*', notFound);
  return routes;
}
