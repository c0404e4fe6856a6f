import { describe, expect, it } from 'vitest';
import type { ForwardedInput } from '../../protocol/input';
import type { RendererPort } from '../../kernel-worker/render/types';
import { TestKernel } from './test-kernel';

// The select tool in the plan view (hover, click, Shift-click, drags of wall ends, walls and
// openings as single undo steps, Esc mid-drag, Delete) and in the 3D views (click to pick).

const CORNERS = [
  { x: -3000, y: -2500 },
  { x: 3000, y: -2500 },
  { x: 3000, y: 2500 },
  { x: -3000, y: 2500 },
];

/** A 6000 x 5000 room (240 walls: 27.42 m² inside) in the plan view with the select tool. */
function roomInPlan() {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  const [south, east, north, west] = CORNERS.map((start, i) => tk.exec('wall.add', { start, end: CORNERS[(i + 1) % 4]! }).id);
  tk.exec('view.setCamera', { view: 2 });
  return { tk, south: south!, east: east!, north: north!, west: west! };
}

const area = (tk: TestKernel) => Object.values(tk.snapshot.rooms).map((r) => r.area);

describe('select tool: hover and click in the plan view', () => {
  it('hover names the record under the pointer; a click selects it; Shift adds and removes; empty space clears', () => {
    const { tk, south, east } = roomInPlan();
    const [room] = tk.ofType('room');
    tk.movePlan({ x: 0, y: -2500 });
    expect(tk.get('tool', 'tool').hoverId).toBe(south);
    tk.movePlan({ x: 0, y: 0 });
    expect(tk.get('tool', 'tool').hoverId).toBe(room!.id);
    tk.movePlan({ x: 0, y: 9000 });
    expect(tk.get('tool', 'tool').hoverId).toBeNull();

    tk.clickPlan({ x: 0, y: -2450 });
    expect(tk.snapshot.selection).toEqual([south]);
    tk.clickPlan({ x: 3000, y: 0 }, { shiftKey: true });
    expect(tk.snapshot.selection).toEqual([south, east]);
    tk.clickPlan({ x: 0, y: -2500 }, { shiftKey: true });
    expect(tk.snapshot.selection).toEqual([east]);
    tk.clickPlan({ x: 0, y: 0 });
    expect(tk.snapshot.selection).toEqual([room!.id]);
    tk.clickPlan({ x: 0, y: 9000 });
    expect(tk.snapshot.selection).toEqual([]);
    tk.expectMirrorInSync();
  });

  it('picks openings before their wall', () => {
    const { tk, south } = roomInPlan();
    const { id: door } = tk.exec('opening.add', { wallId: south, kind: 1, offset: 3000 });
    tk.clickPlan({ x: 0, y: -2500 });
    expect(tk.snapshot.selection).toEqual([door]);
    tk.clickPlan({ x: -2000, y: -2500 });
    expect(tk.snapshot.selection).toEqual([south]);
  });

  it('hovering and clicking never write the document', () => {
    const { tk } = roomInPlan();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.movePlan({ x: 0, y: -2500 }).clickPlan({ x: 0, y: -2500 }).movePlan({ x: 100, y: 100 });
    expect(tk.documentJson()).toBe(before);
    expect(tk.history.undoSteps).toBe(steps);
  });
});

describe('select tool: drags', () => {
  it('dragging a wall moves it: the room grows, the drag is one undo step, undo restores the document exactly', () => {
    const { tk, east } = roomInPlan();
    expect(area(tk)).toEqual([27.42]);
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.dragPlan({ x: 3000, y: 0 }, { x: 4000, y: 0 }, 8);
    expect(tk.get(east, 'wall')).toMatchObject({ start: { x: 4000, y: -2500 }, end: { x: 4000, y: 2500 } });
    // (7000 - 240) x (5000 - 240)
    expect(area(tk)).toEqual([32.18]);
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.history.marks).toEqual([]);
    expect(tk.snapshot.selection).toEqual([east]);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    expect(area(tk)).toEqual([27.42]);
    tk.expectMirrorInSync();
  });

  it('a wall joined to others moves square to itself', () => {
    const { tk, east } = roomInPlan();
    tk.dragPlan({ x: 3000, y: 0 }, { x: 3500, y: 700 });
    expect(tk.get(east, 'wall')).toMatchObject({ start: { x: 3500, y: -2500 }, end: { x: 3500, y: 2500 } });
  });

  it('dragging a wall end moves the corner: the joined wall follows, one undo step', () => {
    const { tk, east, north } = roomInPlan();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.exec('tool.set', { draw: { snap: false } });
    tk.dragPlan({ x: 3000, y: 2500 }, { x: 4000, y: 3500 }, 6);
    expect(tk.get(east, 'wall').end).toEqual({ x: 4000, y: 3500 });
    expect(tk.get(north, 'wall').start).toEqual({ x: 4000, y: 3500 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.ofType('room')).toHaveLength(1);
    expect(area(tk)[0]).toBeGreaterThan(27.42);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });

  it('a wall end dragged near another wall end snaps onto it', () => {
    const { tk, east } = roomInPlan();
    tk.exec('wall.add', { start: { x: 5000, y: 4000 }, end: { x: 8000, y: 4000 } });
    const { frame } = tk.kernel.planView();
    // 6 px off the free wall's end.
    tk.dragPlan({ x: 3000, y: 2500 }, { x: 5000 + 6 / frame.pxPerMm, y: 4000 });
    expect(tk.get(east, 'wall').end).toEqual({ x: 5000, y: 4000 });
  });

  it('Esc in the middle of a drag puts everything back and leaves no undo step', () => {
    const { tk } = roomInPlan();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    const from = tk.toScreen({ x: 3000, y: 0 });
    const to = tk.toScreen({ x: 4500, y: 0 });
    tk.pointerDown(from.x, from.y).pointerMove((from.x + to.x) / 2, from.y).pointerMove(to.x, to.y);
    expect(tk.documentJson()).not.toBe(before);
    expect(tk.history.marks).toHaveLength(1);
    tk.press('Escape');
    expect(tk.documentJson()).toBe(before);
    expect(tk.history.marks).toEqual([]);
    tk.pointerMove(to.x + 50, to.y).pointerUp(to.x + 50, to.y);
    expect(tk.documentJson()).toBe(before);
    expect(tk.history.undoSteps).toBe(steps);
    expect(tk.history.canRedo).toBe(false);
    tk.expectMirrorInSync();
  });

  it('a drag across another wall ends where the pointer is, with no pieces left from the moves on the way', () => {
    const { tk, east } = roomInPlan();
    // A free wall north of the room, crossed by the east wall's end on its way.
    tk.exec('wall.add', { start: { x: 2000, y: 3500 }, end: { x: 6000, y: 3500 } });
    tk.exec('tool.set', { draw: { snap: false } });
    const walls = tk.ofType('wall').length;
    const from = tk.toScreen({ x: 3000, y: 2500 });
    const over = tk.toScreen({ x: 3000, y: 4500 });
    const back = tk.toScreen({ x: 3000, y: 3000 });
    tk.pointerDown(from.x, from.y).pointerMove(from.x, from.y - 10).pointerMove(over.x, over.y).pointerMove(back.x, back.y).pointerUp(back.x, back.y);
    expect(tk.get(east, 'wall').end).toEqual({ x: 3000, y: 3000 });
    expect(tk.ofType('wall')).toHaveLength(walls);
  });

  it('dragging an opening slides it along its wall and stops it at the usable end', () => {
    const { tk, south } = roomInPlan();
    const { id: door } = tk.exec('opening.add', { wallId: south, kind: 1, offset: 3000 });
    const steps = tk.history.undoSteps;
    tk.dragPlan({ x: 0, y: -2500 }, { x: 1000, y: -2400 });
    expect(tk.get(door, 'opening').offset).toBe(4000);
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.dragPlan({ x: 1000, y: -2500 }, { x: 9000, y: -2500 });
    // The east wall's inside face is 120 from the end; the 800 door's centre stops 400 before it.
    expect(tk.get(door, 'opening').offset).toBeCloseTo(6000 - 120 - 400, 6);
  });

  it('dragging empty space pans the view and leaves the document alone', () => {
    const { tk } = roomInPlan();
    const before = tk.documentJson();
    const anchor = { x: 0, y: 6000 };
    const start = tk.toScreen(anchor);
    tk.drag(start, { x: start.x + 100, y: start.y + 40 });
    const after = tk.toScreen(anchor);
    expect(after.x).toBeCloseTo(start.x + 100, 6);
    expect(after.y).toBeCloseTo(start.y + 40, 6);
    expect(tk.documentJson()).toBe(before);
  });
});

describe('select tool: Delete', () => {
  it('removes the selection in one undo step', () => {
    const { tk, south, east } = roomInPlan();
    const before = tk.documentJson();
    tk.clickPlan({ x: 0, y: -2500 }).clickPlan({ x: 3000, y: 0 }, { shiftKey: true });
    tk.press('Delete');
    expect(tk.ofType('wall').map((w) => w.id)).not.toContain(south);
    expect(tk.ofType('wall').map((w) => w.id)).not.toContain(east);
    expect(tk.snapshot.selection).toEqual([]);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });

  it('Backspace removes it too; with nothing selected the key is not taken', () => {
    const { tk, south } = roomInPlan();
    tk.clickPlan({ x: 0, y: -2500 }).press('Backspace');
    expect(tk.ofType('wall').map((w) => w.id)).not.toContain(south);
    const count = tk.ofType('wall').length;
    tk.press('Delete');
    expect(tk.ofType('wall')).toHaveLength(count);
  });
});

describe('select tool: 3D views', () => {
  function withFakeRenderer(tk: TestKernel, picked: string | null) {
    const seen: ForwardedInput[] = [];
    tk.kernel.attachRenderer(
      (): RendererPort => ({
        sync: () => undefined,
        input: (e) => seen.push(e),
        resize: () => undefined,
        pick: () => (picked ? { id: picked, point: { x: 0, y: 0, z: 0 } } : null),
        dispose: () => undefined,
      }),
    );
    return seen;
  }

  it('a click selects what the renderer picks, and every event still reaches the camera controls', () => {
    const { tk, east } = roomInPlan();
    tk.exec('view.setCamera', { view: 0 });
    const seen = withFakeRenderer(tk, east);
    tk.pointerDown(300, 300).pointerUp(300, 300);
    expect(tk.snapshot.selection).toEqual([east]);
    expect(seen.map((e) => e.type)).toEqual(['pointerdown', 'pointerup']);
  });

  it('a drag orbits the camera and selects nothing', () => {
    const { tk, east } = roomInPlan();
    tk.exec('view.setCamera', { view: 0 });
    withFakeRenderer(tk, east);
    tk.drag({ x: 300, y: 300 }, { x: 400, y: 300 });
    expect(tk.snapshot.selection).toEqual([]);
  });

  it('headless, a click picks nothing and clears the selection', () => {
    const { tk, east } = roomInPlan();
    tk.exec('view.setCamera', { view: 0 });
    tk.exec('selection.set', { ids: [east] });
    tk.pointerDown(300, 300).pointerUp(300, 300);
    expect(tk.snapshot.selection).toEqual([]);
  });
});

describe('select tool: a wall end or a wall let go near another wall joins it (geometry/wall-join.ts)', () => {
  const areas = (tk: TestKernel) => area(tk).sort((a, b) => a - b);

  it('an end let go inside another wall\'s thickness goes onto its centre line (T): two rooms, one undo step per drag', () => {
    const { tk, north, south } = roomInPlan();
    tk.exec('tool.set', { draw: { snap: false } });
    const { id: inner } = tk.exec('wall.add', { start: { x: 0, y: -1000 }, end: { x: 0, y: 1000 } });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    // 100 short of the north wall's centre line: inside its body.
    tk.dragPlan({ x: 0, y: 1000 }, { x: 0, y: 2400 }, 6);
    expect(tk.get(inner, 'wall').end).toEqual({ x: 0, y: 2500 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.history.marks).toEqual([]);
    // The north wall is split at the joint.
    expect(tk.ofType('wall').filter((w) => w.start.x === 0 && w.start.y === 2500 || w.end.x === 0 && w.end.y === 2500)).toHaveLength(3);
    expect(tk.ofType('wall').some((w) => w.id === north)).toBe(true);
    // 50 short of the south wall's inner face.
    tk.dragPlan({ x: 0, y: -1000 }, { x: 0, y: -2330 }, 6);
    expect(tk.get(inner, 'wall').start).toEqual({ x: 0, y: -2500 });
    expect(tk.ofType('wall').some((w) => w.id === south)).toBe(true);
    // (2880 - 120) x 4760 on each side.
    expect(areas(tk)).toEqual([13.14, 13.14]);
    expect(tk.history.undoSteps).toBe(steps + 2);
    tk.undo();
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    tk.expectMirrorInSync();
  });

  it('an end let go beyond the reach stays where it was let go', () => {
    const { tk } = roomInPlan();
    tk.exec('tool.set', { draw: { snap: false } });
    const { id: inner } = tk.exec('wall.add', { start: { x: 0, y: -1000 }, end: { x: 0, y: 1000 } });
    // 242 from the north wall's centre line: beyond 120 + 120 + 1.
    tk.dragPlan({ x: 0, y: 1000 }, { x: 0, y: 2258 }, 6);
    expect(tk.get(inner, 'wall').end).toEqual({ x: 0, y: 2258 });
    // One room, less the free wall's footprint (3258 x 240).
    expect(area(tk)).toEqual([26.64]);
  });

  it('an end let go near another wall\'s loose end makes a corner (L): both ends meet where the centre lines cross', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('view.setCamera', { view: 2 });
    tk.exec('tool.set', { draw: { snap: false } });
    const { id: a } = tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 3880, y: 0 } });
    const { id: b } = tk.exec('wall.add', { start: { x: 4000, y: 3000 }, end: { x: 4000, y: 1000 } });
    // b's end let go on a's north face, 120 past a's loose end.
    tk.dragPlan({ x: 4000, y: 1000 }, { x: 4000, y: 120 }, 6);
    expect(tk.get(a, 'wall').end).toEqual({ x: 4000, y: 0 });
    expect(tk.get(b, 'wall').end).toEqual({ x: 4000, y: 0 });
  });

  it('a free wall let go with both ends inside the walls it meets joins both: the room is split in two', () => {
    const { tk } = roomInPlan();
    tk.exec('tool.set', { draw: { snap: false } });
    const { id: free } = tk.exec('wall.add', { start: { x: 10000, y: -2300 }, end: { x: 10000, y: 2300 } });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.dragPlan({ x: 10000, y: 0 }, { x: 1000, y: 0 }, 8);
    expect(tk.get(free, 'wall')).toMatchObject({ start: { x: 1000, y: -2500 }, end: { x: 1000, y: 2500 } });
    // West 3760 x 4760, east 1760 x 4760.
    expect(areas(tk)).toEqual([8.38, 17.9]);
    expect(tk.history.undoSteps).toBe(steps + 1);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });
});
