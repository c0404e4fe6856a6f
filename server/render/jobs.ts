// Render jobs (docs/rendering.md): submission (coupon spent and job queued in one transaction),
// the owner's views of them, cancel, delete, and the reconciler that ends the jobs the queue gave
// up on. Every lookup names the tenant from the session, so another project's job is not found.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import type { Logger } from '../logger';
import type { FileStorage } from '../storage/types';
import { assertStorageRoom, type StorageQuota } from '../storage/quota';
import { findScene, type Actor } from '../scenes/repo';
import { endJobWithRefund, spendCoupon } from './coupons';
import { attemptScale, type RenderQueue } from './queue';
import type { AlbumImage } from '../../protocol/album';
import type { RenderCamera } from '../../protocol/render';
import { PANO_RESOLUTIONS } from '../../protocol/panorama';
import { RENDER_SIZES, type RenderPanoSpec, type RenderJob, type RenderJobState, type RenderMode, type RenderResolution, type RenderSubmit } from '../../protocol/render-jobs';

/** Where stored renders are served: GET /files/renders/<project>/<uuid>.jpg (owner or project admin). */
export const RENDER_FILES_PREFIX = '/files/';
const RENDER_KEY = /^renders\/[A-Za-z0-9_-]{1,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.jpg$/;

export function isRenderKey(key: string): boolean {
  return RENDER_KEY.test(key);
}
export function renderKeys(projectCode: string): { image: string; thumb: string } {
  const id = randomUUID();
  return { image: `renders/${projectCode}/${id}.jpg`, thumb: `renders/${projectCode}/${id}-thumb.jpg` };
}

/** Immediate jobs are fetched before leisure ones. */
export const MODE_PRIORITY: Readonly<Record<RenderMode, number>> = { immediate: 10, leisure: 0 };

export interface RenderJobRow {
  id: string;
  project_code: string;
  user_id: number;
  scene_id: number;
  resolution: RenderResolution;
  mode: RenderMode;
  camera: RenderCamera | null;
  storey_id: string | null;
  width: number;
  height: number;
  samples: number;
  state: RenderJobState;
  progress: number;
  attempts: number;
  worker: string;
  error: string;
  image_key: string | null;
  thumb_key: string | null;
  bytes: number;
  refunded_at: Date | null;
  pano: RenderPanoSpec | null;
  pano_id: string | number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export const JOB_COLUMNS = `id, project_code, user_id, scene_id, resolution, mode, camera, storey_id, width, height, samples, state,
  progress, attempts, worker, error, image_key, thumb_key, bytes, refunded_at, pano, pano_id, created_at, started_at, finished_at`;

export function jobDto(row: RenderJobRow): RenderJob {
  const panoId = row.pano_id === null ? null : String(row.pano_id);
  // a panorama job's picture is the panorama it stored (its files, its owner checks)
  const files = panoId
    ? { url: `/api/panos/${panoId}/image`, thumbUrl: `/api/panos/${panoId}/thumb` }
    : {
        url: row.state === 'done' && row.image_key ? RENDER_FILES_PREFIX + row.image_key : '',
        thumbUrl: row.state === 'done' && row.thumb_key ? RENDER_FILES_PREFIX + row.thumb_key : '',
      };
  return {
    id: row.id,
    sceneId: row.scene_id,
    resolution: row.resolution,
    mode: row.mode,
    camera: row.camera,
    storeyId: row.storey_id,
    state: row.state,
    progress: Math.min(1, Math.max(0, Number(row.progress))),
    attempts: row.attempts,
    width: row.width,
    height: row.height,
    ...files,
    error: row.error,
    refunded: row.refunded_at !== null,
    pano: row.pano,
    panoId,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

export function renderJobNotFound(): ApiError {
  return new ApiError(404, RETCODE.NOT_FOUND, 'renderJobNotFound');
}

export interface RenderJobDeps {
  db: Db;
  queue: RenderQueue;
  quota?: StorageQuota;
}

/**
 * Spends the coupon and queues the job in one transaction: either both happen or neither. The
 * scene must be the caller's own and saved (the worker renders its current version).
 */
export async function submitRenderJob(deps: RenderJobDeps, actor: Actor, input: RenderSubmit): Promise<RenderJob> {
  const { db, queue } = deps;
  const scene = await findScene(db, { ...actor, isProjectAdmin: false }, input.sceneId, { access: 'write' });
  if (!scene) throw new ApiError(404, RETCODE.NOT_FOUND, 'renderSceneNotFound', { id: input.sceneId });
  if (!scene.file_key) throw new ApiError(409, RETCODE.RENDER_SCENE_NOT_SAVED, 'renderSceneNotSaved');
  // the picture will be stored under the owner: refuse now rather than after the coupon is spent and the work done
  await assertStorageRoom(db, deps.quota, { projectCode: actor.projectCode, userId: actor.userId }, 0);
  const pano = input.pano ?? null;
  if (pano) {
    // the coupon of about as many pixels; a still's camera would trace a squashed panorama
    if (input.resolution !== PANO_RESOLUTIONS[pano.width]) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'renderPanoResolution', { width: pano.width, resolution: PANO_RESOLUTIONS[pano.width] }, { field: 'resolution' });
    }
    if (input.camera?.projection !== 'equirect') throw new ApiError(400, RETCODE.BAD_REQUEST, 'renderPanoCamera', undefined, { field: 'camera' });
    if (!input.storeyId) throw new ApiError(400, RETCODE.BAD_REQUEST, 'renderPanoCamera', undefined, { field: 'storeyId' });
  } else if (input.camera?.projection === 'equirect') {
    throw new ApiError(400, RETCODE.BAD_REQUEST, 'renderPanoCamera', undefined, { field: 'camera' });
  }
  const size = pano ? { width: pano.width, height: pano.width / 2, samples: RENDER_SIZES[input.resolution].samples } : RENDER_SIZES[input.resolution];
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    if (!(await spendCoupon(tx, actor.userId, input.resolution, input.mode))) {
      throw new ApiError(409, RETCODE.RENDER_NO_COUPON, input.mode === 'leisure' ? 'renderNoLeisureCoupon' : 'renderNoCoupon', {
        resolution: input.resolution,
      });
    }
    const rows = await tx.query<RenderJobRow>(
      `insert into render_jobs (id, project_code, user_id, scene_id, resolution, mode, camera, storey_id, width, height, samples, pano)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12::jsonb) returning ${JOB_COLUMNS}`,
      [
        id,
        actor.projectCode,
        actor.userId,
        scene.id,
        input.resolution,
        input.mode,
        input.camera ? JSON.stringify(input.camera) : null,
        input.storeyId,
        size.width,
        size.height,
        size.samples,
        pano ? JSON.stringify(pano) : null,
      ],
    );
    await queue.send(tx, id, { renderJobId: id }, MODE_PRIORITY[input.mode], attemptScale(size.width, size.height));
    return rows[0]!;
  });
  return jobDto(row);
}

/** Who may see a job: its owner, and the project's admins (as with scenes). */
function visible(actor: Actor, from = 2): { sql: string; params: unknown[] } {
  return {
    sql: `project_code = $${from} and (user_id = $${from + 1} or $${from + 2}::boolean)`,
    params: [actor.projectCode, actor.userId, actor.isProjectAdmin],
  };
}

export async function findRenderJob(db: Db, actor: Actor, id: string): Promise<RenderJobRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  const v = visible(actor);
  const rows = await db.query<RenderJobRow>(`select ${JOB_COLUMNS} from render_jobs where id = $1 and ${v.sql}`, [id, ...v.params]);
  return rows[0] ?? null;
}

/**
 * The jobs of a scene the caller may read, newest first. onlyDone: the album's finished stills
 * (a panorama job's picture is in the album as the panorama it stored).
 */
export async function listRenderJobs(db: Db, actor: Actor, sceneId: number, onlyDone = false): Promise<RenderJobRow[]> {
  const scene = await findScene(db, actor, sceneId, { access: 'read' });
  if (!scene) throw new ApiError(404, RETCODE.NOT_FOUND, 'renderSceneNotFound', { id: sceneId });
  const v = visible(actor);
  return db.query<RenderJobRow>(
    `select ${JOB_COLUMNS} from render_jobs where scene_id = $1 and ${v.sql} ${onlyDone ? "and state = 'done' and pano is null" : ''}
     order by created_at desc, id limit 500`,
    [sceneId, ...v.params],
  );
}

export function albumImage(row: RenderJobRow): AlbumImage {
  const dto = jobDto(row);
  return {
    id: row.id,
    sceneId: String(row.scene_id),
    kind: 'render',
    url: dto.url,
    thumbUrl: dto.thumbUrl,
    width: row.width,
    height: row.height,
    createdAt: (row.finished_at ? new Date(row.finished_at) : new Date(row.created_at)).toISOString(),
    label: row.resolution,
  };
}

/**
 * Cancels the caller's own job: a queued one is withdrawn and its coupon refunded; a rendering
 * one is stopped (its worker notices at the next heartbeat) without refund, the work having
 * begun. A finished job cannot be cancelled.
 */
export async function cancelRenderJob(deps: RenderJobDeps, actor: Actor, id: string): Promise<RenderJob> {
  const { db, queue } = deps;
  const own = await findRenderJob(db, { ...actor, isProjectAdmin: false }, id);
  if (!own) throw renderJobNotFound();
  if (!(await endJobWithRefund(db, id, 'cancelled', '', ['queued']))) {
    const rows = await db.query(
      `update render_jobs set state = 'cancelled', finished_at = now(), updated_at = now() where id = $1 and state = 'rendering' returning id`,
      [id],
    );
    if (rows.length === 0) throw new ApiError(409, RETCODE.RENDER_JOB_FINISHED, 'renderJobFinished');
  }
  await queue.cancel(id);
  return jobDto((await findRenderJob(db, actor, id))!);
}

/** Deletes the caller's own finished job and its stored picture. An unfinished job must be cancelled first. */
export async function deleteRenderJob(deps: RenderJobDeps & { storage: FileStorage; logger: Logger }, actor: Actor, id: string): Promise<void> {
  const own = await findRenderJob(deps.db, { ...actor, isProjectAdmin: false }, id);
  if (!own) throw renderJobNotFound();
  const rows = await deps.db.query<{ image_key: string | null; thumb_key: string | null }>(
    `delete from render_jobs where id = $1 and state in ('done', 'failed', 'cancelled') returning image_key, thumb_key`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new ApiError(409, RETCODE.RENDER_JOB_UNFINISHED, 'renderJobUnfinished');
  for (const key of [row.image_key, row.thumb_key]) {
    if (key) await deps.storage.delete(key).catch((e: unknown) => deps.logger.warn('a deleted render left its file', { key, error: e }));
  }
}

/**
 * Brings the job rows in line with the queue: a job the queue failed (its last worker died, its
 * retries used up) or lost is ended as failed with its coupon refunded; a job waiting for a retry
 * shows queued again. Runs in every worker loop and in the server now and then; idempotent.
 */
export async function reconcileRenderJobs(db: Db, queue: RenderQueue, logger: Logger, limit = 200): Promise<number> {
  await queue.expire();
  const rows = await db.query<{ id: string; state: RenderJobState }>(
    `select id, state from render_jobs where state in ('queued', 'rendering') order by created_at limit $1`,
    [limit],
  );
  let ended = 0;
  for (const row of rows) {
    const q = await queue.state(row.id);
    if (!q || q.state === 'failed' || q.state === 'cancelled' || q.state === 'completed') {
      if (await endJobWithRefund(db, row.id, 'failed', q ? '' : 'the job was lost from the queue')) {
        ended++;
        logger.warn('render job failed for good; coupon refunded', { jobId: row.id, queueState: q?.state ?? null });
      }
    } else if (row.state === 'rendering' && (q.state === 'created' || q.state === 'retry')) {
      await db.query(`update render_jobs set state = 'queued', progress = 0, updated_at = now() where id = $1 and state = 'rendering'`, [row.id]);
    }
  }
  return ended;
}
