// Rendering is on demand: invalidate() asks for one frame, and nothing runs while nothing changes
// (an idle editor must not burn a laptop's battery). requestAnimationFrame exists in dedicated
// workers in Chrome; anything else falls back to a timer.

export interface FrameScheduler {
  request(callback: () => void): unknown;
  cancel(handle: unknown): void;
}

export function defaultFrameScheduler(): FrameScheduler {
  const g = globalThis as { requestAnimationFrame?: (cb: () => void) => number; cancelAnimationFrame?: (h: number) => void };
  if (typeof g.requestAnimationFrame === 'function' && typeof g.cancelAnimationFrame === 'function') {
    const raf = g.requestAnimationFrame.bind(globalThis);
    const caf = g.cancelAnimationFrame.bind(globalThis);
    return { request: (cb) => raf(cb), cancel: (h) => caf(h as number) };
  }
  return {
    request: (cb) => globalThis.setTimeout(cb, 16),
    cancel: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  };
}

export interface FrameLoop {
  /** Schedules one frame; any number of calls before it is drawn still draw one frame. */
  invalidate(): void;
  readonly frames: number;
  dispose(): void;
}

/**
 * draw gets the frame's time (ms, `now`'s clock). An animation keeps itself going by calling
 * invalidate() from inside draw: frames run only while something moves.
 */
export function createFrameLoop(
  draw: (now: number) => void,
  onFrame: (frames: number) => void,
  scheduler: FrameScheduler = defaultFrameScheduler(),
  now: () => number = () => performance.now(),
): FrameLoop {
  let pending: unknown = null;
  let frames = 0;
  let disposed = false;
  const tick = () => {
    pending = null;
    if (disposed) return;
    draw(now());
    frames += 1;
    onFrame(frames);
  };
  return {
    invalidate() {
      if (pending === null && !disposed) pending = scheduler.request(tick);
    },
    get frames() {
      return frames;
    },
    dispose() {
      disposed = true;
      if (pending !== null) scheduler.cancel(pending);
      pending = null;
    },
  };
}
