import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';
import { contentRecordCount } from '../../../protocol/snapshot';

describe('records.remove', () => {
  it('removes a mixed set with dependants in one step and reports what went', () => {
    const { tk, wallIds } = withRoom();
    const { id: door } = tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1000, width: 900 });
    const { id: chair } = tk.exec('model.add', { modelId: 'c', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } });
    let removed: string[] = [];
    expectOneUndoStep(tk, () => (removed = tk.exec('records.remove', { ids: [wallIds[0]!, chair] }).removed));
    expect(removed).toEqual([chair, door, wallIds[0]].sort());
  });

  it('refuses unknown ids, the meta record and session records', () => {
    const { tk } = withRoom();
    tk.exec('meta.update', { name: 'x' });
    expect(expectRefused(tk, 'records.remove', { ids: ['nope'] }).detail).toBe('ids[0]: no record with id "nope"');
    expect(expectRefused(tk, 'records.remove', { ids: ['meta'] }).detail).toBe('ids[0]: "meta" is a meta record, which cannot be selected or removed');
    expect(expectRefused(tk, 'records.remove', { ids: ['view'] }).code).toBe('COMMAND_FAILED');
  });
});

describe('selection.set', () => {
  it('selects document records, dropping duplicates, outside the history', () => {
    const { tk, wallIds, roomId } = withRoom();
    const steps = tk.history.undoSteps;
    tk.exec('selection.set', { ids: [roomId, wallIds[0]!, roomId] });
    expect(tk.snapshot.selection).toEqual([roomId, wallIds[0]]);
    expect(tk.history.undoSteps).toBe(steps);
    expect(tk.snapshot.dirty).toBe(true);
    tk.expectMirrorInSync();
  });

  it('refuses ids that name nothing selectable', () => {
    const { tk } = withRoom();
    expect(expectRefused(tk, 'selection.set', { ids: ['ghost'] }).detail).toBe('ids[0]: no record with id "ghost"');
    expect(expectRefused(tk, 'selection.set', { ids: ['selection'] }).code).toBe('COMMAND_FAILED');
    expect(expectRefused(tk, 'selection.set', { ids: ['bad id!'] }).code).toBe('INVALID_ARGS');
  });

  it('forgets records as they are removed', () => {
    const { tk, wallIds, roomId } = withRoom();
    tk.exec('selection.set', { ids: [wallIds[0]!, wallIds[1]!, roomId] });
    tk.exec('wall.remove', { id: wallIds[0]! });
    // The walls no longer close a loop, so the room went with the wall.
    expect(tk.ofType('room')).toEqual([]);
    expect(tk.snapshot.selection).toEqual([wallIds[1]]);
  });
});

describe('content count (what makes a scene worth saving)', () => {
  it('counts walls, rooms and models but not the meta, storeys or session records', () => {
    const { tk, wallIds, roomId } = withRoom();
    // The snapshot always holds a view, a selection and a tool record: none of them is content.
    expect(tk.snapshot.counts.tool).toBe(1);
    expect(contentRecordCount(tk.snapshot.counts)).toBe(wallIds.length + 1);
    const { id: chair } = tk.exec('model.add', { modelId: 'c', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } });
    expect(contentRecordCount(tk.snapshot.counts)).toBe(wallIds.length + 2);
    tk.exec('records.remove', { ids: [...wallIds, roomId, chair] });
    expect(tk.snapshot.counts.storey).toBe(1);
    expect(contentRecordCount(tk.snapshot.counts)).toBe(0);
  });
});
