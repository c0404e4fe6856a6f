import { KernelCommandError } from '../../protocol/errors';
import type { StartKernelOptions, KernelHandle } from './bridge';
import { startKernel } from './bridge';
import { reportKernelError } from './exec';
import { kernelState } from './mirror';

// Ties the kernel's lifetime to a canvas element. React StrictMode mounts, unmounts and mounts
// again in one go; a canvas can be transferred to a worker only once, so a release is deferred
// and cancelled by a re-acquire of the same canvas instead of stopping the worker.

export interface AcquireOptions extends StartKernelOptions {
  /** Build the default room when the started scene has no room (default true). */
  readonly defaultRoom?: boolean;
}

interface Lease {
  readonly canvas: HTMLCanvasElement;
  readonly started: Promise<KernelHandle>;
  releaseTimer: ReturnType<typeof setTimeout> | null;
}

let lease: Lease | null = null;

function end(l: Lease): void {
  if (lease === l) lease = null;
  l.started.then(
    (handle) => handle.dispose(),
    () => {},
  );
}

export function acquireKernel(canvas: HTMLCanvasElement, options: AcquireOptions = {}): Promise<KernelHandle> {
  if (lease?.canvas === canvas) {
    if (lease.releaseTimer !== null) clearTimeout(lease.releaseTimer);
    lease.releaseTimer = null;
    return lease.started;
  }
  if (lease) end(lease);
  const started = startKernel(canvas, options).then(async (handle) => {
    if (options.defaultRoom !== false && kernelState.counts.room === 0) {
      // The scene's starting point, not an undo step. A failure leaves an empty scene the designer can draw in.
      await handle.api.startScene().catch((e: unknown) => {
        console.error('[kernel] the starting room failed', e);
        if (e instanceof KernelCommandError) reportKernelError(e);
      });
    }
    return handle;
  });
  lease = { canvas, started, releaseTimer: null };
  return started;
}

export function releaseKernel(canvas: HTMLCanvasElement): void {
  const l = lease;
  if (!l || l.canvas !== canvas || l.releaseTimer !== null) return;
  l.releaseTimer = setTimeout(() => end(l), 0);
}

/** The kernel of the current canvas once it has started (and built its default room), or null. */
export function currentKernel(): Promise<KernelHandle> | null {
  return lease?.started ?? null;
}
