// A house's custom cabinets (issue 14): 60 of them (a kitchen's base and wall runs along four
// walls, tall units, four wardrobes) added by cabinet.fillRun and cabinet.add in the headless
// kernel in Node. Rows: their parts (geometry/cabinet-parts.ts, the bill of materials' basis the
// quote is computed from) for all 60, and the draw calls they add to the house's 3D view (the
// scene graph's static batches, merged per material; issue 14: at most 50).

import { createSequentialIds } from '../../kernel-worker/document/ids';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { cabinetParts } from '../../kernel-worker/geometry/cabinet-parts';
import { createKernel, type Kernel } from '../../kernel-worker/kernel';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { median, round } from './stats';
import type { Benchmark } from './types';

const ROUNDS = Number(process.env.BENCH_CABINET_ROUNDS ?? 200);
/** A tenth of the whole quote's 50 ms: the parts are only its first step. */
const PARTS_TARGET_MS = 5;
const MAX_EXTRA_CALLS = 50;

/** A storey with a 7200 x 4800 room; with cabinets: about 60 of them. */
function house(cabinets: boolean): Kernel {
  const kernel = createKernel({ ids: createSequentialIds() });
  const { id: storeyId } = kernel.exec('storey.add', {});
  const corners = [
    { x: 0, y: 0 },
    { x: 7200, y: 0 },
    { x: 7200, y: 4800 },
    { x: 0, y: 4800 },
  ];
  const walls = corners.map((start, i) => kernel.exec('wall.add', { storeyId, start, end: corners[(i + 1) % 4]! }).id);
  if (!cabinets) return kernel;
  // Kitchen: base and wall runs along the south and east walls, tall units and wardrobes on the others.
  for (const wallId of [walls[0]!, walls[1]!]) {
    kernel.exec('cabinet.fillRun', { cabinetKind: 'base', wallId, widths: [600, 450, 300], doorShape: 'shaker', doorColor: 'O03' });
    kernel.exec('cabinet.fillRun', { cabinetKind: 'wall', wallId, widths: [600, 450, 300], doorColor: 'O03' });
  }
  // Tall units along the north wall up to 56 cabinets, then the wardrobes.
  const tall = 56 - kernel.records.countOf('cabinet');
  for (let i = 0; i < tall; i++) kernel.exec('cabinet.add', { cabinetKind: 'tall', wallId: walls[2]!, along: 420 + i * 600 });
  for (let i = 0; i < 4; i++) {
    kernel.exec('cabinet.add', { cabinetKind: 'wardrobe', wallId: walls[3]!, along: 600 + i * 1000, doorType: i % 2 ? 'sliding' : 'double', handleId: i % 2 ? 'SLIDE' : 'H320', doorColor: 'N04' });
  }
  return kernel;
}

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
