import { DROPDOWN_FLIP_PX } from './constants';

// The pure rules behind the widgets of catalogues.md §4, kept apart from React so each edge is
// a unit test: where a dropdown opens, which page a pager may show, when a dialog may close, and
// a debounce for the slider.

/** catalogues.md §4: a dropdown flips upward when under DROPDOWN_FLIP_PX of space is left below it. */
export function dropdownPlacement(spaceBelowPx: number): 'bottom' | 'top' {
  return spaceBelowPx < DROPDOWN_FLIP_PX ? 'top' : 'bottom';
}

/** catalogues.md §5: a page number clamped to 1..total (a list with no pages stays on page 1). */
export function clampPage(page: number, total: number): number {
  const last = Math.max(1, Math.floor(total));
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.round(page)));
}

/** catalogues.md §5: slider handles stay on the track and the min handle never passes the max. */
export function boundRange(min: number, max: number, track: { readonly min: number; readonly max: number }): [number, number] {
  const clamp = (v: number) => Math.min(track.max, Math.max(track.min, v));
  const a = clamp(min);
  const b = clamp(max);
  return a <= b ? [a, b] : [b, a];
}

/** How a dialog is asked to close. */
export type DialogCloseTrigger = 'button' | 'backdrop' | 'escape';

export interface DialogCloseRules {
  /** a backdrop click closes it (default true) */
  readonly closeOnBackdrop?: boolean;
  /** Escape closes it (default true) */
  readonly closeOnEscape?: boolean;
}

/** catalogues.md §4: the close button always asks; backdrop and Escape only where allowed. */
export function dialogMayClose(trigger: DialogCloseTrigger, rules: DialogCloseRules = {}): boolean {
  if (trigger === 'backdrop') return rules.closeOnBackdrop ?? true;
  if (trigger === 'escape') return rules.closeOnEscape ?? true;
  return true;
}

/**
 * Runs the before-close hook of a dialog a close was allowed for: it closes unless the hook says
 * false (or its promise does, or it throws: a failed check keeps the dialog and what is in it).
 */
export async function confirmClose(beforeClose: (() => boolean | Promise<boolean>) | undefined): Promise<boolean> {
  if (!beforeClose) return true;
  try {
    return (await beforeClose()) !== false;
  } catch {
    return false;
  }
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** runs a pending call now */
  flush(): void;
  cancel(): void;
}

/** Calls fn with the last arguments once `ms` have passed without another call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    pending = args;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  debounced.flush = () => {
    if (timer !== null) clearTimeout(timer);
    run();
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return debounced;
}
