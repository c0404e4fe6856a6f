import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../protocol/records';
import type { SelectedDetail } from '../../protocol/snapshot';
import { drawPlan } from '../../kernel-worker/render/plan-drawing';
import { fileKernel } from './persistence-kit';
import { expectOneUndoStep, expectRefused, TestKernel } from './test-kernel';

// Floor openings (stairwells, voids): the record and its commands, refusals, undo, room areas net
// of them, plan.build, files. The room: walls 240 thick on a 5240 x 4240 centre-line rectangle,
// so the floor inside is exactly 5000 x 4000 (120..5120, 120..4120) = 20 m².

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

function fiveByFour(tk = new TestKernel()) {
  const { id: storeyId } = tk.exec('storey.add', {});
  const c = rect(0, 0, 5240, 4240);
  const built = tk.exec('plan.build', { storeyId, walls: c.map((start, i) => ({ start, end: c[(i + 1) % 4]!, thickness: 240 })) });
  expect(built.roomIds).toHaveLength(1);
  return { tk, storeyId, roomId: built.roomIds[0]! };
}

const roomArea = (tk: TestKernel, roomId: string) => tk.snapshot.rooms[roomId]!.area;

describe('floor openings', () => {
  it('a 1 x 2 m stairwell in a 5 x 4 m room leaves 18 m² (the room list, the properties, the saved room info)', () => {
    const { tk, roomId, storeyId } = fiveByFour();
    expect(roomArea(tk, roomId)).toBe(20);
    const { id } = tk.exec('floorOpening.add', { storeyId, outline: rect(1000, 1000, 2000, 3000), kind: 'stair', name: '楼梯' });
    expect(tk.get(id, 'floorOpening')).toMatchObject({ storeyId, kind: 'stair', name: '楼梯' });
    expect(tk.snapshot.rooms[roomId]).toMatchObject({ area: 18, groundArea: 18 });
    tk.expectMirrorInSync();
    tk.exec('selection.set', { ids: [roomId] });
    expect(tk.snapshot.selected).toMatchObject({ kind: 'room', area: 18 });
    // Moving it half out through the east wall (x 4620..5620 of a floor ending at 5120): 0.5 x 2 m inside.
    tk.exec('floorOpening.update', { id, outline: rect(4620, 1000, 5620, 3000) });
    expect(roomArea(tk, roomId)).toBe(19);
    expect(tk.snapshot.selected).toMatchObject({ kind: 'room', area: 19 });
    tk.expectMirrorInSync();
    // Removed: the whole floor again.
    tk.exec('floorOpening.remove', { id });
    expect(roomArea(tk, roomId)).toBe(20);
    tk.expectMirrorInSync();
  });

  it('an opening straddling a wall takes only the part inside the room; one on another storey takes nothing', () => {
    const { tk, roomId, storeyId } = fiveByFour();
    // Across the south wall (y 0..120 is wall, inner face at 120): -500..500 in y, 1.5 m wide, only 380 mm inside.
    tk.exec('floorOpening.add', { storeyId, outline: rect(1000, -500, 2500, 500), kind: 'void' });
    // 20 - 1.5 x 0.38 = 19.43
    expect(roomArea(tk, roomId)).toBe(19.43);
    const { id: upper } = tk.exec('storey.add', {});
    tk.exec('floorOpening.add', { storeyId: upper, outline: rect(3000, 1000, 4000, 2000) });
    expect(roomArea(tk, roomId)).toBe(19.43);
    tk.expectMirrorInSync();
  });

  it('an L-shaped opening in a room with a concave outline: exact net area', () => {
    const { tk, roomId, storeyId } = fiveByFour();
    const l = [
      { x: 1000, y: 1000 },
      { x: 3000, y: 1000 },
      { x: 3000, y: 2000 },
      { x: 2000, y: 2000 },
      { x: 2000, y: 3000 },
      { x: 1000, y: 3000 },
    ];
    // Given clockwise: stored counter-clockwise.
    const { id } = tk.exec('floorOpening.add', { storeyId, outline: [...l].reverse() });
    expect(tk.get(id, 'floorOpening').outline).toEqual(l);
    expect(roomArea(tk, roomId)).toBe(17);
  });

  it('each add, update (move, reshape, kind, name) and remove is one undo step', () => {
    const { tk, storeyId, roomId } = fiveByFour();
    let id = '';
    expectOneUndoStep(tk, () => (id = tk.exec('floorOpening.add', { storeyId, outline: rect(1000, 1000, 2000, 3000) }).id));
    expect(tk.get(id, 'floorOpening').kind).toBe('stair');
    expectOneUndoStep(tk, () => tk.exec('floorOpening.update', { id, outline: rect(1500, 1000, 2500, 3000) }));
    expectOneUndoStep(tk, () => tk.exec('floorOpening.update', { id, outline: rect(1500, 1000, 3500, 3000) }));
    expect(roomArea(tk, roomId)).toBe(16);
    expectOneUndoStep(tk, () => tk.exec('floorOpening.update', { id, kind: 'void', name: '中庭' }));
    expect(tk.get(id, 'floorOpening')).toMatchObject({ kind: 'void', name: '中庭' });
    expectOneUndoStep(tk, () => tk.exec('floorOpening.remove', { id }));
    expect(roomArea(tk, roomId)).toBe(20);
    tk.undo();
    expect(roomArea(tk, roomId)).toBe(16);
    tk.expectMirrorInSync();
    // The storey's removal takes its openings.
    tk.exec('storey.remove', { id: storeyId });
    expect(tk.ofType('floorOpening')).toEqual([]);
  });

  it('refuses bad outlines with a reason and changes nothing', () => {
    const { tk, storeyId } = fiveByFour();
    const bowtie = [
      { x: 0, y: 0 },
      { x: 1000, y: 1000 },
      { x: 1000, y: 0 },
      { x: 0, y: 1000 },
    ];
    expect(expectRefused(tk, 'floorOpening.add', { storeyId, outline: bowtie }).reason).toBe('FLOOR_OPENING_OUTLINE');
    const line = [
      { x: 0, y: 0 },
      { x: 1000, y: 0 },
      { x: 2000, y: 0 },
    ];
    expect(expectRefused(tk, 'floorOpening.add', { storeyId, outline: line }).reason).toBe('FLOOR_OPENING_OUTLINE');
    const repeated = [{ x: 0, y: 0 }, { x: 0, y: 0 }, ...rect(0, 0, 1000, 1000).slice(1)];
    expect(expectRefused(tk, 'floorOpening.add', { storeyId, outline: repeated }).reason).toBe('FLOOR_OPENING_OUTLINE');
    expect(expectRefused(tk, 'floorOpening.add', { storeyId, outline: rect(0, 0, 1000, 99) }).reason).toBe('FLOOR_OPENING_TOO_SMALL');
    // Two points: the args' shape.
    expect(expectRefused(tk, 'floorOpening.add', { storeyId, outline: rect(0, 0, 1000, 1000).slice(0, 2) }).code).toBe('INVALID_ARGS');
    const { id } = tk.exec('floorOpening.add', { storeyId, outline: rect(1000, 1000, 2000, 3000) });
    expect(expectRefused(tk, 'floorOpening.add', { storeyId, outline: rect(1500, 2500, 2500, 3500) }).reason).toBe('FLOOR_OPENING_OVERLAP');
    // Edge to edge is no overlap.
    const { id: beside } = tk.exec('floorOpening.add', { storeyId, outline: rect(2000, 1000, 3000, 2000) });
    expect(expectRefused(tk, 'floorOpening.update', { id: beside, outline: rect(1900, 1000, 3000, 2000) }).reason).toBe('FLOOR_OPENING_OVERLAP');
    expect(expectRefused(tk, 'floorOpening.update', { id, outline: bowtie }).reason).toBe('FLOOR_OPENING_OUTLINE');
    expect(expectRefused(tk, 'floorOpening.update', { id, outline: rect(0, 0, 50, 2000) }).reason).toBe('FLOOR_OPENING_TOO_SMALL');
    expect(expectRefused(tk, 'floorOpening.update', { id, kind: 'hole' as never }).code).toBe('INVALID_ARGS');
  });

  it('a selected opening shows its kind, name and size', () => {
    const { tk, storeyId, roomId } = fiveByFour();
    const { id } = tk.exec('floorOpening.add', { storeyId, outline: rect(1000, 1000, 2200, 3000), kind: 'void', name: '中庭' });
    tk.exec('selection.set', { ids: [id] });
    const selected = tk.snapshot.selected as Extract<SelectedDetail, { kind: 'floorOpening' }>;
    expect(selected).toMatchObject({ kind: 'floorOpening', id, openingKind: 'void', name: '中庭', width: 1200, depth: 2000, area: 2.4 });
    // Its current room is the room round it.
    expect(tk.snapshot.currentRoom?.id).toBe(roomId);
  });

  it('plan.build takes floor openings in its one step; a refused one fails the build', () => {
    const tk = new TestKernel();
    const { id: storeyId } = tk.exec('storey.add', {});
    const c = rect(0, 0, 5240, 4240);
    const walls = c.map((start, i) => ({ start, end: c[(i + 1) % 4]!, thickness: 240 }));
    let result: { roomIds: string[]; floorOpeningIds: string[] } = { roomIds: [], floorOpeningIds: [] };
    expectOneUndoStep(tk, () => (result = tk.exec('plan.build', { storeyId, walls, floorOpenings: [{ id: 'stair-1', outline: rect(1000, 1000, 2000, 3000), kind: 'stair' }] })));
    expect(result.floorOpeningIds).toEqual(['stair-1']);
    expect(roomArea(tk, result.roomIds[0]!)).toBe(18);
    const error = expectRefused(tk, 'plan.build', { storeyId, walls: [], floorOpenings: [{ outline: rect(1500, 1000, 2500, 3000), kind: 'void' }] });
    expect(error.reason).toBe('FLOOR_OPENING_OVERLAP');
    expect(error.detail).toContain('floorOpenings[0]');
  });

  it('saves and loads; the v1 fixture scene loads', () => {
    const { tk, storeyId } = fiveByFour();
    tk.exec('floorOpening.add', { storeyId, outline: rect(1000, 1000, 2000, 3000), kind: 'void', name: '中庭' });
    const k = fileKernel();
    k.files.load(JSON.stringify({ format: 'yfang-scene', schema: { meta: 2, storey: 1, wall: 2, room: 1, floorOpening: 1 }, meta: { name: '' }, records: tk.document() }));
    expect(k.kernel.records.ofType('floorOpening')).toEqual(tk.ofType('floorOpening'));

    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/scenes/current');
    const text = fs.readFileSync(path.join(dir, 'floorOpening-v1.json'), 'utf8');
    expect(JSON.parse(text).schema.floorOpening).toBe(1);
    const f = fileKernel();
    f.files.load(text);
    expect(f.kernel.records.ofType('floorOpening').map((o) => [o.id, o.storeyId, o.kind, o.name ?? null, o.outline.length])).toEqual([
      ['atrium', 'storey-2', 'void', null, 3],
      ['stairwell', 'storey-2', 'stair', '主楼梯', 4],
    ]);
  });

  it('is drawn on the plan: filled outline, a void crossed, a stair with treads and an arrow; the room label says the net area', () => {
    const { tk, storeyId } = fiveByFour();
    const { id: stair } = tk.exec('floorOpening.add', { storeyId, outline: rect(1000, 1000, 3800, 2000), kind: 'stair' });
    const { id: hole } = tk.exec('floorOpening.add', { storeyId, outline: rect(4000, 2000, 5000, 3000), kind: 'void' });
    const d = drawPlan(tk.kernel.records, { pxPerMm: 0.1 });
    const segments = (id: string) => d.lines.filter((l) => l.role === 'floorOpening' && l.id === id).flatMap((l) => l.segments);
    expect(d.fills.filter((f) => f.role === 'floorOpening').map((f) => f.id)).toEqual([stair, hole]);
    // The void: its 4 edges and the 2 diagonals (corner to corner).
    const voidSegs = segments(hole);
    expect(voidSegs).toHaveLength(12);
    expect(voidSegs.slice(8)).toEqual([{ x: 4000, y: 2000 }, { x: 5000, y: 3000 }, { x: 4000, y: 3000 }, { x: 5000, y: 2000 }]);
    // The stair runs along its 2800 mm side: 10 treads of 280 (9 lines across), the run line, the arrow head.
    const stairSegs = segments(stair);
    const across = [];
    for (let i = 8; i < stairSegs.length; i += 2) if (stairSegs[i]!.x === stairSegs[i + 1]!.x) across.push(stairSegs[i]!.x);
    expect(across).toEqual([1280, 1560, 1840, 2120, 2400, 2680, 2960, 3240, 3520]);
    expect(stairSegs.length).toBe(8 + 9 * 2 + 2 + 4);
    // 20 - 2.8 - 1 = 16.2
    expect(d.texts.find((t) => t.role === 'room-area')!.text).toBe('16.20 m²');
    // Selected: corner handles.
    tk.exec('selection.set', { ids: [hole] });
    const selected = drawPlan(tk.kernel.records, { pxPerMm: 0.1 });
    expect(selected.fills.filter((f) => f.role === 'floorOpening' && f.id === hole && f.state === 'selected').length).toBe(1 + 4 + 4);
  });
});
