// Large inline scene bodies (store-scene-backup, auto_save_scene) cost tens of milliseconds of
// synchronous work each: JSON.parse, the text check, canonical JSON, the scan, the fingerprint
// hash. On the event loop that holds every other request of the process as long, so bodies from
// SCENE_POOL_THRESHOLD up go to a few worker threads instead (the model-upload pool's pattern:
// started on first use, an idle thread stopped again, a thread that fails or runs past its time
// fails its job rather than hanging the request). SCENE_WORKERS threads per process (default 2).
import { ThreadPool } from '../workers/thread-pool';
import { prepareInlineBody, type InlineBody, type InlineBodyOptions } from './inline-body';
import { SCENE_POOL_THRESHOLD } from './limits';

export interface SceneWorkerJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly options: InlineBodyOptions;
}

export type SceneWorkerAnswer = { readonly id: number; readonly body: InlineBody } | { readonly id: number; readonly error: string };

export interface ScenePoolOptions {
  /** worker threads at most */
  readonly workers: number;
  /** how long one job may run before its thread is stopped and the request fails (default 60 s) */
  readonly timeoutMs?: number;
  /** a thread idle this long is stopped (default 60 s) */
  readonly idleMs?: number;
}

const ENTRY = new URL('./scene-worker.ts', import.meta.url);

export class ScenePool {
  private readonly pool: ThreadPool<SceneWorkerAnswer, InlineBody>;

  constructor(options: ScenePoolOptions) {
    this.pool = new ThreadPool<SceneWorkerAnswer, InlineBody>(
      { entry: ENTRY, pool: 'ScenePool', name: 'scene worker', timeoutMs: 60_000, ...options },
      (answer) => ('body' in answer ? { ok: true, value: answer.body } : { ok: false, error: new Error(`scene worker failed: ${answer.error}`) }),
    );
  }

  /** jobs run in a thread so far (tests: to see that a large body went there) */
  get jobsRun(): number {
    return this.pool.jobsRun;
  }

  /**
   * Prepares the body: on the event loop when it is small, in a thread otherwise. The bytes are
   * copied to the thread, so the caller's array (kept in Hono's body cache) stays usable.
   */
  prepare(bytes: Uint8Array, options: InlineBodyOptions): Promise<InlineBody> {
    if (bytes.byteLength < SCENE_POOL_THRESHOLD) return Promise.resolve(prepareInlineBody(bytes, options));
    return this.pool.run((id) => {
      const copy = bytes.slice();
      const data: SceneWorkerJob = { id, bytes: copy, options };
      return { data, transfer: [copy.buffer] };
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  get threads(): number {
    return this.pool.threads;
  }

  /** jobs waiting or running in a thread now */
  get busy(): number {
    return this.pool.busy;
  }
}

const shared = new Map<number, ScenePool>();

/** The process's pool for this many threads (the scene routes share one). */
export function scenePool(workers: number): ScenePool {
  let pool = shared.get(workers);
  if (!pool) shared.set(workers, (pool = new ScenePool({ workers })));
  return pool;
}
