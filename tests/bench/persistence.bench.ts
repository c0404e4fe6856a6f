// Scene files through the real kernel API in a Chromium worker, on the generated 5,000-record
// house (tests/fixtures/house-scene.ts): whole-scene crossings against a raw echo of the same JSON
// string, save and load times, and backupDelta after a one-wall edit (time and size).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import type { DeltaSample, PersistenceResult, Timed } from './pages/persistence';
import { median, round } from './stats';
import type { Benchmark, BenchRow } from './types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const N = Number(process.env.BENCH_PERSISTENCE_RUNS ?? 20);
const CROSSING_FACTOR = 1.2;
const SAVE_MS = 100;
const LOAD_MS = 200;
const DELTA_MS = 1;
const DELTA_SIZE_FACTOR = 2;

/** Per call: the page's round trip minus the worker's own time = what crossing the boundary cost. */
function crossing(t: Timed): number {
  return median(t.total.map((total, i) => total - t.work[i]!));
}

function deltaRows(label: string, samples: readonly DeltaSample[], sceneBytes: number): BenchRow[] {
  const work = median(samples.map((s) => s.work));
  const bytes = median(samples.map((s) => s.bytes));
  const patch = median(samples.map((s) => s.patchBytes));
  return [
    { name: `backupDelta ${label}: time in worker`, value: round(work, 4), unit: 'ms', target: `< ${DELTA_MS} ms`, met: work < DELTA_MS },
    {
      name: `backupDelta ${label}: size`,
      value: bytes,
      unit: 'B',
      target: `<= ${DELTA_SIZE_FACTOR}x minimal JSON patch (${patch} B -> ${patch * DELTA_SIZE_FACTOR} B)`,
      met: bytes <= patch * DELTA_SIZE_FACTOR,
    },
    { name: `backupDelta ${label}: share of the scene`, value: round((100 * bytes) / sceneBytes, 4), unit: '%', target: '', met: null },
  ];
}

const persistence: Benchmark = {
  id: 'persistence',
  title: `scene load/save/backupDelta on the 5,000-record house through the kernel worker (N=${N}, Chromium)`,
  async run() {
    const server = await createServer({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      clearScreen: false,
      server: {
        port: 0,
        host: '127.0.0.1',
        hmr: false,
        // Cross-origin isolation: 5 µs timers, which a sub-millisecond backupDelta needs.
        headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
      },
      optimizeDeps: {
        entries: ['tests/bench/pages/persistence.html', 'tests/bench/pages/timed-kernel-worker.ts', 'kernel-worker/main.ts'],
        include: ['comlink', 'three', 'fflate'],
      },
    });
    // expose-gc: each measured call starts from a collected heap in both threads, so no call pays
    // for the previous one's garbage (a 5,000-record load leaves a lot).
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
    try {
      await server.listen();
      const url = server.resolvedUrls?.local[0];
      if (!url) throw new Error('vite dev server has no local URL');
      const page = await browser.newPage();
      page.on('pageerror', (e) => console.error(`  [page] ${e.message}`));
      page.on('console', (m) => {
        if (m.location().url.endsWith('/favicon.ico')) return;
        if (m.type() === 'error' || m.type() === 'warning') console.error(`  [page ${m.type()}] ${m.text()} (${m.location().url})`);
      });
      await page.goto(new URL('tests/bench/pages/persistence.html', url).href);
      await page.waitForFunction(() => typeof window.runPersistence === 'function', null, { timeout: 60_000 });
      const r: PersistenceResult = await page.evaluate((n) => window.runPersistence!(n), N);

      const echo = median(r.echoString);
      const crossTarget = `<= ${CROSSING_FACTOR}x echo (${round(echo * CROSSING_FACTOR)} ms)`;
      const crossRow = (name: string, t: Timed): BenchRow => {
        const c = crossing(t);
        return { name, value: round(c), unit: 'ms', target: crossTarget, met: c <= echo * CROSSING_FACTOR };
      };
      const saveWork = median(r.save.work);
      const loadWork = median(r.loadString.work);
      const loadGzipWork = median(r.loadGzip.work);
      console.log(
        `  scene: ${r.records} records, ${r.sceneBytes} B JSON, ${r.gzipBytes} B gzip; timers: ${r.crossOriginIsolated ? '5 µs' : '100 µs (not isolated)'}; gc between calls: ${r.gc ? 'yes' : 'no'}`,
      );
      return [
        { name: 'echo of the scene JSON string (round trip)', value: round(echo), unit: 'ms', target: '', met: null },
        { name: 'echo of the scene as an object tree (avoided)', value: round(median(r.echoTree)), unit: 'ms', target: '', met: null },
        { name: 'kernel ping echoing the scene JSON string', value: round(median(r.pingString)), unit: 'ms', target: '', met: null },
        crossRow('open crossing (JSON string in)', r.loadString),
        crossRow('open crossing (gzip bytes in, transferred)', r.loadGzip),
        crossRow('save crossing (JSON string + gzip bytes out)', r.save),
        { name: 'save in worker (JSON + gzip)', value: round(saveWork), unit: 'ms', target: `< ${SAVE_MS} ms`, met: saveWork < SAVE_MS },
        { name: 'load in worker (JSON string)', value: round(loadWork), unit: 'ms', target: `< ${LOAD_MS} ms`, met: loadWork < LOAD_MS },
        { name: 'load in worker (gzip bytes)', value: round(loadGzipWork), unit: 'ms', target: `< ${LOAD_MS} ms`, met: loadGzipWork < LOAD_MS },
        { name: 'open via kernel-worker/main.ts (page round trip)', value: round(median(r.mainWorkerLoad)), unit: 'ms', target: '', met: null },
        ...deltaRows('wall moved (both ends)', r.moveDeltas, r.sceneBytes),
        ...deltaRows('wall nudged (one axis)', r.nudgeDeltas, r.sceneBytes),
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

export default persistence;
