// Entry of a pool worker thread (./thread-pool.ts). Node 20 does not apply the parent's `--import tsx` to a
// worker's entry, and vitest's own transform does not reach worker threads at all, so the worker
// registers tsx itself before it loads the TypeScript job (the same loader `npm start` and
// `npm run dev` use; registering again where the parent's flag did apply is harmless).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
