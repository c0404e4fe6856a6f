import { describe, expect, it } from 'vitest';
import type { ToolPreview } from '../../../protocol/records';
import { getTool } from '../../../kernel-worker/document/session-records';
import { TestKernel, withRoom } from '../test-kernel';

// The snapshot fields the plan UI reads: the selected record's detail, the current room
// (catalogues.md §3 current room info), whether the plan is closed, and the tool's drawing readout.

describe('snapshot: selection detail and current room', () => {
  it('details one selected wall, opening, room or model, and the room it is in', () => {
    const { tk, storeyId, wallIds, roomId } = withRoom();
    expect(tk.snapshot.selected).toBeNull();
    expect(tk.snapshot.currentRoom).toBeNull();

    tk.exec('selection.set', { ids: [wallIds[0]!] });
    expect(tk.snapshot.selected).toEqual({ kind: 'wall', id: wallIds[0], length: 4000, thickness: 240, height: 2800, wallType: 'normal', color: null });
    expect(tk.snapshot.currentRoom).toMatchObject({ id: roomId });

    const { id: door } = tk.exec('opening.add', { wallId: wallIds[1]!, kind: 1, offset: 1500 });
    tk.exec('selection.set', { ids: [door] });
    expect(tk.snapshot.selected).toEqual({
      kind: 'opening',
      id: door,
      wallId: wallIds[1],
      openingKind: 1,
      offset: 1500,
      width: 800,
      height: 2000,
      elevation: 0,
      flipSide: false,
      flipHinge: false,
    });
    const info = { id: roomId, roomType: 1, roomName: '客厅', regionName: '1F', height: 2800, isHaveCeil: false };
    expect(tk.snapshot.currentRoom).toEqual(info);

    tk.exec('selection.set', { ids: [roomId] });
    expect(tk.snapshot.selected).toEqual({ kind: 'room', id: roomId, name: '客厅', roomType: 1, area: 10.38, groundArea: 10.38, height: 2800, isHaveCeil: false });
    // A ceiling, a renamed storey and an edited room show up without touching the selection.
    tk.exec('ceiling.add', { roomId });
    tk.exec('storey.update', { id: storeyId, name: '首层' });
    tk.exec('room.update', { id: roomId, name: '大厅' });
    expect(tk.snapshot.selected).toMatchObject({ name: '大厅', isHaveCeil: true });
    expect(tk.snapshot.currentRoom).toEqual({ ...info, roomName: '大厅', regionName: '首层', isHaveCeil: true });

    const { id: sofa } = tk.exec('model.add', { modelId: 'sofa', name: '沙发', position: { x: 2000, y: 1500, z: 0 }, size: { x: 2000, y: 900, z: 800 } });
    tk.exec('selection.set', { ids: [sofa] });
    expect(tk.snapshot.selected).toEqual({
      kind: 'model',
      id: sofa,
      name: '沙发',
      modelId: 'sofa',
      size: { x: 2000, y: 900, z: 800 },
      rotation: 0,
      position: { x: 2000, y: 1500, z: 0 },
      mount: null,
      gltfUrl: null,
      materials: {},
      resizable: true,
    });
    expect(tk.snapshot.currentRoom).toMatchObject({ id: roomId });
    // Outside every room: no current room.
    tk.exec('model.update', { id: sofa, position: { x: 9000, y: 9000, z: 0 } });
    expect(tk.snapshot.currentRoom).toBeNull();

    tk.exec('selection.set', { ids: [sofa, roomId] });
    expect(tk.snapshot.selected).toBeNull();
    expect(tk.snapshot.currentRoom).toBeNull();
    tk.expectMirrorInSync();
  });

  it('follows a dragged wall: the selected length and the room area change together', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('selection.set', { ids: [wallIds[0]!] });
    tk.exec('wall.moveEnd', { id: wallIds[0]!, end: 'end', to: { x: 5000, y: 0 } });
    expect(tk.snapshot.selected).toMatchObject({ kind: 'wall', length: 5000 });
    tk.undo();
    expect(tk.snapshot.selected).toMatchObject({ kind: 'wall', length: 4000 });
    tk.expectMirrorInSync();
  });
});

describe('snapshot: planClosed', () => {
  it('is true when the current storey has a room', () => {
    const { tk, storeyId, wallIds } = withRoom();
    expect(tk.snapshot.planClosed).toBe(true);
    const { id: upper } = tk.exec('storey.add', {});
    tk.exec('view.setStorey', { storeyId: upper });
    expect(tk.snapshot.planClosed).toBe(false);
    tk.exec('view.setStorey', { storeyId });
    tk.exec('wall.remove', { id: wallIds[2]! });
    expect(tk.snapshot.planClosed).toBe(false);
    tk.expectMirrorInSync();
  });
});

describe('snapshot: tool', () => {
  it('reads out the segment being drawn: length in mm, angle in degrees counter-clockwise from east', () => {
    const tk = new TestKernel();
    expect(tk.snapshot.tool.drawing).toBeNull();
    const preview = (start: { x: number; y: number }, end: { x: number; y: number }, typed = ''): ToolPreview => ({
      segment: { start, end },
      snap: null,
      typed,
      opening: null,
    });
    const show = (value: ToolPreview | null) => tk.kernel.transact('test', (tx) => tx.put({ ...getTool(tx), tool: 'wall', preview: value }));
    show(preview({ x: 0, y: 0 }, { x: 3000, y: 3000 }, '42'));
    expect(tk.snapshot.tool).toMatchObject({ name: 'wall', drawing: { length: 4243, angle: 45, typed: '42' } });
    show(preview({ x: 1000, y: 1000 }, { x: 1000, y: -1999.6 }));
    expect(tk.snapshot.tool.drawing).toEqual({ length: 3000, angle: 270, typed: '' });
    show(preview({ x: 0, y: 0 }, { x: 1000, y: -0.01 }));
    // 359.9994°: rounds to a full turn, which reads 0.
    expect(tk.snapshot.tool.drawing?.angle).toBe(0);
    show(null);
    expect(tk.snapshot.tool.drawing).toBeNull();
    tk.expectMirrorInSync();
  });
});
