// Large inline scene bodies (store-scene-backup, auto_save_scene) cost tens of milliseconds of
// synchronous work each: JSON.parse, the text check, canonical JSON, the scan, the fingerprint
// hash. On the event loop that holds every other request of the process as long, so bodies from
// SCENE_POOL_THRESHOLD up go to a few worker threads instead (the model-upload pool's pattern:
// started on first use, an idle thread stopped again, a thread that fails or runs past its time
// fails its job rather than hanging the request). SCENE_WORKERS threads per process (default 2).
import { Worker } from 'node:worker_threads';
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

interface Job {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly options: InlineBodyOptions;
  readonly resolve: (b: InlineBody) => void;
  readonly reject: (e: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

const BOOT = new URL('../catalogues/model-upload-boot.mjs', import.meta.url);
const ENTRY = new URL('./scene-worker.ts', import.meta.url).href;

export class ScenePool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** jobs run in a thread so far (tests: to see that a large body went there) */
  jobsRun = 0;

  constructor(private readonly options: ScenePoolOptions) {
    if (!(options.workers >= 1)) throw new RangeError('ScenePool needs at least one worker');
  }

  /**
   * Prepares the body: on the event loop when it is small, in a thread otherwise. The bytes are
   * copied to the thread, so the caller's array (kept in Hono's body cache) stays usable.
   */
  prepare(bytes: Uint8Array, options: InlineBodyOptions): Promise<InlineBody> {
    if (bytes.byteLength < SCENE_POOL_THRESHOLD) return Promise.resolve(prepareInlineBody(bytes, options));
    if (this.closed) return Promise.reject(new Error('ScenePool is closed'));
    return new Promise<InlineBody>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, bytes, options, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('ScenePool is closed'));
    await Promise.all([...this.slots].map((slot) => this.drop(slot, new Error('ScenePool is closed'))));
  }

  get threads(): number {
    return this.slots.size;
  }

  /** jobs waiting or running in a thread now */
  get busy(): number {
    return this.waiting.length + [...this.slots].filter((s) => s.job !== null).length;
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      let slot = [...this.slots].find((s) => s.job === null);
      if (!slot) {
        if (this.slots.size >= this.options.workers) return;
        slot = this.start();
      }
      this.run(slot, this.waiting.shift()!);
    }
  }

  private start(): Slot {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY } });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idle: null };
    worker.on('message', (answer: SceneWorkerAnswer) => this.answered(slot, answer));
    worker.on('error', (e) => void this.drop(slot, e));
    worker.on('exit', (code) => void this.drop(slot, new Error(`scene worker exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    slot.timer = setTimeout(() => void this.drop(slot, new Error(`scene worker job ran past ${timeoutMs} ms`)), timeoutMs);
    const copy = job.bytes.slice();
    const message: SceneWorkerJob = { id: job.id, bytes: copy, options: job.options };
    slot.worker.postMessage(message, [copy.buffer]);
  }

  private answered(slot: Slot, answer: SceneWorkerAnswer): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    this.jobsRun++;
    if ('body' in answer) job.resolve(answer.body);
    else job.reject(new Error(`scene worker failed: ${answer.error}`));
    this.pump();
    if (slot.job === null) {
      slot.idle = setTimeout(() => void this.drop(slot, new Error('idle')), this.options.idleMs ?? 60_000);
      slot.idle.unref();
    }
  }

  private async drop(slot: Slot, why: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = null;
    job?.reject(why);
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}

const shared = new Map<number, ScenePool>();

/** The process's pool for this many threads (the scene routes share one). */
export function scenePool(workers: number): ScenePool {
  let pool = shared.get(workers);
  if (!pool) shared.set(workers, (pool = new ScenePool({ workers })));
  return pool;
}
