// Kernel command round trip through the real worker vs a raw postMessage echo, in Chromium.
// The architecture pays one worker hop per command; this keeps that hop close to the floor the
// platform sets (the echo), so the UI never waits on the protocol itself.

import { openBenchPage } from './browser';
import type { BenchCommand, BreakdownResult, RoundTripResult, Scene } from './pages/roundtrip';
import { median, p95, round } from './stats';
import type { Benchmark, BenchRow } from './types';

const N = Number(process.env.BENCH_ROUNDTRIPS ?? 500);
const MEDIAN_FACTOR = 1.5;
const P95_FACTOR = 2;

function compare(label: string, kernel: readonly number[], echo: readonly number[]): BenchRow[] {
  const km = median(kernel);
  const em = median(echo);
  const kp = p95(kernel);
  const ep = p95(echo);
  return [
    {
      name: `kernel round trip median${label}`,
      value: round(km),
      unit: 'ms',
      target: `<= ${MEDIAN_FACTOR}x echo (${round(em * MEDIAN_FACTOR)} ms)`,
      met: km <= em * MEDIAN_FACTOR,
    },
    {
      name: `kernel round trip p95${label}`,
      value: round(kp),
      unit: 'ms',
      target: `<= ${P95_FACTOR}x echo (${round(ep * P95_FACTOR)} ms)`,
      met: kp <= ep * P95_FACTOR,
    },
  ];
}

/** Medians of each part of a round trip, echo beside kernel (stamped workers, headless, default room). */
function breakdownRows(parts: BreakdownResult, label = ''): BenchRow[] {
  const row = (what: string, samples: readonly number[]): BenchRow => ({ name: `breakdown${label}: ${what} median`, value: round(median(samples)), unit: 'ms', target: '', met: null });
  return [
    row('echo round trip', parts.echo.total),
    row('echo hop to the worker', parts.echo.up),
    row('echo in the worker', parts.echo.worker),
    row('echo hop back (posting included)', parts.echo.down),
    row('echo on the UI thread', parts.echo.ui),
    row('kernel round trip', parts.kernel.total),
    row('kernel hop to the worker', parts.kernel.up),
    row('kernel in the worker', parts.kernel.worker),
    row('kernel in the worker: reading the request', parts.kernel.read),
    row('kernel in the worker: kernel.exec', parts.kernel.exec),
    row('kernel hop back (posting included)', parts.kernel.down),
    row('kernel on the UI thread (reply, patch into valtio, resolve)', parts.kernel.ui),
  ];
}

const roundtrip: Benchmark = {
  id: 'roundtrip',
  title: `kernel command round trip vs postMessage echo (N=${N}, Chromium + SwiftShader)`,
  async run({ smoke }) {
    const n = smoke ? 10 : N;
    const bench = await openBenchPage('roundtrip', 'runRoundTrip');
    const { page } = bench;
    try {
      const once = async (withCanvas: boolean, scene: Scene, command: BenchCommand = 'view.setMode'): Promise<RoundTripResult> => {
        await bench.load();
        const r = await page.evaluate(([n, c, s, k]) => window.runRoundTrip!(n, c, s, k), [n, withCanvas, scene, command] as const);
        if (r.patchLate > 0) throw new Error(`${r.patchLate} kernel calls resolved before their patch reached the mirror`);
        return r;
      };
      // OffscreenCanvas first: the UI's real setup (its default room). Then headless, to separate
      // rendering from messaging, on the same room and on the 5,000-record house.
      const canvas = await once(true, 'default room');
      const headless = await once(false, 'default room');
      const house = await once(false, 'house');
      // A document edit with the renderer running: the protocol without a view switch after each reply.
      const edit = await once(true, 'default room', 'meta.update');
      // Where the time goes: the same rounds against stamped workers (context, not a target).
      const parts = await page.evaluate((rounds) => window.runBreakdown!(rounds), n);
      const houseParts = await page.evaluate((rounds) => window.runBreakdown!(rounds, 'house'), n);

      console.log(
        `  renderer: ${canvas.rendererKind}; timer resolution: ${canvas.crossOriginIsolated ? '5 µs (cross-origin isolated)' : '100 µs (not isolated)'}; house: ${house.records} records`,
      );
      return [
        { name: 'echo round trip median', value: round(median(canvas.echo)), unit: 'ms', target: '', met: null },
        { name: 'echo round trip p95', value: round(p95(canvas.echo)), unit: 'ms', target: '', met: null },
        ...compare('', canvas.kernel, canvas.echo),
        ...compare(' (headless)', headless.kernel, headless.echo),
        ...compare(` (headless, ${house.records}-record house)`, house.kernel, house.echo),
        ...compare(' (meta.update, a document edit)', edit.kernel, edit.echo),
        // Context for a missed target: Comlink's own cost (the cold calls' path).
        { name: 'comlink ping median', value: round(median(canvas.ping)), unit: 'ms', target: '', met: null },
        ...breakdownRows(parts),
        ...breakdownRows(houseParts, ' (house)'),
      ];
    } finally {
      await bench.close();
    }
  },
};

export default roundtrip;
