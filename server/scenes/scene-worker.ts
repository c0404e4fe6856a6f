// The job of a scene worker thread (scene-pool.ts starts it through the model-upload boot file,
// which registers tsx): prepares one inline scene body at a time. The prepared scene's bytes go
// back as a transfer, not a copy.
import { parentPort } from 'node:worker_threads';
import { prepareInlineBody } from './inline-body';
import type { SceneWorkerAnswer, SceneWorkerJob } from './scene-pool';

const port = parentPort;
if (!port) throw new Error('scene-worker.ts runs only as a worker thread');

port.on('message', (job: SceneWorkerJob) => {
  let answer: SceneWorkerAnswer;
  const transfer: ArrayBuffer[] = [];
  try {
    const body = prepareInlineBody(job.bytes, job.options);
    answer = { id: job.id, body };
    if (body.ok && body.scene?.ok) {
      const b = body.scene.bytes;
      if (b.buffer instanceof ArrayBuffer && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength) transfer.push(b.buffer);
    }
  } catch (e) {
    answer = { id: job.id, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(answer, transfer);
});
