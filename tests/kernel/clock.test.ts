import { describe, expect, it, vi } from 'vitest';
import type { SnapshotPatch } from '../../protocol/patch';
import { frameScheduler, type Timers } from '../../kernel-worker/clock';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createKernel } from '../../kernel-worker/kernel';
import type { RendererHooks } from '../../kernel-worker/render/types';

// The worker's injected clock (kernel-worker/clock.ts): frames from the scope the entry passes in,
// and a kernel without timers that still reports what it draws.

function recordingTimers() {
  const set: number[] = [];
  const cleared: unknown[] = [];
  const timers: Timers = {
    setTimeout: (_fn, ms) => set.push(ms),
    clearTimeout: (handle) => void cleared.push(handle),
  };
  return { timers, set, cleared };
}

describe('frameScheduler', () => {
  it('uses the scope’s animation frames, called on the scope', () => {
    const { timers, set } = recordingTimers();
    const calls: unknown[] = [];
    const scope = {
      requestAnimationFrame(this: unknown, cb: () => void) {
        calls.push(['request', this === scope, typeof cb]);
        return 7;
      },
      cancelAnimationFrame(this: unknown, handle: number) {
        calls.push(['cancel', this === scope, handle]);
      },
    };
    const frames = frameScheduler(scope, timers);
    frames.cancel(frames.request(() => {}));
    expect(calls).toEqual([
      ['request', true, 'function'],
      ['cancel', true, 7],
    ]);
    expect(set).toEqual([]);
  });

  it('falls back to a 16 ms timer on the injected timers', () => {
    const { timers, set, cleared } = recordingTimers();
    const frames = frameScheduler({}, timers);
    frames.cancel(frames.request(() => {}));
    expect(set).toEqual([16]);
    expect(cleared).toEqual([1]);
  });
});

describe('a kernel without timers', () => {
  it('publishes each drawn frame’s count at once', () => {
    const kernel = createKernel({ ids: createSequentialIds() });
    const patches: SnapshotPatch[] = [];
    kernel.subscribe((p) => patches.push(p));
    let hooks: RendererHooks | null = null;
    kernel.attachRenderer((h) => {
      hooks = h;
      return { sync: vi.fn(), input: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
    });
    patches.length = 0;
    hooks!.onFrame(1);
    hooks!.onFrame(2);
    expect(patches.map((p) => p.ops)).toEqual([
      [{ op: 'set', path: ['renderer', 'frames'], value: 1 }],
      [{ op: 'set', path: ['renderer', 'frames'], value: 2 }],
    ]);
  });
});
