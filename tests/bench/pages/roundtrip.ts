// Runs in Chromium, served by Vite's dev server (tests/bench/roundtrip.bench.ts drives it).
// Measures the UI's real path to the kernel (ui/kernel/bridge.ts connectKernel: the UI channel
// into the valtio mirror kernelState) against a raw postMessage echo worker: one `view.setMode`
// from the call until it resolved AND its patch is in kernelState.
//
// The calls are interleaved (echo, kernel, echo, kernel …) rather than measured in blocks: on a
// small shared machine a worker round trip flips between a fast and a slow regime (about 35 µs
// and 120 µs here) every few seconds, so two blocks measured one after the other can compare two
// different machines. Interleaved, both see the same one.

import { KERNEL_BOOT_ERROR_MESSAGE, KERNEL_READY_MESSAGE, type KernelBootMessage } from '../../../protocol/kernel-api';
import type { ViewMode } from '../../../protocol/records';
import { connectKernel } from '../../../ui/kernel/bridge';
import { createChannel, type ChannelEndpoint } from '../../../ui/kernel/channel';
import { kernelState, resetMirror, syncMirror, type MirrorSync } from '../../../ui/kernel/mirror';
import type { WorkerStamps } from './stamped-kernel-worker';
import { generateHouseJson } from '../../fixtures/house-scene';

export type Scene = 'default room' | 'house';
/**
 * view.setMode: a session change whose patch is one field, but which makes a live renderer switch
 * views right after the reply. meta.update: a document edit (undoable: history, dirty flag) that
 * the renderer has nothing to redraw for.
 */
export type BenchCommand = 'view.setMode' | 'meta.update';

export interface RoundTripResult {
  readonly crossOriginIsolated: boolean;
  readonly rendererKind: string;
  /** document records in the kernel while measuring */
  readonly records: number;
  /** ms per round trip, in run order; each list sampled interleaved with the others */
  readonly echo: number[];
  readonly kernel: number[];
  /** KernelApi.ping through Comlink: the cold calls' floor */
  readonly ping: number[];
  /** kernel calls that resolved before their patch was in the mirror (must be 0) */
  readonly patchLate: number;
}

const WARM_UP = 50;

function log(line: string): void {
  document.getElementById('log')!.textContent += `${line}\n`;
}

type Once = (i: number) => Promise<void>;

/** Runs the probes in turn, n rounds after WARM_UP, rotating which goes first in each round. */
async function interleaved<K extends string>(n: number, probes: Record<K, Once>): Promise<Record<K, number[]>> {
  const names = Object.keys(probes) as K[];
  const times = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < WARM_UP + n; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length]!;
      const t0 = performance.now();
      await probes[name](i);
      const t = performance.now() - t0;
      if (i >= WARM_UP) times[name].push(t);
    }
  }
  return times;
}

function waitForBoot(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('kernel worker sent no ready message within 30 s')), 30_000);
    worker.addEventListener('error', (e) => reject(new Error(`kernel worker failed to start: ${e.message}`)));
    worker.addEventListener('message', function onBoot(e: MessageEvent<KernelBootMessage>) {
      const data = e.data as Partial<KernelBootMessage> | null;
      if (data?.type === KERNEL_READY_MESSAGE) resolve();
      else if (data?.type === KERNEL_BOOT_ERROR_MESSAGE) reject(new Error(`kernel boot error: ${data.detail ?? ''}`));
      else return;
      clearTimeout(timer);
      worker.removeEventListener('message', onBoot);
    });
  });
}

async function run(n: number, withCanvas: boolean, scene: Scene, command: BenchCommand = 'view.setMode'): Promise<RoundTripResult> {
  log(`crossOriginIsolated=${String(self.crossOriginIsolated)} n=${n} canvas=${String(withCanvas)} scene=${scene} command=${command}`);
  const echo = new Worker(new URL('./echo-worker.ts', import.meta.url), { type: 'module' });
  const worker = new Worker(new URL('../../../kernel-worker/main.ts', import.meta.url), { type: 'module' });
  resetMirror();
  try {
    await waitForBoot(worker);
    const el = document.getElementById('view') as HTMLCanvasElement;
    const size = { width: el.clientWidth, height: el.clientHeight, dpr: 1 };
    const canvas = withCanvas ? el.transferControlToOffscreen() : null;
    const kernel = await connectKernel(worker, canvas, size);
    if (withCanvas && kernel.init.rendererError) log(`renderer did not start: ${kernel.init.rendererError.code} ${kernel.init.rendererError.detail}`);
    if (scene === 'house') await kernel.api.load(generateHouseJson());
    else await kernel.calls.exec('scene.createDefaultRoom', {});
    const records = Object.entries(kernelState.counts).reduce((sum, [type, count]) => sum + (type === 'view' || type === 'selection' ? 0 : count), 0);

    // Always a different mode from the current one, so that every exec yields a patch.
    const nextMode = (i: number) => ((kernelState.viewMode + 1 + (i % 3)) % 4) as ViewMode;
    let patchLate = 0;
    // Shaped like an exec call, so both sides clone a similar message.
    const echoOnce = (i: number) =>
      new Promise<void>((resolve) => {
        echo.onmessage = () => resolve();
        echo.postMessage({ id: i, call: 'exec', name: 'view.setMode', args: { mode: i % 4 } });
      });
    const times = await interleaved(n, {
      echo: echoOnce,
      kernel: async (i) => {
        if (command === 'meta.update') {
          // Always a different name from the current one, so that every exec yields a patch.
          const name = `bench ${i}`;
          await kernel.calls.exec('meta.update', { name });
          if (kernelState.meta.name !== name) patchLate++;
          return;
        }
        const mode = nextMode(i);
        await kernel.calls.exec('view.setMode', { mode });
        if (kernelState.viewMode !== mode) patchLate++;
      },
    });
    // Context, in a second pass so that it does not cool the first one's caches: Comlink alone.
    const context = await interleaved(n, {
      echo: echoOnce,
      ping: async (i) => {
        await kernel.api.ping(String(i));
      },
    });
    const rendererKind = kernelState.renderer.kind;
    kernel.close();
    return {
      crossOriginIsolated: self.crossOriginIsolated,
      rendererKind,
      records,
      echo: times.echo,
      kernel: times.kernel,
      ping: context.ping,
      patchLate,
    };
  } finally {
    worker.terminate();
    echo.terminate();
    resetMirror();
  }
}

/** Per round trip, in ms, in run order: where the time of each went (see breakdown()). */
export interface BreakdownResult {
  readonly echo: { readonly total: number[]; readonly up: number[]; readonly worker: number[]; readonly down: number[]; readonly ui: number[] };
  readonly kernel: {
    readonly total: number[];
    readonly up: number[];
    readonly worker: number[];
    /** of worker: reading (deserialising) the request */
    readonly read: number[];
    /** of worker: kernel.exec (command, transaction, history, snapshot and its patch) */
    readonly exec: number[];
    readonly down: number[];
    /** reading the reply, applying its patch to kernelState, resolving the call */
    readonly ui: number[];
  };
}

/**
 * The same interleaved echo / view.setMode rounds against stamped workers (stamped-*-worker.ts):
 * the UI channel and the mirror are the real ones (createChannel, syncMirror), the kernel is the
 * one main.ts builds minus Comlink and the renderer. Each round trip is cut at the stamps into the
 * hop to the worker, the time in it, the hop back and the time on the UI thread.
 */
async function breakdown(n: number, scene: Scene = 'default room'): Promise<BreakdownResult> {
  const clock = () => performance.timeOrigin + performance.now();
  const echo = new Worker(new URL('./stamped-echo-worker.ts', import.meta.url), { type: 'module' });
  const worker = new Worker(new URL('./stamped-kernel-worker.ts', import.meta.url), { type: 'module' });
  resetMirror();
  let channel: ReturnType<typeof createChannel> | null = null;
  let sync: MirrorSync | null = null;
  try {
    await waitForBoot(worker);
    if (scene === 'house') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('message', function loaded(e: MessageEvent<{ benchHouseLoaded?: boolean }>) {
          if (e.data.benchHouseLoaded !== true) return;
          worker.removeEventListener('message', loaded);
          resolve();
        });
        worker.postMessage({ benchLoadHouse: true });
      });
    }
    let sent = 0;
    let arrived = 0;
    let stamps: WorkerStamps = [0, 0, 0, 0];
    const wrapped = new Map<(event: MessageEvent) => void, (event: MessageEvent) => void>();
    const endpoint: ChannelEndpoint = {
      postMessage(message) {
        sent = clock();
        worker.postMessage(message);
      },
      addEventListener(type, listener) {
        const stamped = (event: MessageEvent) => {
          arrived = clock();
          stamps = (event.data as { stamps?: WorkerStamps }).stamps ?? stamps;
          listener(event);
        };
        wrapped.set(listener, stamped);
        worker.addEventListener(type, stamped);
      },
      removeEventListener(type, listener) {
        const stamped = wrapped.get(listener);
        if (stamped) worker.removeEventListener(type, stamped);
      },
    };
    const open = createChannel(endpoint);
    channel = open;
    sync = await syncMirror((listener) => {
      open.setPatchListener(listener);
      return open.subscribe();
    });
    if (scene !== 'house') await open.exec('scene.createDefaultRoom', {});

    const out: BreakdownResult = {
      echo: { total: [], up: [], worker: [], down: [], ui: [] },
      kernel: { total: [], up: [], worker: [], read: [], exec: [], down: [], ui: [] },
    };
    const times = await interleaved(n, {
      echo: (i) =>
        new Promise<void>((resolve) => {
          const t0 = clock();
          echo.onmessage = (e: MessageEvent<{ stamps: [number, number] }>) => {
            const got = clock();
            const [workerIn, workerOut] = e.data.stamps;
            if (i >= WARM_UP) {
              out.echo.up.push(workerIn - t0);
              out.echo.worker.push(workerOut - workerIn);
              out.echo.down.push(got - workerOut);
              queueMicrotask(() => out.echo.ui.push(clock() - got));
            }
            resolve();
          };
          echo.postMessage({ id: i, call: 'exec', name: 'view.setMode', args: { mode: i % 4 } });
        }),
      kernel: async (i) => {
        const mode = ((kernelState.viewMode + 1 + (i % 3)) % 4) as ViewMode;
        await open.exec('view.setMode', { mode });
        const done = clock();
        if (i < WARM_UP) return;
        const [workerIn, workerOut, read, exec] = stamps;
        out.kernel.up.push(workerIn - sent);
        out.kernel.worker.push(workerOut - workerIn);
        out.kernel.read.push(read);
        out.kernel.exec.push(exec);
        out.kernel.down.push(arrived - workerOut);
        out.kernel.ui.push(done - arrived);
      },
    });
    out.echo.total.push(...times.echo);
    out.kernel.total.push(...times.kernel);
    return out;
  } finally {
    sync?.stop();
    channel?.close();
    worker.terminate();
    echo.terminate();
    resetMirror();
  }
}

declare global {
  interface Window {
    runRoundTrip?: (n: number, withCanvas: boolean, scene: Scene, command?: BenchCommand) => Promise<RoundTripResult>;
    runBreakdown?: (n: number, scene?: Scene) => Promise<BreakdownResult>;
  }
}

window.runRoundTrip = run;
window.runBreakdown = breakdown;
