import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../protocol/records';
import { moveCorner } from '../../kernel-worker/tools/select-tool';
import { TestKernel } from './test-kernel';

// The floor-opening tool (楼梯洞口 / 挖洞) and floor openings under the select tool: drawn by a drag
// or two clicks, one undo step each; selected, moved and reshaped by their corners, deleted.

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** The 6000 x 5000 room (wall centre lines), in the plan view, snapping off unless a test turns it on. */
function room(kind: 'stair' | 'void' = 'stair') {
  const tk = new TestKernel();
  tk.exec('scene.createDefaultRoom', {});
  tk.exec('tool.set', { tool: 'floorOpening', floorOpening: { kind }, draw: { snap: false } });
  const roomId = tk.ofType('room')[0]!.id;
  return { tk, roomId };
}

describe('floor-opening tool', () => {
  it('switches to the plan view and remembers its kind', () => {
    const { tk } = room('void');
    expect(tk.get('view', 'view').cameraView).toBe(2);
    expect(tk.snapshot.tool).toMatchObject({ name: 'floorOpening', floorOpeningKind: 'void' });
  });

  it('draws a rectangle by a drag: one undo step, the room area drops', () => {
    const { tk, roomId } = room();
    expect(tk.snapshot.rooms[roomId]!.area).toBe(27.42);
    const steps = tk.history.undoSteps;
    tk.dragPlan({ x: 1000, y: 1000 }, { x: 2000, y: 3000 });
    const [o] = tk.ofType('floorOpening');
    expect(o).toMatchObject({ kind: 'stair', outline: rect(1000, 1000, 2000, 3000) });
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.snapshot.rooms[roomId]!.area).toBe(25.42);
    tk.undo();
    expect(tk.ofType('floorOpening')).toEqual([]);
  });

  it('draws by two clicks with a preview between them; a rectangle too small is not added', () => {
    const { tk } = room('void');
    tk.clickPlan({ x: 3000, y: 1000 });
    tk.movePlan({ x: 4500, y: 2000 });
    expect(tk.get('tool', 'tool').preview?.floorOpening).toEqual({ outline: rect(3000, 1000, 4500, 2000), ok: true });
    tk.clickPlan({ x: 4500, y: 2000 });
    expect(tk.ofType('floorOpening').map((o) => [o.kind, o.outline])).toEqual([['void', rect(3000, 1000, 4500, 2000)]]);
    // 50 mm deep: refused in the preview, nothing added.
    tk.clickPlan({ x: 1000, y: 4000 });
    tk.movePlan({ x: 2000, y: 4050 });
    expect(tk.get('tool', 'tool').preview?.floorOpening?.ok).toBe(false);
    tk.clickPlan({ x: 2000, y: 4050 });
    expect(tk.ofType('floorOpening')).toHaveLength(1);
  });

  it('snaps corners to wall ends and faces as drawn points do', () => {
    const { tk } = room();
    tk.exec('tool.set', { draw: { snap: true } });
    // Near the room's south-west wall end (the corner node at 0, 0) and well inside.
    tk.dragPlan({ x: 30, y: 20 }, { x: 1500, y: 2000 });
    expect(tk.ofType('floorOpening')[0]!.outline).toEqual(rect(0, 0, 1500, 2000));
  });

  it('an overlap is refused with its reason told, nothing added', () => {
    const { tk } = room();
    tk.dragPlan({ x: 1000, y: 1000 }, { x: 2000, y: 3000 });
    tk.dragPlan({ x: 1500, y: 2000 }, { x: 2500, y: 4000 });
    expect(tk.ofType('floorOpening')).toHaveLength(1);
    expect(tk.snapshot.tool.refused?.reason).toBe('FLOOR_OPENING_OVERLAP');
  });
});

describe('floor openings under the select tool', () => {
  function withOpening() {
    const { tk, roomId } = room();
    const { id } = tk.exec('floorOpening.add', { outline: rect(1000, 1000, 2000, 3000) });
    tk.exec('tool.set', { tool: 'select' });
    return { tk, roomId, id };
  }

  it('a click selects it; a drag moves it whole (one undo step)', () => {
    const { tk, id } = withOpening();
    tk.clickPlan({ x: 1500, y: 2000 });
    expect(tk.snapshot.selection).toEqual([id]);
    const steps = tk.history.undoSteps;
    tk.dragPlan({ x: 1500, y: 2000 }, { x: 2500, y: 2500 });
    expect(tk.get(id, 'floorOpening').outline).toEqual(rect(2000, 1500, 3000, 3500));
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.undo();
    expect(tk.get(id, 'floorOpening').outline).toEqual(rect(1000, 1000, 2000, 3000));
  });

  it('a selected opening is reshaped by a corner, staying a rectangle; Delete removes it', () => {
    const { tk, id, roomId } = withOpening();
    tk.clickPlan({ x: 1500, y: 2000 });
    tk.dragPlan({ x: 2000, y: 3000 }, { x: 3000, y: 3500 });
    expect(tk.get(id, 'floorOpening').outline).toEqual(rect(1000, 1000, 3000, 3500));
    expect(tk.snapshot.rooms[roomId]!.area).toBe(22.42);
    tk.press('Delete');
    expect(tk.ofType('floorOpening')).toEqual([]);
    expect(tk.snapshot.rooms[roomId]!.area).toBe(27.42);
  });

  it('moveCorner keeps a rectangle square and moves one corner of any other shape', () => {
    expect(moveCorner(rect(0, 0, 10, 10), 0, { x: -5, y: 2 })).toEqual(rect(-5, 2, 10, 10));
    const tri = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    expect(moveCorner(tri, 1, { x: 20, y: 5 })).toEqual([tri[0], { x: 20, y: 5 }, tri[2]]);
  });
});
