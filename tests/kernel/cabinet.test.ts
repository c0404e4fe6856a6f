import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CabinetRecord } from '../../protocol/records';
import { CABINET_DEFAULTS } from '../../kernel-worker/kinds/cabinet/record';
import { fileKernel } from './persistence-kit';
import { expectOneUndoStep, expectRefused, withRoom } from './test-kernel';

// The cabinet record type: add (against a wall, at a point, or placed), update, remove, filling a
// run along a wall, refusals with their reasons, files. withRoom's room is 4000 x 3000 on wall
// centre lines, 240 thick, counter-clockwise: the south wall's inner face is at y 120.

const near = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('cabinet commands', () => {
  it('add a unit of each kind with its standard sizes, against a wall with its back on the face, facing the room', () => {
    const { tk, wallIds, storeyId } = withRoom();
    const south = wallIds[0]!;
    const { id } = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: south, along: 1000 });
    const c = tk.get(id, 'cabinet');
    const { z: _z, ...defaults } = CABINET_DEFAULTS.base;
    expect(c).toMatchObject({ storeyId, name: '', ...defaults });
    // Back 1 mm off the face at y 120, 560 deep: centre at y 120 + 1 + 280; facing north (into the room).
    near(c.position.x, 1000);
    near(c.position.y, 401);
    expect(c.position.z).toBe(0);
    near(Math.sin(c.rotation), 0);
    near(Math.cos(c.rotation), -1);
    // A wall unit hangs at 1450; on the east wall (running north) it faces west.
    const wall = tk.get(tk.exec('cabinet.add', { cabinetKind: 'wall', wallId: wallIds[1]! }).id, 'cabinet');
    expect(wall.position.z).toBe(1450);
    near(wall.position.x, 4000 - 120 - 1 - 160);
    near(wall.position.y, 1500);
    // Front (plan -y at rotation 0) turned to face -x.
    near(Math.sin(wall.rotation), -1);
    for (const kind of ['tall', 'cornerBase', 'wardrobe'] as const) {
      const r = tk.get(tk.exec('cabinet.add', { cabinetKind: kind, position: { x: 2000, y: 1500, z: 0 } }).id, 'cabinet');
      expect(r).toMatchObject({ width: CABINET_DEFAULTS[kind].width, depth: CABINET_DEFAULTS[kind].depth, height: CABINET_DEFAULTS[kind].height });
    }
    expect(tk.get(tk.exec('cabinet.add', { cabinetKind: 'wardrobe', position: { x: 0, y: 0, z: 0 } }).id, 'cabinet')).toMatchObject({ width: 1000, depth: 600, height: 2400, hangingRail: true });
    // Neither wall nor point: against a wall of the room, inside it.
    const placed = tk.get(tk.exec('cabinet.add', { cabinetKind: 'tall', width: 450 }).id, 'cabinet');
    expect(placed.width).toBe(450);
    expect(placed.position.x).toBeGreaterThan(120);
    expect(placed.position.x).toBeLessThan(3880);
    expect(placed.position.y).toBeGreaterThan(120);
    expect(placed.position.y).toBeLessThan(2880);
  });

  it('is one undo step to add, update, remove or fill a run', () => {
    const { tk, wallIds } = withRoom();
    let id = '';
    expectOneUndoStep(tk, () => (id = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]! }).id));
    expectOneUndoStep(tk, () => tk.exec('cabinet.update', { id, width: 800, doorType: 'double', doorShape: 'shaker', doorColor: 'O03' }));
    expect(tk.get(id, 'cabinet')).toMatchObject({ width: 800, doorType: 'double', doorShape: 'shaker' });
    expectOneUndoStep(tk, () => tk.exec('cabinet.fillRun', { cabinetKind: 'wall', wallId: wallIds[2]!, start: { x: 0, y: 3000 }, end: { x: 4000, y: 3000 } }));
    expectOneUndoStep(tk, () => tk.exec('cabinet.remove', { id }));
  });

  it('refuse impossible cabinets with their reason and change nothing', () => {
    const { tk, wallIds } = withRoom();
    const { id } = tk.exec('cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]! });
    expect(expectRefused(tk, 'cabinet.add', { cabinetKind: 'base', wallId: wallIds[0]!, width: 100 }).reason).toBe('CABINET_TOO_SMALL');
    const handle = expectRefused(tk, 'cabinet.update', { id, handleId: 'SLIDE' });
    expect(handle.reason).toBe('CABINET_HANDLE');
    expect(handle.detail).toContain('拉手错误');
    expect(expectRefused(tk, 'cabinet.update', { id, doorType: 'sliding' }).reason).toBe('CABINET_DOORS');
    expect(expectRefused(tk, 'cabinet.update', { id, shelves: 9 }).reason).toBe('CABINET_INTERIOR');
    expect(expectRefused(tk, 'cabinet.add', { cabinetKind: 'wardrobe', height: 3000, position: { x: 0, y: 0, z: 0 } }).reason).toBe('CABINET_TOO_LARGE');
    expect(expectRefused(tk, 'cabinet.fillRun', { cabinetKind: 'base', start: { x: 0, y: 0 }, end: { x: 250, y: 0 } }).reason).toBe('CABINET_RUN_TOO_SHORT');
    // Shapes the args checks refuse before the scene is asked.
    expect(expectRefused(tk, 'cabinet.update', { id, board: 20 as 18 }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'cabinet.add', { cabinetKind: 'sofa' as 'base' }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'cabinet.add', { cabinetKind: 'base', wallId: 'nope' }).code).toBe('COMMAND_FAILED');
  });

  it('fill a wall between two points with standard units and a filler, backs on the face, fronts into the room', () => {
    const { tk, wallIds } = withRoom();
    // The south wall's inner face runs from x 120 to 3880: 3760 mm.
    const result = tk.exec('cabinet.fillRun', { cabinetKind: 'base', wallId: wallIds[0]!, start: { x: 120, y: 0 }, end: { x: 3880, y: 0 }, doorShape: 'shaker' });
    // 3750 = 900 + 900 + 900 + 600 + 450 (five units), a 10 filler at the end.
    expect(result.units).toEqual([900, 900, 900, 600, 450]);
    expect(result.fillers).toEqual([10]);
    const run = result.ids.map((id) => tk.get(id, 'cabinet'));
    expect(run.map((c) => [c.cabinetKind, c.width])).toEqual([
      ['base', 900],
      ['base', 900],
      ['base', 900],
      ['base', 600],
      ['base', 450],
      ['filler', 10],
    ]);
    // Side by side from x 120, each centred on its stretch, 401 north of the wall's centre line.
    let x = 120;
    for (const c of run) {
      near(c.position.x, x + c.width / 2);
      near(c.position.y, 120 + 1 + 280);
      near(Math.cos(c.rotation), -1);
      if (c.cabinetKind !== 'filler') expect(c.doorShape).toBe('shaker');
      x += c.width;
    }
    near(x, 3880);
    // A wall alone: its whole face (3760 again), here with wall units.
    const wallRun = tk.exec('cabinet.fillRun', { cabinetKind: 'wall', wallId: wallIds[2]! });
    expect(wallRun.units).toEqual([900, 900, 900, 600, 450]);
    const top = tk.get(wallRun.ids[0]!, 'cabinet');
    // The north wall runs west: its room face is on its left, so its first unit starts at x 3880.
    near(top.position.x, 3880 - 450);
    near(top.position.y, 3000 - 120 - 1 - 160);
    expect(top.position.z).toBe(1450);
    expect(tk.fails('cabinet.fillRun', { cabinetKind: 'base', start: { x: 0, y: 0 } }).code).toBe('COMMAND_FAILED');
    // Without a wall: the line itself, the fronts to its left; wardrobes 600 deep.
    const free = tk.exec('cabinet.fillRun', { cabinetKind: 'wardrobe', start: { x: 0, y: 10000 }, end: { x: 0, y: 7600 }, doorType: 'sliding', handleId: 'SLIDE', endPanels: false });
    expect(free.units).toEqual([1200, 1200]);
    const [first] = free.ids.map((id) => tk.get(id, 'cabinet'));
    // Running south, the left is east: centre 301 east of the line, 600 south of the start.
    near(first!.position.x, 301);
    near(first!.position.y, 9400);
    near(Math.sin(first!.rotation), 1);
  });

  it('fill around the cabinets already in the run\'s space, not around those above or below it', () => {
    const { tk, wallIds } = withRoom();
    const south = wallIds[0]!;
    // A tall unit from x 1700 to 2300 on the south wall; a wall unit at x 700 to 1300, above base height.
    tk.exec('cabinet.add', { cabinetKind: 'tall', wallId: south, along: 2000 });
    tk.exec('cabinet.add', { cabinetKind: 'wall', wallId: south, along: 1000 });
    const run = tk.exec('cabinet.fillRun', { cabinetKind: 'base', wallId: south });
    const spans = run.ids.map((id) => tk.get(id, 'cabinet')).map((c) => [c.position.x - c.width / 2, c.position.x + c.width / 2] as const);
    // Two free stretches of 1580 (120 to 1700, 2300 to 3880), each filled from its start.
    for (const [a, b] of spans) expect(b <= 1700 + 1e-6 || a >= 2300 - 1e-6, `${a}..${b}`).toBe(true);
    near(spans[0]![0], 120);
    expect(spans.some(([a]) => Math.abs(a - 2300) < 1e-6)).toBe(true);
    const covered = spans.reduce((sum, [a, b]) => sum + b - a, 0);
    near(covered, 2 * 1580);
    // The wall unit did not stop the base units under it.
    expect(spans.some(([a, b]) => a < 1000 && b > 1000)).toBe(true);
    // A run with no room left is refused.
    expect(expectRefused(tk, 'cabinet.fillRun', { cabinetKind: 'base', wallId: south }).reason).toBe('CABINET_RUN_TOO_SHORT');
  });

  it('go with their storey, count in the snapshot, and survive a file round trip', () => {
    const { tk, storeyId, wallIds } = withRoom();
    // 2400: 900 + 900 + 600, no filler.
    tk.exec('cabinet.fillRun', { cabinetKind: 'base', wallId: wallIds[0]!, start: { x: 120, y: 0 }, end: { x: 2520, y: 0 }, endPanels: false });
    expect(tk.snapshot.counts.cabinet).toBe(3);
    // Selected: the properties panel gets its fields, and the room it stands in is the current room.
    const first = tk.ofType('cabinet')[0]!;
    tk.exec('selection.set', { ids: [first.id] });
    // With the worktop its run carries: the default quartz, no backsplash, 2400 long.
    expect(tk.snapshot.selected).toEqual({
      kind: 'cabinet',
      ...Object.fromEntries(Object.entries(first).filter(([k]) => k !== 'type' && k !== 'storeyId')),
      worktop: { material: 'quartz', backsplash: 0, length: 2400 },
    });
    expect(tk.snapshot.currentRoom?.roomName).toBe('客厅');
    tk.exec('storey.remove', { id: storeyId });
    expect(tk.ofType('cabinet')).toHaveLength(0);
    tk.undo();
    expect(tk.ofType('cabinet')).toHaveLength(3);
    const k = fileKernel();
    k.kernel.exec('storey.add', {});
    const { id } = k.kernel.exec('cabinet.add', { cabinetKind: 'wardrobe', position: { x: 0, y: 0, z: 0 }, doorType: 'sliding', doorPanels: 3, handleId: 'SLIDE' });
    const saved = k.files.save().json;
    expect(JSON.parse(saved).schema).toMatchObject({ cabinet: 1 });
    const again = fileKernel();
    expect(again.files.load(saved).migrated).toBe(0);
    expect(again.kernel.records.get(id)).toEqual(k.kernel.records.get(id));
    expect(again.files.save().json).toBe(saved);
  });

  // The starting point of the type's first migration (fixtures/scenes/current/README.md).
  it('loads the v1 fixture scene', () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/scenes/current');
    const text = fs.readFileSync(path.join(dir, 'cabinet-v1.json'), 'utf8');
    expect(JSON.parse(text).schema.cabinet).toBe(1);
    const k = fileKernel();
    k.files.load(text);
    const cabinets = k.kernel.records.ofType('cabinet') as readonly CabinetRecord[];
    expect(cabinets.map((c) => [c.id, c.cabinetKind, c.width, c.board, c.doorType, c.doorShape])).toEqual([
      ['cab-sink', 'base', 800, 18, 'double', 'shaker'],
      ['cab-wardrobe', 'wardrobe', 2400, 25, 'sliding', 'flat'],
    ]);
  });
});
