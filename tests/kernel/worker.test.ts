import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import type { CommandResult } from '../../protocol/commands';
import { KernelCommandError } from '../../protocol/errors';
import type { SnapshotPatch } from '../../protocol/patch';
import { spawnNodeKernel, type SpawnedKernel } from './fixtures/spawn-node-kernel';

// The kernel API through a real worker thread and Comlink: the same createKernelApi() that the
// browser worker exposes, with errors crossing through protocol/transfer.ts.

let spawned: SpawnedKernel | null = null;
afterEach(async () => {
  await spawned?.close();
  spawned = null;
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to reject');
}

function waitFor<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = read();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > ms) reject(new Error('timed out waiting'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

describe('kernel worker over Comlink', () => {
  it('answers calls before init with NOT_READY', async () => {
    spawned = await spawnNodeKernel();
    expect(await spawned.api.ping('hello')).toBe('hello');
    const e = await rejection(spawned.api.exec('view.setMode', { mode: 1 }));
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'NOT_READY', command: 'view.setMode' });
  });

  it('runs commands and streams patches to a proxied listener', async () => {
    spawned = await spawnNodeKernel();
    const { api } = spawned;
    const init = await api.init(null, { width: 800, height: 600, dpr: 1 });
    expect(init.rendererError).toBeNull();
    expect(init.snapshot.counts.room).toBe(0);

    const patches: SnapshotPatch[] = [];
    const snapshot = await api.subscribe(Comlink.proxy((p: SnapshotPatch) => void patches.push(p)));
    expect(snapshot.seq).toBe(0);

    // Comlink's Remote type erases exec's generic; the result is the command map's.
    const { roomId, wallIds } = (await api.exec('scene.createDefaultRoom', {})) as CommandResult<'scene.createDefaultRoom'>;
    expect(wallIds).toHaveLength(4);
    await api.exec('view.setMode', { mode: 3 });
    await waitFor(() => (patches.length >= 2 ? true : undefined));
    expect(patches.map((p) => p.seq)).toEqual([1, 2]);
    expect(patches[0]!.ops).toContainEqual({
      op: 'set',
      path: ['rooms', roomId],
      value: { id: roomId, name: '', roomType: 0, area: 27.42, groundArea: 27.42, storeyId: expect.any(String) },
    });
    expect(patches[1]!.ops).toEqual([{ op: 'set', path: ['viewMode'], value: 3 }]);
  });

  it('rejects a bad command with the same KernelCommandError and leaves the scene as it was', async () => {
    spawned = await spawnNodeKernel();
    const { api } = spawned;
    await api.init(null, { width: 800, height: 600, dpr: 1 });
    await api.exec('scene.createDefaultRoom', {});
    const patches: SnapshotPatch[] = [];
    const before = await api.subscribe(Comlink.proxy((p: SnapshotPatch) => void patches.push(p)));

    const e = await rejection(api.exec('scene.createDefaultRoom', { wallThickness: 'thick' as never }));
    expect(e).toBeInstanceOf(KernelCommandError);
    const error = e as KernelCommandError;
    expect(error.code).toBe('INVALID_ARGS');
    expect(error.command).toBe('scene.createDefaultRoom');
    expect(error.detail).toBe('wallThickness: must be a finite number >= 10 and <= 2000, got "thick"');
    expect(error.message).toBe(`scene.createDefaultRoom: INVALID_ARGS: ${error.detail}`);

    const unknown = await rejection(api.exec('room.fly' as never, {} as never));
    expect(unknown).toBeInstanceOf(KernelCommandError);
    expect(unknown).toMatchObject({ code: 'UNKNOWN_COMMAND', command: 'room.fly' });

    // A later, harmless command is patch 1: the failures sent nothing and changed nothing.
    await api.exec('view.setCamera', { view: 2 });
    await waitFor(() => patches[0]);
    expect(patches).toEqual([{ seq: before.seq + 1, ops: [{ op: 'set', path: ['cameraView'], value: 2 }] }]);
    const after = await api.subscribe(Comlink.proxy(() => {}));
    expect({ ...after, cameraView: before.cameraView, seq: before.seq }).toEqual(before);
  });

  it('rolls back a command that throws inside its transaction, across the boundary', async () => {
    spawned = await spawnNodeKernel({ breakDefaultRoom: true });
    const { api } = spawned;
    await api.init(null, { width: 1, height: 1, dpr: 1 });
    const e = await rejection(api.exec('scene.createDefaultRoom', {}));
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'scene.createDefaultRoom', detail: 'broken on purpose' });
    const snapshot = await api.subscribe(Comlink.proxy(() => {}));
    expect(snapshot.counts).toMatchObject({ wall: 0, room: 0, storey: 0, meta: 0 });
    expect(snapshot.seq).toBe(0);
  });

  it('undoes and redoes across the boundary, and a failing batch changes nothing', async () => {
    spawned = await spawnNodeKernel();
    const { api } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    const patches: SnapshotPatch[] = [];
    await api.subscribe(Comlink.proxy((p: SnapshotPatch) => void patches.push(p)));
    expect(await api.undo()).toBe(false);

    const { roomId } = (await api.exec('scene.createDefaultRoom', {})) as CommandResult<'scene.createDefaultRoom'>;
    expect(await api.undo()).toBe(true);
    await waitFor(() => (patches.length >= 2 ? true : undefined));
    expect(patches[1]!.ops).toContainEqual({ op: 'delete', path: ['rooms', roomId] });
    expect(patches[1]!.ops).toContainEqual({ op: 'set', path: ['canRedo'], value: true });
    expect(await api.redo()).toBe(true);
    expect(await api.redo()).toBe(false);

    const before = await api.subscribe(Comlink.proxy((p: SnapshotPatch) => void patches.push(p)));
    const e = await rejection(
      api.exec('batch', {
        commands: [
          { name: 'model.add', args: { modelId: 'm', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } } },
          { name: 'wall.remove', args: { id: 'wall-404' } },
        ],
      }),
    );
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'batch', detail: 'commands[1] (wall.remove): no wall with id "wall-404"' });
    const after = await api.subscribe(Comlink.proxy(() => {}));
    expect(after).toEqual(before);
    expect(after.counts.model).toBe(0);
    expect(after).toMatchObject({ canUndo: true, canRedo: false });
  });

  it('startScene gives an empty scene its starting room: no undo step, nothing unsaved, once', async () => {
    spawned = await spawnNodeKernel();
    const { api } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    await api.startScene();
    const started = await api.subscribe(Comlink.proxy(() => {}));
    expect(Object.keys(started.rooms)).toHaveLength(1);
    expect(started).toMatchObject({ canUndo: false, canRedo: false, dirty: false });
    expect(await api.undo()).toBe(false);
    // A scene that has rooms keeps them as they are.
    await api.startScene();
    const again = await api.subscribe(Comlink.proxy(() => {}));
    expect(again.counts).toEqual(started.counts);
    expect(again.rooms).toEqual(started.rooms);
  });

  it('refuses a second init and bad init options', async () => {
    spawned = await spawnNodeKernel();
    const { api } = spawned;
    const bad = await rejection(api.init(null, { width: -1, height: 1, dpr: 1 }));
    expect(bad).toBeInstanceOf(KernelCommandError);
    expect(bad).toMatchObject({ code: 'INVALID_ARGS', command: 'init' });
    expect((bad as KernelCommandError).detail).toMatch(/^options\.width: /);
    await api.init(null, { width: 1, height: 1, dpr: 1 });
    expect(await rejection(api.init(null, { width: 1, height: 1, dpr: 1 }))).toMatchObject({ code: 'INIT_FAILED' });
  });
});
