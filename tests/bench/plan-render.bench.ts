// The 2D plan view's rebuild on a 150-wall house (issue 4): what the renderer does in the worker
// after a commit that touches walls, openings or rooms while the top view is shown. The records
// become drawing primitives (kernel-worker/render/plan-drawing.ts: footprints cut at openings,
// door and window symbols, outer and inner dimensions, room labels), which become merged three.js
// meshes and line batches (plan-layer.ts; no WebGL: Node, labels without textures). A pointer
// move of the wall tool redraws only the tool's preview. The storey's analysis (graph, footprints,
// rooms) is shared with the wall commands and the 3D view and kept per set of wall records
// (geometry/graph-cache.ts), and unchanged walls and rooms keep their cut pieces, label points and
// triangulations, so a redraw of an unchanged plan (a zoom, a hover) redoes little; the row
// "after a wall move" is the plan redraw of a drag (one inner wall moved by the wall.move
// command before each redraw, the command not timed). Context: the 3D scene graph built from
// scratch (walls with holes, openings' frames, glass and leaves; what a load costs).

import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { TOOL_ID } from '../../kernel-worker/document/session-records';
import { createStore } from '../../kernel-worker/document/store';
import { createKernel } from '../../kernel-worker/kernel';
import { drawPlanBase, drawPlanPreview } from '../../kernel-worker/render/plan-drawing';
import { createPlanLayer } from '../../kernel-worker/render/plan-layer';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { COLS, housePlan, ROOM_D, ROOM_W, ROWS } from './grid-house-plan';
import { median, round } from './stats';
import type { Benchmark } from './types';

const TARGET_MS = 5;
const RUNS = Number(process.env.BENCH_PLAN_RENDER_RUNS ?? 200);
const WARMUP = 20;
/** The whole house on a 1600 px wide canvas. */
const PX_PER_MM = 0.03;

/** Median wall time and mean CPU time (process.cpuUsage: other load on the machine does not count) of f, in ms. */
function measure(runs: number, warmUp: number, f: () => void): { median: number; cpu: number } {
  for (let i = 0; i < warmUp; i++) f();
  const times: number[] = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  const c = process.cpuUsage(c0);
  return { median: median(times), cpu: (c.user + c.system) / 1000 / runs };
}

const bench: Benchmark = {
  id: 'plan-render',
  title: `2D plan view rebuild on a 150-wall house (plan drawing + three objects, Node, ${RUNS} runs)`,
  async run({ smoke }) {
    const runs = smoke ? 5 : RUNS;
    const warmUp = smoke ? 2 : WARMUP;
    const kernel = createKernel({ ids: createSequentialIds() });
    try {
      kernel.exec('storey.add', {});
      kernel.exec('plan.build', housePlan());
      const records = kernel.records;
      const walls = records.countOf('wall');
      const rooms = records.countOf('room');
      const openings = records.countOf('opening');
      const layer = createPlanLayer(null);
      let base = drawPlanBase(records, { pxPerMm: PX_PER_MM });
      console.log(`  house: ${walls} walls, ${rooms} rooms, ${openings} openings -> ${base.fills.length} fills, ${base.lines.length} line sets, ${base.texts.length} labels`);
      if (walls < 140 || rooms !== ROWS * COLS || base.texts.length < rooms * 2) throw new Error('the house did not build as intended');

      const drawing = measure(runs, warmUp, () => {
        base = drawPlanBase(records, { pxPerMm: PX_PER_MM });
      });
      const objects = measure(runs, warmUp, () => layer.setDrawing('base', base));
      const both = measure(runs, warmUp, () => layer.setDrawing('base', drawPlanBase(records, { pxPerMm: PX_PER_MM })));
      const stats = layer.stats();
      console.log(`  plan scene: ${stats.meshes} meshes, ${stats.lineBatches} line batches, ${stats.triangles} triangles`);

      // The wall tool's pointer move: only the preview (segment, length, snap marker) is redrawn.
      const store = createStore({ initial: records.all() });
      const tool = store.getOfType(TOOL_ID, 'tool')!;
      store.transact((tx) =>
        tx.put({
          ...tool,
          tool: 'wall',
          preview: { segment: { start: { x: 0, y: 0 }, end: { x: 3000, y: -1500 } }, snap: { point: { x: 3000, y: -1500 }, kind: 'angle' }, typed: '', opening: null },
        }),
      );
      const preview = measure(runs, warmUp, () => layer.setDrawing('preview', drawPlanPreview(store, { pxPerMm: PX_PER_MM }, base)));

      // A drag in the plan view: each redraw follows a wall.move of an inner wall (±100 mm).
      const inner = records.ofType('wall').find((w) => w.start.x === 5 * ROOM_W && w.end.x === 5 * ROOM_W && w.start.y === 2 * ROOM_D)!;
      let step = 0;
      const moved: number[] = [];
      const movedCpu0 = process.cpuUsage();
      let commandCpu = 0;
      for (let i = 0; i < warmUp + runs; i++) {
        const c0 = process.cpuUsage();
        kernel.exec('wall.move', { id: inner.id, by: { x: step % 2 === 0 ? 100 : -100, y: 0 } });
        const c1 = process.cpuUsage(c0);
        step += 1;
        const t = performance.now();
        layer.setDrawing('base', drawPlanBase(records, { pxPerMm: PX_PER_MM }));
        if (i >= warmUp) {
          moved.push(performance.now() - t);
          commandCpu += (c1.user + c1.system) / 1000;
        }
      }
      const movedCpuAll = process.cpuUsage(movedCpu0);
      const movedCpu = ((movedCpuAll.user + movedCpuAll.system) / 1000 - commandCpu) / (warmUp + runs);

      const scene = measure(smoke ? 1 : Math.max(10, Math.round(RUNS / 10)), warmUp, () => {
        const graph = createSceneGraph();
        graph.sync(diffAddingAll(records.all()), records);
        graph.dispose();
      });
      layer.dispose();
      const m = both.median;
      return [
        { name: 'plan rebuild (drawing + three objects), median', value: round(m), unit: 'ms', target: `< ${TARGET_MS} ms`, met: m < TARGET_MS },
        { name: 'plan rebuild, CPU time, mean', value: round(both.cpu), unit: 'ms', target: '', met: null },
        { name: 'of which the drawing (plan-drawing.ts), median', value: round(drawing.median), unit: 'ms', target: '', met: null },
        { name: 'of which the three objects (plan-layer.ts), median', value: round(objects.median), unit: 'ms', target: '', met: null },
        { name: 'plan rebuild after a wall move (a drag in the plan view), median', value: round(median(moved)), unit: 'ms', target: '', met: null },
        { name: 'plan rebuild after a wall move, CPU time, mean (approx.: the commands are measured apart)', value: round(movedCpu), unit: 'ms', target: '', met: null },
        { name: 'wall tool pointer move: preview only, median', value: round(preview.median), unit: 'ms', target: '', met: null },
        { name: '3D scene graph from scratch (walls with holes, openings), median', value: round(scene.median), unit: 'ms', target: '', met: null },
      ];
    } finally {
      kernel.dispose();
    }
  },
};

export default bench;
