import type { LoginResult, TokenStore } from '../../api';
import { USER_CONFIG_KEY, USER_HOTKEYS_KEY } from '../prefs/keys';

// The signed-in user as core.md §3 keeps it in local storage, the remembered login project and the
// 1-year login cookie. Nothing else in the UI touches these keys.

export const USER_INFO_KEY = 'userInfo';
export const USERNAME_KEY = 'username';
export const PHONE_KEY = 'phone';
export const LOGIN_PROJECT_KEY = 'loginProject';
/** core.md §3 account info (is_sub, user_member) once fetched, and the customer the designer works for. */
export const ACCOUNT_INFO_KEY = 'accountInfo';
export const CUSTOMER_ID_KEY = 'customerId';
export const TOKEN_COOKIE = 'token';
/** core.md §9: login cookie lifetime 1 year. */
export const LOGIN_COOKIE_MAX_AGE_S = 31_536_000;

/** A token the server renewed before any user info was stored (see userTokenStore). */
let pendingToken: string | null = null;

export interface StoredUserInfo {
  token: string;
  project: string;
  platform: string;
  is_project_admin: 0 | 1;
  agent_id: number;
  id: number;
  yfang_session: string;
  account2_token: string;
  /** 1: on the project's special list (deson), confined to its three routes; absent in older storage = 0 */
  special_list: 0 | 1;
}

export interface StoredUser extends StoredUserInfo {
  readonly username: string;
  readonly phone: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUserInfo(raw: string | null): StoredUserInfo | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const o = v as Partial<StoredUserInfo>;
    if (typeof o.token !== 'string' || typeof o.project !== 'string') return null;
    return {
      token: o.token,
      project: o.project,
      platform: typeof o.platform === 'string' ? o.platform : '',
      is_project_admin: o.is_project_admin === 1 ? 1 : 0,
      agent_id: Number(o.agent_id) || 0,
      id: Number(o.id) || 0,
      yfang_session: typeof o.yfang_session === 'string' ? o.yfang_session : '',
      account2_token: typeof o.account2_token === 'string' ? o.account2_token : '',
      special_list: o.special_list === 1 ? 1 : 0,
    };
  } catch {
    return null;
  }
}

/** The signed-in user, or null: a user info without a token counts as signed out. */
export function readUser(): StoredUser | null {
  const info = parseUserInfo(read(USER_INFO_KEY));
  if (!info || !info.token) return null;
  return { ...info, username: read(USERNAME_KEY) ?? '', phone: read(PHONE_KEY) ?? '' };
}

/**
 * SameSite=Lax, except in a frame (a partner's page embedding the editor, docs/embedding.md):
 * there a Lax cookie is never sent, so file GETs and the page's tenant would be lost. The framed
 * cookie is Partitioned (CHIPS): it lives only under that partner's top-level site, and only
 * frame-ancestors allow-listed pages can show the editor at all. Secure needs a secure context
 * (https, or localhost); elsewhere it would be dropped, so Lax stays.
 */
export function loginCookieAttributes(framed: boolean, secureContext: boolean): string {
  return framed && secureContext ? 'Path=/; SameSite=None; Secure; Partitioned' : 'Path=/; SameSite=Lax';
}

function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

function writeCookie(token: string | null): void {
  const attributes = loginCookieAttributes(isFramed(), window.isSecureContext);
  document.cookie = token
    ? `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${LOGIN_COOKIE_MAX_AGE_S}; ${attributes}`
    : `${TOKEN_COOKIE}=; Max-Age=0; ${attributes}`;
}

export function storeLogin(result: LoginResult): void {
  const info: StoredUserInfo = {
    token: result.token,
    project: result.project,
    platform: result.platform,
    is_project_admin: result.is_project_admin === 1 ? 1 : 0,
    agent_id: result.agent_id,
    id: result.id,
    yfang_session: result.yfang_session ?? '',
    account2_token: result.account2_token ?? '',
    special_list: result.special_list === 1 ? 1 : 0,
  };
  pendingToken = null;
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  localStorage.setItem(USERNAME_KEY, result.username ?? '');
  localStorage.setItem(PHONE_KEY, result.phone ?? '');
  writeCookie(result.token);
}

/** Logout: forgets the user, name, phone and cookie; the remembered login project stays. */
export function clearUser(): void {
  try {
    localStorage.removeItem(USER_INFO_KEY);
    localStorage.removeItem(USERNAME_KEY);
    localStorage.removeItem(PHONE_KEY);
    sessionStorage.removeItem(CHUANGMI_ENTRY_KEY);
  } catch {
    // storage unavailable: nothing was stored either
  }
  writeCookie(null);
}

/**
 * ChuangmiEntryCheck passed in this tab for this user (core.md §2): only then may a chuangmi user
 * stay on the workspace root. Per tab and per user, so a new tab or another account checks again.
 */
export const CHUANGMI_ENTRY_KEY = 'chuangmiEntryChecked';

export function readChuangmiEntryChecked(user: Pick<StoredUser, 'id'> | null): boolean {
  if (!user) return false;
  try {
    return sessionStorage.getItem(CHUANGMI_ENTRY_KEY) === String(user.id);
  } catch {
    return false;
  }
}

export function markChuangmiEntryChecked(user: Pick<StoredUser, 'id'>): void {
  try {
    sessionStorage.setItem(CHUANGMI_ENTRY_KEY, String(user.id));
  } catch {
    // not remembered: the next visit to / checks again
  }
}

/**
 * Logout and session end (core.md §4): the user and token, the account info and the customer id.
 * The remembered login project stays, so the next login page is the project's.
 */
export function clearSessionData(): void {
  clearUser();
  try {
    localStorage.removeItem(ACCOUNT_INFO_KEY);
    localStorage.removeItem(CUSTOMER_ID_KEY);
    // the next user on this browser must not inherit this one's settings and hotkeys
    localStorage.removeItem(USER_CONFIG_KEY);
    localStorage.removeItem(USER_HOTKEYS_KEY);
  } catch {
    // storage unavailable: nothing was stored either
  }
}

export function readLoginProject(): string | null {
  const v = read(LOGIN_PROJECT_KEY);
  return v ? v : null;
}

export function rememberLoginProject(project: string): void {
  try {
    localStorage.setItem(LOGIN_PROJECT_KEY, project);
  } catch {
    // not remembered: the next visit starts at /login
  }
}

/**
 * The API client's token lives inside the stored user info. A token renewed before any user info
 * exists (the login answer itself) stays in memory until storeLogin writes the user.
 */
export const userTokenStore: TokenStore = {
  get() {
    return parseUserInfo(read(USER_INFO_KEY))?.token || pendingToken;
  },
  set(token) {
    const info = parseUserInfo(read(USER_INFO_KEY));
    if (!info) {
      pendingToken = token;
      return;
    }
    localStorage.setItem(USER_INFO_KEY, JSON.stringify({ ...info, token }));
    writeCookie(token);
  },
  clear() {
    pendingToken = null;
    const info = parseUserInfo(read(USER_INFO_KEY));
    if (info) localStorage.setItem(USER_INFO_KEY, JSON.stringify({ ...info, token: '' }));
    writeCookie(null);
  },
};
