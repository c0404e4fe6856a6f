import type { ForwardedInput } from '../../protocol/input';
import type { CameraView } from '../../protocol/records';

// The keyboard shortcuts the kernel answers itself, whatever tool is active.

/** Ctrl+Z undo; Ctrl+Y and Ctrl+Shift+Z redo (Cmd on a Mac keyboard). */
export function historyShortcut(event: ForwardedInput): 'undo' | 'redo' | null {
  if (event.kind !== 'key' || event.type !== 'keydown') return null;
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  // The character when it is a Latin letter (AZERTY's Z is where QWERTY has W), else the key's place.
  const letter = /^[a-z]$/i.test(event.key) ? event.key.toLowerCase() : event.code === 'KeyZ' ? 'z' : event.code === 'KeyY' ? 'y' : '';
  if (letter === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (letter === 'y' && !event.shiftKey) return 'redo';
  return null;
}

/**
 * catalogues.md hotkeys "2D views Ctrl+0 to Ctrl+7": Ctrl+0 bird eye, Ctrl+1 roam, Ctrl+2 top (the
 * plan), Ctrl+3 look down, Ctrl+4 look up, Ctrl+5 surface (the selected wall, or the longest),
 * Ctrl+6 front elevation, Ctrl+7 side elevation (both the surface view, facing the storey from the
 * south and from the east; the renderer picks the face from the same key). Digits by key position,
 * top row or keypad (Cmd on a Mac keyboard).
 */
export const CAMERA_HOTKEYS: readonly CameraView[] = [0, 1, 2, 3, 4, 5, 5, 5];

export function cameraShortcut(event: ForwardedInput): CameraView | null {
  if (event.kind !== 'key' || event.type !== 'keydown') return null;
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const m = /^(?:Digit|Numpad)([0-7])$/.exec(event.code);
  return m ? CAMERA_HOTKEYS[Number(m[1])]! : null;
}

/**
 * catalogues.md hotkeys: copy Ctrl+C, paste Ctrl+V, hide Ctrl+H (Cmd on a Mac keyboard); letters
 * by character, else by key position, like the history keys.
 */
export function editShortcut(event: ForwardedInput): 'copy' | 'paste' | 'hide' | null {
  if (event.kind !== 'key' || event.type !== 'keydown') return null;
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  const letter = /^[a-z]$/i.test(event.key) ? event.key.toLowerCase() : event.code === 'KeyC' ? 'c' : event.code === 'KeyV' ? 'v' : event.code === 'KeyH' ? 'h' : '';
  if (letter === 'c') return 'copy';
  if (letter === 'v') return 'paste';
  if (letter === 'h') return 'hide';
  return null;
}
