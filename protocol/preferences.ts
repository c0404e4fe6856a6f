// A user's preferences as the server stores them per user and the client reads at sign-in: the
// user config (catalogues.md §3 "User config defaults", §9 constants) and the hotkey list
// (catalogues.md §3 "Hotkeys"). Validation lives here so the personal centre and the server
// refuse exactly the same input.

/** Whether to also save the scene file and its preview with each backup (1) or only the backup (0). */
export type BackupMode = 0 | 1;

export interface UserConfig {
  readonly cameraMoveSpeedPercentage: number;
  readonly wallThickness: number;
  readonly angleDragResponse: number;
  readonly isEnableLod: boolean;
  readonly isUseLowGltf: boolean;
  readonly fullScreenDetailMode: boolean;
  readonly enableWheelScaleModel: boolean;
  readonly enableDynamicLine: boolean;
  readonly dynamicLineWidth: number;
  readonly staticLineWidth: number;
  readonly backupTime: number;
  readonly backupMode: BackupMode;
}

/** catalogues.md §9 user config defaults; the flags the spec gives no value for start off. */
export const USER_CONFIG_DEFAULTS: UserConfig = {
  cameraMoveSpeedPercentage: 100,
  wallThickness: 240,
  angleDragResponse: 400,
  isEnableLod: false,
  isUseLowGltf: false,
  fullScreenDetailMode: false,
  enableWheelScaleModel: false,
  enableDynamicLine: true,
  dynamicLineWidth: 0.2,
  staticLineWidth: 0.1,
  backupTime: 600_000,
  backupMode: 1,
};

export type NumberField = {
  [K in keyof UserConfig]: UserConfig[K] extends number ? K : never;
}[keyof UserConfig];
export type FlagField = { [K in keyof UserConfig]: UserConfig[K] extends boolean ? K : never }[keyof UserConfig];

/**
 * Accepted ranges. Camera speed and drag response are the kernel's render-option limits, wall
 * thickness the wall panel's; the backup wait is what the backup timer accepts (1 min to 24 h);
 * line widths are in px of the plan's strokes.
 */
export const USER_CONFIG_LIMITS: { readonly [K in NumberField]: { readonly min: number; readonly max: number; readonly integer: boolean } } = {
  cameraMoveSpeedPercentage: { min: 10, max: 1000, integer: true },
  wallThickness: { min: 10, max: 1000, integer: false },
  angleDragResponse: { min: 50, max: 4000, integer: true },
  dynamicLineWidth: { min: 0.05, max: 5, integer: false },
  staticLineWidth: { min: 0.05, max: 5, integer: false },
  backupTime: { min: 60_000, max: 86_400_000, integer: true },
  backupMode: { min: 0, max: 1, integer: true },
};

export const FLAG_FIELDS: readonly FlagField[] = [
  'isEnableLod',
  'isUseLowGltf',
  'fullScreenDetailMode',
  'enableWheelScaleModel',
  'enableDynamicLine',
];

export type UserConfigProblem =
  | { readonly kind: 'unknownField'; readonly field: string }
  | { readonly kind: 'notNumber'; readonly field: NumberField }
  | { readonly kind: 'notInteger'; readonly field: NumberField }
  | { readonly kind: 'outOfRange'; readonly field: NumberField; readonly min: number; readonly max: number }
  | { readonly kind: 'notFlag'; readonly field: FlagField };

const isNumberField = (k: string): k is NumberField => Object.prototype.hasOwnProperty.call(USER_CONFIG_LIMITS, k);
const isFlagField = (k: string): k is FlagField => (FLAG_FIELDS as readonly string[]).includes(k);

/**
 * Checks a partial change to the user config; the first problem found, or the merged config.
 * Values must already be of their type (numbers, booleans): a form converts its text first, so a
 * "240mm" never reaches the store.
 */
export function applyUserConfigChange(
  base: UserConfig,
  change: Readonly<Record<string, unknown>>,
): { readonly ok: true; readonly config: UserConfig } | { readonly ok: false; readonly problem: UserConfigProblem } {
  const next: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(change)) {
    if (isNumberField(field)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, problem: { kind: 'notNumber', field } };
      const limit = USER_CONFIG_LIMITS[field];
      if (limit.integer && !Number.isInteger(value)) return { ok: false, problem: { kind: 'notInteger', field } };
      if (value < limit.min || value > limit.max) {
        return { ok: false, problem: { kind: 'outOfRange', field, min: limit.min, max: limit.max } };
      }
      next[field] = value;
    } else if (isFlagField(field)) {
      if (typeof value !== 'boolean') return { ok: false, problem: { kind: 'notFlag', field } };
      next[field] = value;
    } else {
      return { ok: false, problem: { kind: 'unknownField', field } };
    }
  }
  return { ok: true, config: next as unknown as UserConfig };
}

/** A stored config merged over the defaults; anything stored that no longer validates is dropped. */
export function userConfigFromStored(stored: unknown): UserConfig {
  if (typeof stored !== 'object' || stored === null) return USER_CONFIG_DEFAULTS;
  let config = USER_CONFIG_DEFAULTS;
  for (const [field, value] of Object.entries(stored as Record<string, unknown>)) {
    const step = applyUserConfigChange(config, { [field]: value });
    if (step.ok) config = step.config;
  }
  return config;
}

// ---------------------------------------------------------------------------------------------
// Hotkeys

export const HOTKEY_DIRS = ['general', 'view', 'measure', 'customFurniture', 'line', 'check', 'kitdrawing'] as const;
export type HotkeyDir = (typeof HOTKEY_DIRS)[number];

/** A hotkey of the list: `textVal` is the user's combination, `defVal` the product default. */
export interface Hotkey {
  readonly name: HotkeyName;
  /** 'combo' needs a modifier (Ctrl/Shift/Alt); 'key' is one plain key (the fly keys, Delete) */
  readonly type: 'combo' | 'key';
  readonly textVal: string;
  readonly defVal: string;
  readonly dir: HotkeyDir;
}

/** catalogues.md §3 hotkey defaults, in the order the personal centre lists them. */
export const HOTKEY_DEFAULTS = [
  { name: 'undo', type: 'combo', defVal: 'Ctrl+Z', dir: 'general' },
  { name: 'redo', type: 'combo', defVal: 'Ctrl+Y', dir: 'general' },
  { name: 'copy', type: 'combo', defVal: 'Ctrl+C', dir: 'general' },
  { name: 'paste', type: 'combo', defVal: 'Ctrl+V', dir: 'general' },
  { name: 'hide', type: 'combo', defVal: 'Ctrl+H', dir: 'general' },
  { name: 'delete', type: 'key', defVal: 'Delete', dir: 'general' },
  { name: 'viewBirdEye', type: 'combo', defVal: 'Ctrl+0', dir: 'view' },
  { name: 'viewRoam', type: 'combo', defVal: 'Ctrl+1', dir: 'view' },
  { name: 'viewTop', type: 'combo', defVal: 'Ctrl+2', dir: 'view' },
  { name: 'viewLookDown', type: 'combo', defVal: 'Ctrl+3', dir: 'view' },
  { name: 'viewLookUp', type: 'combo', defVal: 'Ctrl+4', dir: 'view' },
  { name: 'viewSurface', type: 'combo', defVal: 'Ctrl+5', dir: 'view' },
  { name: 'viewFront', type: 'combo', defVal: 'Ctrl+6', dir: 'view' },
  { name: 'viewSide', type: 'combo', defVal: 'Ctrl+7', dir: 'view' },
  // the roam view: E rises, Q sinks (kernel-worker/render/view-controller.ts)
  { name: 'flyDown', type: 'key', defVal: 'Q', dir: 'view' },
  { name: 'flyUp', type: 'key', defVal: 'E', dir: 'view' },
  { name: 'flyForward', type: 'key', defVal: 'W', dir: 'view' },
  { name: 'flyBack', type: 'key', defVal: 'S', dir: 'view' },
  { name: 'flyLeft', type: 'key', defVal: 'A', dir: 'view' },
  { name: 'flyRight', type: 'key', defVal: 'D', dir: 'view' },
  { name: 'ceilingShow', type: 'combo', defVal: 'Shift+1', dir: 'view' },
  { name: 'ceilingHide', type: 'combo', defVal: 'Shift+2', dir: 'view' },
] as const satisfies readonly { name: string; type: Hotkey['type']; defVal: string; dir: HotkeyDir }[];

export type HotkeyName = (typeof HOTKEY_DEFAULTS)[number]['name'];
export const HOTKEY_NAMES: readonly HotkeyName[] = HOTKEY_DEFAULTS.map((h) => h.name);
export const isHotkeyName = (s: string): s is HotkeyName => (HOTKEY_NAMES as readonly string[]).includes(s);

/** A parsed combination: modifiers and one key ('Z', '0', 'Delete', 'F2', …). */
export interface KeyCombo {
  readonly ctrl: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
  readonly key: string;
}

const NAMED_KEYS = ['Delete', 'Backspace', 'Insert', 'Home', 'End', 'PageUp', 'PageDown', 'Space'];
const FUNCTION_KEY = /^F([1-9]|1[0-2])$/;

/** The key part of a combination from a KeyboardEvent.code (by place, so layouts agree); null for modifiers and unsupported keys. */
export function keyFromCode(code: string): string | null {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1]!;
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code);
  if (digit) return digit[1]!;
  if (FUNCTION_KEY.test(code) || NAMED_KEYS.includes(code)) return code;
  return null;
}

/** The KeyboardEvent.code a combination's key is typed with (digits on the top row). */
export function codeOfKey(key: string): string {
  if (/^[A-Z]$/.test(key)) return `Key${key}`;
  if (/^[0-9]$/.test(key)) return `Digit${key}`;
  return key;
}

/** 'Ctrl+Shift+Z' -> combo; null when it is not one this product can bind. */
export function parseCombo(text: string): KeyCombo | null {
  if (typeof text !== 'string' || text.length > 32) return null;
  const parts = text.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts);
  if (mods.size !== parts.length || [...mods].some((m) => m !== 'Ctrl' && m !== 'Shift' && m !== 'Alt')) return null;
  if (!/^[A-Z0-9]$/.test(key) && !FUNCTION_KEY.test(key) && !NAMED_KEYS.includes(key)) return null;
  return { ctrl: mods.has('Ctrl'), shift: mods.has('Shift'), alt: mods.has('Alt'), key };
}

/** The canonical text of a combination: modifiers in the order Ctrl, Shift, Alt. */
export function formatCombo(c: KeyCombo): string {
  return [c.ctrl ? 'Ctrl' : '', c.shift ? 'Shift' : '', c.alt ? 'Alt' : '', c.key].filter(Boolean).join('+');
}

/** The combination a key event types (Cmd counts as Ctrl, as the kernel's shortcuts do); null for a bare modifier. */
export function comboOfEvent(e: { readonly code: string; readonly ctrlKey: boolean; readonly metaKey: boolean; readonly shiftKey: boolean; readonly altKey: boolean }): string | null {
  const key = keyFromCode(e.code);
  if (key === null) return null;
  return formatCombo({ ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey, alt: e.altKey, key });
}

export type HotkeyProblem =
  | { readonly kind: 'unknownHotkey'; readonly name: string }
  | { readonly kind: 'badCombo'; readonly name: HotkeyName; readonly value: string }
  | { readonly kind: 'needsModifier'; readonly name: HotkeyName; readonly value: string }
  | { readonly kind: 'plainKeyOnly'; readonly name: HotkeyName; readonly value: string }
  | { readonly kind: 'reserved'; readonly name: HotkeyName; readonly value: string }
  | { readonly kind: 'conflict'; readonly name: HotkeyName; readonly other: HotkeyName; readonly value: string };

/** Keys the browser or the product keeps for itself: F11 full screen (core.md §5), Ctrl+S save. */
export const RESERVED_COMBOS: readonly string[] = ['F11', 'Ctrl+S', 'Ctrl+Shift+Z'];

/** The full list with `overrides` (name -> combination) applied; unknown names are ignored. */
export function hotkeyList(overrides: Readonly<Record<string, unknown>> | null | undefined): Hotkey[] {
  return HOTKEY_DEFAULTS.map((d) => {
    const own = overrides?.[d.name];
    return { ...d, textVal: typeof own === 'string' ? own : d.defVal };
  });
}

/**
 * Applies a change (name -> combination; the default text resets it) to the stored overrides and
 * checks the whole resulting list: each combination parseable and canonical, a combo with a
 * modifier, nothing reserved, no two hotkeys on the same combination. Answers the overrides to
 * store (defaults are not stored, so a later change of a default reaches everyone who kept it).
 */
export function applyHotkeyChange(
  stored: Readonly<Record<string, unknown>> | null | undefined,
  change: Readonly<Record<string, unknown>>,
): { readonly ok: true; readonly overrides: Record<string, string> } | { readonly ok: false; readonly problem: HotkeyProblem } {
  const merged: Record<string, string> = {};
  for (const h of hotkeyList(stored)) merged[h.name] = h.textVal;
  for (const [name, value] of Object.entries(change)) {
    if (!isHotkeyName(name)) return { ok: false, problem: { kind: 'unknownHotkey', name } };
    const combo = typeof value === 'string' ? parseCombo(value) : null;
    if (!combo || formatCombo(combo) !== value) return { ok: false, problem: { kind: 'badCombo', name, value: String(value) } };
    const def = HOTKEY_DEFAULTS.find((d) => d.name === name)!;
    if (def.type === 'combo' && !combo.ctrl && !combo.shift && !combo.alt && !FUNCTION_KEY.test(combo.key)) {
      return { ok: false, problem: { kind: 'needsModifier', name, value } };
    }
    // A held key (the fly keys) is released on its own keyup; with a modifier the two could part.
    if (def.type === 'key' && (combo.ctrl || combo.shift || combo.alt)) return { ok: false, problem: { kind: 'plainKeyOnly', name, value } };
    // Bare digits, Backspace and Space are typed into the draw tools' length input on the canvas.
    const typed = !combo.ctrl && !combo.shift && !combo.alt && (/^[0-9]$/.test(combo.key) || combo.key === 'Backspace' || combo.key === 'Space');
    if (typed || RESERVED_COMBOS.includes(value)) return { ok: false, problem: { kind: 'reserved', name, value } };
    merged[name] = value;
  }
  for (const name of Object.keys(change) as HotkeyName[]) {
    const other = HOTKEY_NAMES.find((n) => n !== name && merged[n] === merged[name]);
    if (other) return { ok: false, problem: { kind: 'conflict', name, other, value: merged[name]! } };
  }
  const overrides: Record<string, string> = {};
  for (const d of HOTKEY_DEFAULTS) if (merged[d.name] !== d.defVal) overrides[d.name] = merged[d.name]!;
  return { ok: true, overrides };
}

/** What GET /account2/preferences answers and the client keeps after sign-in. */
export interface Preferences {
  readonly config: UserConfig;
  readonly hotkeys: readonly Hotkey[];
}

/** POST /account2/password body. */
export interface PasswordChange {
  readonly oldPassword: string;
  readonly newPassword: string;
}
