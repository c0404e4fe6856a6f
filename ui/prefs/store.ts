import { getPreferences } from '../../api';
import { hotkeyList, type Hotkey, type Preferences } from '../../protocol/preferences';
import { api } from '../app/api';
import { USER_CONFIG_KEY, USER_HOTKEYS_KEY } from './keys';

// The signed-in user's preferences in the browser. The server keeps them (GET /account2/preferences);
// sign-in and each page load copy them here, so the workspace reads them synchronously: the user
// config under 'userConfig' (the backup timer, the wall tool and the render options read that key),
// the hotkeys under 'userHotkeys' (the canvas key forwarding).

export { USER_CONFIG_KEY, USER_HOTKEYS_KEY };

/** The last list read, with the stored text it came from (a logout elsewhere changes the text). */
let cached: { readonly raw: string | null; readonly list: readonly Hotkey[] } | null = null;

export function storePreferences(prefs: Preferences): void {
  try {
    localStorage.setItem(USER_CONFIG_KEY, JSON.stringify(prefs.config));
    localStorage.setItem(USER_HOTKEYS_KEY, JSON.stringify(prefs.hotkeys));
  } catch {
    // storage unavailable: this page still uses them from memory
  }
}

/** The hotkey list in force; the defaults when none were stored. */
export function currentHotkeys(): readonly Hotkey[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(USER_HOTKEYS_KEY);
  } catch {
    raw = null;
  }
  if (cached && cached.raw === raw) return cached.list;
  let stored: unknown;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    stored = null;
  }
  // Rebuilt from name -> combination over today's defaults, so a list stored by an older build
  // cannot bring back a hotkey that no longer exists.
  const overrides: Record<string, string> = {};
  if (Array.isArray(stored)) {
    for (const h of stored as { name?: unknown; textVal?: unknown }[]) {
      if (typeof h?.name === 'string' && typeof h.textVal === 'string') overrides[h.name] = h.textVal;
    }
  }
  cached = { raw, list: hotkeyList(overrides) };
  return cached.list;
}

/** Fetches and stores them; a failure keeps what was stored (the workspace falls back to defaults). */
export async function loadPreferences(): Promise<Preferences | null> {
  try {
    const prefs = await getPreferences(api, { silent: true });
    storePreferences(prefs);
    return prefs;
  } catch {
    return null;
  }
}
