// Converting an upload (model-upload.ts) is a second or two of synchronous CPU work: read,
// simplify, draw the cover. On the event loop it would hold every other request of the process
// that long, so it runs in worker threads instead. The pool is small (one thread by default:
// uploads are rare and each thread holds a model's worth of memory), started on the first upload,
// and a job that runs past its time or kills its thread ends as a refusal, never a hung request.
import { Worker } from 'node:worker_threads';
import { ModelUploadRefusal, type ProcessedModel, type ProcessOptions, type RefusalReason } from './model-upload';

export interface WorkerJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly opts: ProcessOptions;
}

export type WorkerAnswer =
  | { readonly id: number; readonly ok: true; readonly model: ProcessedModel }
  | { readonly id: number; readonly ok: false; readonly reason: RefusalReason; readonly params: Record<string, string | number> }
  | { readonly id: number; readonly ok: false; readonly error: string };

export interface ModelUploadPoolOptions {
  /** worker threads at most */
  readonly workers: number;
  /** how long one conversion may run before its thread is stopped and the upload refused */
  readonly timeoutMs: number;
  /** told when a thread fails (crash, timeout, error): the upload itself only says it failed */
  readonly onFailure?: (why: string) => void;
  /** a thread idle this long is stopped, giving back the memory of the last model (default 60 s) */
  readonly idleMs?: number;
}

interface Job {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly opts: ProcessOptions;
  readonly resolve: (m: ProcessedModel) => void;
  readonly reject: (e: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

const BOOT = new URL('./model-upload-boot.mjs', import.meta.url);
const ENTRY = new URL('./model-upload-worker.ts', import.meta.url).href;

export class ModelUploadPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ModelUploadPoolOptions) {
    if (!(options.workers >= 1) || !(options.timeoutMs > 0)) throw new RangeError('ModelUploadPool needs at least one worker and a positive timeout');
  }

  /**
   * Converts an upload in a worker thread; throws ModelUploadRefusal as processModelUpload does,
   * and 'conversionFailed' when the thread dies or runs past the time limit. The bytes are copied
   * once and the copy moved to the thread, so the caller's array stays usable.
   */
  convert(bytes: Uint8Array, opts: ProcessOptions = {}): Promise<ProcessedModel> {
    if (this.closed) return Promise.reject(new Error('ModelUploadPool is closed'));
    return new Promise<ProcessedModel>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, bytes, opts, resolve, reject });
      this.pump();
    });
  }

  /** Stops every thread; jobs still waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('ModelUploadPool is closed'));
    await Promise.all([...this.slots].map((slot) => this.drop(slot, new Error('ModelUploadPool is closed'))));
  }

  /** threads running now (started lazily, so 0 before the first upload) */
  get threads(): number {
    return this.slots.size;
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
    // an idle thread must not keep the process alive; a request waiting on it keeps the server up anyway
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idle: null };
    worker.on('message', (answer: WorkerAnswer) => this.answered(slot, answer));
    worker.on('error', (e) => void this.drop(slot, e));
    worker.on('exit', (code) => void this.drop(slot, new Error(`model upload worker exited with code ${code}`)));
    this.slots.add(slot);
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    // the timer starts when the thread takes the job: time spent waiting in line is not the upload's fault
    slot.timer = setTimeout(() => void this.drop(slot, new Error(`model upload conversion ran past ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    const copy = job.bytes.slice();
    const message: WorkerJob = { id: job.id, bytes: copy, opts: job.opts };
    slot.worker.postMessage(message, [copy.buffer]);
  }

  private answered(slot: Slot, answer: WorkerAnswer): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    if (answer.ok) job.resolve(answer.model);
    else if ('reason' in answer) job.reject(new ModelUploadRefusal(answer.reason, answer.params));
    else {
      this.options.onFailure?.(answer.error);
      job.reject(new ModelUploadRefusal('conversionFailed'));
    }
    this.pump();
    if (slot.job === null) {
      slot.idle = setTimeout(() => void this.drop(slot, new Error('idle')), this.options.idleMs ?? 60_000);
      slot.idle.unref();
    }
  }

  /** Ends a thread that failed or timed out: its job is refused, a fresh thread takes the next. */
  private async drop(slot: Slot, why: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = null;
    if (job) {
      if (!this.closed) this.options.onFailure?.(why.message);
      job.reject(this.closed ? why : new ModelUploadRefusal('conversionFailed'));
    }
    await slot.worker.terminate();
    if (!this.closed) this.pump();
  }
}
