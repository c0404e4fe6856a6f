import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from '../test-kernel';

describe('wall commands', () => {
  it('adds a wall on the current storey with the default thickness and the storey height', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', { layerHeight: 3000 });
    const upper = tk.exec('storey.add', {});
    const { id } = tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 3000, y: 0 } });
    expect(tk.get(id, 'wall')).toEqual({
      id,
      type: 'wall',
      storeyId: 'storey-1',
      start: { x: 0, y: 0 },
      end: { x: 3000, y: 0 },
      thickness: 240,
      height: 3000,
      wallType: 'normal',
    });
    const other = tk.exec('wall.add', { storeyId: upper.id, start: { x: 0, y: 0 }, end: { x: 0, y: 10 }, wallType: 'partition', thickness: 120 });
    expect(tk.get(other.id, 'wall')).toMatchObject({ storeyId: upper.id, thickness: 120, wallType: 'partition' });
  });

  it('needs a storey, a length and sane numbers', () => {
    const tk = new TestKernel();
    const noStorey = expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 1, y: 0 } });
    expect(noStorey).toMatchObject({ code: 'COMMAND_FAILED', detail: 'the scene has no storey: add one first (storey.add)' });
    tk.exec('storey.add', {});
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 0.5, y: 0 } }).detail).toMatch(
      /end: must be at least 1 mm away from start$/,
    );
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: Number.NaN }, end: { x: 1, y: 0 } }).detail).toBe(
      'start.y: must be a finite number >= -1000000 and <= 1000000, got NaN',
    );
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 9, y: 0 }, storeyId: 'x' }).detail).toBe(
      'no storey with id "x"',
    );
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 9, y: 0 }, wallType: 'glass' as never }).code).toBe(
      'INVALID_ARGS',
    );
  });

  it('updates a wall undoably, but not so that its openings stick out', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[0]!;
    expectOneUndoStep(tk, () => tk.exec('wall.update', { id: wallId, thickness: 120, wallType: 'loadBearing' }));
    tk.exec('opening.add', { wallId, kind: 1, offset: 3000, width: 900 });
    const shortened = expectRefused(tk, 'wall.update', { id: wallId, end: { x: 3000, y: 0 } });
    expect(shortened.detail).toMatch(/spans 2550\.\.3450 along wall .*, which is 3000 long/);
    expect(expectRefused(tk, 'wall.update', { id: 'nope' }).detail).toBe('no wall with id "nope"');
    expect(expectRefused(tk, 'wall.update', { id: wallId, type: 'room' } as never).detail).toMatch(/^type: is not a known field/);
  });

  it('paints a wall in one of the named colours and takes it back to the default with null', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[0]!;
    expectOneUndoStep(tk, () => tk.exec('wall.update', { id: wallId, color: 'beige' }));
    expect(tk.get(wallId, 'wall').color).toBe('beige');
    tk.exec('selection.set', { ids: [wallId] });
    expect(tk.snapshot.selected).toMatchObject({ kind: 'wall', color: 'beige' });
    // Other fields leave the colour alone; null removes the field (the saved file has no trace of it).
    tk.exec('wall.update', { id: wallId, thickness: 200 });
    expect(tk.get(wallId, 'wall').color).toBe('beige');
    tk.exec('wall.update', { id: wallId, color: null });
    expect(tk.get(wallId, 'wall')).not.toHaveProperty('color');
    expect(tk.snapshot.selected).toMatchObject({ kind: 'wall', color: null });
    for (const color of ['pink', '#ff0000', '', 3]) {
      expect(expectRefused(tk, 'wall.update', { id: wallId, color } as never).detail).toMatch(/^color: must be one of "white"/);
    }
    const added = tk.exec('wall.add', { start: { x: 0, y: 9000 }, end: { x: 3000, y: 9000 }, color: 'black' });
    expect(tk.get(added.id, 'wall').color).toBe('black');
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 9, y: 0 }, color: null } as never).code).toBe('INVALID_ARGS');
  });

  it('keeps the colour on both pieces when a wall is split, by hand or by a crossing', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[0]!;
    tk.exec('wall.update', { id: wallId, color: 'orange' });
    const { ids } = tk.exec('wall.split', { id: wallId, at: 1000 });
    for (const id of ids) expect(tk.get(id, 'wall').color).toBe('orange');
    const before = new Set(tk.ofType('wall').map((w) => w.id));
    const start = tk.get(ids[1], 'wall').start;
    tk.exec('wall.add', { start: { x: start.x + 1000, y: start.y - 2000 }, end: { x: start.x + 1000, y: start.y + 2000 } });
    const fresh = tk.ofType('wall').filter((w) => !before.has(w.id) && w.color === 'orange');
    expect(fresh.length).toBeGreaterThan(0);
  });

  it('removes a wall with its openings and pavings', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[0]!;
    tk.exec('opening.add', { wallId, kind: 0, offset: 2000, width: 1200 });
    tk.exec('paving.add', { surface: { id: wallId, face: 'right' }, tileCode: 'W', tileWidth: 300, tileHeight: 600 });
    expectOneUndoStep(tk, () => tk.exec('wall.remove', { id: wallId }));
    expect(tk.snapshot.counts).toMatchObject({ wall: 3, opening: 0, paving: 0 });
  });
});

const p = (x: number, y: number) => ({ x, y });

/** A storey and the 6000 x 5000 flat (centre lines), walls south, east, north, west: 27.42 m² inside. */
function withFlat() {
  const tk = new TestKernel();
  const { id: storeyId } = tk.exec('storey.add', {});
  const corners = [p(0, 0), p(6000, 0), p(6000, 5000), p(0, 5000)];
  const [south, east, north, west] = corners.map((start, i) => tk.exec('wall.add', { start, end: corners[(i + 1) % 4]! }).id) as [string, string, string, string];
  const roomId = tk.ofType('room')[0]!.id;
  return { tk, storeyId, south, east, north, west, roomId };
}

const allJson = (tk: TestKernel) => JSON.stringify(tk.kernel.records.all());

describe('wall.moveEnd', () => {
  it('drags a corner: the joined wall follows, the area changes, undo restores every record exactly', () => {
    const { tk, east, north, roomId } = withFlat();
    const before = allJson(tk);
    expectOneUndoStep(tk, () => tk.exec('wall.moveEnd', { id: east, end: 'end', to: p(7000, 5000) }));
    expect(tk.get(east, 'wall')).toMatchObject({ start: p(6000, 0), end: p(7000, 5000) });
    expect(tk.get(north, 'wall')).toMatchObject({ start: p(7000, 5000), end: p(0, 5000) });
    // Still one room, the same record, larger.
    expect(tk.ofType('room').map((r) => r.id)).toEqual([roomId]);
    expect(tk.snapshot.rooms[roomId]!.area).toBeGreaterThan(27.42);
    tk.undo();
    expect(allJson(tk)).toBe(before);
    expect(tk.snapshot.rooms[roomId]!.area).toBe(27.42);
    tk.expectMirrorInSync();
  });

  it('removes a neighbour pulled onto its own far end (two corners merged), unless it holds an opening', () => {
    const { tk, east, north, roomId } = withFlat();
    const { id: window } = tk.exec('opening.add', { wallId: north, kind: 0, offset: 3000 });
    expect(expectRefused(tk, 'wall.moveEnd', { id: east, end: 'end', to: p(0, 5000) }).detail).toBe(
      `OPENING_PAST_END: wall ${north} would shrink to nothing under opening ${window}`,
    );
    tk.exec('opening.remove', { id: window });
    tk.exec('wall.moveEnd', { id: east, end: 'end', to: p(0, 5000) });
    expect(tk.kernel.records.get(north)).toBeUndefined();
    // A triangle now: south, the diagonal east wall and west.
    expect(tk.ofType('room').map((r) => r.id)).toEqual([roomId]);
    expect(tk.snapshot.rooms[roomId]!.area).toBeLessThan(15);
  });

  it('with detach moves only this wall: the loop opens and the room goes', () => {
    const { tk, east, north } = withFlat();
    tk.exec('wall.moveEnd', { id: east, end: 'end', to: p(7000, 5000), detach: true });
    expect(tk.get(north, 'wall').start).toEqual(p(6000, 5000));
    expect(tk.ofType('room')).toEqual([]);
  });

  it('keeps openings where they are along the wall: their distance from the end that stays', () => {
    const { tk, east, south } = withFlat();
    const { id: window } = tk.exec('opening.add', { wallId: east, kind: 0, offset: 2500 });
    const { id: door } = tk.exec('opening.add', { wallId: south, kind: 1, offset: 1000 });
    // The east wall's start (and the south wall's end with it) moves 1000 south.
    tk.exec('wall.moveEnd', { id: east, end: 'start', to: p(6000, -1000) });
    expect(tk.get(east, 'wall')).toMatchObject({ start: p(6000, -1000), end: p(6000, 5000) });
    // 2500 from the east wall's unmoved end, as before: the window has not moved on the plan.
    expect(tk.get(window, 'opening').offset).toBe(3500);
    // The south wall's start did not move: the door keeps its offset.
    expect(tk.get(door, 'opening').offset).toBe(1000);
  });

  it('refuses a move that leaves an opening past the end of its wall, and changes nothing', () => {
    const { tk, east, south } = withFlat();
    tk.exec('opening.add', { wallId: south, kind: 1, offset: 5400 });
    const e = expectRefused(tk, 'wall.moveEnd', { id: east, end: 'start', to: p(5500, 0) });
    expect(e.code).toBe('COMMAND_FAILED');
    expect(e.detail).toMatch(/^OPENING_PAST_END: opening .* spans 5000\.\.5800 along wall /);
  });
});

describe('wall.move', () => {
  it('moves a whole wall; the walls joined at its ends stretch to follow', () => {
    const { tk, east, south, north, roomId } = withFlat();
    const { id: door } = tk.exec('opening.add', { wallId: north, kind: 1, offset: 3000 });
    expectOneUndoStep(tk, () => tk.exec('wall.move', { id: east, by: p(1000, 0) }));
    expect(tk.get(east, 'wall')).toMatchObject({ start: p(7000, 0), end: p(7000, 5000) });
    expect(tk.get(south, 'wall').end).toEqual(p(7000, 0));
    expect(tk.get(north, 'wall').start).toEqual(p(7000, 5000));
    // The north wall grew at its start: the door keeps its distance from the west end.
    expect(tk.get(door, 'opening').offset).toBe(4000);
    // 6760 x 4760 inside.
    expect(tk.snapshot.rooms[roomId]!.area).toBe(32.18);
    tk.expectMirrorInSync();
  });
});

describe('wall.split', () => {
  it('splits a wall in two; openings and finishes go with their piece; the room stays', () => {
    const { tk, south, roomId } = withFlat();
    const { id: door } = tk.exec('opening.add', { wallId: south, kind: 1, offset: 1000 });
    const { id: window } = tk.exec('opening.add', { wallId: south, kind: 0, offset: 4000 });
    tk.exec('paving.add', { surface: { id: south, face: 'left' }, tileCode: 'W', tileWidth: 300, tileHeight: 600 });
    const room = tk.get(roomId, 'room');
    let ids: readonly string[] = [];
    expectOneUndoStep(tk, () => {
      ids = tk.exec('wall.split', { id: south, at: 2000 }).ids;
    });
    const [first, second] = ids as [string, string];
    expect(first).toBe(south);
    expect(tk.get(first, 'wall')).toMatchObject({ start: p(0, 0), end: p(2000, 0), thickness: 240 });
    expect(tk.get(second, 'wall')).toMatchObject({ start: p(2000, 0), end: p(6000, 0), thickness: 240, height: 2800 });
    expect(tk.get(door, 'opening')).toMatchObject({ wallId: first, offset: 1000 });
    expect(tk.get(window, 'opening')).toMatchObject({ wallId: second, offset: 2000 });
    expect(tk.ofType('paving').map((q) => q.surface.id).sort()).toEqual([first, second].sort());
    expect(tk.get(roomId, 'room')).toEqual(room);
    tk.expectMirrorInSync();
  });

  it('refuses to split through an opening or outside the wall', () => {
    const { tk, south } = withFlat();
    tk.exec('opening.add', { wallId: south, kind: 1, offset: 2000 });
    expect(expectRefused(tk, 'wall.split', { id: south, at: 2100 }).detail).toMatch(/^OPENING_ACROSS_JOINT: /);
    expect(expectRefused(tk, 'wall.split', { id: south, at: 6000 }).detail).toMatch(/^at: must lie inside wall/);
  });
});
