import { describe, expect, it, vi } from 'vitest';
import type { PatchOp } from '../../protocol/patch';
import { TestKernel, withRoom } from './test-kernel';

// The snapshot's room part follows the rooms a commit touched, entry by entry: the patch names
// only those rooms, and the current-room info walks the storey's rooms only when its answer may
// have moved (expectMirrorInSync holds every step equal to a snapshot derived from scratch).

/** A row of `n` rooms 3000 x 3000 along x. */
function roomRow(n: number) {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  const w = 3000 * n;
  const outline = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: 3000 },
    { x: 0, y: 3000 },
  ];
  for (let k = 0; k < 4; k++) tk.exec('wall.add', { start: outline[k]!, end: outline[(k + 1) % 4]! });
  for (let i = 1; i < n; i++) tk.exec('wall.add', { start: { x: 3000 * i, y: 0 }, end: { x: 3000 * i, y: 3000 } });
  const rooms = tk.ofType('room').sort((a, b) => a.outline[0]!.x - b.outline[0]!.x);
  expect(rooms).toHaveLength(n);
  return { tk, rooms };
}

const roomPaths = (ops: readonly PatchOp[]) => ops.filter((op) => op.path[0] === 'rooms').map((op) => op.path.slice(0, 2).join('/'));

describe('snapshot: rooms follow the commit', () => {
  it('patches only the rooms a commit touched, and reads no other room to do it', () => {
    const { tk, rooms } = roomRow(6);
    const [first, , third] = rooms;
    const { id: sofa } = tk.exec('model.add', { modelId: 'sofa', position: { x: 1500, y: 1500, z: 0 }, size: { x: 1000, y: 800, z: 800 } });
    tk.exec('selection.set', { ids: [sofa] });
    expect(tk.snapshot.currentRoom).toMatchObject({ id: first!.id });

    const ofType = vi.spyOn(tk.kernel.records, 'ofType');
    tk.patches.length = 0;
    tk.exec('room.update', { id: third!.id, name: '书房' });
    expect(tk.patches.flatMap((p) => p.ops)).toEqual([{ op: 'set', path: ['rooms', third!.id, 'name'], value: '书房' }]);
    expect(ofType.mock.calls.filter(([type]) => type === 'room')).toEqual([]);
    ofType.mockRestore();
    tk.expectMirrorInSync();
  });

  it('names the split and the new room when a wall divides one, and takes them back on undo', () => {
    const { tk, rooms } = roomRow(3);
    const middle = rooms[1]!;
    tk.patches.length = 0;
    tk.exec('wall.add', { start: { x: 4500, y: 0 }, end: { x: 4500, y: 3000 } });
    const added = tk.ofType('room').filter((r) => !rooms.some((o) => o.id === r.id));
    expect(added).toHaveLength(1);
    const touched = new Set(roomPaths(tk.patches.flatMap((p) => p.ops)));
    expect([...touched].sort()).toEqual([`rooms/${middle.id}`, `rooms/${added[0]!.id}`].sort());
    tk.expectMirrorInSync();
    tk.undo();
    expect(Object.keys(tk.snapshot.rooms).sort()).toEqual(rooms.map((r) => r.id).sort());
    tk.expectMirrorInSync();
  });
});

describe('snapshot: the current room after edits that leave the selection alone', () => {
  it('moves to the room a new wall cuts off around the selected model, and back on undo', () => {
    const { tk, roomId } = withRoom();
    const { id: sofa } = tk.exec('model.add', { modelId: 'sofa', position: { x: 3000, y: 1500, z: 0 }, size: { x: 500, y: 500, z: 500 } });
    tk.exec('selection.set', { ids: [sofa] });
    expect(tk.snapshot.currentRoom).toMatchObject({ id: roomId });
    // The cut-off part east of x = 2000 is a room of its own; which id keeps the old room's name
    // is the rooms' matching's business, the current room must be the one holding the sofa.
    tk.exec('wall.add', { start: { x: 2000, y: 0 }, end: { x: 2000, y: 3000 } });
    const holder = tk.ofType('room').find((r) => r.outline.every((p) => p.x >= 2000));
    expect(holder).toBeDefined();
    expect(tk.snapshot.currentRoom).toMatchObject({ id: holder!.id });
    tk.expectMirrorInSync();
    tk.undo();
    expect(tk.snapshot.currentRoom).toMatchObject({ id: roomId });
    tk.expectMirrorInSync();
  });

  it('finds the room that new walls close around a selected model that stood in none', () => {
    const { tk } = withRoom();
    const { id: sofa } = tk.exec('model.add', { modelId: 'sofa', position: { x: 12000, y: 1500, z: 0 }, size: { x: 500, y: 500, z: 500 } });
    tk.exec('selection.set', { ids: [sofa] });
    expect(tk.snapshot.currentRoom).toBeNull();
    const corners = [
      { x: 10000, y: 0 },
      { x: 14000, y: 0 },
      { x: 14000, y: 3000 },
      { x: 10000, y: 3000 },
    ];
    for (let k = 0; k < 4; k++) tk.exec('wall.add', { start: corners[k]!, end: corners[(k + 1) % 4]! });
    const room = tk.ofType('room').find((r) => r.outline.every((p) => p.x >= 10000));
    expect(tk.snapshot.currentRoom).toMatchObject({ id: room!.id });
    tk.expectMirrorInSync();
  });

  it('keeps the selected opening\'s room while other rooms change, and follows its storey\'s name', () => {
    const { tk, rooms } = roomRow(3);
    const wall = tk.ofType('wall').find((w) => w.start.y === 0 && w.end.y === 0 && Math.min(w.start.x, w.end.x) === 0)!;
    const { id: door } = tk.exec('opening.add', { wallId: wall.id, kind: 1, offset: 1500 });
    tk.exec('selection.set', { ids: [door] });
    const before = tk.snapshot.currentRoom;
    expect(before).toMatchObject({ id: rooms[0]!.id });
    tk.patches.length = 0;
    tk.exec('room.update', { id: rooms[2]!.id, name: '卧室' });
    expect(tk.patches.flatMap((p) => p.ops).some((op) => op.path[0] === 'currentRoom')).toBe(false);
    tk.exec('storey.update', { id: rooms[0]!.storeyId, name: '二层' });
    expect(tk.snapshot.currentRoom).toEqual({ ...before, regionName: '二层' });
    tk.expectMirrorInSync();
  });
});
