import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from '../test-kernel';

describe('storey commands', () => {
  it('stacks new storeys on top of each other and makes the first one current', () => {
    const tk = new TestKernel();
    const first = tk.exec('storey.add', {});
    expect(tk.get(first.id, 'storey')).toEqual({ id: first.id, type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 });
    expect(tk.snapshot.currentStoreyId).toBe(first.id);
    const second = tk.exec('storey.add', { layerHeight: 3000 });
    expect(tk.get(second.id, 'storey')).toMatchObject({ index: 1, name: '2F', elevation: 2800, layerHeight: 3000 });
    const third = tk.exec('storey.add', {});
    expect(tk.get(third.id, 'storey')).toMatchObject({ index: 2, name: '3F', elevation: 5800, layerHeight: 3000 });
    const basement = tk.exec('storey.add', { index: -1, elevation: -3000 });
    expect(tk.get(basement.id, 'storey').name).toBe('B1');
    expect(tk.snapshot.storeys.map((s) => s.name)).toEqual(['B1', '1F', '2F', '3F']);
    // Adding storeys does not move the user off the one they work on.
    expect(tk.snapshot.currentStoreyId).toBe(first.id);
    tk.expectMirrorInSync();
  });

  it('refuses two storeys on one index', () => {
    const tk = new TestKernel();
    const { id } = tk.exec('storey.add', {});
    const other = tk.exec('storey.add', {});
    expect(expectRefused(tk, 'storey.add', { index: 0 }).detail).toBe(`index: storey "${id}" already has index 0`);
    expect(expectRefused(tk, 'storey.update', { id: other.id, index: 0 }).code).toBe('COMMAND_FAILED');
    expect(expectRefused(tk, 'storey.update', { id: other.id, layerHeight: 0 }).detail).toBe(
      'layerHeight: must be a finite number > 0 and <= 100000, got 0',
    );
  });

  it('updates fields undoably', () => {
    const tk = new TestKernel();
    const { id } = tk.exec('storey.add', {});
    expectOneUndoStep(tk, () => tk.exec('storey.update', { id, name: '首层', layerHeight: 3200 }));
    expect(tk.snapshot.storeys).toEqual([{ id, index: 0, name: '首层', elevation: 0, layerHeight: 3200 }]);
  });

  it('removes a storey with everything on it, moves the current storey, and undo brings it all back', () => {
    const { tk, storeyId, wallIds, roomId } = withRoom();
    const upper = tk.exec('storey.add', {});
    const { id: opening } = tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1000, width: 900 });
    tk.exec('model.add', { modelId: 'sofa', position: { x: 1, y: 1, z: 0 }, size: { x: 2000, y: 900, z: 800 } });
    tk.exec('light.add', { position: { x: 2000, y: 1500, z: 2600 } });
    tk.exec('ceiling.add', { roomId });
    tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'T1', tileWidth: 800, tileHeight: 800 });
    tk.exec('paving.add', { surface: { id: wallIds[1]!, face: 'left' }, tileCode: 'T2', tileWidth: 300, tileHeight: 600 });
    tk.exec('selection.set', { ids: [opening, upper.id] });

    expectOneUndoStep(tk, () => tk.exec('storey.remove', { id: storeyId }));
    tk.undo();
    tk.exec('selection.set', { ids: [opening, upper.id] });
    tk.exec('storey.remove', { id: storeyId });
    expect(tk.snapshot.counts).toMatchObject({ storey: 1, wall: 0, opening: 0, room: 0, model: 0, light: 0, ceiling: 0, paving: 0 });
    expect(tk.snapshot.currentStoreyId).toBe(upper.id);
    expect(tk.snapshot.selection).toEqual([upper.id]);
    tk.expectMirrorInSync();
  });

  it('switches the current storey (not undoable)', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    const { id } = tk.exec('storey.add', {});
    const steps = tk.history.undoSteps;
    tk.exec('view.setStorey', { storeyId: id });
    expect(tk.snapshot.currentStoreyId).toBe(id);
    expect(tk.history.undoSteps).toBe(steps);
    expect(expectRefused(tk, 'view.setStorey', { storeyId: 'nope' }).detail).toBe('no storey with id "nope"');
  });
});

describe('storey.copy', () => {
  it('stacks a copy of a storey on top: walls, openings, rooms, models, lights, ceilings and pavings, with new ids', () => {
    const { tk, storeyId, wallIds, roomId } = withRoom();
    tk.exec('storey.update', { id: storeyId, layerHeight: 3000 });
    tk.exec('storey.add', { id: 'middle', layerHeight: 2900 });
    tk.exec('opening.add', { id: 'door', wallId: wallIds[0]!, kind: 1, offset: 1000 });
    tk.exec('model.add', { storeyId, modelId: 'sofa', position: { x: 1000, y: 1000, z: 0 }, size: { x: 2000, y: 900, z: 800 } });
    tk.exec('light.add', { storeyId, position: { x: 2000, y: 1500, z: 2600 } });
    tk.exec('ceiling.add', { roomId });
    tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'T1', tileWidth: 800, tileHeight: 800 });
    tk.exec('paving.add', { surface: { id: wallIds[1]!, face: 'left' }, tileCode: 'T2', tileWidth: 300, tileHeight: 600 });
    const counts = { ...tk.snapshot.counts };

    let copyId = '';
    expectOneUndoStep(tk, () => {
      copyId = tk.exec('storey.copy', { sourceId: storeyId }).id;
    });
    // On top of the highest storey, with the source's layer height.
    expect(tk.get(copyId, 'storey')).toMatchObject({ index: 2, name: '3F', elevation: 3000 + 2900, layerHeight: 3000 });
    for (const type of ['wall', 'opening', 'room', 'model', 'light', 'ceiling', 'paving'] as const) {
      expect(tk.snapshot.counts[type]).toBe(2 * counts[type]!);
    }
    const walls = tk.ofType('wall').filter((w) => w.storeyId === copyId);
    expect(walls).toHaveLength(4);
    expect(walls.every((w) => !wallIds.includes(w.id))).toBe(true);
    const rooms = tk.ofType('room').filter((r) => r.storeyId === copyId);
    expect(rooms).toHaveLength(1);
    const copiedRoom = rooms[0]!;
    expect(copiedRoom).toMatchObject({ name: '客厅', roomType: 1, outline: tk.get(roomId, 'room').outline });
    // References follow the copies.
    const copiedDoor = tk.ofType('opening').find((o) => o.id !== 'door')!;
    expect(walls.map((w) => w.id)).toContain(copiedDoor.wallId);
    expect(tk.ofType('ceiling').map((c) => c.roomId).sort()).toEqual([roomId, copiedRoom.id].sort());
    const surfaces = tk.ofType('paving').map((q) => q.surface.id);
    expect(surfaces).toContain(copiedRoom.id);
    expect(surfaces.filter((id) => walls.some((w) => w.id === id))).toHaveLength(1);
    expect(tk.ofType('model').filter((m) => m.storeyId === copyId)).toHaveLength(1);
    expect(tk.ofType('light').filter((l) => l.storeyId === copyId)).toHaveLength(1);
    // Two rooms in the scene now.
    expect(tk.snapshot.meta.roomType).toBe(100);
    expect(tk.exec('storey.copy', { sourceId: copyId, name: '顶层' }).id).not.toBe(copyId);
    expect(tk.snapshot.storeys.map((s) => s.name)).toEqual(['1F', '2F', '3F', '顶层']);
    expect(expectRefused(tk, 'storey.copy', { sourceId: 'nope' }).detail).toBe('no storey with id "nope"');
    tk.expectMirrorInSync();
  });
});
