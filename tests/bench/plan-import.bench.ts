// Plan import (issue 18) in Node: an IFC4 file of about 5 MB written as Revit writes one (walls
// with axis and layer sets, doors in openings that void them; tests/fixtures/ifc-writer.ts), a
// multi-storey office of grid rooms with a door in every inner wall, read with web-ifc and built
// with plan.import in a test kernel, against the target of 5 s. web-ifc's one-time start
// (about a second, once per worker) is reported apart.
import { readIfc } from '../../kernel-worker/import/ifc';
import { writeIfc, type IfcStoreySpec } from '../fixtures/ifc-writer';
import { TestKernel } from '../kernel/test-kernel';
import { gridPlan } from './geometry-plans';
import { round } from './stats';
import type { Benchmark } from './types';

const TARGET_MS = 5000;

function office(storeys: number, cols: number, rows: number): IfcStoreySpec[] {
  const walls = gridPlan({ cols, rows, seed: 7 });
  return Array.from({ length: storeys }, (_, s) => ({
    name: `${s + 1}F`,
    elevation: s * 3300,
    walls: walls.map((w) => ({ start: w.start, end: w.end, thickness: w.thickness ?? 240, height: 3000 })),
    openings: walls.flatMap((w, i) => {
      const length = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
      return length > 2000 ? [{ wall: i, type: 'door' as const, offset: length / 2, width: 900, height: 2100, sill: 0 }] : [];
    }),
    spaces: [],
  }));
}

const bench: Benchmark = {
  id: 'plan-import',
  title: 'IFC import: a ~5 MB IFC4 office (6 storeys of 14 x 12 rooms, doors) read with web-ifc and built with plan.import',
  async run({ smoke }) {
    const text = smoke ? writeIfc({ schema: 'IFC4', units: 'mm', style: 'revit', storeys: office(1, 3, 2) }) : writeIfc({ schema: 'IFC4', units: 'mm', style: 'revit', storeys: office(6, 14, 12) });
    const bytes = new TextEncoder().encode(text);
    // web-ifc starts once per worker: a tiny file first, timed on its own.
    const start0 = performance.now();
    await readIfc(new TextEncoder().encode(writeIfc({ schema: 'IFC4', units: 'mm', style: 'revit', storeys: office(1, 1, 1) })));
    const warm = performance.now() - start0;

    const t0 = performance.now();
    const plan = await readIfc(bytes);
    const t1 = performance.now();
    const tk = new TestKernel();
    const result = tk.exec('plan.import', { storeys: plan.storeys });
    const t2 = performance.now();
    const expectedRooms = smoke ? 6 : 6 * 14 * 12;
    if (result.rooms !== expectedRooms) throw new Error(`plan import: expected ${expectedRooms} rooms, got ${result.rooms}`);
    if (result.openingsLeftOut !== 0) throw new Error(`plan import: ${result.openingsLeftOut} doors left out`);
    const total = t2 - t0;
    return [
      { name: `IFC file size`, value: round(bytes.byteLength / 1024 / 1024), unit: 'MB', target: '', met: null },
      { name: `walls / doors / rooms built`, value: result.walls, unit: `walls, ${result.openings} doors, ${result.rooms} rooms`, target: '', met: null },
      { name: `read with web-ifc`, value: Math.round(t1 - t0), unit: 'ms', target: '', met: null },
      { name: `plan.import (join, split, rooms, doors)`, value: Math.round(t2 - t1), unit: 'ms', target: '', met: null },
      { name: `import, read + build`, value: Math.round(total), unit: 'ms', target: `< ${TARGET_MS} ms`, met: total < TARGET_MS },
      { name: `web-ifc start (once per worker)`, value: Math.round(warm), unit: 'ms', target: '', met: null },
    ];
  },
};

export default bench;
