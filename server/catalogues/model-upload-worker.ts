// The job of a model-upload worker thread (model-upload-pool.ts starts it through
// server/workers/boot.mjs): converts one upload at a time, so the server's event loop never runs
// the CPU-heavy part. Answers carry the files' buffers as transfers, not copies.
import { parentPort } from 'node:worker_threads';
import { ModelUploadRefusal, processModelUpload } from './model-upload';
import type { WorkerAnswer, WorkerJob } from './model-upload-pool';

const port = parentPort;
if (!port) throw new Error('model-upload-worker.ts runs only as a worker thread');

/**
 * The buffers that can move instead of being copied: each once, and only where the file owns its
 * whole buffer (a view into Node's shared Buffer pool must not, and cannot, be transferred).
 */
function transferable(files: readonly (Uint8Array | null)[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const f of files) {
    if (f && f.buffer instanceof ArrayBuffer && f.byteOffset === 0 && f.byteLength === f.buffer.byteLength) out.add(f.buffer);
  }
  return [...out];
}

port.on('message', (job: WorkerJob) => {
  processModelUpload(job.bytes, job.opts).then(
    (model) => {
      const answer: WorkerAnswer = { id: job.id, ok: true, model };
      port.postMessage(answer, transferable([model.glb, model.coverPng, model.lowGlb]));
    },
    (e: unknown) => {
      const answer: WorkerAnswer =
        e instanceof ModelUploadRefusal
          ? { id: job.id, ok: false, reason: e.reason, params: { ...e.params } }
          : { id: job.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
      port.postMessage(answer);
    },
  );
});
