import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_AREA_KEY, clientArea, withClientArea } from '../../ui/workspace/client-info';
import { currentNotices, DEFAULT_NOTICE_DURATION_MS, dismiss, notify } from '../../ui/notice/store';
import { currentNotification, hideNotification, pressNotification, showNotification } from '../../ui/notice/notification';
import { DROPDOWN_FLIP_PX, MESSAGE, NOTIFICATION, REGION_ROOT, SLIDER_DEBOUNCE_MS } from '../../ui/widgets/constants';
import { boundRange, clampPage, confirmClose, debounce, dialogMayClose, dropdownPlacement } from '../../ui/widgets/logic';
import { cityLabel, citiesOf, loadRegions, provinceCodeOf, provincesOf } from '../../ui/widgets/region';
import type { ClientInfo } from '../../protocol/records';

// The widgets of catalogues.md §4 at their edges: the constants of §9, timers with fake timers.

describe('widget constants (catalogues.md §9)', () => {
  it('are the spec numbers', () => {
    expect(NOTIFICATION).toEqual({ durationMs: 2000, topPx: 60, zIndex: 2500 });
    expect(MESSAGE).toEqual({ durationMs: 3000, offsetPx: 20, zIndex: 999999 });
    expect(DEFAULT_NOTICE_DURATION_MS).toBe(3000);
    expect(DROPDOWN_FLIP_PX).toBe(240);
    expect(SLIDER_DEBOUNCE_MS).toBe(100);
    expect(REGION_ROOT).toBe('86');
  });
});

describe('timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    hideNotification();
    vi.useRealTimers();
  });

  it('a message stays 3000 ms: there at 2999, gone at 3000; duration 0 stays', () => {
    const id = notify('已保存');
    const shown = () => currentNotices().map((n) => n.id);
    vi.advanceTimersByTime(2999);
    expect(shown()).toContain(id);
    vi.advanceTimersByTime(1);
    expect(shown()).not.toContain(id);
    const kept = notify('常驻', { duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(shown()).toContain(kept);
    dismiss(kept);
    expect(shown()).toEqual([]);
  });

  it('an autoHide notification hides after 2000 ms (not at 1999); without autoHide it stays', () => {
    showNotification({ title: '提示', autoHide: true });
    vi.advanceTimersByTime(1999);
    expect(currentNotification()?.title).toBe('提示');
    vi.advanceTimersByTime(1);
    expect(currentNotification()).toBeNull();
    showNotification({ title: '常驻' });
    vi.advanceTimersByTime(60_000);
    expect(currentNotification()?.title).toBe('常驻');
  });

  it('a newer notification is not hidden by the older one\'s timer', () => {
    showNotification({ title: 'a', autoHide: true });
    vi.advanceTimersByTime(1500);
    showNotification({ title: 'b', autoHide: true, duration: 5000 });
    vi.advanceTimersByTime(600);
    expect(currentNotification()?.title).toBe('b');
    vi.advanceTimersByTime(4399);
    expect(currentNotification()?.title).toBe('b');
    vi.advanceTimersByTime(1);
    expect(currentNotification()).toBeNull();
  });

  it('confirm / cancel / close run their handlers instead of hiding; without one they hide', () => {
    const calls: string[] = [];
    showNotification({ title: 'q', onConfirm: () => calls.push('confirm'), onCancel: () => calls.push('cancel') });
    pressNotification('confirm');
    pressNotification('cancel');
    expect(calls).toEqual(['confirm', 'cancel']);
    expect(currentNotification()?.title).toBe('q');
    pressNotification('close');
    expect(currentNotification()).toBeNull();
  });

  it('debounce: one call 100 ms after the last of a burst, with the last arguments', () => {
    const seen: number[][] = [];
    const d = debounce((a: number, b: number) => seen.push([a, b]), SLIDER_DEBOUNCE_MS);
    d(1, 2);
    vi.advanceTimersByTime(99);
    d(3, 4);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([[3, 4]]);
    d(5, 6);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([[3, 4]]);
    d(7, 8);
    d.flush();
    expect(seen).toEqual([[3, 4], [7, 8]]);
  });
});

describe('dropdown flip', () => {
  it('opens upward under 240 px of space below: 239 up, 240 and 241 down', () => {
    expect(dropdownPlacement(239)).toBe('top');
    expect(dropdownPlacement(240)).toBe('bottom');
    expect(dropdownPlacement(241)).toBe('bottom');
    expect(dropdownPlacement(-10)).toBe('top');
  });
});

describe('page turner clamp', () => {
  it('keeps the page in 1..total', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(1, 5)).toBe(1);
    expect(clampPage(5, 5)).toBe(5);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});

describe('slider range', () => {
  it('keeps both handles on the track and in order', () => {
    const track = { min: 0, max: 100 };
    expect(boundRange(-5, 120, track)).toEqual([0, 100]);
    expect(boundRange(0, 100, track)).toEqual([0, 100]);
    expect(boundRange(70, 30, track)).toEqual([30, 70]);
    expect(boundRange(50, 50, track)).toEqual([50, 50]);
  });
});

describe('dialog close rules', () => {
  it('the close button always asks; backdrop and Escape only when allowed', () => {
    expect(dialogMayClose('button', { closeOnBackdrop: false, closeOnEscape: false })).toBe(true);
    expect(dialogMayClose('backdrop')).toBe(true);
    expect(dialogMayClose('escape')).toBe(true);
    expect(dialogMayClose('backdrop', { closeOnBackdrop: false })).toBe(false);
    expect(dialogMayClose('escape', { closeOnEscape: false })).toBe(false);
    expect(dialogMayClose('escape', { closeOnBackdrop: false })).toBe(true);
  });

  it('the before-close hook: false, a promise of false or a throw keep it open', async () => {
    expect(await confirmClose(undefined)).toBe(true);
    expect(await confirmClose(() => true)).toBe(true);
    expect(await confirmClose(() => false)).toBe(false);
    expect(await confirmClose(() => Promise.resolve(false))).toBe(false);
    expect(await confirmClose(() => Promise.resolve(true))).toBe(true);
    expect(
      await confirmClose(() => {
        throw new Error('check failed');
      }),
    ).toBe(false);
  });
});

describe('region table (root 86)', () => {
  it('lists the 34 provincial divisions and their cities', async () => {
    const table = await loadRegions();
    const provinces = provincesOf(table);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市' });
    expect(provinces.map((p) => p.name)).toContain('广东省');
    const guangdong = citiesOf(table, '440000');
    expect(guangdong).toHaveLength(21);
    expect(guangdong.find((c) => c.code === '440300')?.name).toBe('深圳市');
    // A municipality is its own one city.
    expect(citiesOf(table, '500000')).toEqual([{ code: '500100', name: '重庆市' }]);
    expect(cityLabel(table, '440300')).toBe('广东省 深圳市');
    expect(cityLabel(table, '110100')).toBe('北京市');
    expect(cityLabel(table, '449900')).toBeNull();
    expect(provinceCodeOf('330100')).toBe('330000');
  });

  it('keeps the city as a ClientArea entry, other entries untouched', () => {
    const client: ClientInfo = { name: '', phone: '', id: '', address: '', order_number: '', custom_client_info: [{ key: 'Remark', Remark: '加急' }] };
    expect(clientArea(client)).toBeNull();
    const set = withClientArea(client, '440300');
    expect(set).toEqual([
      { key: 'Remark', Remark: '加急' },
      { key: CLIENT_AREA_KEY, Remark: '440300' },
    ]);
    const withCity = { ...client, custom_client_info: set };
    expect(clientArea(withCity)).toBe('440300');
    expect(withClientArea(withCity, '110100')).toEqual([
      { key: 'Remark', Remark: '加急' },
      { key: CLIENT_AREA_KEY, Remark: '110100' },
    ]);
    expect(withClientArea(withCity, null)).toEqual([{ key: 'Remark', Remark: '加急' }]);
    expect(clientArea({ ...client, custom_client_info: [{ key: CLIENT_AREA_KEY, Remark: 'abc' }] })).toBeNull();
  });
});
