// A house's custom cabinets (issue 14): 60 of them (a kitchen's base and wall runs along four
// walls, tall units, four wardrobes) added by cabinet.fillRun and cabinet.add in the headless
// kernel in Node. Rows: their parts (geometry/cabinet-parts.ts, the bill of materials' basis the
// quote is computed from) for all 60, and the draw calls they add to the house's 3D view (the
// scene graph's static batches, merged per material; issue 14: at most 50).

import { diffAddingAll } from '../../kernel-worker/document/diff';
import { cabinetParts } from '../../kernel-worker/geometry/cabinet-parts';
import type { Kernel } from '../../kernel-worker/kernel';
import { cabinetHouse as house } from './cabinet-house';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { median, round } from './stats';
import type { Benchmark } from './types';

const ROUNDS = Number(process.env.BENCH_CABINET_ROUNDS ?? 200);
/** A tenth of the whole quote's 50 ms: the parts are only its first step. */
const PARTS_TARGET_MS = 5;
const MAX_EXTRA_CALLS = 50;

function batches(kernel: Kernel): number {
  const graph = createSceneGraph();
  graph.sync(diffAddingAll(kernel.records.all()), kernel.records);
  graph.prepareFrame(1000);
  const calls = graph.batchStats().batches + graph.batchStats().ownMeshes;
  graph.dispose();
  return calls;
}

const bench: Benchmark = {
  id: 'cabinets',
  title: `60 custom cabinets in a house: their parts (the BOM basis) and the draw calls they add (headless kernel in Node, ${ROUNDS} rounds)`,
  async run({ smoke }) {
    const kernel = house(true);
    const cabinets = kernel.records.ofType('cabinet');
    const rounds = smoke ? 3 : ROUNDS;
    const times: number[] = [];
    let parts = 0;
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      parts = 0;
      for (const c of cabinets) parts += cabinetParts(c).parts.length;
      times.push(performance.now() - t0);
    }
    const extra = batches(kernel) - batches(house(false));
    kernel.dispose();
    const ms = median(times);
    console.log(`  ${cabinets.length} cabinets, ${parts} part lines`);
    return [
      { name: `parts of ${cabinets.length} cabinets, median`, value: round(ms), unit: 'ms', target: `< ${PARTS_TARGET_MS} ms`, met: ms < PARTS_TARGET_MS },
      { name: 'draw calls the cabinets add (static batches)', value: extra, unit: 'calls', target: `<= ${MAX_EXTRA_CALLS}`, met: extra <= MAX_EXTRA_CALLS },
    ];
  },
};

export default bench;
