import type { ForwardedInput } from '../../protocol/input';

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
