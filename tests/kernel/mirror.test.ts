import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshot as plain } from 'valtio/vanilla';
import { KernelCommandError } from '../../protocol/errors';
import type { PatchListener } from '../../protocol/kernel-api';
import type { KernelSnapshot } from '../../protocol/snapshot';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createKernel } from '../../kernel-worker/kernel';
import { execCommand, onKernelError, redo, setKernelCalls, undo, type KernelCalls } from '../../ui/kernel/exec';
import { emptySnapshot, kernelState, resetMirror, syncMirror } from '../../ui/kernel/mirror';
import { spawnNodeKernel, type SpawnedKernel } from './fixtures/spawn-node-kernel';

// The UI half of the bridge (mirror + execCommand) against the real worker, and the mirror's
// ordering rules against a scripted kernel.

function mirrorBody() {
  const { status: _status, error: _error, ...body } = plain(kernelState);
  return body;
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

let spawned: SpawnedKernel | null = null;
beforeEach(() => resetMirror());
afterEach(async () => {
  setKernelCalls(null);
  await spawned?.close();
  spawned = null;
  vi.restoreAllMocks();
});

describe('mirror over the real worker', () => {
  it('starts, before any snapshot arrives, equal to what a fresh kernel shows', () => {
    // The mirror's start is protocol/initial.ts; the kernel derives its own from its records.
    expect(mirrorBody()).toEqual(createKernel().snapshot());
  });

  it('ends up equal to the kernel snapshot after commands', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    const sync = await syncMirror((listener) => {
      channel.setPatchListener(listener);
      return channel.subscribe();
    });
    await channel.exec('scene.createDefaultRoom', {});
    await channel.exec('view.setMode', { mode: 2 });
    await channel.exec('view.setCamera', { view: 2 });
    await until(() => kernelState.seq === 3);
    sync.stop();

    // The same commands on an in-process kernel with the same id sequence.
    const local = createKernel({ ids: createSequentialIds() });
    local.exec('scene.createDefaultRoom', {});
    local.exec('view.setMode', { mode: 2 });
    local.exec('view.setCamera', { view: 2 });
    expect(mirrorBody()).toEqual(local.snapshot());
    expect(Object.values(kernelState.rooms)[0]?.area).toBe(27.42);
  });
});

describe('mirror ordering', () => {
  function scriptedKernel(initial: KernelSnapshot) {
    let listener: PatchListener | null = null;
    let current = initial;
    let answer: (() => void) | null = null;
    const subscribe = vi.fn((l: PatchListener) => {
      listener = l;
      return new Promise<KernelSnapshot>((resolve) => (answer = () => resolve(current)));
    });
    return {
      subscribe,
      send: (seq: number, viewMode: 0 | 1 | 2 | 3) => listener!({ seq, ops: [{ op: 'set', path: ['viewMode'], value: viewMode }] }),
      answer: () => answer!(),
      setCurrent: (s: KernelSnapshot) => (current = s),
    };
  }

  it('buffers patches that overtake the snapshot and skips those it already holds', async () => {
    const k = scriptedKernel({ ...emptySnapshot(), seq: 5, viewMode: 1 });
    const synced = syncMirror(k.subscribe);
    k.send(5, 3); // already inside the snapshot
    k.send(6, 2);
    k.answer();
    await synced;
    expect(kernelState.seq).toBe(6);
    expect(kernelState.viewMode).toBe(2);
    k.send(6, 0); // a duplicate changes nothing
    expect(kernelState.viewMode).toBe(2);
  });

  it('resubscribes when a seq is missing', async () => {
    const k = scriptedKernel({ ...emptySnapshot(), seq: 1 });
    const synced = syncMirror(k.subscribe);
    k.answer();
    await synced;
    k.setCurrent({ ...emptySnapshot(), seq: 4, viewMode: 3, cameraView: 5 });
    k.send(3, 1); // 2 went missing
    expect(k.subscribe).toHaveBeenCalledTimes(2);
    k.send(5, 2);
    k.answer();
    await until(() => kernelState.seq === 5);
    expect(kernelState.cameraView).toBe(5);
    expect(kernelState.viewMode).toBe(2);
  });
});

describe('execCommand', () => {
  it('reports a failing command once to the console and the listeners, then rethrows it', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    setKernelCalls(Promise.resolve({ exec: (name, args) => channel.exec(name, args), undo: () => channel.undo(), redo: () => channel.redo() } as KernelCalls));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: KernelCommandError[] = [];
    const off = onKernelError((e) => seen.push(e));

    await expect(execCommand('view.setMode', { mode: 1 })).resolves.toBeNull();
    const failure = execCommand('view.setMode', { mode: 9 as never });
    await expect(failure).rejects.toBeInstanceOf(KernelCommandError);
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_ARGS', command: 'view.setMode' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail).toBe('mode: must be one of 0, 1, 2, 3, got 9');
    expect(consoleError).toHaveBeenCalledWith('[kernel]', 'view.setMode', 'INVALID_ARGS', seen[0]!.detail);

    off();
    await expect(execCommand('view.setMode', { mode: 9 as never })).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });

  it('undoes and redoes on the current kernel, reporting a refusal like a failed command', async () => {
    spawned = await spawnNodeKernel();
    const { api, channel } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    let refuse = false;
    const gesture = new KernelCommandError('GESTURE_IN_PROGRESS', 'undo', 'a gesture is in progress (mark "drag"); complete or cancel it first');
    setKernelCalls(
      Promise.resolve({
        exec: (name, args) => channel.exec(name, args),
        undo: () => (refuse ? Promise.reject(gesture) : channel.undo()),
        redo: () => channel.redo(),
      } as KernelCalls),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: KernelCommandError[] = [];
    const off = onKernelError((e) => seen.push(e));

    expect(await undo()).toBe(false);
    await execCommand('scene.createDefaultRoom', {});
    expect(await undo()).toBe(true);
    expect((await channel.subscribe()).counts.room).toBe(0);
    expect(await redo()).toBe(true);
    expect(await redo()).toBe(false);
    expect((await channel.subscribe()).counts.room).toBe(1);
    expect(seen).toEqual([]);

    refuse = true;
    await expect(undo()).rejects.toBe(gesture);
    expect(seen).toEqual([gesture]);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith('[kernel]', 'undo', 'GESTURE_IN_PROGRESS', gesture.detail);
    off();
  });

  it('says NOT_READY without a kernel, and why when the kernel failed to start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(execCommand('view.setCamera', { view: 0 })).rejects.toMatchObject({
      code: 'NOT_READY',
      command: 'view.setCamera',
    });
    await expect(redo()).rejects.toMatchObject({ code: 'NOT_READY', command: 'redo' });
    setKernelCalls(Promise.reject(new KernelCommandError('INIT_FAILED', 'startKernel', 'no worker')));
    await expect(execCommand('view.setCamera', { view: 0 })).rejects.toMatchObject({
      code: 'NOT_READY',
      detail: 'the kernel failed to start: INIT_FAILED: no worker',
    });
  });
});
