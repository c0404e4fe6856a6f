// Synchronous CPU work that would hold every other request of the process (converting a model
// upload, preparing a large inline scene) runs in a few worker threads instead. One pool for all
// of them: threads start on first use, one job per thread at a time, a job that runs past its
// time or whose thread dies fails (never a hung request) and a fresh thread takes the next, an
// idle thread is stopped again. Each user (catalogues/model-upload-pool.ts, scenes/scene-pool.ts)
// says what a job's message is and what its answer means.
import { Worker } from 'node:worker_threads';

/** The boot script that lets a worker thread run a .ts module through tsx. */
const BOOT = new URL('./boot.mjs', import.meta.url);

export interface ThreadPoolOptions {
  /** the worker module (a .ts file's URL), started through ./boot.mjs */
  readonly entry: URL;
  /** names the pool in its own errors: 'ModelUploadPool is closed' */
  readonly pool: string;
  /** names the threads in failures: 'model upload worker exited with code 1' */
  readonly name: string;
  /** worker threads at most */
  readonly workers: number;
  /** how long one job may run in its thread before the thread is stopped and the job fails */
  readonly timeoutMs: number;
  /** a thread idle this long is stopped, giving back its memory (default 60 s) */
  readonly idleMs?: number;
  /** told when a thread fails (crash, timeout, error) while running a job */
  readonly onFailure?: (why: string) => void;
}

/** What a job's answer means: its result, or the error its caller gets. */
export type Settled<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

interface Job<R> {
  readonly id: number;
  readonly message: (id: number) => { readonly data: unknown; readonly transfer: readonly ArrayBuffer[] };
  readonly resolve: (value: R) => void;
  readonly reject: (e: unknown) => void;
}

interface Slot<R> {
  readonly worker: Worker;
  job: Job<R> | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

export class ThreadPool<A extends { readonly id: number }, R> {
  private readonly slots = new Set<Slot<R>>();
  private readonly waiting: Job<R>[] = [];
  private nextId = 1;
  private closed = false;
  /** jobs answered by a thread so far (tests: to see that work went there) */
  jobsRun = 0;

  constructor(
    private readonly options: ThreadPoolOptions,
    /** what the thread's answer means for the job */
    private readonly settle: (answer: A) => Settled<R>,
    /** the error a job gets when its thread fails or runs past its time */
    private readonly failed: (why: Error) => unknown = (why) => why,
  ) {
    if (!(options.workers >= 1) || !(options.timeoutMs > 0)) throw new RangeError(`${options.pool} needs at least one worker and a positive timeout`);
  }

  /** Runs a job: `message` builds what the thread gets for the job's id (and what to transfer). */
  run(message: Job<R>['message']): Promise<R> {
    if (this.closed) return Promise.reject(new Error(`${this.options.pool} is closed`));
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, message, resolve, reject });
      this.pump();
    });
  }

  /** Stops every thread; jobs still waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    const why = new Error(`${this.options.pool} is closed`);
    for (const job of this.waiting.splice(0)) job.reject(why);
    await Promise.all([...this.slots].map((slot) => this.drop(slot, why)));
  }

  /** threads running now (started lazily, so 0 before the first job) */
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
      this.take(slot, this.waiting.shift()!);
    }
  }

  private start(): Slot<R> {
    const worker = new Worker(BOOT, { workerData: { entry: this.options.entry.href } });
    // an idle thread must not keep the process alive; a request waiting on it keeps the server up anyway
    worker.unref();
    const slot: Slot<R> = { worker, job: null, timer: null, idle: null };
    worker.on('message', (answer: A) => this.answered(slot, answer));
    worker.on('error', (e) => void this.drop(slot, e));
    worker.on('exit', (code) => void this.drop(slot, new Error(`${this.options.name} exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private take(slot: Slot<R>, job: Job<R>): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    // the timer starts when the thread takes the job: time spent waiting in line is not the job's fault
    slot.timer = setTimeout(() => void this.drop(slot, new Error(`${this.options.name} job ran past ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    const { data, transfer } = job.message(job.id);
    slot.worker.postMessage(data, [...transfer]);
  }

  private answered(slot: Slot<R>, answer: A): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    this.jobsRun++;
    const settled = this.settle(answer);
    if (settled.ok) job.resolve(settled.value);
    else job.reject(settled.error);
    this.pump();
    if (slot.job === null) {
      slot.idle = setTimeout(() => void this.drop(slot, new Error('idle')), this.options.idleMs ?? 60_000);
      slot.idle.unref();
    }
  }

  /** Ends a thread that failed, timed out or idled: its job fails, a fresh thread takes the next. */
  private async drop(slot: Slot<R>, why: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = null;
    if (job) {
      if (!this.closed) this.options.onFailure?.(why.message);
      job.reject(this.closed ? why : this.failed(why));
    }
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}
