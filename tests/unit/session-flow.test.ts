/// <reference types="vite/client" />
// (the module under test reaches ui/app/api.ts, which reads import.meta.env)
import { i18n, type Messages } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionExpiredEvent } from '../../api';
import { messages as zhMessages } from '../../ui/locales/zh/messages.po';

// ui/auth/session.ts with the browser faked (node environment): the logout question, its calls and
// failure, and the login-fail event's timing (user removed after 1 s, once per burst).

const calls = vi.hoisted(() => ({ logout: vi.fn<() => Promise<void>>(), notices: [] as { text: string; kind?: string }[] }));

vi.mock('../../ui/app/api', () => ({ api: {} }));
vi.mock('../../api', async (importOriginal) => ({ ...(await importOriginal<object>()), logout: () => calls.logout() }));
vi.mock('../../ui/notice', () => ({
  notify: (text: string, options: { kind?: string } = {}) => {
    calls.notices.push({ text, kind: options.kind });
    return calls.notices.length;
  },
}));

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const USER = { token: 'tok-1', project: 'yfang', platform: '', is_project_admin: 0, agent_id: 0, id: 7, yfang_session: '', account2_token: '', special_list: 0 };

async function load() {
  vi.resetModules();
  return import('../../ui/auth/session');
}

const elsewhere: SessionExpiredEvent = { method: 'GET', url: '/api/x', status: 401, code: 401, reason: 'logged_in_elsewhere' };
const expired: SessionExpiredEvent = { method: 'GET', url: '/api/x', status: 401, code: 401 };

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'zh', messages: zhMessages as Messages });
  vi.useFakeTimers();
  calls.logout.mockReset();
  calls.notices.length = 0;
  const local = new MemoryStorage();
  local.setItem('userInfo', JSON.stringify(USER));
  local.setItem('accountInfo', '{"is_sub":0}');
  local.setItem('customerId', '42');
  local.setItem('loginProject', 'BCLS');
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('window', { location: { pathname: '/quoteDetails', search: '?tab=2' } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('asks once per 5 s, with the unsaved-work offer only when there is unsaved work', async () => {
    const s = await load();
    s.requestLogout();
    expect(s.logoutUi).toMatchObject({ confirming: true, unsaved: false });
    s.cancelLogout();
    s.requestLogout();
    expect(s.logoutUi.confirming).toBe(false);
    vi.advanceTimersByTime(5000);
    s.registerUnsavedWork({ hasUnsavedWork: () => true, save: async () => true });
    s.requestLogout();
    expect(s.logoutUi).toMatchObject({ confirming: true, unsaved: true });
  });

  it('ends the server session, clears user, account info and customer id, keeps the login project', async () => {
    const s = await load();
    const navigate = vi.fn();
    s.setSessionNavigator(navigate);
    calls.logout.mockResolvedValue(undefined);
    s.requestLogout();
    await s.confirmLogout('logout');
    expect(calls.logout).toHaveBeenCalledTimes(1);
    expect(['userInfo', 'accountInfo', 'customerId'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    expect(localStorage.getItem('loginProject')).toBe('BCLS');
    expect(navigate).toHaveBeenCalledWith('/BCLS/login');
  });

  it('a failed logout says 退出失败! and stays signed in', async () => {
    const s = await load();
    const navigate = vi.fn();
    s.setSessionNavigator(navigate);
    calls.logout.mockRejectedValue(new Error('offline'));
    s.requestLogout();
    await s.confirmLogout('logout');
    expect(calls.notices).toContainEqual({ text: '退出失败!', kind: 'error' });
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(s.logoutUi.busy).toBe(false);
  });

  it('保存并退出 logs out only after the save is confirmed', async () => {
    const s = await load();
    s.setSessionNavigator(vi.fn());
    calls.logout.mockResolvedValue(undefined);
    let saved = false;
    s.registerUnsavedWork({ hasUnsavedWork: () => true, save: async () => saved });
    s.requestLogout();
    await s.confirmLogout('save');
    expect(calls.logout).not.toHaveBeenCalled();
    saved = true;
    await s.confirmLogout('save');
    expect(calls.logout).toHaveBeenCalledTimes(1);
  });
});

describe('session expired', () => {
  it('login elsewhere: its own message, the event with the old token, the user removed after 1 s, the way back kept', async () => {
    const s = await load();
    const navigate = vi.fn();
    s.setSessionNavigator(navigate);
    const heard: unknown[] = [];
    let finishSave: () => void = () => undefined;
    s.onLoginFail((detail) => {
      heard.push(detail);
      return new Promise<void>((resolve) => (finishSave = resolve));
    });

    s.handleSessionExpired(elsewhere);
    s.handleSessionExpired(elsewhere); // the rest of the burst
    expect(heard).toEqual([{ elsewhere: true, token: 'tok-1' }]);
    expect(calls.notices.map((n) => n.text)).toEqual(['您的账号正在其他设备或不同浏览器登录访问']);
    vi.advanceTimersByTime(999);
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem('userInfo')).toBeNull();
    // The login page waits for the auto save.
    await vi.runAllTimersAsync();
    expect(navigate).not.toHaveBeenCalled();
    finishSave();
    await vi.runAllTimersAsync();
    expect(navigate).toHaveBeenCalledWith('/BCLS/login?redirect=%2FquoteDetails%3Ftab%3D2');
  });

  it('a plain expiry says 登录已失效', async () => {
    const s = await load();
    s.setSessionNavigator(vi.fn());
    const heard: unknown[] = [];
    s.onLoginFail((d) => void heard.push(d));
    s.handleSessionExpired(expired);
    expect(heard).toEqual([{ elsewhere: false, token: 'tok-1' }]);
    expect(calls.notices.map((n) => n.text)).toEqual(['登录已失效，请重新登录']);
  });

  it('without a token: logout at once (no question), unless the route is exempt', async () => {
    localStorage.removeItem('userInfo');
    const s = await load();
    const navigate = vi.fn();
    s.setSessionNavigator(navigate);
    s.handleSessionExpired(expired);
    expect(navigate).toHaveBeenCalledWith('/BCLS/login?redirect=%2FquoteDetails%3Ftab%3D2');
    expect(s.logoutUi.confirming).toBe(false);

    vi.stubGlobal('window', { location: { pathname: '/scene-share', search: '' } });
    vi.advanceTimersByTime(5000);
    navigate.mockClear();
    s.handleSessionExpired(expired);
    expect(navigate).not.toHaveBeenCalled();
  });
});
