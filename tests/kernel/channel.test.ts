import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshot as plain } from 'valtio/vanilla';
import { isChannelMessage, type ChannelMessage } from '../../protocol/channel';
import { KernelCommandError } from '../../protocol/errors';
import type { KeyInput } from '../../protocol/input';
import type { SnapshotPatch } from '../../protocol/patch';
import type { ChannelEndpoint, KernelChannel } from '../../ui/kernel/channel';
import { kernelState, resetMirror, syncMirror, type MirrorSync } from '../../ui/kernel/mirror';
import { spawnNodeKernel, type SpawnedKernel } from './fixtures/spawn-node-kernel';

// The UI channel (protocol/channel.ts) against the real worker, beside Comlink on the worker's own
// port: each call resolving with the mirror already patched, the stream in seq order with the
// patches of Comlink's cold calls (forwarded keys here), and a lost patch repaired by a
// resubscription.

let spawned: SpawnedKernel | null = null;
let channel: KernelChannel | null = null;
let sync: MirrorSync | null = null;
beforeEach(() => resetMirror());
afterEach(async () => {
  sync?.stop();
  channel?.close();
  await spawned?.close();
  spawned = channel = sync = null;
  vi.restoreAllMocks();
});

/** The kernel's snapshot, asked on the channel past the mirror (its listener stays). */
function kernelSnapshot() {
  return channel!.subscribe();
}

/** Ctrl+digit, forwarded through Comlink's input(): the kernel sets that camera view (a patch of its own). */
function cameraKey(digit: number): KeyInput {
  const code = `Digit${digit}`;
  return { kind: 'key', type: 'keydown', key: String(digit), code, repeat: false, ctrlKey: true, shiftKey: false, altKey: false, metaKey: false };
}

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

/** Passes messages through, except those `drop` picks, and records the seqs of the channel's patches that went by. */
function lossy(endpoint: ChannelEndpoint, drop: (message: ChannelMessage) => boolean) {
  const seen: number[] = [];
  const dropped: ChannelMessage[] = [];
  const wrapped = new Map<(event: MessageEvent) => void, (event: MessageEvent) => void>();
  const stand: ChannelEndpoint = {
    postMessage: (m) => endpoint.postMessage(m),
    addEventListener(type, listener) {
      const filter = (event: MessageEvent) => {
        const message = event.data as ChannelMessage;
        if (isChannelMessage(message)) {
          if (drop(message)) {
            dropped.push(message);
            return;
          }
          const patches = message.kind === 'patch' ? [message.patch] : message.patches;
          seen.push(...patches.map((p: SnapshotPatch) => p.seq));
        }
        listener(event);
      };
      wrapped.set(listener, filter);
      endpoint.addEventListener(type, filter);
    },
    removeEventListener(type, listener) {
      const filter = wrapped.get(listener);
      if (filter) endpoint.removeEventListener(type, filter);
    },
  };
  return { endpoint: stand, seen, dropped };
}

async function connect(drop: (message: ChannelMessage) => boolean = () => false) {
  let wire!: ReturnType<typeof lossy>;
  spawned = await spawnNodeKernel({}, { wrapChannel: (port) => (wire = lossy(port, drop)).endpoint });
  const { api } = spawned;
  const open = spawned.channel;
  channel = open;
  await api.init(null, { width: 10, height: 10, dpr: 1 });
  const subscribe = vi.fn((listener: Parameters<KernelChannel['setPatchListener']>[0]) => {
    open.setPatchListener(listener);
    return open.subscribe();
  });
  sync = await syncMirror(subscribe);
  return { api, channel: open, subscribe, wire };
}

describe('UI channel over the real worker', () => {
  it('resolves each call with its patches already in the mirror, in seq order', async () => {
    const { channel, wire } = await connect();
    const { roomId } = await channel.exec('scene.createDefaultRoom', {});
    expect(kernelState.rooms[roomId]?.area).toBe(27.42);
    expect(kernelState.canUndo).toBe(true);
    for (const mode of [1, 2, 3, 0] as const) {
      await channel.exec('view.setMode', { mode });
      expect(kernelState.viewMode).toBe(mode);
    }
    expect(await channel.undo()).toBe(true);
    expect(kernelState.rooms).toEqual({});
    expect(kernelState.canRedo).toBe(true);
    expect(await channel.redo()).toBe(true);
    expect(await channel.redo()).toBe(false);
    expect(kernelState.rooms[roomId]?.name).toBe('');
    expect(wire.seen).toEqual(wire.seen.map((_, i) => i + 1));
    expect(kernelState.seq).toBe(wire.seen.length);
    expect(mirrorBody()).toEqual(await kernelSnapshot());
  });

  it('takes patches from other callers (Comlink) on the same port, in order with the replies', async () => {
    const { api, channel, wire } = await connect();
    await Promise.all([api.input(cameraKey(2)), channel.exec('view.setMode', { mode: 2 }), api.input(cameraKey(3))]);
    await until(() => kernelState.seq === 3);
    expect(wire.seen).toEqual([1, 2, 3]);
    expect(mirrorBody()).toEqual(await kernelSnapshot());
  });

  it('rejects a failing call with the kernel error, the mirror untouched', async () => {
    const { channel } = await connect();
    await channel.exec('scene.createDefaultRoom', {});
    const seq = kernelState.seq;
    const failure = channel.exec('wall.update', { id: 'wall-404', height: 100 });
    await expect(failure).rejects.toBeInstanceOf(KernelCommandError);
    await expect(failure).rejects.toMatchObject({ code: 'COMMAND_FAILED', command: 'wall.update', detail: 'no wall with id "wall-404"' });
    await expect(channel.exec('nope' as never, {} as never)).rejects.toMatchObject({ code: 'UNKNOWN_COMMAND', command: 'nope' });
    expect(kernelState.seq).toBe(seq);
  });

  it('resubscribes when a patch goes missing, and ends in step with the kernel', async () => {
    let armed = false;
    const { api, channel, subscribe, wire } = await connect((m) => armed && m.kind === 'patch' && !(armed = false));
    await channel.exec('scene.createDefaultRoom', {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    armed = true;
    // Through Comlink: its patch reaches the channel as a message of its own, which is lost.
    const cameraView = kernelState.cameraView;
    await api.input(cameraKey(1));
    await until(() => wire.dropped.length === 1);
    expect(kernelState.cameraView).toBe(cameraView);
    expect(subscribe).toHaveBeenCalledTimes(1);
    // The next patch skips a seq: the mirror asks for a fresh snapshot instead of applying it.
    await channel.exec('view.setMode', { mode: 3 });
    await until(() => subscribe.mock.calls.length === 2 && kernelState.viewMode === 3);
    await until(() => kernelState.seq === 3);
    expect(kernelState.cameraView).toBe(1);
    expect(mirrorBody()).toEqual(await kernelSnapshot());
    expect(error).not.toHaveBeenCalled();
  });

  it('rejects calls still pending when the channel closes', async () => {
    const { channel } = await connect();
    const pending = channel.exec('view.setMode', { mode: 2 });
    channel.close();
    await expect(pending).rejects.toMatchObject({ code: 'NOT_READY', command: 'view.setMode' });
    await expect(channel.undo()).rejects.toMatchObject({ code: 'NOT_READY', command: 'undo' });
  });

  it('answers NOT_READY before init, sends no patches before subscribe, and one stream after a resubscribe', async () => {
    spawned = await spawnNodeKernel();
    const open = spawned.channel;
    channel = open;
    await expect(open.exec('view.setMode', { mode: 1 })).rejects.toMatchObject({ code: 'NOT_READY', command: 'view.setMode' });
    const { api } = spawned;
    await api.init(null, { width: 10, height: 10, dpr: 1 });
    const streamed: SnapshotPatch[] = [];
    open.setPatchListener((p) => streamed.push(p));
    // Not subscribed yet: the call still answers, and its patch is only in the snapshot that follows.
    await open.exec('view.setMode', { mode: 2 });
    await api.input(cameraKey(2));
    expect(streamed).toEqual([]);
    expect(await open.subscribe()).toMatchObject({ seq: 2, viewMode: 2, cameraView: 2 });
    // A resubscription replaces the subscription: each later patch arrives once.
    await open.subscribe();
    await open.exec('view.setMode', { mode: 3 });
    expect(streamed.map((p) => p.ops)).toEqual([[{ op: 'set', path: ['viewMode'], value: 3 }]]);
  });
});
