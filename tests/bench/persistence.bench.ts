// Scene files through the real kernel API in a Chromium worker, on the generated 5,000-record
// house (tests/fixtures/house-scene.ts): whole-scene crossings against a raw echo of the same JSON
// string, save and load times, and backupDelta after a one-wall edit (time and size).

import { openBenchPage } from './browser';
import type { DeltaSample, PersistenceResult, Timed } from './pages/persistence';
import { median, round } from './stats';
import type { Benchmark, BenchRow } from './types';

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
  async run({ smoke }) {
    const n = smoke ? 2 : N;
    const bench = await openBenchPage('persistence', 'runPersistence');
    const { page } = bench;
    try {
      const r: PersistenceResult = await page.evaluate((runs) => window.runPersistence!(runs), n);

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
      await bench.close();
    }
  },
};

export default persistence;
