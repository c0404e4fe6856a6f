// Runs in Chromium, served by Vite's dev server (tests/bench/persistence.bench.ts drives it).
// On the generated 5,000-record house: (1) a raw postMessage echo of the scene's JSON string, the
// floor for moving a whole scene between threads; (2) load and save through the kernel API in a
// worker, split into time spent in the worker and the rest (the crossing); (3) backupDelta after a
// one-wall edit: its time in the worker and its size beside the minimal JSON patch of that edit.

import * as Comlink from 'comlink';
import { KERNEL_BOOT_ERROR_MESSAGE, KERNEL_READY_MESSAGE, type KernelApi, type KernelBootMessage } from '../../../protocol/kernel-api';
import { compareIds, type FileRecord, type SceneFile } from '../../../protocol/scene-file';
import { installTransferHandlers } from '../../../protocol/transfer';
import { createChannel, type KernelChannel } from '../../../ui/kernel/channel';
import { generateHouseJson, HOUSE_IDS } from '../../fixtures/house-scene';
import type { TimedKernelApi } from './timed-kernel-worker';

export interface Timed {
  /** round trip as the page sees it, ms */
  readonly total: number[];
  /** of which inside the worker, ms */
  readonly work: number[];
}

export interface DeltaSample {
  readonly work: number;
  /** UTF-8 bytes of the delta's canonical JSON */
  readonly bytes: number;
  /** UTF-8 bytes of the minimal RFC 6902 patch of the same edit against the saved scene file */
  readonly patchBytes: number;
}

export interface PersistenceResult {
  readonly crossOriginIsolated: boolean;
  /** whether calls started from a collected heap (--js-flags=--expose-gc) */
  readonly gc: boolean;
  readonly records: number;
  readonly sceneBytes: number;
  readonly gzipBytes: number;
  readonly echoString: number[];
  /** the same scene echoed as a parsed object tree: what a crossing must not cost */
  readonly echoTree: number[];
  readonly loadString: Timed;
  readonly loadGzip: Timed;
  readonly save: Timed;
  /** the kernel API's ping echoing the scene JSON string: Comlink's own cost for a whole scene */
  readonly pingString: number[];
  /** load through kernel-worker/main.ts itself (headless), page-side total */
  readonly mainWorkerLoad: number[];
  readonly moveDeltas: DeltaSample[];
  readonly nudgeDeltas: DeltaSample[];
}

const WARM_UP = 3;
const encoder = new TextEncoder();
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

function log(line: string): void {
  document.getElementById('log')!.textContent += `${line}\n`;
}

async function repeat(n: number, once: () => Promise<void>): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await once();
  for (let i = 0; i < n; i++) await once();
}

function send(worker: Worker, message: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    worker.onmessage = (e: MessageEvent) => resolve(e.data);
    worker.postMessage(message);
  });
}

async function echo(n: number, payload: () => unknown): Promise<number[]> {
  const worker = new Worker(new URL('./gc-echo-worker.ts', import.meta.url), { type: 'module' });
  const times: number[] = [];
  try {
    let warm = WARM_UP;
    await repeat(n, async () => {
      const message = payload();
      await send(worker, 'gc');
      collect();
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        worker.onmessage = (e: MessageEvent) => {
          // Reading data is what deserialises it: an echo the page never reads would skip half the work.
          if (e.data === undefined) throw new Error('echo lost its payload');
          resolve();
        };
        worker.postMessage(message);
      });
      if (warm-- <= 0) times.push(performance.now() - t0);
    });
  } finally {
    worker.terminate();
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

async function timedCalls(n: number, api: Comlink.Remote<TimedKernelApi>, call: () => Promise<unknown>): Promise<Timed> {
  const total: number[] = [];
  const work: number[] = [];
  let warm = WARM_UP;
  await repeat(n, async () => {
    await api.collectGarbage();
    collect();
    const t0 = performance.now();
    await call();
    const t = performance.now() - t0;
    const w = await api.lastWorkMs();
    if (warm-- > 0) return;
    total.push(t);
    work.push(w);
  });
  return { total, work };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type PatchOp = { op: 'add' | 'replace'; path: string; value: Json } | { op: 'remove'; path: string };

/** RFC 6902 operations turning a into b: leaves only, arrays replaced whole when their length changes. */
function jsonPatch(a: Json, b: Json, path: string, out: PatchOp[]): PatchOp[] {
  const isObject = (v: Json): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) if (!(key in b)) out.push({ op: 'remove', path: `${path}/${key}` });
    for (const key of Object.keys(b)) {
      if (!(key in a)) out.push({ op: 'add', path: `${path}/${key}`, value: b[key]! });
      else jsonPatch(a[key]!, b[key]!, `${path}/${key}`, out);
    }
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((v, i) => jsonPatch(v, b[i]!, `${path}/${i}`, out));
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push({ op: 'replace', path, value: b });
  }
  return out;
}

/**
 * The minimal RFC 6902 patch turning one saved file into another: records matched by id (both
 * files list them sorted by compareIds), a record only in one side removed or added whole, a
 * record in both patched leaf by leaf; the rest of the file (schema, meta) likewise.
 */
function filePatch(a: SceneFile, b: SceneFile): PatchOp[] {
  const out: PatchOp[] = [];
  const { records: ra, ...restA } = a;
  const { records: rb, ...restB } = b;
  jsonPatch(restA as unknown as Json, restB as unknown as Json, '', out);
  // Indices as the patch applies: into the array as the operations before left it.
  let i = 0;
  let j = 0;
  let at = 0;
  while (i < ra.length || j < rb.length) {
    const x = ra[i];
    const y = rb[j];
    const order = x === undefined ? 1 : y === undefined ? -1 : compareIds(x.id, y.id);
    if (order < 0) {
      out.push({ op: 'remove', path: `/records/${at}` });
      i++;
    } else if (order > 0) {
      out.push({ op: 'add', path: `/records/${at}`, value: y as unknown as Json });
      j++;
      at++;
    } else {
      jsonPatch(x as unknown as Json, y as unknown as Json, `/records/${at}`, out);
      i++;
      j++;
      at++;
    }
  }
  return out;
}

/**
 * backupDelta after wall.update of one wall, against the minimal patch of the same edit. The
 * edit's patch is taken between the saved files before and after it: moving a wall off its joints
 * makes the plan reconcile split the walls it now crosses and drop the room it no longer closes
 * (the first edit does; the ones after it move the same pieces back and forth), and all of that is
 * what a backup must carry.
 */
async function deltas(
  n: number,
  api: Comlink.Remote<TimedKernelApi>,
  channel: KernelChannel,
  wallId: string,
  move: (i: number) => { dx: number; dy: number },
): Promise<DeltaSample[]> {
  const samples: DeltaSample[] = [];
  // The base: what the server holds now (acknowledged below), as the saved file.
  let baseFile = JSON.parse((await api.save()).json) as SceneFile;
  for (let i = 0; i < WARM_UP + n; i++) {
    await api.acknowledge(`bench-${i}`);
    const before = baseFile.records.find((r) => r.id === wallId) as (FileRecord & { start: { x: number; y: number }; end: { x: number; y: number } }) | undefined;
    if (!before) throw new Error(`the saved file has no ${wallId}`);
    const { dx, dy } = move(i);
    const start = { x: before.start.x + dx, y: before.start.y + dy };
    const end = { x: before.end.x + dx, y: before.end.y + dy };
    await channel.exec('wall.update', { id: wallId, start, end });
    const result = await api.backupDelta();
    const work = await api.lastWorkMs();
    if (result.kind !== 'delta') throw new Error(`expected a delta after the edit, got ${result.kind}`);
    const afterFile = JSON.parse((await api.save()).json) as SceneFile;
    const patch = filePatch(baseFile, afterFile);
    if (i >= WARM_UP) samples.push({ work, bytes: encoder.encode(result.json).length, patchBytes: encoder.encode(JSON.stringify(patch)).length });
    baseFile = afterFile;
  }
  return samples;
}

async function run(n: number): Promise<PersistenceResult> {
  installTransferHandlers();
  const json = generateHouseJson();
  const file = JSON.parse(json) as SceneFile;
  log(`crossOriginIsolated=${String(self.crossOriginIsolated)} gc=${String('gc' in globalThis)} records=${file.records.length}`);

  const echoString = await echo(n, () => json);
  const echoTree = await echo(n, () => JSON.parse(json) as unknown);
  log('echo done');

  const worker = new Worker(new URL('./timed-kernel-worker.ts', import.meta.url), { type: 'module' });
  let mainWorker: Worker | null = null;
  try {
    await waitForBoot(worker);
    const api = Comlink.wrap<TimedKernelApi>(worker);
    // Edits go through the UI channel, as the UI sends them (no patch subscription: none is read).
    const channel = createChannel(worker);
    await api.init(null, { width: 1, height: 1, dpr: 1 });

    const pingString: number[] = [];
    let warmPing = WARM_UP;
    await repeat(n, async () => {
      await api.collectGarbage();
      collect();
      const t0 = performance.now();
      await api.ping(json);
      if (warmPing-- <= 0) pingString.push(performance.now() - t0);
    });
    const loadString = await timedCalls(n, api, () => api.load(json));
    const gzip = (await api.save()).gzip;
    const loadGzip = await timedCalls(n, api, async () => {
      const bytes = gzip.slice();
      await api.load(Comlink.transfer(bytes, [bytes.buffer]));
    });
    const save = await timedCalls(n, api, () => api.save());
    log('load/save done');

    const wallId = HOUSE_IDS.southWall(1, 3, 4);
    const moveDeltas = await deltas(n, api, channel, wallId, (i) => ({ dx: i % 2 ? -100 : 100, dy: i % 2 ? -100 : 100 }));
    const nudgeDeltas = await deltas(n, api, channel, wallId, (i) => ({ dx: 0, dy: i % 2 ? -50 : 50 }));
    log('deltas done');

    mainWorker = new Worker(new URL('../../../kernel-worker/main.ts', import.meta.url), { type: 'module' });
    await waitForBoot(mainWorker);
    const main = Comlink.wrap<KernelApi>(mainWorker);
    await main.init(null, { width: 1, height: 1, dpr: 1 });
    const mainWorkerLoad: number[] = [];
    let warm = WARM_UP;
    await repeat(n, async () => {
      const t0 = performance.now();
      await main.load(json);
      if (warm-- <= 0) mainWorkerLoad.push(performance.now() - t0);
    });
    channel.close();
    api[Comlink.releaseProxy]();
    main[Comlink.releaseProxy]();
    return {
      crossOriginIsolated: self.crossOriginIsolated,
      gc: 'gc' in globalThis,
      records: file.records.length,
      sceneBytes: encoder.encode(json).length,
      gzipBytes: gzip.length,
      echoString,
      echoTree,
      loadString,
      loadGzip,
      save,
      pingString,
      mainWorkerLoad,
      moveDeltas,
      nudgeDeltas,
    };
  } finally {
    worker.terminate();
    mainWorker?.terminate();
  }
}

declare global {
  interface Window {
    runPersistence?: (n: number) => Promise<PersistenceResult>;
  }
}

window.runPersistence = run;
