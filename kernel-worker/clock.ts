// The worker's timers, injected: main.ts (the worker entry) passes the real ones in, tests a
// manual clock they advance themselves. Nothing else in kernel-worker/ touches the global timers
// (eslint.config.js forbids them), so no callback can fire where a test cannot see it coming.

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** When the next frame runs. */
export interface FrameScheduler {
  request(callback: () => void): unknown;
  cancel(handle: unknown): void;
}

/** The part of a worker scope that can schedule frames (a dedicated worker in Chrome can). */
export interface AnimationFrames {
  readonly requestAnimationFrame?: (callback: () => void) => number;
  readonly cancelAnimationFrame?: (handle: number) => void;
}

/**
 * Frames from the scope's requestAnimationFrame where it has one, else from a 16 ms timer. The
 * scope is passed in (the worker entry's `self`), never read from the globals.
 */
export function frameScheduler(scope: AnimationFrames, timers: Timers): FrameScheduler {
  const { requestAnimationFrame: raf, cancelAnimationFrame: caf } = scope;
  if (typeof raf === 'function' && typeof caf === 'function') {
    return { request: (cb) => raf.call(scope, cb), cancel: (h) => caf.call(scope, h as number) };
  }
  return { request: (cb) => timers.setTimeout(cb, 16), cancel: (h) => timers.clearTimeout(h) };
}
