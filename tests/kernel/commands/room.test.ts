import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOOR_TILES, defaultFloorTile } from '../../../kernel-worker/commands/room';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from '../test-kernel';

const square = (size: number) => [
  { x: 0, y: 0 },
  { x: size, y: 0 },
  { x: size, y: size },
  { x: 0, y: size },
];

describe('room commands', () => {
  it('adds a room and summarises it in the snapshot', () => {
    const tk = new TestKernel();
    const { id: storeyId } = tk.exec('storey.add', { layerHeight: 2900 });
    const { id } = tk.exec('room.add', { outline: square(3000), name: '卧室', roomType: 2 });
    expect(tk.get(id, 'room')).toEqual({ id, type: 'room', storeyId, name: '卧室', roomType: 2, outline: square(3000), height: 2900 });
    expect(tk.snapshot.rooms[id]).toEqual({ id, name: '卧室', roomType: 2, area: 9, groundArea: 9, storeyId });
    tk.expectMirrorInSync();
  });

  it('refuses outlines without area or with too few points', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    const flat = [
      { x: 0, y: 0 },
      { x: 1000, y: 0 },
      { x: 2000, y: 0 },
    ];
    expect(expectRefused(tk, 'room.add', { outline: flat }).detail).toMatch(/outline encloses no area$/);
    expect(expectRefused(tk, 'room.add', { outline: flat.slice(0, 2) }).detail).toBe('outline: must have at least 3 items, got 2');
  });

  it('updates name, type and outline undoably and the summary follows', () => {
    const { tk, roomId } = withRoom();
    expectOneUndoStep(tk, () => tk.exec('room.update', { id: roomId, name: '主卧', roomType: 2, outline: square(2000) }));
    expect(tk.snapshot.rooms[roomId]).toMatchObject({ name: '主卧', roomType: 2, area: 4 });
    tk.undo();
    // The room the walls made: 4000 x 3000 on the centre lines, 240 thick walls.
    expect(tk.snapshot.rooms[roomId]).toMatchObject({ name: '客厅', roomType: 1, area: 10.38 });
    tk.expectMirrorInSync();
  });

  it('removes a room with its ceiling and its floor and ceiling pavings', () => {
    const { tk, roomId } = withRoom();
    tk.exec('ceiling.add', { roomId });
    tk.exec('paving.add', { surface: { id: roomId, face: 'ceiling' }, tileCode: 'C', tileWidth: 600, tileHeight: 600 });
    expectOneUndoStep(tk, () => tk.exec('room.remove', { id: roomId }));
    expect(tk.snapshot.counts).toMatchObject({ room: 0, ceiling: 0, paving: 0, wall: 4 });
    expect(tk.snapshot.rooms).toEqual({});
  });
});

describe('default floor tiles per room type', () => {
  it('is 1800 x 1800, the master bedroom 3041 x 3000 (catalogues.md §3)', () => {
    expect(defaultFloorTile(2)).toEqual({ width: 3041, height: 3000 });
    for (const type of [0, 3, 7, 8, 10, 201, 224, 99, 12345]) expect(defaultFloorTile(type)).toEqual({ width: 1800, height: 1800 });
    expect([...DEFAULT_FLOOR_TILES.keys()].sort((a, b) => a - b)).toEqual([2, 3, 7, 8, 10, 201, 222, 223, 224]);
  });
});
