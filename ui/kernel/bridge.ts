import * as Comlink from 'comlink';
import { KernelCommandError, toKernelError } from '../../protocol/errors';
import {
  KERNEL_BOOT_ERROR_MESSAGE,
  KERNEL_READY_MESSAGE,
  type InitOptions,
  type InitResult,
  type KernelApi,
  type KernelBootMessage,
} from '../../protocol/kernel-api';
import { installTransferHandlers } from '../../protocol/transfer';
import { createChannel, type ChannelEndpoint } from './channel';
import { forwardCanvasEvents } from './events';
import { reportKernelError, reported, setKernelCalls, type CommandRunner, type KernelCalls } from './exec';
import { kernelState, resetMirror, syncMirror, type KernelStartError, type MirrorSync } from './mirror';

// Starts the kernel worker for a canvas: ready handshake, OffscreenCanvas transfer, the UI channel
// (commands out, patches into the valtio mirror), input forwarding and size tracking. One kernel
// at a time, because there is one mirror.

export interface KernelHandle {
  readonly api: Comlink.Remote<KernelApi>;
  /** Runs a command on this kernel; failures are reported like execCommand's. */
  readonly exec: CommandRunner;
  dispose(): void;
}

/** A started kernel wired to the mirror: what startKernel builds on, and what the round-trip benchmark measures. */
export interface KernelConnection {
  readonly api: Comlink.Remote<KernelApi>;
  readonly init: InitResult;
  /** exec/undo/redo over the UI channel: each resolves once its patches are in kernelState; not reported */
  readonly calls: KernelCalls;
  readonly sync: MirrorSync;
  close(): void;
}

export interface ConnectOptions {
  /** Tests put a stand-in in front of the channel (to lose a message on purpose). */
  readonly wrapChannel?: (worker: Worker) => ChannelEndpoint;
}

/**
 * init() on a worker that has posted its ready message, then the UI channel and the mirror: from
 * here on kernelState follows the kernel. The canvas, if any, must already be transferable.
 */
export async function connectKernel(
  worker: Worker,
  canvas: OffscreenCanvas | null,
  size: InitOptions,
  options: ConnectOptions = {},
): Promise<KernelConnection> {
  installTransferHandlers();
  const api = Comlink.wrap<KernelApi>(worker);
  // The UI channel shares the worker's message channel with Comlink (protocol/channel.ts).
  const channel = createChannel(options.wrapChannel ? options.wrapChannel(worker) : worker);
  try {
    const init = await api.init(canvas ? Comlink.transfer(canvas, [canvas]) : null, size);
    const sync = await syncMirror((listener) => {
      channel.setPatchListener(listener);
      return channel.subscribe();
    });
    return {
      api,
      init,
      calls: { exec: (name, args) => channel.exec(name, args), undo: () => channel.undo(), redo: () => channel.redo() },
      sync,
      close() {
        sync.stop();
        channel.close();
        api[Comlink.releaseProxy]();
      },
    };
  } catch (e) {
    channel.close();
    api[Comlink.releaseProxy]();
    throw e;
  }
}

export interface StartKernelOptions {
  /** How long the worker may take to post its ready message. */
  readonly readyTimeoutMs?: number;
  /** Another worker (tests, benchmarks); by default the module worker built from kernel-worker/main.ts. */
  readonly createWorker?: () => Worker;
  /** A viewer's kernel: no document change runs in it (InitOptions.readOnly). */
  readonly readOnly?: boolean;
}

const DEFAULT_READY_TIMEOUT_MS = 15_000;

let active: KernelHandle | null = null;

function createKernelWorker(): Worker {
  return new Worker(new URL('../../kernel-worker/main.ts', import.meta.url), { type: 'module', name: 'kernel' });
}

function initFailed(detail: string): KernelCommandError {
  return new KernelCommandError('INIT_FAILED', 'startKernel', detail);
}

function waitForReady(worker: Worker, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      worker.removeEventListener('messageerror', onMessageError);
    };
    const fail = (detail: string) => {
      cleanup();
      reject(initFailed(detail));
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as Partial<KernelBootMessage> | null;
      if (data?.type === KERNEL_READY_MESSAGE) {
        cleanup();
        resolve();
      } else if (data?.type === KERNEL_BOOT_ERROR_MESSAGE) {
        fail(`the kernel worker failed while starting: ${data.detail ?? 'no detail'}`);
      }
    };
    const onError = (event: Event) => {
      // A module that fails to load or evaluate gives a bare Event; evaluation errors an ErrorEvent.
      const message = event instanceof ErrorEvent && event.message ? event.message : 'the script could not be loaded';
      fail(`the kernel worker failed to start: ${message}`);
    };
    const onMessageError = () => fail('a message from the kernel worker could not be deserialised');
    const timer = setTimeout(() => fail(`the kernel worker did not get ready within ${timeoutMs / 1000} s`), timeoutMs);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onMessageError);
  });
}

function measure(canvas: HTMLCanvasElement): InitOptions {
  return {
    width: Math.max(1, canvas.clientWidth),
    height: Math.max(1, canvas.clientHeight),
    dpr: window.devicePixelRatio || 1,
  };
}

/** Calls onSize when the canvas' CSS size or the device pixel ratio changes. */
function watchSize(canvas: HTMLCanvasElement, onSize: (size: InitOptions) => void): () => void {
  let last = measure(canvas);
  const check = () => {
    const next = measure(canvas);
    if (next.width === last.width && next.height === last.height && next.dpr === last.dpr) return;
    last = next;
    onSize(next);
  };
  const observer = new ResizeObserver(check);
  observer.observe(canvas);
  // A resolution query matches only the current ratio, so it is re-armed after every change
  // (moving the window to another screen, browser zoom).
  let query: MediaQueryList | null = null;
  const armDpr = () => {
    query?.removeEventListener('change', onDprChange);
    query = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener('change', onDprChange);
  };
  function onDprChange() {
    armDpr();
    check();
  }
  armDpr();
  return () => {
    observer.disconnect();
    query?.removeEventListener('change', onDprChange);
  };
}

/**
 * Starts a kernel worker drawing into the canvas and makes it the current kernel (execCommand,
 * kernelState). Rejects with a KernelCommandError('INIT_FAILED' or 'WEBGL2_UNAVAILABLE') when
 * there is no kernel at all; a kernel that runs but cannot draw resolves, with kernelState.error
 * saying why the view is missing. A canvas can be handed to a worker only once: after a failure
 * past the transfer, start again with a new canvas element.
 */
export async function startKernel(canvas: HTMLCanvasElement, options: StartKernelOptions = {}): Promise<KernelHandle> {
  active?.dispose();
  let settleCalls!: { resolve: (calls: KernelCalls) => void; reject: (e: unknown) => void };
  const calls = new Promise<KernelCalls>((resolve, reject) => (settleCalls = { resolve, reject }));
  setKernelCalls(calls);
  kernelState.status = 'starting';
  kernelState.error = null;

  const cleanups: (() => void)[] = [];
  const cleanUp = () => cleanups.splice(0).reverse().forEach((fn) => fn());
  try {
    if (typeof Worker !== 'function') throw initFailed('this browser has no Web Worker support');
    const worker = (options.createWorker ?? createKernelWorker)();
    cleanups.push(() => worker.terminate());
    await waitForReady(worker, options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);

    const onWorkerError = (event: Event) => {
      const message = event instanceof ErrorEvent ? event.message : 'unknown error';
      reportKernelError(new KernelCommandError('INTERNAL', 'worker', message));
    };
    worker.addEventListener('error', onWorkerError);
    cleanups.push(() => worker.removeEventListener('error', onWorkerError));

    let viewError: KernelStartError | null = null;
    let offscreen: OffscreenCanvas | null = null;
    if (typeof canvas.transferControlToOffscreen === 'function') {
      offscreen = canvas.transferControlToOffscreen();
    } else {
      viewError = { code: 'WEBGL2_UNAVAILABLE', detail: 'this browser cannot hand a canvas to a worker (no OffscreenCanvas)' };
    }
    const connection = await connectKernel(worker, offscreen, options.readOnly ? { ...measure(canvas), readOnly: true } : measure(canvas));
    cleanups.push(() => connection.close());
    const { api } = connection;
    viewError ??= connection.init.rendererError;

    if (offscreen && !viewError) {
      cleanups.push(forwardCanvasEvents(canvas, (input) => void api.input(input)));
      cleanups.push(watchSize(canvas, ({ width, height, dpr }) => void api.resize(width, height, dpr)));
    }

    let disposed = false;
    const handle: KernelHandle = {
      api,
      exec: reported(connection.calls.exec),
      dispose() {
        if (disposed) return;
        disposed = true;
        cleanUp();
        if (active === handle) {
          active = null;
          setKernelCalls(null);
          resetMirror();
        }
      },
    };
    active = handle;
    kernelState.error = viewError;
    kernelState.status = 'ready';
    if (viewError) console.error('[kernel] the 3D view is unavailable:', viewError.code, viewError.detail);
    settleCalls.resolve(connection.calls);
    return handle;
  } catch (e) {
    cleanUp();
    const error = e instanceof KernelCommandError ? e : toKernelError(e, 'startKernel');
    const failure = error.code === 'COMMAND_FAILED' ? initFailed(error.detail) : error;
    kernelState.status = 'failed';
    kernelState.error = { code: failure.code, detail: failure.detail };
    console.error('[kernel]', failure.command, failure.code, failure.detail);
    settleCalls.reject(failure);
    throw failure;
  }
}
