import { describe, expect, it } from 'vitest';
import type { Vec2, WallRecord } from '../../protocol/records';
import { bodySide, centreLineOfFaces } from '../../kernel-worker/tools/wall-tool';
import { expectRefused, TestKernel } from './test-kernel';

// The wall tool driven the way the canvas drives it: pointer events in canvas pixels, mapped to the
// plan through the plan view's frame, and keys.

/** A 6000 x 5000 rectangle (centre lines) around the origin, counter-clockwise. */
const ROOM: readonly Vec2[] = [
  { x: -3000, y: -2500 },
  { x: 3000, y: -2500 },
  { x: 3000, y: 2500 },
  { x: -3000, y: 2500 },
];

function wallTool(): TestKernel {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  tk.exec('tool.set', { tool: 'wall' });
  return tk;
}

const ends = (w: WallRecord) => [w.start, w.end];
const roomAreas = (tk: TestKernel) => Object.values(tk.snapshot.rooms).map((r) => r.area);

describe('wall tool: drawing by clicks', () => {
  it('switches the view to the plan when picked', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    expect(tk.snapshot.cameraView).toBe(0);
    const steps = tk.history.undoSteps;
    tk.exec('tool.set', { tool: 'wall' });
    expect(tk.snapshot.cameraView).toBe(2);
    expect(tk.history.undoSteps).toBe(steps);
    tk.expectMirrorInSync();
  });

  it('draws a closed 6000 x 5000 room from four clicks and a click on the start: one room of 27.42 m²', () => {
    const tk = wallTool();
    const steps = tk.history.undoSteps;
    for (const corner of ROOM) tk.clickPlan(corner);
    tk.clickPlan(ROOM[0]!);

    const walls = tk.ofType('wall');
    expect(walls).toHaveLength(4);
    // Exactly the clicked points (the pointer's sub-pixel position is snapped or rounded away).
    expect(walls.map(ends).flat()).toEqual(expect.arrayContaining(ROOM.map((p) => expect.objectContaining(p))));
    for (const w of walls) {
      expect(w.thickness).toBe(240);
      expect(w.height).toBe(2800);
    }
    const rooms = tk.ofType('room');
    expect(rooms).toHaveLength(1);
    // (6000 - 240) x (5000 - 240) inside the walls.
    expect(roomAreas(tk)).toEqual([27.42]);
    // The loop is closed: the chain has ended and the preview draws no segment.
    expect(tk.get('tool', 'tool').preview?.segment ?? null).toBeNull();
    // Each wall is one undo step.
    expect(tk.history.undoSteps).toBe(steps + 4);
    tk.expectMirrorInSync();
  });

  it('adds each wall as its own undo step, and undo while drawing steps the chain back', () => {
    const tk = wallTool();
    tk.clickPlan(ROOM[0]!).clickPlan(ROOM[1]!).clickPlan(ROOM[2]!);
    expect(tk.ofType('wall')).toHaveLength(2);
    tk.press('z', { ctrlKey: true });
    expect(tk.ofType('wall')).toHaveLength(1);
    // The next click continues from the end of the wall still there.
    tk.clickPlan({ x: 3000, y: 0 });
    const walls = tk.ofType('wall');
    expect(walls).toHaveLength(2);
    expect(walls.some((w) => w.start.x === 3000 && w.start.y === -2500 && w.end.x === 3000 && w.end.y === 0)).toBe(true);
  });

  it('uses the draw parameters for thickness, height and type', () => {
    const tk = wallTool();
    tk.exec('tool.set', { draw: { thickness: 120, height: 3000, wallType: 'partition' } });
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 2000, y: 0 });
    const [wall] = tk.ofType('wall');
    expect(wall).toMatchObject({ thickness: 120, height: 3000, wallType: 'partition', start: { x: 0, y: 0 }, end: { x: 2000, y: 0 } });
    expect(wall).not.toHaveProperty('color');
  });

  it('paints new walls in the chosen colour, in every draw mode, until the default is chosen again', () => {
    const tk = wallTool();
    tk.exec('tool.set', { draw: { color: 'green' } });
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 2000, y: 0 }).press('Escape');
    tk.exec('tool.set', { draw: { drawMode: 'inner' } });
    tk.clickPlan({ x: 0, y: 3000 }).clickPlan({ x: 2000, y: 3000 }).clickPlan({ x: 2000, y: 5000 }).press('Escape');
    expect(tk.ofType('wall').map((w) => w.color)).toEqual(['green', 'green', 'green']);
    tk.exec('tool.set', { draw: { color: null, drawMode: 'centre' } });
    tk.clickPlan({ x: 0, y: -3000 }).clickPlan({ x: 2000, y: -3000 });
    expect(tk.ofType('wall').filter((w) => w.color === undefined)).toHaveLength(1);
    expect(expectRefused(tk, 'tool.set', { draw: { color: 'pink' } } as never).code).toBe('INVALID_ARGS');
  });

  it('shows the segment being drawn and the snap in the tool record, and never writes the document on hover', () => {
    const tk = wallTool();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.movePlan({ x: 100, y: 100 });
    expect(tk.get('tool', 'tool').preview).toMatchObject({ segment: null, snap: { point: { x: 100, y: 100 }, kind: 'none' } });
    tk.clickPlan({ x: 0, y: 0 });
    tk.movePlan({ x: 1500, y: 20 });
    const preview = tk.get('tool', 'tool').preview!;
    expect(preview.segment).toEqual({ start: { x: 0, y: 0 }, end: { x: 1500, y: 0 } });
    expect(preview.snap?.kind).toBe('orthogonal');
    expect(tk.documentJson()).toBe(before);
    expect(tk.history.undoSteps).toBe(steps);
    expect(tk.snapshot.tool.drawing).toMatchObject({ length: 1500, angle: 0 });
    tk.expectMirrorInSync();
  });

  it('does not add a wall shorter than 10 mm', () => {
    const tk = wallTool();
    tk.exec('tool.set', { draw: { snap: false } });
    tk.exec('view.setPlan', { plan: { centre: { x: 0, y: 0 }, pxPerMm: 1 } });
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 6, y: 0 });
    expect(tk.ofType('wall')).toHaveLength(0);
    tk.clickPlan({ x: 12, y: 0 });
    expect(tk.ofType('wall')).toHaveLength(1);
  });

  it('draws a wall by dragging from its start to its end', () => {
    const tk = wallTool();
    tk.dragPlan({ x: 0, y: 0 }, { x: 2500, y: 0 });
    expect(tk.ofType('wall').map(ends)).toEqual([[{ x: 0, y: 0 }, { x: 2500, y: 0 }]]);
  });
});

describe('wall tool: typed lengths', () => {
  it('Enter adds a segment of exactly the typed length along the snapped pointer direction', () => {
    const tk = wallTool();
    tk.clickPlan({ x: 0, y: 0 });
    // Slightly off the axis: the orthogonal snap takes the direction due east.
    tk.movePlan({ x: 1000, y: 37 });
    tk.type('3250');
    expect(tk.get('tool', 'tool').preview).toMatchObject({ typed: '3250', segment: { start: { x: 0, y: 0 }, end: { x: 3250, y: 0 } } });
    tk.press('Enter');
    tk.movePlan({ x: 3230, y: 900 });
    tk.type('1800.5').press('Enter');
    const walls = tk.ofType('wall');
    expect(walls.map(ends)).toEqual([
      [{ x: 0, y: 0 }, { x: 3250, y: 0 }],
      [{ x: 3250, y: 0 }, { x: 3250, y: 1800.5 }],
    ]);
    expect(tk.get('tool', 'tool').preview?.typed).toBe('');
  });

  it('keeps an off-axis direction exact in length', () => {
    const tk = wallTool();
    tk.exec('tool.set', { draw: { orthogonal: false, angle: false } });
    tk.clickPlan({ x: 0, y: 0 });
    tk.movePlan({ x: 1200, y: 700 });
    tk.type('2000').press('Enter');
    const [wall] = tk.ofType('wall');
    expect(Math.hypot(wall!.end.x - wall!.start.x, wall!.end.y - wall!.start.y)).toBeCloseTo(2000, 9);
    expect(Math.atan2(wall!.end.y, wall!.end.x)).toBeCloseTo(Math.atan2(700, 1200), 2);
  });

  it('Backspace edits the typed digits and does not delete the selection while drawing', () => {
    const tk = wallTool();
    const { id } = tk.exec('wall.add', { start: { x: 0, y: 4000 }, end: { x: 3000, y: 4000 } });
    tk.exec('selection.set', { ids: [id] });
    tk.clickPlan({ x: 0, y: 0 }).movePlan({ x: 1000, y: 0 });
    tk.type('125').press('Backspace');
    expect(tk.get('tool', 'tool').preview?.typed).toBe('12');
    tk.press('Backspace').press('Backspace').press('Backspace');
    expect(tk.get('tool', 'tool').preview?.typed).toBe('');
    expect(tk.ofType('wall')).toHaveLength(1);
    tk.type('1500').press('Enter');
    expect(tk.ofType('wall')).toHaveLength(2);
  });

  it('ignores typing when the input parameter is off', () => {
    const tk = wallTool();
    tk.exec('tool.set', { draw: { input: false } });
    tk.clickPlan({ x: 0, y: 0 }).movePlan({ x: 1000, y: 0 });
    tk.type('3000');
    expect(tk.get('tool', 'tool').preview?.typed).toBe('');
  });
});

describe('wall tool: snapping', () => {
  it('snaps to an existing wall endpoint within 10 px', () => {
    const tk = wallTool();
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    tk.exec('view.setPlan', { plan: { centre: { x: 2000, y: 1000 }, pxPerMm: 0.1 } });
    // 70 mm off = 7 px at this zoom.
    tk.movePlan({ x: 4050, y: 50 });
    expect(tk.get('tool', 'tool').preview?.snap).toEqual({ point: { x: 4000, y: 0 }, kind: 'endpoint' });
    tk.clickPlan({ x: 4050, y: 50 }).clickPlan({ x: 4000, y: 3000 });
    const drawn = tk.ofType('wall').find((w) => w.end.y === 3000)!;
    expect(drawn.start).toEqual({ x: 4000, y: 0 });
    // Joined at the end: an L corner, no gap.
    expect(tk.ofType('wall')).toHaveLength(2);
  });

  it('snaps to a wall midpoint and to a point on a wall', () => {
    const tk = wallTool();
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    tk.exec('view.setPlan', { plan: { centre: { x: 2000, y: 1000 }, pxPerMm: 0.1 } });
    tk.movePlan({ x: 2040, y: -30 });
    expect(tk.get('tool', 'tool').preview?.snap).toEqual({ point: { x: 2000, y: 0 }, kind: 'midpoint' });
    tk.movePlan({ x: 1234, y: 60 });
    expect(tk.get('tool', 'tool').preview?.snap?.kind).toBe('line');
    expect(tk.get('tool', 'tool').preview?.snap?.point.y).toBeCloseTo(0, 9);
  });

  it('with snapping off takes the pointer as it is (to whole millimetres)', () => {
    const tk = wallTool();
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    tk.exec('view.setPlan', { plan: { centre: { x: 2000, y: 1000 }, pxPerMm: 0.1 } });
    tk.exec('tool.set', { draw: { snap: false } });
    tk.movePlan({ x: 4050, y: 50 });
    expect(tk.get('tool', 'tool').preview?.snap).toEqual({ point: { x: 4050, y: 50 }, kind: 'none' });
  });

  it('snaps the direction to 15° steps', () => {
    const tk = wallTool();
    tk.exec('view.setPlan', { plan: { centre: { x: 0, y: 0 }, pxPerMm: 0.1 } });
    tk.clickPlan({ x: 0, y: 0 });
    const a = (31 * Math.PI) / 180;
    tk.movePlan({ x: 3000 * Math.cos(a), y: 3000 * Math.sin(a) });
    const snap = tk.get('tool', 'tool').preview!.snap!;
    expect(snap.kind).toBe('angle');
    expect(Math.atan2(snap.point.y, snap.point.x)).toBeCloseTo(Math.PI / 6, 9);
    expect(Math.hypot(snap.point.x, snap.point.y)).toBeCloseTo(3000, 9);
  });
});

describe('wall tool: ending the chain', () => {
  it('Esc ends the chain without adding the unfinished segment; a second Esc goes back to the select tool', () => {
    const tk = wallTool();
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 3000, y: 0 });
    tk.movePlan({ x: 3000, y: 2000 });
    tk.press('Escape');
    expect(tk.ofType('wall')).toHaveLength(1);
    expect(tk.get('tool', 'tool').tool).toBe('wall');
    expect(tk.get('tool', 'tool').preview?.segment ?? null).toBeNull();
    // A click now starts a new chain rather than continuing from (3000, 0).
    tk.clickPlan({ x: 0, y: 2000 });
    expect(tk.ofType('wall')).toHaveLength(1);
    tk.press('Escape').press('Escape');
    expect(tk.get('tool', 'tool').tool).toBe('select');
    expect(tk.get('tool', 'tool').preview).toBeNull();
    tk.expectMirrorInSync();
  });

  it('right-click ends the chain', () => {
    const tk = wallTool();
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 3000, y: 0 });
    const s = tk.toScreen({ x: 3000, y: 2000 });
    tk.pointerMove(s.x, s.y).pointerDown(s.x, s.y, { button: 2 }).pointerUp(s.x, s.y, { button: 2 });
    expect(tk.ofType('wall')).toHaveLength(1);
    tk.clickPlan({ x: 0, y: 2000 });
    expect(tk.ofType('wall')).toHaveLength(1);
  });

  it('a double click on the last point ends the chain, and so does a click back on the start of a single wall', () => {
    const tk = wallTool();
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 3000, y: 0 }).clickPlan({ x: 3000, y: 0 });
    tk.clickPlan({ x: 0, y: 2000 });
    expect(tk.ofType('wall')).toHaveLength(1);
    tk.press('Escape');
    tk.clickPlan({ x: 0, y: 3000 }).clickPlan({ x: 3000, y: 3000 }).clickPlan({ x: 0, y: 3000 });
    expect(tk.ofType('wall')).toHaveLength(2);
    expect(tk.get('tool', 'tool').preview?.segment ?? null).toBeNull();
  });

  it('Enter with nothing typed ends the chain', () => {
    const tk = wallTool();
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 3000, y: 0 }).press('Enter');
    tk.clickPlan({ x: 0, y: 2000 });
    expect(tk.ofType('wall')).toHaveLength(1);
  });
});

describe('wall tool: drawing along a face (drawMode inner / outer)', () => {
  it('inner: the clicked points are the inside faces, counter-clockwise or clockwise', () => {
    for (const order of [ROOM, [...ROOM].reverse()]) {
      const tk = wallTool();
      tk.exec('tool.set', { draw: { drawMode: 'inner' } });
      for (const corner of order) tk.clickPlan(corner);
      tk.clickPlan(order[0]!);
      expect(tk.ofType('wall')).toHaveLength(4);
      // The floor inside is exactly what was drawn.
      expect(roomAreas(tk)).toEqual([30]);
      expect(tk.ofType('room')[0]!.outline).toEqual(expect.arrayContaining(ROOM.map((p) => expect.objectContaining(p))));
      tk.expectMirrorInSync();
    }
  });

  it('outer: the clicked points are the outside faces', () => {
    const tk = wallTool();
    tk.exec('tool.set', { draw: { drawMode: 'outer' } });
    for (const corner of ROOM) tk.clickPlan(corner);
    tk.clickPlan(ROOM[0]!);
    // (6000 - 480) x (5000 - 480)
    expect(roomAreas(tk)).toEqual([24.95]);
  });

  it('offsets a face polyline to centre lines with exact corners', () => {
    const faces = [
      { x: 0, y: 0 },
      { x: 4000, y: 0 },
      { x: 4000, y: 3000 },
    ];
    expect(bodySide(faces, 'inner')).toBe(-1);
    expect(bodySide([...faces].reverse(), 'inner')).toBe(1);
    expect(centreLineOfFaces(faces, -120, false)).toEqual([
      { x: 0, y: -120 },
      { x: 4120, y: -120 },
      { x: 4120, y: 3000 },
    ]);
    expect(centreLineOfFaces([...faces, { x: 0, y: 3000 }], -120, true)).toEqual([
      { x: -120, y: -120 },
      { x: 4120, y: -120 },
      { x: 4120, y: 3120 },
      { x: -120, y: 3120 },
    ]);
  });
});

describe('wall tool: joining the walls it ends at (as plan.build)', () => {
  /** 1 px = 1 mm: the 10 px snap radius is 10 mm, so a click on a 240 wall's face does not snap to its line. */
  function closeUp(tk: TestKernel): TestKernel {
    tk.exec('view.setPlan', { plan: { centre: { x: 2000, y: 1000 }, pxPerMm: 1 } });
    return tk;
  }
  const wallEnds = (tk: TestKernel) =>
    tk
      .ofType('wall')
      .map((w) => [w.start, w.end])
      .sort((a, b) => a[0]!.x - b[0]!.x || a[0]!.y - b[0]!.y);

  it('a wall ended on the face of another goes on to its centre line: a T, one undo step', () => {
    const tk = closeUp(wallTool());
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    const steps = tk.history.undoSteps;
    tk.clickPlan({ x: 2000, y: 1500 }).movePlan({ x: 2000, y: 120 });
    // The marker is at the pointer; the segment shows the wall a click adds.
    expect(tk.get('tool', 'tool').preview).toMatchObject({ snap: { point: { x: 2000, y: 120 }, kind: 'orthogonal' }, segment: { start: { x: 2000, y: 1500 }, end: { x: 2000, y: 0 } } });
    tk.clickPlan({ x: 2000, y: 120 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(wallEnds(tk)).toEqual([
      [{ x: 0, y: 0 }, { x: 2000, y: 0 }],
      [{ x: 2000, y: 0 }, { x: 4000, y: 0 }],
      [{ x: 2000, y: 1500 }, { x: 2000, y: 0 }],
    ]);
    // The chain goes on from the joined point.
    tk.movePlan({ x: 3000, y: 0 });
    expect(tk.get('tool', 'tool').preview?.segment?.start).toEqual({ x: 2000, y: 0 });
    tk.expectMirrorInSync();
  });

  it('also with snapping off, and from the far face (trimmed back to the centre line)', () => {
    const tk = closeUp(wallTool());
    tk.exec('tool.set', { draw: { snap: false } });
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    tk.clickPlan({ x: 1000, y: 1500 }).clickPlan({ x: 1000, y: -120 });
    expect(tk.ofType('wall').filter((w) => w.start.x === 1000 && w.start.y === 1500).map((w) => w.end)).toEqual([{ x: 1000, y: 0 }]);
  });

  it('a wall started on the face at another wall\'s loose end makes an L: that end comes to the corner, one undo step', () => {
    const tk = closeUp(wallTool());
    tk.exec('wall.add', { id: 'old', start: { x: 0, y: 0 }, end: { x: 3880, y: 0 } });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.clickPlan({ x: 4000, y: -120 }).clickPlan({ x: 4000, y: 2000 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(wallEnds(tk)).toEqual([
      [{ x: 0, y: 0 }, { x: 4000, y: 0 }],
      [{ x: 4000, y: 0 }, { x: 4000, y: 2000 }],
    ]);
    tk.press('Escape');
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });

  it('closing a room near its first point (on the first wall\'s face) closes it: one room of 27.42 m²', () => {
    const tk = closeUp(wallTool());
    tk.exec('tool.set', { draw: { snap: false } });
    tk.clickPlan({ x: 0, y: 0 }).clickPlan({ x: 6000, y: 0 }).clickPlan({ x: 6000, y: 5000 }).clickPlan({ x: 0, y: 5000 });
    // Ends 120 short of the first wall's line: on its inner face, x on the first point's line.
    tk.clickPlan({ x: 0, y: 120 });
    expect(tk.ofType('wall')).toHaveLength(4);
    expect(roomAreas(tk)).toEqual([27.42]);
    // The chain has ended.
    expect(tk.get('tool', 'tool').preview?.segment ?? null).toBeNull();
  });

  it('does not join a typed length (exact)', () => {
    const tk = closeUp(wallTool());
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    tk.clickPlan({ x: 2000, y: 1500 }).movePlan({ x: 2000, y: 500 });
    tk.type('1380').press('Enter');
    expect(wallEnds(tk)[1]).toEqual([{ x: 2000, y: 1500 }, { x: 2000, y: 120 }]);
  });

  it('leaves an end beyond the reach (both half thicknesses) loose', () => {
    const tk = closeUp(wallTool());
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 4000, y: 0 } });
    tk.clickPlan({ x: 2000, y: 1500 }).clickPlan({ x: 2000, y: 242 });
    expect(wallEnds(tk)).toEqual([
      [{ x: 0, y: 0 }, { x: 4000, y: 0 }],
      [{ x: 2000, y: 1500 }, { x: 2000, y: 242 }],
    ]);
  });
});

describe('wall tool: joining in the face modes (inner / outer)', () => {
  function faceTool(drawMode: 'inner' | 'outer'): TestKernel {
    const tk = wallTool();
    tk.exec('view.setPlan', { plan: { centre: { x: 2500, y: 2000 }, pxPerMm: 0.5 } });
    tk.exec('tool.set', { draw: { drawMode, snap: false } });
    return tk;
  }
  const endsAt = (tk: TestKernel, p: Vec2) => tk.ofType('wall').filter((w) => (w.start.x === p.x && w.start.y === p.y) || (w.end.x === p.x && w.end.y === p.y)).length;

  it('inner: a room drawn from one face of a wall round to it again joins it at both ends (T), after the first turn moved the walls over', () => {
    const tk = faceTool('inner');
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 6000, y: 0 } });
    const steps = tk.history.undoSteps;
    // The inside faces of three walls north of the wall, from its north face (y = 120) back to it;
    // the chain turns right (clockwise), so the bodies lie west, north and east of the faces.
    tk.clickPlan({ x: 1000, y: 120 }).clickPlan({ x: 1000, y: 4000 }).clickPlan({ x: 5000, y: 4000 }).clickPlan({ x: 5000, y: 120 });
    tk.press('Escape');
    expect(tk.history.undoSteps).toBe(steps + 3);
    // Centre lines 120 outside the faces, their loose ends on the wall's centre line.
    const drawn = tk.ofType('wall').filter((w) => w.start.y > 0 || w.end.y > 0);
    expect(drawn.map((w) => [w.start, w.end])).toEqual([
      [{ x: 880, y: 0 }, { x: 880, y: 4120 }],
      [{ x: 880, y: 4120 }, { x: 5120, y: 4120 }],
      [{ x: 5120, y: 4120 }, { x: 5120, y: 0 }],
    ]);
    expect(endsAt(tk, { x: 880, y: 0 })).toBe(3);
    expect(endsAt(tk, { x: 5120, y: 0 })).toBe(3);
    // The floor is exactly the faces drawn: 4000 x 3880.
    expect(roomAreas(tk)).toEqual([15.52]);
    tk.expectMirrorInSync();
  });

  it('outer: the outside faces drawn from a wall\'s face join it (T); 3640 x 2520 inside', () => {
    const tk = faceTool('outer');
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 0, y: 5000 } });
    tk.clickPlan({ x: 120, y: 1000 }).clickPlan({ x: 4000, y: 1000 }).clickPlan({ x: 4000, y: 4000 }).clickPlan({ x: 120, y: 4000 });
    tk.press('Escape');
    expect(endsAt(tk, { x: 0, y: 1120 })).toBe(3);
    expect(endsAt(tk, { x: 0, y: 3880 })).toBe(3);
    // x from the wall's face (120) to 3760, y from 1240 to 3760.
    expect(roomAreas(tk)).toEqual([9.17]);
  });

  it('inner: an end at another wall\'s loose end makes an L in the same undo step; undo puts it back', () => {
    const tk = faceTool('inner');
    tk.exec('wall.add', { id: 'old', start: { x: 0, y: 0 }, end: { x: 3880, y: 0 } });
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    // The inside face of a wall going north from the old wall's end, on its north face: 120 short
    // of the corner on the old wall's line, which comes on by 120 to meet it.
    tk.clickPlan({ x: 3880, y: 120 }).clickPlan({ x: 3880, y: 3000 });
    expect(tk.history.undoSteps).toBe(steps + 1);
    expect(tk.get('old', 'wall').end).toEqual({ x: 4000, y: 0 });
    expect(tk.ofType('wall').find((w) => w.id !== 'old')).toMatchObject({ start: { x: 4000, y: 0 }, end: { x: 4000, y: 3000 } });
    tk.press('Escape');
    tk.undo();
    expect(tk.documentJson()).toBe(before);
  });

  it('leaves ends beyond the reach loose', () => {
    const tk = faceTool('inner');
    tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 6000, y: 0 } });
    // 242 mm from the centre line: beyond 120 + 120 + 1 (going south, counter-clockwise assumed:
    // the body lies west of the face).
    tk.clickPlan({ x: 1000, y: 4000 }).clickPlan({ x: 1000, y: 242 });
    expect(tk.ofType('wall').find((w) => w.start.y === 4000)).toMatchObject({ end: { x: 880, y: 242 } });
    expect(tk.ofType('room')).toEqual([]);
  });
});
