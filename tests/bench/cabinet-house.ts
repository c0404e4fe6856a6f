// The house of the cabinet benchmarks (cabinets, quote): a storey with a 7200 x 4800 room and, with
// cabinets, about 60 of them (issue 14's "kitchen, 4 wardrobes"): base and wall runs along two
// walls, tall units along the third, four wardrobes on the fourth.

import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createKernel, type Kernel } from '../../kernel-worker/kernel';

/** A storey with a 7200 x 4800 room; with cabinets: about 60 of them. */
export function cabinetHouse(cabinets: boolean): Kernel {
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

