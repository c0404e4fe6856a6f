import type { ForwardedInput, KeyInput, Modifiers, PointerInput, WheelInput } from '../../protocol/input';
import { comboOfEvent } from '../../protocol/preferences';
import { currentHotkeys } from '../prefs/store';
import { remapKeyInput } from './hotkey-remap';

// The one table of DOM events the canvas forwards to the kernel. Each entry turns a DOM event into
// plain numbers and strings (or into nothing, after handling it here).

function modifiers(e: MouseEvent | KeyboardEvent): Modifiers {
  return { shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey };
}

function pointer(type: PointerInput['type'], e: PointerEvent, canvas: HTMLCanvasElement): PointerInput {
  const rect = canvas.getBoundingClientRect();
  return {
    kind: 'pointer',
    type,
    x: e.clientX - rect.left,
    y: e.clientY - rect.top,
    button: e.button,
    buttons: e.buttons,
    pointerId: e.pointerId,
    pointerType: e.pointerType,
    ...modifiers(e),
  };
}

function wheel(e: WheelEvent, canvas: HTMLCanvasElement): WheelInput {
  const rect = canvas.getBoundingClientRect();
  return {
    kind: 'wheel',
    type: 'wheel',
    x: e.clientX - rect.left,
    y: e.clientY - rect.top,
    deltaX: e.deltaX,
    deltaY: e.deltaY,
    deltaMode: e.deltaMode,
    ...modifiers(e),
  };
}

/** The key as the kernel gets it: the user's own hotkeys (personal centre) rewritten to the defaults it knows. */
function key(type: KeyInput['type'], e: KeyboardEvent): KeyInput | null {
  return remapKeyInput({ kind: 'key', type, key: e.key, code: e.code, repeat: e.repeat, ...modifiers(e) }, currentHotkeys());
}

/** A combination the user bound with a modifier (Ctrl+U would open the page source, Alt+… a menu). */
function isUserHotkey(e: KeyboardEvent): boolean {
  const combo = comboOfEvent(e);
  return combo !== null && /[+]/.test(combo) && currentHotkeys().some((h) => h.textVal === combo);
}

/**
 * catalogues.md hotkeys the kernel answers: Ctrl+0…Ctrl+7 camera views, Ctrl+H hide, Ctrl+C and
 * Ctrl+V copy and paste models, Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z undo and redo (Cmd on a Mac).
 */
export function isKernelHotkey(e: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return false;
  if (e.code === 'KeyZ') return true;
  if (e.shiftKey) return false;
  return /^(?:Digit|Numpad)[0-7]$/.test(e.code) || ['KeyH', 'KeyY', 'KeyC', 'KeyV'].includes(e.code);
}

interface ForwardedEventSpec<E extends Event> {
  readonly options?: AddEventListenerOptions;
  toInput(event: E, canvas: HTMLCanvasElement): ForwardedInput | null;
}

type ForwardedEventTable = { readonly [K in keyof HTMLElementEventMap]?: ForwardedEventSpec<HTMLElementEventMap[K]> };

export const FORWARDED_EVENTS = {
  pointerdown: {
    toInput(e, canvas) {
      // Capture keeps a drag alive outside the canvas; focus lets the keys reach the kernel.
      canvas.setPointerCapture(e.pointerId);
      canvas.focus({ preventScroll: true });
      return pointer('pointerdown', e, canvas);
    },
  },
  pointermove: { toInput: (e, canvas) => pointer('pointermove', e, canvas) },
  pointerup: {
    toInput(e, canvas) {
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
      return pointer('pointerup', e, canvas);
    },
  },
  pointercancel: { toInput: (e, canvas) => pointer('pointercancel', e, canvas) },
  pointerleave: { toInput: (e, canvas) => pointer('pointerleave', e, canvas) },
  wheel: {
    // Not passive: the wheel zooms the view, so the page must not scroll as well.
    options: { passive: false },
    toInput(e, canvas) {
      e.preventDefault();
      return wheel(e, canvas);
    },
  },
  // Listening on the canvas means only keys typed while it has focus are forwarded.
  keydown: {
    toInput(e) {
      // The kernel's hotkeys must not also zoom the page (Ctrl+0), switch tabs (Ctrl+1…7), open
      // the history (Ctrl+H), or undo the text last typed in a search box (Chrome's Ctrl+Z goes
      // to the page's editing history even with the canvas focused).
      if (isKernelHotkey(e) || isUserHotkey(e)) e.preventDefault();
      return key('keydown', e);
    },
  },
  keyup: { toInput: (e) => key('keyup', e) },
  contextmenu: {
    toInput(e) {
      // Right-drag pans; the browser menu would interrupt it.
      e.preventDefault();
      return null;
    },
  },
} satisfies ForwardedEventTable;

/** Starts forwarding; returns the function that stops it. */
export function forwardCanvasEvents(canvas: HTMLCanvasElement, send: (input: ForwardedInput) => void): () => void {
  const table: ForwardedEventTable = FORWARDED_EVENTS;
  // Keys held down when the canvas loses focus (a click elsewhere, another window) would never
  // see their keyup, and the roam view would walk on forever: release them on blur.
  const held = new Map<string, KeyInput>();
  const forward = (input: ForwardedInput) => {
    if (input.kind === 'key') {
      if (input.type === 'keydown') held.set(input.code, input);
      else held.delete(input.code);
    }
    send(input);
  };
  const removers = Object.entries(table).map(([type, spec]) => {
    const s = spec as ForwardedEventSpec<Event>;
    const handler = (event: Event) => {
      const input = s.toInput(event, canvas);
      if (input) forward(input);
    };
    canvas.addEventListener(type, handler, s.options);
    return () => canvas.removeEventListener(type, handler, s.options);
  });
  const onBlur = () => {
    for (const down of [...held.values()]) forward({ ...down, type: 'keyup', repeat: false });
  };
  canvas.addEventListener('blur', onBlur);
  return () => {
    canvas.removeEventListener('blur', onBlur);
    removers.forEach((remove) => remove());
  };
}
