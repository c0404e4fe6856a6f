// The render worker loop (docs/rendering.md): takes a job from the queue, reads the scene's current
// version (a delta version is resolved and written first), renders it with the Renderer, stores
// the JPEG and its thumbnail, reports progress, marks it done. One loop renders one job at a time;
// RENDER_WORKERS loops run in the server, `npm run render:worker` runs them on other machines.
import os from 'node:os';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { FileStorage } from '../storage/types';
import { materialise } from '../scenes/deltas';
import { readSceneFileBytes } from '../scenes/files';
import { endJobWithRefund } from './coupons';
import { JOB_COLUMNS, reconcileRenderJobs, renderKeys, type RenderJobRow } from './jobs';
import { attemptScale, type QueuedJob, type RenderQueue, type RenderQueueData } from './queue';
import type { Renderer } from '../../protocol/render';
import { ApiError } from '../http/envelope';
import { createPano } from '../panos/repo';
import type { StorageQuota } from '../storage/quota';

/** a leisure job's time budget is this many times an immediate one's */
export const LEISURE_BUDGET_FACTOR = 5;

export interface RenderWorkerOptions {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  queue: RenderQueue;
  /** one renderer per loop, started on first use and started again after a failure */
  startRenderer: () => Promise<Renderer>;
  /** a name for logs and the queue's lease ('host:pid:n') */
  workerId?: string;
  /** wait between polls when the queue is empty (default 1 s) */
  pollMs?: number;
  /** get the renderer ready at start (Renderer.warm), so the first job does not wait for it */
  warm?: boolean;
  /** heartbeat (lease renewal and cancel check) interval (default 5 s) */
  heartbeatMs?: number;
  /** longest one attempt may render before it is stopped and counted failed (RENDER_TIMEOUT_S; default 30 min) */
  timeoutMs?: number;
  /** the storage quotas a panorama job's picture is stored under, as an upload would be (absent: none) */
  quota?: StorageQuota;
  /** time budget of an immediate job's render in ms (RenderRequest.maxMs); leisure jobs get LEISURE_BUDGET_FACTOR times it; absent: none */
  budgetMs?: number;
}

/** The job cannot succeed on another attempt (its scene or scene file is gone): no retry. */
class PermanentFailure extends Error {}

/** The job was cancelled or taken over while its panorama was stored: nothing of it stays. */
class Abandoned extends Error {}

export class RenderWorker {
  readonly workerId: string;
  private renderer: Renderer | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly current = new AbortController();
  private lastReconcile = 0;
  private starting: Promise<Renderer> | null = null;

  constructor(private readonly options: RenderWorkerOptions) {
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  }

  start(): void {
    if (this.running) return;
    if (this.options.warm) {
      void this.rendererInstance()
        .then((r) => r.warm?.())
        .catch((e: unknown) => this.options.logger.warn('render warm-up failed', { worker: this.workerId, error: e }));
    }
    this.running = this.loop();
  }

  /** Stops taking jobs; a job in progress is abandoned (its lease runs out and another worker retries it). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.current.abort();
    this.wake?.();
    await this.running;
    await this.renderer?.close().catch(() => {});
    this.renderer = null;
  }

  private async loop(): Promise<void> {
    const pollMs = this.options.pollMs ?? 1000;
    while (!this.stopped) {
      let worked = false;
      try {
        if (Date.now() - this.lastReconcile > pollMs * 5) {
          this.lastReconcile = Date.now();
          await reconcileRenderJobs(this.options.db, this.options.queue, this.options.logger);
        }
        worked = await this.runOnce();
      } catch (e) {
        if (!this.stopped) this.options.logger.error('render worker loop error', { worker: this.workerId, error: e });
      }
      if (!worked && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  /** Takes and processes one job; false when none was due. */
  async runOnce(): Promise<boolean> {
    const { queue } = this.options;
    const job = await queue.fetch(this.workerId);
    if (!job) return false;
    await this.process(job);
    return true;
  }

  private async process(job: QueuedJob<RenderQueueData>): Promise<void> {
    const { db, queue, logger } = this.options;
    const id = job.data.renderJobId;
    // The attempt number fences this worker: if its lease is taken over, its late writes match no row.
    const claimed = await db.query<RenderJobRow>(
      `update render_jobs set state = 'rendering', attempts = attempts + 1, progress = 0, worker = $2, started_at = now(), updated_at = now()
       where id = $1 and state in ('queued', 'rendering') returning ${JOB_COLUMNS}`,
      [id, this.workerId],
    );
    const row = claimed[0];
    if (!row) {
      // cancelled (or deleted) before it started
      await queue.complete(job.id);
      return;
    }
    const attempt = row.attempts;
    const abort = new AbortController();
    const onStop = () => abort.abort();
    this.current.signal.addEventListener('abort', onStop);
    let lastProgress = 0;
    let progressWrite: Promise<unknown> = Promise.resolve();
    let timedOut = false;
    const timeoutMs = (this.options.timeoutMs ?? 30 * 60_000) * attemptScale(row.width, row.height);
    const deadline = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    const heartbeat = setInterval(() => {
      void (async () => {
        const mine = await queue.heartbeat(job.id, this.workerId);
        const still = await db.query(`select 1 from render_jobs where id = $1 and attempts = $2 and state = 'rendering'`, [id, attempt]);
        if (!mine || still.length === 0) abort.abort();
      })().catch((e: unknown) => logger.warn('render heartbeat failed', { jobId: id, error: e }));
    }, this.options.heartbeatMs ?? 5000);
    try {
      const sceneFile = await this.sceneFile(row);
      const renderer = await this.rendererInstance();
      const result = await renderer.render(
        { sceneFile, camera: row.camera, storeyId: row.storey_id, width: row.width, height: row.height, samples: row.samples, ...this.budget(row) },
        {
          signal: abort.signal,
          onProgress: (fraction) => {
            const f = Math.min(0.99, Math.max(0, fraction));
            if (f - lastProgress < 0.01) return;
            lastProgress = f;
            progressWrite = progressWrite.then(() =>
              db
                .query(`update render_jobs set progress = greatest(progress, $3), updated_at = now() where id = $1 and attempts = $2 and state = 'rendering'`, [id, attempt, f])
                .catch(() => {}),
            );
          },
        },
      );
      await progressWrite;
      if (abort.signal.aborted) throw new Error('abandoned');
      // a panorama's viewers and hotspots read its picture as exactly 2:1 of the width paid for
      if (row.pano && (result.width !== row.width || result.height !== row.height)) {
        throw new Error(`the renderer made ${result.width} x ${result.height}, not ${row.width} x ${row.height}`);
      }
      const stored = row.pano ? await this.storePano(row, attempt, result.jpeg, result.thumbJpeg) : await this.store(row, attempt, result.jpeg, result.thumbJpeg);
      if (!stored) {
        abort.abort();
        throw new Error('abandoned');
      }
      await queue.complete(job.id);
      logger.info('render job done', { jobId: id, worker: this.workerId, attempt, ms: result.ms });
    } catch (e) {
      await progressWrite;
      const reason = timedOut ? `the render took longer than ${Math.round(timeoutMs / 1000)} s` : e instanceof Error ? e.message : String(e);
      if (this.stopped) return; // the process is going away: the lease runs out and another worker retries
      if (abort.signal.aborted && !timedOut) {
        // cancelled by its owner, or the lease was taken over: nothing of this attempt counts
        const now = await db.query<{ state: string }>('select state from render_jobs where id = $1', [id]);
        if (now[0]?.state === 'cancelled') await queue.cancel(job.id);
        return;
      }
      if (!(e instanceof PermanentFailure)) await this.resetRenderer();
      const outcome = e instanceof PermanentFailure ? (await queue.cancel(job.id), 'failed' as const) : await queue.fail(job.id, reason);
      logger.warn('render attempt failed', { jobId: id, worker: this.workerId, attempt, outcome, error: reason });
      if (outcome === 'failed') {
        await endJobWithRefund(db, id, 'failed', reason.slice(0, 500));
      } else {
        await db.query(
          `update render_jobs set state = 'queued', progress = 0, error = $3, updated_at = now() where id = $1 and attempts = $2 and state = 'rendering'`,
          [id, attempt, reason.slice(0, 500)],
        );
      }
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
      this.current.signal.removeEventListener('abort', onStop);
    }
  }

  /** The scene's current version file, as the editor would open it. */
  private async sceneFile(row: RenderJobRow): Promise<Uint8Array> {
    const { db, storage, logger } = this.options;
    const rows = await db.query<{ file_key: string | null }>(
      `select v.file_key from scenes s join scene_versions v on v.id = s.current_version_id where s.id = $1 and s.deleted_at is null`,
      [row.scene_id],
    );
    const key = rows[0]?.file_key;
    if (!key) throw new PermanentFailure('the scene was deleted or has no saved version');
    // a delta version's full file is written on its first read (docs/scenes.md "Delta saves")
    if (!(await materialise({ db, storage, logger }, key))) throw new PermanentFailure('the scene file is missing');
    const bytes = await readSceneFileBytes(storage, key);
    if (!bytes) throw new PermanentFailure('the scene file is missing');
    return bytes;
  }

  /** false: the job was cancelled or taken over meanwhile, and the files are removed again */
  private async store(row: RenderJobRow, attempt: number, jpeg: Uint8Array, thumb: Uint8Array): Promise<boolean> {
    const { db, storage, logger } = this.options;
    const keys = renderKeys(row.project_code);
    await storage.put(keys.image, jpeg, { contentType: 'image/jpeg' });
    await storage.put(keys.thumb, thumb, { contentType: 'image/jpeg' });
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `update render_jobs set state = 'done', progress = 1, image_key = $3, thumb_key = $4, bytes = $5, error = '',
           finished_at = now(), updated_at = now()
         where id = $1 and attempts = $2 and state = 'rendering' returning id`,
        [row.id, attempt, keys.image, keys.thumb, jpeg.byteLength + thumb.byteLength],
      );
      if (rows.length === 0) return false;
      // core.md §8 usage events: a render was made
      await tx.query(`insert into user_events (project_code, user_id, event) values ($1, $2, 'createRender')`, [row.project_code, row.user_id]);
      return true;
    });
    if (!done) {
      // cancelled or taken over while rendering: the picture belongs to nobody
      await Promise.all([storage.delete(keys.image), storage.delete(keys.thumb)]).catch((e: unknown) => logger.warn('an unused render file stayed', { error: e }));
    }
    return done;
  }

  /**
   * A panorama job's picture becomes a stored panorama (its files, quota and share code are the
   * panorama's) in the transaction that marks the job done. false: cancelled or taken over.
   * What the panorama store refuses (the scene gone, quota, too many panoramas) fails the job for
   * good: another attempt would be refused the same.
   */
  private async storePano(row: RenderJobRow, attempt: number, jpeg: Uint8Array, thumb: Uint8Array): Promise<boolean> {
    const { db, storage } = this.options;
    const quota = this.options.quota ?? { userBytes: 0, projectBytes: 0 };
    const spec = row.pano!;
    const actor = { projectCode: row.project_code, userId: row.user_id, isProjectAdmin: false };
    const input = { sceneId: row.scene_id, storeyId: row.storey_id ?? '', position: spec.position, label: spec.label, image: jpeg, thumb };
    try {
      await createPano({ db, storage, quota }, actor, input, async (tx, pano) => {
        const rows = await tx.query(
          `update render_jobs set state = 'done', progress = 1, pano_id = $3, error = '', finished_at = now(), updated_at = now()
           where id = $1 and attempts = $2 and state = 'rendering' returning id`,
          [row.id, attempt, Number(pano.id)],
        );
        if (rows.length === 0) throw new Abandoned();
      });
      return true;
    } catch (e) {
      if (e instanceof Abandoned) return false;
      if (e instanceof ApiError) throw new PermanentFailure(`the panorama was not stored: ${e.messageId}`);
      throw e;
    }
  }

  /** The render's time budget: leisure jobs wait for idle time, so they may trace longer. */
  private budget(row: RenderJobRow): { maxMs?: number } {
    const ms = this.options.budgetMs;
    if (ms === undefined) return {};
    return { maxMs: row.mode === 'leisure' ? ms * LEISURE_BUDGET_FACTOR : ms };
  }

  private async rendererInstance(): Promise<Renderer> {
    // one start at a time: the warm-up and the first job may ask together
    if (this.renderer) return this.renderer;
    this.starting ??= this.options.startRenderer().finally(() => (this.starting = null));
    this.renderer ??= await this.starting;
    return this.renderer;
  }

  private async resetRenderer(): Promise<void> {
    const r = this.renderer;
    this.renderer = null;
    await r?.close().catch(() => {});
  }
}
