import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../protocol/records';
import { signedArea } from '../../../kernel-worker/geometry/polygon';
import { TestKernel } from '../test-kernel';

// Rooms are the faces of the wall graph: every wall change reconciles its storey (walls split at
// crossings, rooms re-detected and matched to the old ones by shared floor) in the same command.

const p = (x: number, y: number): Vec2 => ({ x, y });

/** A storey and a closed loop of walls drawn one wall.add at a time (240 thick by default). */
function drawLoop(corners: readonly Vec2[], tk = new TestKernel()) {
  const { id: storeyId } = tk.exec('storey.add', {});
  const wallIds = corners.map((start, i) => tk.exec('wall.add', { start, end: corners[(i + 1) % corners.length]! }).id);
  return { tk, storeyId, wallIds };
}

/** 6000 x 5000 on the wall centre lines: walls south, east, north, west. */
const FLAT = [p(0, 0), p(6000, 0), p(6000, 5000), p(0, 5000)];

const areas = (tk: TestKernel) =>
  Object.values(tk.snapshot.rooms)
    .map((r) => r.area)
    .sort((a, b) => a - b);

describe('rooms from walls', () => {
  it('makes exactly one room of 27.42 m² from a closed loop of four walls, on the inner faces', () => {
    const { tk, storeyId, wallIds } = drawLoop(FLAT);
    // Three walls enclose nothing yet.
    const rooms = tk.ofType('room');
    expect(rooms).toHaveLength(1);
    const room = rooms[0]!;
    expect(room).toMatchObject({ storeyId, name: '', roomType: 0, height: 2800 });
    expect(room.outline).toEqual([p(120, 120), p(5880, 120), p(5880, 4880), p(120, 4880)]);
    expect(tk.snapshot.rooms[room.id]).toMatchObject({ area: 27.42, groundArea: 27.42 });
    expect(tk.ofType('wall').map((w) => w.id)).toEqual([...wallIds].sort());
    expect(tk.snapshot.planClosed).toBe(true);
    tk.expectMirrorInSync();
  });

  it('has no room until the loop closes, and each wall is one undo step', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    FLAT.slice(0, 3).forEach((start, i) => tk.exec('wall.add', { start, end: FLAT[i + 1]! }));
    expect(tk.ofType('room')).toEqual([]);
    expect(tk.snapshot.planClosed).toBe(false);
    const before = tk.documentJson();
    tk.exec('wall.add', { start: FLAT[3]!, end: FLAT[0]! });
    expect(tk.ofType('room')).toHaveLength(1);
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    expect(tk.snapshot.planClosed).toBe(false);
    tk.expectMirrorInSync();
  });

  it('splits walls at a crossing and the room into two that both keep its type and name', () => {
    const { tk, wallIds } = drawLoop(FLAT);
    const [roomId] = tk.ofType('room').map((r) => r.id);
    tk.exec('room.update', { id: roomId!, roomType: 2, name: '主卧' });
    // Runs across the south and north walls, 500 past each.
    tk.exec('wall.add', { id: 'cross', start: p(3000, -500), end: p(3000, 5500) });
    const walls = tk.ofType('wall');
    // south, north and the new wall are split (2 + 2 + 3 pieces), east and west are whole.
    expect(walls).toHaveLength(9);
    const south = tk.get(wallIds[0]!, 'wall');
    expect(south).toMatchObject({ start: p(0, 0), end: p(3000, 0) });
    expect(walls.some((w) => w.start.x === 3000 && w.start.y === 0 && w.end.x === 6000 && w.end.y === 0)).toBe(true);
    expect(tk.get('cross', 'wall')).toMatchObject({ start: p(3000, -500), end: p(3000, 0) });
    for (const w of walls) expect(w).toMatchObject({ thickness: 240, height: 2800, wallType: 'normal' });

    const rooms = tk.ofType('room');
    expect(rooms).toHaveLength(2);
    // 2760 x 4760 each; the larger overlap keeps the id (ties go to the first face).
    expect(areas(tk)).toEqual([13.14, 13.14]);
    expect(rooms.map((r) => r.id)).toContain(roomId);
    for (const r of rooms) expect(r).toMatchObject({ roomType: 2, name: '主卧' });
    expect(tk.snapshot.meta.roomType).toBe(100);
    tk.expectMirrorInSync();
  });

  it('splits the wall a T junction meets, and a wall from side to side makes two rooms', () => {
    const { tk, wallIds } = drawLoop(FLAT);
    tk.exec('wall.add', { id: 'partition', start: p(4000, 0), end: p(4000, 5000), thickness: 120 });
    expect(tk.get(wallIds[0]!, 'wall')).toMatchObject({ start: p(0, 0), end: p(4000, 0) });
    expect(tk.get(wallIds[2]!, 'wall')).toMatchObject({ start: p(6000, 5000), end: p(4000, 5000) });
    expect(tk.get('partition', 'wall')).toMatchObject({ start: p(4000, 0), end: p(4000, 5000) });
    expect(tk.ofType('wall')).toHaveLength(7);
    // West room 120..3940 x 120..4880, east room 4060..5880.
    expect(areas(tk)).toEqual([8.66, 18.18]);
    tk.expectMirrorInSync();
  });

  it('keeps the room for a dangling wall (T from one side) and a free-standing one, less their footprints', () => {
    const { tk, wallIds } = drawLoop(FLAT);
    const [before] = tk.ofType('room');
    tk.exec('wall.add', { start: p(3000, 0), end: p(3000, 2500) });
    // The south wall is split at the T; the outline goes round the dangling wall.
    expect(tk.get(wallIds[0]!, 'wall').end).toEqual(p(3000, 0));
    expect(Math.abs(signedArea(tk.get(before!.id, 'room').outline))).toBe(5760 * 4760 - 240 * 2380);
    // The free-standing wall is a hole, cut in by a keyhole.
    tk.exec('wall.add', { start: p(1000, 3500), end: p(2000, 3500) });
    const [after] = tk.ofType('room');
    expect(tk.ofType('room')).toHaveLength(1);
    expect(after).toMatchObject({ id: before!.id, name: before!.name, roomType: before!.roomType });
    expect(Math.abs(signedArea(after!.outline))).toBeCloseTo(5760 * 4760 - 240 * 2380 - 240 * 1000, 6);
    expect(areas(tk)).toEqual([26.61]);
    tk.expectMirrorInSync();
  });

  it('cuts an island of walls out of the room around it as a keyhole outline, and makes it a room too', () => {
    const { tk } = drawLoop(FLAT);
    const [outerId] = tk.ofType('room').map((r) => r.id);
    // A closed box inside: 1000 x 1000 on the centre lines, so its footprint is 1240 x 1240.
    for (const [a, b] of [
      [p(2000, 2000), p(3000, 2000)],
      [p(3000, 2000), p(3000, 3000)],
      [p(3000, 3000), p(2000, 3000)],
      [p(2000, 3000), p(2000, 2000)],
    ] as const) {
      tk.exec('wall.add', { start: a, end: b });
    }
    const outer = tk.get(outerId!, 'room');
    // Outline and hole joined by a zero-width cut: more points than the rectangle, shoelace = outer minus island.
    expect(outer.outline.length).toBeGreaterThan(8);
    expect(Math.abs(signedArea(outer.outline)) / 1e6).toBeCloseTo(27.4176 - 1.5376, 6);
    expect(tk.snapshot.rooms[outerId!]!.area).toBe(25.88);
    expect(areas(tk)).toEqual([0.58, 25.88]);
    tk.expectMirrorInSync();
  });

  it('gives a collinear overlap to the older wall: the new one keeps only what sticks out', () => {
    const { tk, wallIds } = drawLoop(FLAT);
    const south = tk.get(wallIds[0]!, 'wall');
    const { id } = tk.exec('wall.add', { start: p(3000, 0), end: p(8000, 0) });
    expect(tk.get(id, 'wall')).toMatchObject({ start: p(6000, 0), end: p(8000, 0) });
    // The older wall is not left cut where the overlap began.
    expect(tk.get(wallIds[0]!, 'wall')).toEqual(south);
    expect(tk.ofType('wall')).toHaveLength(5);
    expect(areas(tk)).toEqual([27.42]);
    // A door on the older wall across where the overlap began stays where it is.
    tk.exec('opening.add', { id: 'door', wallId: wallIds[2]!, kind: 1, offset: 3000 });
    tk.exec('wall.add', { start: p(3000, 5000), end: p(-2000, 5000) });
    expect(tk.get('door', 'opening')).toMatchObject({ wallId: wallIds[2], offset: 3000 });
    // A wall lying wholly on another is refused, not silently dropped.
    const e = tk.fails('wall.add', { start: p(1000, 0), end: p(2000, 0) });
    expect(e.detail).toBe('the wall from (1000, 0) to (2000, 0) lies entirely on an existing wall');
  });

  it('snaps an end within a millimetre onto the corner it meant', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    FLAT.slice(0, 3).forEach((start, i) => tk.exec('wall.add', { start, end: FLAT[i + 1]! }));
    const { id } = tk.exec('wall.add', { start: p(0, 5000), end: p(0.4, -0.3) });
    expect(tk.get(id, 'wall').end).toEqual(p(0, 0));
    expect(areas(tk)).toEqual([27.42]);
  });

  it('keeps the room (id, name, type, ceiling) when a wall moves, and removing a wall removes it', () => {
    const { tk, wallIds } = drawLoop(FLAT);
    const [roomId] = tk.ofType('room').map((r) => r.id);
    tk.exec('room.update', { id: roomId!, roomType: 7, name: '厨房' });
    tk.exec('ceiling.add', { roomId: roomId! });
    tk.exec('wall.update', { id: wallIds[1]!, start: p(7000, 0), end: p(7000, 5000) });
    // The east wall left its corners: nothing closes the loop now.
    expect(tk.ofType('room')).toEqual([]);
    expect(tk.ofType('ceiling')).toEqual([]);
    tk.undo();
    expect(tk.get(roomId!, 'room')).toMatchObject({ roomType: 7, name: '厨房' });
    tk.exec('wall.move', { id: wallIds[1]!, by: p(1000, 0) });
    expect(tk.get(roomId!, 'room')).toMatchObject({ roomType: 7, name: '厨房' });
    expect(tk.snapshot.rooms[roomId!]!.area).toBe(32.18);
    expect(tk.ofType('ceiling')).toHaveLength(1);
    tk.exec('wall.remove', { id: wallIds[3]! });
    expect(tk.ofType('room')).toEqual([]);
    expect(tk.ofType('ceiling')).toEqual([]);
    tk.expectMirrorInSync();
  });

  it('sets the scene roomType: the one room type, 100 with several, 0 with none', () => {
    const { tk, wallIds } = drawLoop(FLAT);
    const [roomId] = tk.ofType('room').map((r) => r.id);
    expect(tk.snapshot.meta.roomType).toBe(0);
    tk.exec('room.update', { id: roomId!, roomType: 3 });
    expect(tk.snapshot.meta.roomType).toBe(3);
    tk.exec('wall.add', { start: p(3000, 0), end: p(3000, 5000) });
    expect(tk.snapshot.meta.roomType).toBe(100);
    tk.exec('records.remove', { ids: [wallIds[3]!] });
    expect(tk.ofType('room')).toHaveLength(1);
    expect(tk.snapshot.meta.roomType).toBe(3);
    tk.exec('records.remove', { ids: [wallIds[1]!] });
    expect(tk.snapshot.meta.roomType).toBe(0);
    tk.expectMirrorInSync();
  });

  it('rebuilds the default room through the walls with its old results', () => {
    const tk = new TestKernel();
    const { roomId } = tk.exec('scene.createDefaultRoom', {});
    expect(tk.get(roomId, 'room').outline).toEqual([p(120, 120), p(5880, 120), p(5880, 4880), p(120, 4880)]);
    tk.exec('room.update', { id: roomId, roomType: 1 });
    const again = tk.exec('scene.createDefaultRoom', { width: 4000, depth: 3000 });
    expect(again.roomId).toBe(roomId);
    expect(tk.get(roomId, 'room')).toMatchObject({ roomType: 1 });
    expect(tk.snapshot.rooms[roomId]!.area).toBe(10.38);
    expect(tk.ofType('room')).toHaveLength(1);
  });
});
