// Must stay first: it fills in globals three.js needs on Chrome 80-83 before three evaluates.
import './render/legacy-globals';
import * as Comlink from 'comlink';
import {
  KERNEL_BOOT_ERROR_MESSAGE,
  KERNEL_READY_MESSAGE,
  type KernelApi,
  type KernelBootMessage,
} from '../protocol/kernel-api';
import { installTransferHandlers } from '../protocol/transfer';
import { createKernelApi } from './api';
import { frameScheduler, type Timers } from './clock';
import { createThreeRenderer } from './render/three-renderer';

// The worker entry. The UI waits for the ready message before it wraps the worker, so a worker
// that fails while starting is reported instead of leaving Comlink calls hanging forever.
// (Failures while the imports themselves evaluate surface as the worker's 'error' event.)
// It is also the one file of kernel-worker/ that touches the real timers: it passes them in.

const timers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
};

function post(message: KernelBootMessage): void {
  self.postMessage(message);
}

try {
  installTransferHandlers();
  // The UI channel shares the worker's own message channel with Comlink (protocol/channel.ts).
  const kernelApi = createKernelApi({
    kernel: { timers },
    createRenderer: createThreeRenderer({ frames: frameScheduler(self, timers), timers }),
    channel: self,
  }) satisfies KernelApi;
  Comlink.expose(kernelApi);
  post({ type: KERNEL_READY_MESSAGE });
} catch (e) {
  post({ type: KERNEL_BOOT_ERROR_MESSAGE, detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
}
