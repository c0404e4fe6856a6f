// The widget constants of catalogues.md §9 (and §4's behaviour), in one place: every widget reads
// its numbers here, so a screen never hard-codes its own idea of a toast's duration or a flip.

/** The notification: a titled card with optional confirm / cancel, shown by a call with settings. */
export const NOTIFICATION = {
  /** ms an autoHide notification stays */
  durationMs: 2000,
  /** px from the top of the window */
  topPx: 60,
  zIndex: 2500,
} as const;

/** The message: a one-line toast. */
export const MESSAGE = {
  durationMs: 3000,
  /** px from the top of the window */
  offsetPx: 20,
  zIndex: 999999,
} as const;

export const TOOLTIP_Z_INDEX = 998;

/** A button that must not fire twice ignores clicks for this long. */
export const CLICK_DEBOUNCE_MS = 2000;

export const SUBMENU = { hideDelayMs: 60, extendWidthPx: 168 } as const;

/** Dialogs sit this far from the top of the window. */
export const DIALOG_TOP = '15vh';

/** A range slider reports its min and max this long after the last handle move. */
export const SLIDER_DEBOUNCE_MS = 100;

/** A dropdown opens upward when less than this is left below its trigger (px). */
export const DROPDOWN_FLIP_PX = 240;

/** The region table (province, city, district codes) hangs under this key. */
export const REGION_ROOT = '86';
/** px per row in the province / city picker */
export const REGION_ROW_HEIGHT_PX = 32;
