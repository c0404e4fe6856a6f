import type { KeyInput } from '../../protocol/input';
import { codeOfKey, comboOfEvent, parseCombo, type Hotkey } from '../../protocol/preferences';

// The kernel answers the product's default combinations (kernel-worker/commands/shortcuts.ts,
// the roam view's fly keys, Delete). A user's own hotkeys are applied here, before a key reaches
// it: the user's combination is rewritten into the default one the kernel knows, and a default
// combination whose action the user moved elsewhere is swallowed, so the old key stops working.

/** The key event the kernel expects for a combination (its `key` is what a US layout types). */
function canonicalInput(input: KeyInput, combo: string): KeyInput {
  const c = parseCombo(combo)!;
  const key = /^[A-Z]$/.test(c.key) ? c.key.toLowerCase() : c.key;
  return { ...input, key, code: codeOfKey(c.key), ctrlKey: c.ctrl, metaKey: false, shiftKey: c.shift, altKey: c.alt };
}

/** The input to forward for `input` under the user's hotkeys; null when it must not reach the kernel. */
export function remapKeyInput(input: KeyInput, hotkeys: readonly Hotkey[]): KeyInput | null {
  const combo = comboOfEvent(input);
  if (combo === null) return input;
  const bound = hotkeys.find((h) => h.textVal === combo);
  if (bound) return bound.textVal === bound.defVal ? input : canonicalInput(input, bound.defVal);
  const movedAway = hotkeys.some((h) => h.defVal === combo && h.textVal !== h.defVal);
  return movedAway ? null : input;
}
