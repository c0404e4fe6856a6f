import { describe, expect, it } from 'vitest';
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
    expect(tk.snapshot.rooms[roomId]).toMatchObject({ name: '客厅', roomType: 1, area: 12 });
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
