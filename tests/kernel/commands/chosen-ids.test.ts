import { describe, expect, it } from 'vitest';
import { batchEntry, type BatchEntry } from '../../../protocol/commands';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from '../test-kernel';

// `<type>.add` with an id the caller picks: what lets one batch add a record and the records that
// point at it (embed hosts, plan import).

describe('caller-chosen ids on <type>.add', () => {
  it('lets one batch add a wall and a door on it, as one undo step', () => {
    const { tk, storeyId } = withRoom();
    let results: readonly unknown[] = [];
    expectOneUndoStep(tk, () => {
      results = tk.exec('batch', {
        commands: [
          batchEntry('wall.add', { id: 'plan/w-1', storeyId, start: { x: 0, y: 5000 }, end: { x: 4000, y: 5000 } }),
          batchEntry('opening.add', { id: 'plan/door-1', wallId: 'plan/w-1', kind: 1, offset: 1000, width: 900 }),
        ],
      }).results;
    });
    expect(results).toEqual([{ id: 'plan/w-1' }, { id: 'plan/door-1' }]);
    expect(tk.get('plan/door-1', 'opening')).toMatchObject({ wallId: 'plan/w-1', width: 900, height: 2000 });
  });

  it('is accepted by every add command', () => {
    const { tk, roomId, wallIds } = withRoom();
    const adds: BatchEntry[] = [
      batchEntry('storey.add', { id: 'x-storey' }),
      batchEntry('wall.add', { id: 'x-wall', start: { x: 1000, y: 1000 }, end: { x: 1000, y: 2000 } }),
      batchEntry('opening.add', { id: 'x-opening', wallId: wallIds[0]!, kind: 0, offset: 2000, width: 1200 }),
      batchEntry('room.add', { id: 'x-room', outline: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }] }),
      batchEntry('model.add', { id: 'x-model', modelId: 'sofa', position: { x: 1, y: 1, z: 0 }, size: { x: 1, y: 1, z: 1 } }),
      batchEntry('paving.add', { id: 'x-paving', surface: { id: roomId, face: 'floor' }, tileCode: 'T', tileWidth: 600, tileHeight: 600 }),
      batchEntry('ceiling.add', { id: 'x-ceiling', roomId }),
      batchEntry('light.add', { id: 'x-light', position: { x: 0, y: 0, z: 2500 } }),
    ];
    for (const entry of adds) {
      const type = entry.name.split('.')[0]!;
      const { id } = tk.exec(entry.name, entry.args as never) as { id: string };
      expect(id).toBe(`x-${type}`);
      expect(tk.kernel.records.get(id)?.type).toBe(type);
    }
    // Without one, the kernel still makes its own.
    expect(tk.exec('light.add', { position: { x: 0, y: 0, z: 2500 } }).id).toMatch(/^light-\d+$/);
    tk.expectMirrorInSync();
  });

  it('refuses a malformed id as INVALID_ARGS', () => {
    const { tk } = withRoom();
    const at = { position: { x: 0, y: 0, z: 2500 } };
    for (const bad of ['', 'a b', 'tür', 'x'.repeat(129), 7, null]) {
      const e = expectRefused(tk, 'light.add', { ...at, id: bad as never });
      expect(e.code).toBe('INVALID_ARGS');
      expect(e.detail).toBe(`id: must be 1 to 128 letters, digits or _ . : / -, got ${typeof bad === 'string' ? JSON.stringify(bad.length > 40 ? `${bad.slice(0, 40)}…` : bad) : String(bad)}`);
    }
  });

  it('refuses an id that is taken (any type, a session record, earlier in the same batch) as COMMAND_FAILED', () => {
    const { tk, wallIds, storeyId } = withRoom();
    const at = { position: { x: 0, y: 0, z: 2500 } };
    expect(expectRefused(tk, 'light.add', { ...at, id: wallIds[0]! })).toMatchObject({
      code: 'COMMAND_FAILED',
      detail: `id: "${wallIds[0]}" is already used by a wall`,
    });
    expect(expectRefused(tk, 'storey.add', { id: 'view' }).detail).toBe('id: "view" is already used by a view');
    const twice = expectRefused(tk, 'batch', {
      commands: [
        batchEntry('wall.add', { id: 'w', storeyId, start: { x: 0, y: -2000 }, end: { x: 1000, y: -2000 } }),
        batchEntry('wall.add', { id: 'w', storeyId, start: { x: 0, y: -2000 }, end: { x: 0, y: -1000 } }),
      ],
    });
    expect(twice).toMatchObject({ code: 'COMMAND_FAILED', detail: 'commands[1] (wall.add): id: "w" is already used by a wall' });
    expect(tk.kernel.records.get('w')).toBeUndefined();
  });

  it('keeps generated ids clear of chosen ones', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', { id: 'storey-2' });
    // The sequential generator's next id would be storey-1, then storey-2: it skips the taken one.
    expect(tk.exec('storey.add', {}).id).toBe('storey-1');
    expect(tk.exec('storey.add', {}).id).toBe('storey-3');
  });
});
