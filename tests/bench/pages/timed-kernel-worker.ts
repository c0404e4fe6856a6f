// The kernel API of kernel-worker/main.ts (the same createKernelApi, headless, its UI channel on
// the worker's scope), with the time each file call spends inside the worker recorded: the
// benchmark subtracts it from the caller's round trip to get what the crossing itself costs.
import * as Comlink from 'comlink';
import { KERNEL_READY_MESSAGE, type KernelBootMessage } from '../../../protocol/kernel-api';
import { installTransferHandlers } from '../../../protocol/transfer';
import { createKernelApi } from '../../../kernel-worker/api';

installTransferHandlers();
const api = createKernelApi({ channel: self });
let lastWorkMs = Number.NaN;

async function timed<T>(fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    lastWorkMs = performance.now() - t0;
  }
}

const timedApi = {
  ...api,
  load: (file: string | Uint8Array) => timed(() => api.load(file)),
  save: () => timed(() => api.save()),
  backupDelta: () => timed(() => api.backupDelta()),
  /** ms the last load/save/backupDelta spent in the worker */
  lastWorkMs: () => lastWorkMs,
  /** A full collection between measurements (Chromium with --js-flags=--expose-gc), so that no
   * call pays for the garbage of the one before it. */
  collectGarbage: () => (globalThis as { gc?: () => void }).gc?.(),
};

export type TimedKernelApi = typeof timedApi;

Comlink.expose(timedApi);
const ready: KernelBootMessage = { type: KERNEL_READY_MESSAGE };
self.postMessage(ready);
