// The 3D view of a whole house in Chromium (issues 5 and 13): the generated house of
// render-house-scene.ts (12 rooms, 155 walls, 60 openings, 2,000 real catalogue models of 200
// kinds, their GLBs served by the bench's dev server, browser.ts) opened in the kernel worker on
// an OffscreenCanvas as the app does, with level of detail by distance on (isEnableLod). Rows:
// the worker renderer's CPU time per frame (renderer.render() in the worker: scene upkeep,
// culling, draw calls, shadows) against a bare three.js baseline drawing the same triangles (what
// the worker's frame draws: merged static geometry per material, the models instanced: one
// InstancedMesh per part of each file, where the worker draws the furniture as one BatchedMesh per
// material, models.ts) with the
// same materials, lights, shadows and camera on the page's main thread, in alternating rounds of
// the same page run; draw calls per frame; main-thread long tasks while the scene opens and its
// model files arrive (the page waits until no GLB is in flight and no frame is drawn for 0.5 s).
// BENCH_RENDER_SCREENSHOT=<file.png> also saves a screenshot of the page (the house in 3D above,
// the baseline below).

import { openBenchPage } from './browser';
import type { RenderHouseResult } from './pages/render-house';
import { RENDER_HOUSE, renderHouseJson } from './render-house-scene';
import { median, round } from './stats';
import type { Benchmark } from './types';

const FRAMES = Number(process.env.BENCH_RENDER_FRAMES ?? 20);
const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 3);
/** drawn by each side before the timed rounds (programs compiled, buffers uploaded) */
const WARMUP_FRAMES = 10;
// issue 13: within 1.2x of the bare instanced baseline (issue 5 asked 1.5x of the box house)
const RATIO = 1.2;
const MAX_CALLS = 500;

const bench: Benchmark = {
  id: 'render-house',
  title: `3D view of a whole house in Chromium: worker render CPU per frame vs a bare three.js baseline, draw calls, long tasks while opening (${ROUNDS} x ${FRAMES} frames)`,
  async run({ smoke }) {
    // A frame waits for SwiftShader (a second or more on a busy 2-core machine): a smoke run draws
    // one warm-up frame and one measured frame on each side.
    const frames = smoke ? 1 : FRAMES;
    const rounds = smoke ? 1 : ROUNDS;
    const warmUp = smoke ? 1 : WARMUP_FRAMES;
    // A smoke run furnishes the house with 20 kinds x 2 (the CI run proves the page still works).
    const size = smoke ? { items: 40, kinds: 20 } : RENDER_HOUSE;
    const json = renderHouseJson(size);
    const bench = await openBenchPage('render-house', 'runRenderHouse', { viewport: { width: 800, height: 920 } });
    const { page } = bench;
    try {
      const r: RenderHouseResult = await page.evaluate(([f, r, w, j]) => window.runRenderHouse!(f as number, r as number, w as number, j as string), [frames, rounds, warmUp, json] as const);
      const shot = process.env.BENCH_RENDER_SCREENSHOT;
      if (shot) await page.screenshot({ path: shot });

      const ours = median(r.worker.flatMap((s) => s.times));
      const bare = median(r.baseline.flatMap((s) => s.times));
      const ratio = ours / bare;
      const calls = Math.max(...r.worker.map((s) => s.calls));
      const longest = r.longTasks.length ? Math.max(...r.longTasks) : 0;
      console.log(
        `  house: ${r.records} records (${RENDER_HOUSE.rows * RENDER_HOUSE.cols} rooms, ${size.items} catalogue models of ${size.kinds} kinds, ${r.modelFiles} GLB files fetched, LOD on); drawn as ${r.meshes} meshes, ${r.instances} instances; GL: ${r.renderer}`,
      );
      console.log(`  per round, worker / baseline median ms: ${r.worker.map((s, i) => `${round(median(s.times))} / ${round(median(r.baseline[i]!.times))}`).join(', ')}`);
      return [
        { name: 'worker renderer: CPU per frame, median', value: round(ours), unit: 'ms', target: `<= ${RATIO}x baseline (${round(bare * RATIO)} ms)`, met: ratio <= RATIO },
        { name: 'bare three.js baseline (main thread, same triangles, instanced): CPU per frame, median', value: round(bare), unit: 'ms', target: '', met: null },
        { name: 'worker renderer / baseline', value: round(ratio, 2), unit: 'x', target: `<= ${RATIO}x`, met: ratio <= RATIO },
        { name: 'draw calls per frame (shadow pass included)', value: calls, unit: 'calls', target: `<= ${MAX_CALLS}`, met: calls <= MAX_CALLS },
        { name: 'baseline draw calls per frame', value: Math.max(...r.baseline.map((s) => s.calls)), unit: 'calls', target: '', met: null },
        { name: 'triangles per frame', value: r.worker[0]?.triangles ?? 0, unit: '', target: '', met: null },
        { name: 'baseline triangles per frame (the same triangles)', value: r.baseline[0]?.triangles ?? 0, unit: '', target: '', met: null },
        {
          name: `main-thread long tasks (> 50 ms) while opening the scene${r.longTaskSupported ? '' : ' (longtask not supported!)'}`,
          value: r.longTasks.length,
          unit: 'tasks',
          target: '0',
          met: r.longTaskSupported && r.longTasks.length === 0,
        },
        { name: 'longest main-thread task while opening', value: round(longest), unit: 'ms', target: '', met: null },
        { name: 'open the scene: load call until every model GLB has arrived, been decoded and drawn', value: round(r.modelsMs), unit: 'ms', target: '', met: null },
        { name: 'open the scene: load call until its first frame (page round trip)', value: round(r.openMs), unit: 'ms', target: '', met: null },
      ];
    } finally {
      await bench.close();
    }
  },
};

export default bench;
