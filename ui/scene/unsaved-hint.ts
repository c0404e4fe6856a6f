import { UNSAVED_HINT_DELAY_MS, UNSAVED_HINT_DURATION_MS } from './constants';
import type { Clock } from './ports';

// core.md §4: a new unsaved scene hints to save after 180000 ms; the hint stays 8000 ms.

export interface UnsavedHintOptions {
  readonly clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** still a new scene that was never saved? (checked when the wait is over) */
  readonly isUnsaved: () => boolean;
  /** shows the hint for durationMs */
  readonly show: (durationMs: number) => void;
  readonly delayMs?: number;
  readonly durationMs?: number;
}

export interface UnsavedHint {
  /** A new scene started: the wait begins again. */
  start(): void;
  /** The scene was saved or another one opened. */
  cancel(): void;
}

export function createUnsavedHint(options: UnsavedHintOptions): UnsavedHint {
  const { clock } = options;
  const delay = options.delayMs ?? UNSAVED_HINT_DELAY_MS;
  const duration = options.durationMs ?? UNSAVED_HINT_DURATION_MS;
  let handle: unknown = null;
  const cancel = () => {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  };
  return {
    start() {
      cancel();
      handle = clock.setTimeout(() => {
        handle = null;
        if (options.isUnsaved()) options.show(duration);
      }, delay);
    },
    cancel,
  };
}
