import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { KernelCommandError } from '../../protocol/errors';
import type { SnapshotPatch } from '../../protocol/patch';
import { installTransferHandlers } from '../../protocol/transfer';
import { spawnNodeKernel, type SpawnedKernel } from './fixtures/spawn-node-kernel';

// The kernel through a real worker thread, driven as the UI drives it: the cold calls through
// Comlink (errors crossing through protocol/transfer.ts), exec/undo/redo and the patch stream
// through the UI channel. The same createKernelApi() that the browser worker exposes.

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

describe('kernel worker over Comlink and the UI channel', () => {
  it('answers calls before init with NOT_READY', async () => {
    spawned = await spawnNodeKernel();
    expect(await spawned.api.ping('hello')).toBe('hello');
    const e = await rejection(spawned.channel.exec('view.setMode', { mode: 1 }));
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'NOT_READY', command: 'view.setMode' });
  });

  it('runs commands and streams patches to the channel listener', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    const init = await api.init(null, { width: 800, height: 600, dpr: 1 });
    expect(init.rendererError).toBeNull();
    expect(init.snapshot.counts.room).toBe(0);

    const patches: SnapshotPatch[] = [];
    channel.setPatchListener((p) => patches.push(p));
    const snapshot = await channel.subscribe();
    expect(snapshot.seq).toBe(0);

    const { roomId, wallIds } = await channel.exec('scene.createDefaultRoom', {});
    expect(wallIds).toHaveLength(4);
    await channel.exec('view.setMode', { mode: 3 });
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
    const { api, channel } = spawned;
    await api.init(null, { width: 800, height: 600, dpr: 1 });
    await channel.exec('scene.createDefaultRoom', {});
    const patches: SnapshotPatch[] = [];
    channel.setPatchListener((p) => patches.push(p));
    const before = await channel.subscribe();

    const e = await rejection(channel.exec('scene.createDefaultRoom', { wallThickness: 'thick' as never }));
    expect(e).toBeInstanceOf(KernelCommandError);
    const error = e as KernelCommandError;
    expect(error.code).toBe('INVALID_ARGS');
    expect(error.command).toBe('scene.createDefaultRoom');
    expect(error.detail).toBe('wallThickness: must be a finite number >= 10 and <= 2000, got "thick"');
    expect(error.message).toBe(`scene.createDefaultRoom: INVALID_ARGS: ${error.detail}`);

    const unknown = await rejection(channel.exec('room.fly' as never, {} as never));
    expect(unknown).toBeInstanceOf(KernelCommandError);
    expect(unknown).toMatchObject({ code: 'UNKNOWN_COMMAND', command: 'room.fly' });

    // A later, harmless command is patch 1: the failures sent nothing and changed nothing.
    await channel.exec('view.setCamera', { view: 2 });
    await waitFor(() => patches[0]);
    expect(patches).toEqual([{ seq: before.seq + 1, ops: [{ op: 'set', path: ['cameraView'], value: 2 }] }]);
    const after = await channel.subscribe();
    expect({ ...after, cameraView: before.cameraView, seq: before.seq }).toEqual(before);
  });

  it('rolls back a command that throws inside its transaction, across the boundary', async () => {
    spawned = await spawnNodeKernel({ breakDefaultRoom: true });
    const { api, channel } = spawned;
    await api.init(null, { width: 1, height: 1, dpr: 1 });
    const e = await rejection(channel.exec('scene.createDefaultRoom', {}));
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'scene.createDefaultRoom', detail: 'broken on purpose' });
    const snapshot = await channel.subscribe();
    expect(snapshot.counts).toMatchObject({ wall: 0, room: 0, storey: 0, meta: 0 });
    expect(snapshot.seq).toBe(0);
  });

  it('undoes and redoes across the boundary, and a failing batch changes nothing', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    const patches: SnapshotPatch[] = [];
    channel.setPatchListener((p) => patches.push(p));
    await channel.subscribe();
    expect(await channel.undo()).toBe(false);

    const { roomId } = await channel.exec('scene.createDefaultRoom', {});
    expect(await channel.undo()).toBe(true);
    await waitFor(() => (patches.length >= 2 ? true : undefined));
    expect(patches[1]!.ops).toContainEqual({ op: 'delete', path: ['rooms', roomId] });
    expect(patches[1]!.ops).toContainEqual({ op: 'set', path: ['canRedo'], value: true });
    expect(await channel.redo()).toBe(true);
    expect(await channel.redo()).toBe(false);

    const before = await channel.subscribe();
    const e = await rejection(
      channel.exec('batch', {
        commands: [
          { name: 'model.add', args: { modelId: 'm', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } } },
          { name: 'wall.remove', args: { id: 'wall-404' } },
        ],
      }),
    );
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'batch', detail: 'commands[1] (wall.remove): no wall with id "wall-404"' });
    const after = await channel.subscribe();
    expect(after).toEqual(before);
    expect(after.counts.model).toBe(0);
    expect(after).toMatchObject({ canUndo: true, canRedo: false });
  });

  it('carries a refusal’s typed reason across the channel, and a batch its failing entry’s', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    const { wallIds } = await channel.exec('scene.createDefaultRoom', {});
    const door = { wallId: wallIds[0]!, kind: 1, offset: 1500 } as const;
    await channel.exec('opening.add', door);
    const e = await rejection(channel.exec('opening.add', { ...door, offset: 1700 }));
    expect(e).toBeInstanceOf(KernelCommandError);
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'opening.add', reason: 'OPENING_OVERLAP' });
    const batch = await rejection(channel.exec('batch', { commands: [{ name: 'opening.add', args: { ...door, offset: 1600 } }] }));
    expect(batch).toMatchObject({ code: 'COMMAND_FAILED', command: 'batch', reason: 'OPENING_OVERLAP' });
  });

  it('startScene gives an empty scene its starting room: no undo step, nothing unsaved, once', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    await api.startScene();
    const started = await channel.subscribe();
    expect(Object.keys(started.rooms)).toHaveLength(1);
    expect(started).toMatchObject({ canUndo: false, canRedo: false, dirty: false });
    expect(await channel.undo()).toBe(false);
    // A scene that has rooms keeps them as they are.
    await api.startScene();
    const again = await channel.subscribe();
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

describe('errors over Comlink', () => {
  it('arrive as the same KernelCommandError, reason included', async () => {
    installTransferHandlers();
    const { port1, port2 } = new MessageChannel();
    const refusal = new KernelCommandError('COMMAND_FAILED', 'load', 'OPENING_TOO_TALL: a stand-in refusal', 'OPENING_TOO_TALL');
    Comlink.expose(
      {
        refuse: () => {
          throw refusal;
        },
      },
      port1,
    );
    const remote = Comlink.wrap<{ refuse(): void }>(port2);
    try {
      const e = await rejection(remote.refuse());
      expect(e).toBeInstanceOf(KernelCommandError);
      expect((e as KernelCommandError).toJSON()).toEqual(refusal.toJSON());
      expect(e).toMatchObject({ reason: 'OPENING_TOO_TALL' });
    } finally {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    }
  });
});
