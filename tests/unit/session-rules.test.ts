import { describe, expect, it } from 'vitest';
import {
  LOGOUT_THROTTLE_MS,
  SESSION_CLEAR_DELAY_MS,
  isLoggedInElsewhere,
  leadingEdge,
  needsAutoSave,
  sessionExpiredAction,
} from '../../ui/auth/session-rules';

// core.md §4 and §9: logout debounced 5 s on the leading edge; the user removed 1 s after the
// login-fail event; the one automatic save only for unsaved work.

describe('logout debounce (5 s, leading edge)', () => {
  it('runs the first call, drops the calls within 5 s of it, runs again at 5 s', () => {
    expect(LOGOUT_THROTTLE_MS).toBe(5000);
    let now = 1_000_000;
    const may = leadingEdge(LOGOUT_THROTTLE_MS, () => now);
    expect(may()).toBe(true);
    now += 1;
    expect(may()).toBe(false);
    now += 4998; // 4999 ms after the first
    expect(may()).toBe(false);
    now += 1; // exactly 5000 ms
    expect(may()).toBe(true);
    now += 4999;
    expect(may()).toBe(false);
  });

  it('a dropped call does not push the window on (leading edge, not trailing)', () => {
    let now = 0;
    const may = leadingEdge(5000, () => now);
    expect(may()).toBe(true);
    for (now = 1000; now < 5000; now += 1000) expect(may()).toBe(false);
    now = 5000;
    expect(may()).toBe(true);
  });
});

describe('session expired (core.md §4)', () => {
  it('with a token: the login-fail event, on any route', () => {
    expect(SESSION_CLEAR_DELAY_MS).toBe(1000);
    expect(sessionExpiredAction({ hasToken: true, exemptRoute: false })).toBe('login-fail');
    expect(sessionExpiredAction({ hasToken: true, exemptRoute: true })).toBe('login-fail');
  });

  it('without a token: logout, unless the route is exempt', () => {
    expect(sessionExpiredAction({ hasToken: false, exemptRoute: false })).toBe('logout');
    expect(sessionExpiredAction({ hasToken: false, exemptRoute: true })).toBe('none');
  });

  it("tells a login elsewhere from a plain expiry by the server's reason only", () => {
    expect(isLoggedInElsewhere({ code: 401, reason: 'logged_in_elsewhere' })).toBe(true);
    expect(isLoggedInElsewhere({ code: '401', reason: 'logged_in_elsewhere' })).toBe(true);
    expect(isLoggedInElsewhere({ code: 401 })).toBe(false);
    expect(isLoggedInElsewhere({ code: 401, reason: 'expired' })).toBe(false);
    expect(isLoggedInElsewhere({ code: null, reason: 'logged_in_elsewhere' })).toBe(false);
  });
});

describe('the automatic save runs only for unsaved work', () => {
  it.each([
    ['an untouched starting room (content, not dirty)', { contentRecords: 4, dirty: false, unconfirmedSave: false }, false],
    ['an empty scene, even if dirty (everything deleted)', { contentRecords: 0, dirty: true, unconfirmedSave: false }, false],
    ['an edited scene', { contentRecords: 5, dirty: true, unconfirmedSave: false }, true],
    ['a save the server never confirmed', { contentRecords: 5, dirty: false, unconfirmedSave: true }, true],
  ] as const)('%s', (_case, input, expected) => {
    expect(needsAutoSave(input)).toBe(expected);
  });
});
