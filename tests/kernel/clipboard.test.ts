import { afterEach, describe, expect, it } from 'vitest';
import { PASTE_OFFSET } from '../../kernel-worker/tools/manager';
import type { Vec2 } from '../../protocol/records';
import { TestKernel, withRoom } from './test-kernel';

// Ctrl+C / Ctrl+V beyond models and cabinets (issue 15): walls with their openings, openings on
// their own wall, a room's contents into another room, floor openings. withRoom's room is 4000 x 3000 on wall
// centre lines, 240 thick (inner outline 120..3880 x 120..2880).

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

function room() {
  const made = withRoom();
  kernels.push(made.tk);
  return made;
}

const TABLE = { x: 1200, y: 800, z: 750 };

describe('clipboard: walls, openings, room contents', () => {
  it('a free-standing wall pastes 500 mm to its left with its window, each paste further, each one undo step', () => {
    const { tk } = room();
    const { id: wall } = tk.exec('wall.add', { start: { x: 6000, y: 0 }, end: { x: 9000, y: 0 }, thickness: 120 });
    tk.exec('opening.add', { wallId: wall, kind: 0, offset: 1500, width: 1000 });
    tk.exec('selection.set', { ids: [wall] });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    expect(tk.history.undoSteps).toBe(steps + 1);
    // Seen from its start (west to east) the wall's left is +y.
    const copy = tk.ofType('wall').find((w) => w.start.y === PASTE_OFFSET)!;
    expect(copy).toMatchObject({ start: { x: 6000, y: 500 }, end: { x: 9000, y: 500 }, thickness: 120 });
    const windows = tk.ofType('opening').filter((o) => o.wallId === copy.id);
    expect(windows.map((o) => [o.kind, o.offset, o.width])).toEqual([[0, 1500, 1000]]);
    expect(tk.snapshot.selection).toEqual([copy.id, windows[0]!.id]);
    tk.press('v', { ctrlKey: true });
    expect(tk.ofType('wall').some((w) => w.start.y === 1000 && w.end.x === 9000)).toBe(true);
    tk.undo();
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    tk.expectMirrorInSync();
  });

  it("a room's four walls paste 500 mm to the first wall's left, merging with the walls they run along as drawn walls do", () => {
    const { tk, wallIds } = room();
    tk.exec('selection.set', { ids: wallIds });
    const before = tk.documentJson();
    tk.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    // The copy spans y 500..3500: the original's sides are split at 500 and 3000, the overlap
    // shared, so three faces: y 0..500, 500..3000 and 3000..3500 (inner faces 120 in from each
    // line). The outer two are 260 mm strips: pockets (MIN_ROOM_WIDTH), not rooms.
    const rooms = tk.ofType('room').map((r) => [Math.min(...r.outline.map((p) => p.y)), Math.max(...r.outline.map((p) => p.y))]);
    expect(rooms).toEqual([[620, 2880]]);
    expect(tk.ofType('wall')).toHaveLength(10);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });

  it('an opening pastes on its own wall beside itself, and is refused (OPENING_NO_ROOM) once the wall is full', () => {
    const { tk, wallIds } = room();
    const south = wallIds[0]!;
    const { id: win } = tk.exec('opening.add', { wallId: south, kind: 0, offset: 1000, width: 1200 });
    tk.exec('selection.set', { ids: [win] });
    const steps = tk.history.undoSteps;
    tk.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    // Centre 1000 + one width = 2200: spans 1600..2800, touching the original (400..1600).
    const copies = tk.ofType('opening').filter((o) => o.id !== win);
    expect(copies.map((o) => [o.wallId, o.offset, o.width, o.height, o.elevation])).toEqual([[south, 2200, 1200, 1500, 800]]);
    expect(tk.history.undoSteps).toBe(steps + 1);
    // Left on the wall: 120..400 (280) and 2800..3880 (1080), both under 1200.
    const full = tk.documentJson();
    tk.press('v', { ctrlKey: true });
    expect(tk.documentJson()).toBe(full);
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.snapshot.tool.refused?.reason).toBe('OPENING_NO_ROOM');
  });

  it("a room's models paste into another selected room at the same offsets from its origin; with no room selected, 500 east", () => {
    const { tk, roomId } = room();
    // A second 4000 x 3000 room, 6000 east: its inner origin is (6120, 120).
    tk.exec('plan.build', {
      walls: [
        { start: { x: 6000, y: 0 }, end: { x: 10000, y: 0 } },
        { start: { x: 10000, y: 0 }, end: { x: 10000, y: 3000 } },
        { start: { x: 10000, y: 3000 }, end: { x: 6000, y: 3000 } },
        { start: { x: 6000, y: 3000 }, end: { x: 6000, y: 0 } },
      ],
    });
    const other = tk.ofType('room').find((r) => r.id !== roomId)!;
    const { id: table } = tk.exec('model.add', { modelId: 'table', position: { x: 1000, y: 1000, z: 0 }, size: TABLE, mount: 'floor' });
    // Outside both rooms: not taken with the room.
    tk.exec('model.add', { modelId: 'lamp', position: { x: 5000, y: 1000, z: 0 }, size: { x: 300, y: 300, z: 1500 }, mount: 'floor' });
    tk.exec('selection.set', { ids: [roomId] });
    tk.press('c', { ctrlKey: true });
    tk.exec('selection.set', { ids: [other.id] });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.press('v', { ctrlKey: true });
    expect(tk.history.undoSteps).toBe(steps + 1);
    const pasted = tk.ofType('model').filter((m) => m.id !== table && m.modelId === 'table');
    // (1000, 1000) is (880, 880) from (120, 120); from (6120, 120) that is (7000, 1000).
    expect(pasted.map((m) => m.position)).toEqual([{ x: 7000, y: 1000, z: 0 }]);
    expect(tk.ofType('model').filter((m) => m.modelId === 'lamp')).toHaveLength(1);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    // Nothing but the table's own room selected: pasted like a copied model, 500 east.
    tk.exec('selection.set', { ids: [] });
    tk.press('v', { ctrlKey: true });
    expect(tk.ofType('model').filter((m) => m.modelId === 'table' && m.id !== table).map((m) => m.position)).toEqual([{ x: 1500, y: 1000, z: 0 }]);
  });

  it('Ctrl+C with nothing copyable selected leaves the clipboard as it was', () => {
    const { tk } = room();
    const steps = tk.history.undoSteps;
    tk.exec('selection.set', { ids: [] });
    tk.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    expect(tk.history.undoSteps).toBe(steps);
  });
});

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

describe('clipboard: floor openings', () => {
  it('a stairwell pastes edge to edge beside itself on its storey, each paste further, one undo step each; refused (FLOOR_OPENING_OVERLAP) onto another opening', () => {
    const { tk, storeyId } = room();
    const { id: well } = tk.exec('floorOpening.add', { storeyId, outline: rect(500, 500, 1500, 2500), kind: 'stair', name: '楼梯' });
    tk.exec('selection.set', { ids: [well] });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.press('c', { ctrlKey: true }).press('v', { ctrlKey: true });
    expect(tk.history.undoSteps).toBe(steps + 1);
    const copies = () => tk.ofType('floorOpening').filter((o) => o.id !== well);
    // One width (1000) east: touching the original, not overlapping it.
    expect(copies().map(({ storeyId: s, kind, name, outline }) => ({ s, kind, name, outline }))).toEqual([{ s: storeyId, kind: 'stair', name: '楼梯', outline: rect(1500, 500, 2500, 2500) }]);
    expect(tk.snapshot.selection).toEqual([copies()[0]!.id]);
    tk.press('v', { ctrlKey: true });
    expect(copies().map((o) => o.outline[0]!.x).sort((a, b) => a - b)).toEqual([1500, 2500]);
    // The room loses the three wells' floor: 3760 x 2760 less 3 x 1000 x 2000.
    const roomId = tk.ofType('room')[0]!.id;
    expect(tk.snapshot.rooms[roomId]!.area).toBe(4.38);
    // A void where the next paste would land: refused as a drawn overlapping opening is.
    tk.exec('floorOpening.add', { storeyId, outline: rect(3600, 1000, 3800, 1200), kind: 'void' });
    const full = tk.documentJson();
    const stepsFull = tk.history.undoSteps;
    tk.press('v', { ctrlKey: true });
    expect(tk.documentJson()).toBe(full);
    expect(tk.history.undoSteps).toBe(stepsFull);
    expect(tk.snapshot.tool.refused?.reason).toBe('FLOOR_OPENING_OVERLAP');
    tk.undo();
    tk.undo();
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    tk.expectMirrorInSync();
  });

  it('on another storey the first paste lands over the original (a stairwell above another), the next one beside it', () => {
    const { tk, storeyId } = room();
    const { id: upper } = tk.exec('storey.add', {});
    tk.exec('view.setStorey', { storeyId });
    const { id: well } = tk.exec('floorOpening.add', { storeyId, outline: rect(500, 500, 1500, 2500), kind: 'stair' });
    const { id: hole } = tk.exec('floorOpening.add', { storeyId, outline: rect(2000, 500, 2600, 1100), kind: 'void' });
    tk.exec('selection.set', { ids: [well, hole] });
    tk.press('c', { ctrlKey: true });
    tk.exec('view.setStorey', { storeyId: upper });
    tk.press('v', { ctrlKey: true });
    const on = (s: string) => tk.ofType('floorOpening').filter((o) => o.storeyId === s);
    expect(on(upper).map((o) => [o.kind, o.outline]).sort()).toEqual([
      ['stair', rect(500, 500, 1500, 2500)],
      ['void', rect(2000, 500, 2600, 1100)],
    ]);
    expect([...tk.snapshot.selection].sort()).toEqual(on(upper).map((o) => o.id).sort());
    // The next paste there: one width of the pair (500..2600: 2100) east.
    tk.press('v', { ctrlKey: true });
    const xs = (s: string) => on(s).map((o) => o.outline[0]!.x).sort((a, b) => a - b);
    expect(xs(upper)).toEqual([500, 2000, 2600, 4100]);
    // Back on the original storey: beside the originals, not over them.
    tk.exec('view.setStorey', { storeyId });
    tk.press('v', { ctrlKey: true });
    expect(xs(storeyId)).toEqual([500, 2000, 2600, 4100]);
    tk.expectMirrorInSync();
  });
});
