// Converting an upload (model-upload.ts) is a second or two of synchronous CPU work: read,
// simplify, draw the cover. On the event loop it would hold every other request of the process
// that long, so it runs in worker threads instead. The pool is small (one thread by default:
// uploads are rare and each thread holds a model's worth of memory), started on the first upload,
// and a job that runs past its time or kills its thread ends as a refusal, never a hung request.
import { ThreadPool } from '../workers/thread-pool';
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

const ENTRY = new URL('./model-upload-worker.ts', import.meta.url);

export class ModelUploadPool {
  private readonly pool: ThreadPool<WorkerAnswer, ProcessedModel>;

  constructor(options: ModelUploadPoolOptions) {
    this.pool = new ThreadPool<WorkerAnswer, ProcessedModel>(
      { entry: ENTRY, pool: 'ModelUploadPool', name: 'model upload worker', ...options },
      (answer) => {
        if (answer.ok) return { ok: true, value: answer.model };
        if ('reason' in answer) return { ok: false, error: new ModelUploadRefusal(answer.reason, answer.params) };
        options.onFailure?.(answer.error);
        return { ok: false, error: new ModelUploadRefusal('conversionFailed') };
      },
      // a thread that died or ran past its time: the upload only says it failed (onFailure hears why)
      () => new ModelUploadRefusal('conversionFailed'),
    );
  }

  /**
   * Converts an upload in a worker thread; throws ModelUploadRefusal as processModelUpload does,
   * and 'conversionFailed' when the thread dies or runs past the time limit. The bytes are copied
   * once and the copy moved to the thread, so the caller's array stays usable.
   */
  convert(bytes: Uint8Array, opts: ProcessOptions = {}): Promise<ProcessedModel> {
    return this.pool.run((id) => {
      const copy = bytes.slice();
      const data: WorkerJob = { id, bytes: copy, opts };
      return { data, transfer: [copy.buffer] };
    });
  }

  /** Stops every thread; jobs still waiting or running fail. */
  close(): Promise<void> {
    return this.pool.close();
  }

  /** threads running now (started lazily, so 0 before the first upload) */
  get threads(): number {
    return this.pool.threads;
  }
}
