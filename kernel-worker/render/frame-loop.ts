// Rendering is on demand: invalidate() asks for one frame, and nothing runs while nothing changes
// (an idle editor must not burn a laptop's battery). When frames run is injected (clock.ts).
import type { FrameScheduler } from '../clock';

export type { FrameScheduler };

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
  scheduler: FrameScheduler,
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
