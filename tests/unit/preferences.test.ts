// protocol/preferences.ts: the user config and hotkey rules both the personal centre and the
// server apply, and ui/kernel/hotkey-remap.ts, which routes a user's hotkeys to the kernel.
import { describe, expect, it } from 'vitest';
import type { KeyInput } from '../../protocol/input';
import {
  HOTKEY_DEFAULTS,
  USER_CONFIG_DEFAULTS,
  applyHotkeyChange,
  applyUserConfigChange,
  comboOfEvent,
  hotkeyList,
  parseCombo,
  userConfigFromStored,
} from '../../protocol/preferences';
import { remapKeyInput } from '../../ui/kernel/hotkey-remap';

describe('user config', () => {
  it('has the catalogues.md §9 defaults', () => {
    expect(USER_CONFIG_DEFAULTS).toMatchObject({
      wallThickness: 240,
      cameraMoveSpeedPercentage: 100,
      angleDragResponse: 400,
      backupTime: 600_000,
      backupMode: 1,
      dynamicLineWidth: 0.2,
      staticLineWidth: 0.1,
    });
  });

  it.each([
    [{ wallThickness: 10 }, true],
    [{ wallThickness: 1000 }, true],
    [{ wallThickness: 9.99 }, false],
    [{ wallThickness: 1000.5 }, false],
    [{ backupTime: 60_000 }, true],
    [{ backupTime: 59_999 }, false],
    [{ backupTime: 86_400_000 }, true],
    [{ backupTime: 90_000.5 }, false],
    [{ backupMode: 0 }, true],
    [{ backupMode: 2 }, false],
    [{ staticLineWidth: 0.05 }, true],
    [{ staticLineWidth: 0.04 }, false],
    [{ cameraMoveSpeedPercentage: 10 }, true],
    [{ cameraMoveSpeedPercentage: 9 }, false],
    [{ isEnableLod: true }, true],
    [{ isEnableLod: 1 }, false],
    [{ wallThickness: '240' }, false],
    [{ wallThickness: Number.NaN }, false],
    [{ colour: 'red' }, false],
  ])('%j accepted: %s', (change, accepted) => {
    expect(applyUserConfigChange(USER_CONFIG_DEFAULTS, change).ok).toBe(accepted);
  });

  it('names the first problem and its range', () => {
    expect(applyUserConfigChange(USER_CONFIG_DEFAULTS, { angleDragResponse: 20 })).toEqual({
      ok: false,
      problem: { kind: 'outOfRange', field: 'angleDragResponse', min: 50, max: 4000 },
    });
    expect(applyUserConfigChange(USER_CONFIG_DEFAULTS, { backupTime: 61_000.5 })).toEqual({ ok: false, problem: { kind: 'notInteger', field: 'backupTime' } });
  });

  it('a stored config is merged over the defaults, values no longer valid are dropped', () => {
    expect(userConfigFromStored({ wallThickness: 120, backupTime: 5, junk: 1 })).toEqual({ ...USER_CONFIG_DEFAULTS, wallThickness: 120 });
    expect(userConfigFromStored(null)).toEqual(USER_CONFIG_DEFAULTS);
  });
});

describe('hotkeys', () => {
  it('lists the catalogues.md §3 defaults in their directories', () => {
    const byName = Object.fromEntries(HOTKEY_DEFAULTS.map((h) => [h.name, h.defVal]));
    expect(byName).toMatchObject({ hide: 'Ctrl+H', delete: 'Delete', copy: 'Ctrl+C', paste: 'Ctrl+V', viewBirdEye: 'Ctrl+0', viewSide: 'Ctrl+7', ceilingShow: 'Shift+1', ceilingHide: 'Shift+2' });
    expect(HOTKEY_DEFAULTS.filter((h) => /^fly/.test(h.name)).map((h) => h.defVal).sort()).toEqual(['A', 'D', 'E', 'Q', 'S', 'W']);
    expect(new Set(HOTKEY_DEFAULTS.map((h) => h.defVal)).size).toBe(HOTKEY_DEFAULTS.length);
    expect(hotkeyList({ undo: 'Ctrl+U' }).find((h) => h.name === 'undo')).toEqual({ name: 'undo', type: 'combo', textVal: 'Ctrl+U', defVal: 'Ctrl+Z', dir: 'general' });
  });

  it('parses and prints combinations canonically', () => {
    expect(parseCombo('Ctrl+Shift+Z')).toEqual({ ctrl: true, shift: true, alt: false, key: 'Z' });
    expect(parseCombo('Ctrl+Ctrl+Z')).toBeNull();
    expect(parseCombo('Meta+Z')).toBeNull();
    expect(parseCombo('Ctrl+z')).toBeNull();
    expect(comboOfEvent({ code: 'KeyZ', ctrlKey: false, metaKey: true, shiftKey: true, altKey: false })).toBe('Ctrl+Shift+Z');
    expect(comboOfEvent({ code: 'Numpad3', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe('Ctrl+3');
    expect(comboOfEvent({ code: 'ControlLeft', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBeNull();
  });

  it('refuses conflicts, reserved keys, unparseable or bare combos; stores only what differs', () => {
    expect(applyHotkeyChange({}, { undo: 'Ctrl+U' })).toEqual({ ok: true, overrides: { undo: 'Ctrl+U' } });
    expect(applyHotkeyChange({ undo: 'Ctrl+U' }, { redo: 'Ctrl+U' })).toEqual({ ok: false, problem: { kind: 'conflict', name: 'redo', other: 'undo', value: 'Ctrl+U' } });
    expect(applyHotkeyChange({}, { undo: 'Ctrl+C' })).toMatchObject({ ok: false, problem: { kind: 'conflict', other: 'copy' } });
    expect(applyHotkeyChange({}, { copy: 'Ctrl+S' })).toMatchObject({ ok: false, problem: { kind: 'reserved' } });
    expect(applyHotkeyChange({}, { copy: 'K' })).toMatchObject({ ok: false, problem: { kind: 'needsModifier' } });
    expect(applyHotkeyChange({}, { flyForward: 'I' })).toEqual({ ok: true, overrides: { flyForward: 'I' } });
    // bare digits type wall lengths on the canvas
    expect(applyHotkeyChange({}, { flyForward: '5' })).toMatchObject({ ok: false, problem: { kind: 'reserved', value: '5' } });
    expect(applyHotkeyChange({}, { flyForward: 'Shift+5' })).toMatchObject({ ok: false, problem: { kind: 'plainKeyOnly' } });
    expect(applyHotkeyChange({}, { copy: 'Shift+Ctrl+K' })).toMatchObject({ ok: false, problem: { kind: 'badCombo' } });
    expect(applyHotkeyChange({}, { nope: 'Ctrl+K' })).toMatchObject({ ok: false, problem: { kind: 'unknownHotkey' } });
    expect(applyHotkeyChange({ undo: 'Ctrl+U' }, { undo: 'Ctrl+Z' })).toEqual({ ok: true, overrides: {} });
  });
});

describe('remapKeyInput', () => {
  const key = (code: string, k: string, mods: Partial<KeyInput> = {}, type: KeyInput['type'] = 'keydown'): KeyInput => ({
    kind: 'key',
    type,
    key: k,
    code,
    repeat: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });
  const moved = hotkeyList({ undo: 'Ctrl+U', flyForward: 'I' });

  it('passes keys unchanged under the defaults', () => {
    const z = key('KeyZ', 'z', { ctrlKey: true });
    expect(remapKeyInput(z, hotkeyList({}))).toBe(z);
  });

  it("turns the user's combination into the default the kernel knows", () => {
    expect(remapKeyInput(key('KeyU', 'u', { ctrlKey: true }), moved)).toMatchObject({ code: 'KeyZ', key: 'z', ctrlKey: true, shiftKey: false });
    expect(remapKeyInput(key('KeyI', 'i'), moved)).toMatchObject({ code: 'KeyW', key: 'w' });
    expect(remapKeyInput(key('KeyI', 'i', {}, 'keyup'), moved)).toMatchObject({ type: 'keyup', code: 'KeyW' });
  });

  it('swallows the default of a moved hotkey, leaves other keys alone', () => {
    expect(remapKeyInput(key('KeyZ', 'z', { ctrlKey: true }), moved)).toBeNull();
    expect(remapKeyInput(key('KeyW', 'w'), moved)).toBeNull();
    const redo = key('KeyZ', 'z', { ctrlKey: true, shiftKey: true });
    expect(remapKeyInput(redo, moved)).toBe(redo);
    const typed = key('KeyX', 'x');
    expect(remapKeyInput(typed, moved)).toBe(typed);
  });
});
