import { describe, expect, it, vi } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import type { SnapshotPatch } from '../../protocol/patch';
import { applyPatchOps } from '../../protocol/patch';
import { registry } from '../../kernel-worker/commands/registry';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createKernel, type Timers } from '../../kernel-worker/kernel';
import type { RendererHooks, RendererPort } from '../../kernel-worker/render/types';

function headless() {
  const kernel = createKernel({ ids: createSequentialIds() });
  const patches: SnapshotPatch[] = [];
  kernel.subscribe((p) => patches.push(p));
  return { kernel, patches };
}

function caught(fn: () => unknown): KernelCommandError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(KernelCommandError);
    return e as KernelCommandError;
  }
  throw new Error('expected a KernelCommandError');
}

describe('kernel: scene.createDefaultRoom', () => {
  it('builds four 240 mm walls, the room, a storey and the meta record', () => {
    const { kernel } = headless();
    const { roomId, wallIds } = kernel.exec('scene.createDefaultRoom', {});
    const walls = kernel.records.ofType('wall');
    expect(walls).toHaveLength(4);
    expect(wallIds.sort()).toEqual(walls.map((w) => w.id).sort());
    for (const w of walls) {
      expect(w.thickness).toBe(240);
      expect(w.height).toBe(2800);
    }
    // Centre lines span 6000 x 5000.
    const xs = walls.flatMap((w) => [w.start.x, w.end.x]);
    const ys = walls.flatMap((w) => [w.start.y, w.end.y]);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([0, 6000, 0, 5000]);

    const [storey] = kernel.records.ofType('storey');
    expect(storey).toMatchObject({ index: 0, elevation: 0 });
    const room = kernel.records.getOfType(roomId, 'room')!;
    expect(room.storeyId).toBe(storey!.id);
    expect(room.outline).toEqual([
      { x: 120, y: 120 },
      { x: 5880, y: 120 },
      { x: 5880, y: 4880 },
      { x: 120, y: 4880 },
    ]);
    expect(kernel.records.ofType('meta')).toEqual([
      {
        id: 'meta',
        type: 'meta',
        name: '',
        style: '',
        roomType: 0,
        isUseStackWall: 0,
        hasMeasuringSize: false,
        client: { name: '', phone: '', id: '', address: '', order_number: '' },
      },
    ]);

    const snap = kernel.snapshot();
    // Inner area: 5.76 m x 4.76 m.
    expect(snap.rooms[roomId]).toEqual({
      id: roomId,
      name: '',
      roomType: 0,
      area: 27.42,
      groundArea: 27.42,
      storeyId: storey!.id,
    });
    expect(snap.counts).toEqual({
      meta: 1,
      storey: 1,
      wall: 4,
      opening: 0,
      room: 1,
      model: 0,
      paving: 0,
      ceiling: 0,
      light: 0,
      wallPanel: 0,
      cabinet: 0,
      floorOpening: 0,
      view: 1,
      selection: 1,
      tool: 1,
    });
    expect(snap.currentStoreyId).toBe(storey!.id);
    expect(snap.storeys).toEqual([{ id: storey!.id, index: 0, name: '1F', elevation: 0, layerHeight: 2800 }]);
    expect(snap.dirty).toBe(true);
    expect(snap.changedSinceBackup).toBe(true);
  });

  it('replaces the default room instead of stacking a second one', () => {
    const { kernel } = headless();
    const first = kernel.exec('scene.createDefaultRoom', {});
    const second = kernel.exec('scene.createDefaultRoom', { width: 4000, depth: 3000, wallThickness: 200 });
    expect(second).toEqual(first);
    expect(kernel.records.ofType('wall')).toHaveLength(4);
    expect(kernel.records.ofType('room')).toHaveLength(1);
    expect(kernel.records.ofType('storey')).toHaveLength(1);
    // Inner 3.8 m x 2.8 m.
    expect(kernel.snapshot().rooms[second.roomId]?.area).toBe(10.64);
  });
});

describe('kernel: patches', () => {
  it('starts empty and counts every record type', () => {
    const { kernel } = headless();
    const snap = kernel.snapshot();
    expect(snap.seq).toBe(0);
    expect(snap.counts.room).toBe(0);
    expect(snap.rooms).toEqual({});
    expect(snap.dirty).toBe(false);
    expect(snap.renderer).toEqual({ kind: 'none', frames: 0 });
  });

  it('sends numbered patches holding only what changed', () => {
    const { kernel, patches } = headless();
    const mirror = structuredClone(kernel.snapshot()) as unknown as Record<string, unknown>;
    kernel.exec('scene.createDefaultRoom', {});
    kernel.exec('view.setMode', { mode: 2 });
    expect(patches.map((p) => p.seq)).toEqual([1, 2]);
    expect(patches[1]!.ops).toEqual([{ op: 'set', path: ['viewMode'], value: 2 }]);
    // A room arriving patches one key of the rooms map, not the whole snapshot.
    const roomOps = patches[0]!.ops.filter((o) => o.path[0] === 'rooms');
    expect(roomOps).toHaveLength(1);
    expect(roomOps[0]!.path).toHaveLength(2);

    for (const p of patches) applyPatchOps(mirror, p.ops);
    const { seq, ...body } = kernel.snapshot();
    const { seq: _mirrorSeq, ...mirrorBody } = mirror;
    expect(seq).toBe(2);
    expect(mirrorBody).toEqual(body);
  });

  it('sends nothing when a command changes nothing', () => {
    const { kernel, patches } = headless();
    kernel.exec('view.setMode', { mode: 0 });
    expect(patches).toEqual([]);
    kernel.exec('view.setCamera', { view: 2 });
    expect(patches).toHaveLength(1);
    expect(patches[0]!.ops).toEqual([{ op: 'set', path: ['cameraView'], value: 2 }]);
  });

  it('keeps session-only changes out of the dirty flag', () => {
    const { kernel } = headless();
    kernel.exec('view.setMode', { mode: 3 });
    expect(kernel.snapshot().dirty).toBe(false);
  });
});

describe('kernel: failures', () => {
  it('refuses invalid arguments, naming the command and the field, and changes nothing', () => {
    const { kernel, patches } = headless();
    kernel.exec('scene.createDefaultRoom', {});
    const before = JSON.stringify(kernel.records.all());
    const snapshotBefore = kernel.snapshot();
    patches.length = 0;

    const e = caught(() => kernel.exec('scene.createDefaultRoom', { width: -1 }));
    expect(e.code).toBe('INVALID_ARGS');
    expect(e.command).toBe('scene.createDefaultRoom');
    expect(e.detail).toMatch(/^width: /);

    const tooSmall = caught(() => kernel.exec('scene.createDefaultRoom', { width: 300, wallThickness: 240 }));
    expect(tooSmall.detail).toBe('width: must be at least wallThickness + 100 (340), got 300');

    const mode = caught(() => kernel.exec('view.setMode', { mode: 7 as never }));
    expect(mode).toMatchObject({ code: 'INVALID_ARGS', command: 'view.setMode' });
    expect(mode.detail).toBe('mode: must be one of 0, 1, 2, 3, got 7');

    const extra = caught(() => kernel.exec('view.setCamera', { view: 1, zoom: 2 } as never));
    expect(extra.detail).toMatch(/^zoom: is not a known field/);

    expect(caught(() => kernel.exec('view.setCamera', undefined as never)).code).toBe('INVALID_ARGS');

    expect(JSON.stringify(kernel.records.all())).toBe(before);
    expect(kernel.snapshot()).toEqual(snapshotBefore);
    expect(patches).toEqual([]);
  });

  it('refuses unknown commands', () => {
    const { kernel } = headless();
    const e = caught(() => kernel.exec('scene.explode' as never, {} as never));
    expect(e).toMatchObject({ code: 'UNKNOWN_COMMAND', command: 'scene.explode' });
    // Inherited object keys are not commands either.
    expect(caught(() => kernel.exec('toString' as never, {} as never)).code).toBe('UNKNOWN_COMMAND');
  });

  it('rolls back a command that throws half-way through its run', () => {
    const kernel = createKernel({
      ids: createSequentialIds(),
      registry: {
        ...registry,
        'scene.createDefaultRoom': {
          ...registry['scene.createDefaultRoom'],
          run(tx, args, context) {
            registry['scene.createDefaultRoom'].run(tx, args, context);
            throw new Error('disk on fire');
          },
        },
      },
    });
    const patches: SnapshotPatch[] = [];
    kernel.subscribe((p) => patches.push(p));
    const before = JSON.stringify(kernel.records.all());
    const e = caught(() => kernel.exec('scene.createDefaultRoom', {}));
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'scene.createDefaultRoom', detail: 'disk on fire' });
    expect(JSON.stringify(kernel.records.all())).toBe(before);
    expect(kernel.snapshot().counts.wall).toBe(0);
    expect(patches).toEqual([]);
  });
});

describe('kernel: renderer hookup', () => {
  function fakeTimers() {
    let now = 0;
    const queue: { at: number; fn: () => void; handle: number }[] = [];
    let next = 1;
    const timers: Timers = {
      setTimeout(fn, ms) {
        queue.push({ at: now + ms, fn, handle: next });
        return next++;
      },
      clearTimeout(handle) {
        const i = queue.findIndex((t) => t.handle === handle);
        if (i >= 0) queue.splice(i, 1);
      },
    };
    const advance = (ms: number) => {
      now += ms;
      for (const t of queue.filter((q) => q.at <= now).sort((a, b) => a.at - b.at)) {
        queue.splice(queue.indexOf(t), 1);
        t.fn();
      }
    };
    return { timers, now: () => now, advance };
  }

  it('feeds the diffs to the renderer and reports frames at most twice a second', async () => {
    const clock = fakeTimers();
    const kernel = createKernel({ ids: createSequentialIds(), timers: clock.timers, now: clock.now });
    const patches: SnapshotPatch[] = [];
    kernel.subscribe((p) => patches.push(p));
    let hooks: RendererHooks | null = null;
    const sync = vi.fn();
    const renderer: RendererPort = { sync, input: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
    kernel.attachRenderer((h) => {
      hooks = h;
      return renderer;
    });
    // The renderer starts from everything that exists (the session records).
    expect(Object.keys(sync.mock.calls[0]![0].added).sort()).toEqual(['selection', 'tool', 'view']);
    expect(kernel.snapshot().renderer).toEqual({ kind: 'webgl2', frames: 0 });

    kernel.exec('view.setMode', { mode: 1 });
    // The view follows right after the command (a microtask later: the UI's answer goes first).
    expect(sync).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(sync).toHaveBeenCalledTimes(2);
    expect(Object.keys(sync.mock.calls[1]![0].updated)).toEqual(['view']);
    // Commits of one task arrive as one diff; a change that was undone in the same task is none.
    kernel.exec('view.setCamera', { view: 2 });
    kernel.exec('view.setMode', { mode: 2 });
    kernel.exec('view.setMode', { mode: 1 });
    await Promise.resolve();
    expect(sync).toHaveBeenCalledTimes(3);
    expect(sync.mock.calls[2]![0].updated.view.map((v: { cameraView: number; viewMode: number }) => [v.cameraView, v.viewMode])).toEqual([
      [0, 1],
      [2, 1],
    ]);

    patches.length = 0;
    for (let i = 1; i <= 30; i++) hooks!.onFrame(i);
    clock.advance(0);
    expect(patches.map((p) => p.ops)).toEqual([[{ op: 'set', path: ['renderer', 'frames'], value: 30 }]]);
    for (let i = 31; i <= 60; i++) hooks!.onFrame(i);
    clock.advance(100);
    expect(patches).toHaveLength(1);
    clock.advance(400);
    expect(patches).toHaveLength(2);
    expect(kernel.snapshot().renderer.frames).toBe(60);
  });
});
