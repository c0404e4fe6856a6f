import { t } from '@lingui/core/macro';
import { proxy } from 'valtio/vanilla';
import { logout as logoutCalls, type SessionExpiredEvent } from '../../api';
import { api } from '../app/api';
import { notify } from '../notice';
import { loginPathFor, loginRedirectFor } from '../router/guard';
import { isPublicPath } from '../router/paths';
import { LOGOUT_THROTTLE_MS, SESSION_CLEAR_DELAY_MS, isLoggedInElsewhere, leadingEdge, sessionExpiredAction } from './session-rules';
import { clearSessionData, readLoginProject, userTokenStore } from './storage';

// Logout and session expiry in the browser (core.md §4): the logout question (with the offer to
// save unsaved work first), the server calls, the login-fail event and the way back to the login
// page. The workspace plugs in through registerUnsavedWork and onLoginFail; the router through
// setSessionNavigator (main.tsx), so this module imports neither.

// ---- the workspace's unsaved work ----

export interface UnsavedWorkPort {
  hasUnsavedWork(): boolean;
  /** Saves (asking for a name when the scene is new); true once the server confirmed it. */
  save(): Promise<boolean>;
}

let unsavedWork: UnsavedWorkPort | null = null;

/** One workspace at a time; returns the function that removes it again. */
export function registerUnsavedWork(port: UnsavedWorkPort): () => void {
  unsavedWork = port;
  return () => {
    if (unsavedWork === port) unsavedWork = null;
  };
}

// ---- navigation ----

let navigateTo: (href: string) => void = (href) => window.location.assign(href);

export function setSessionNavigator(fn: (href: string) => void): void {
  navigateTo = fn;
}

// ---- logout ----

export interface LogoutUiState {
  /** 将退出系统，是否继续? is open */
  confirming: boolean;
  /** the question also offers to save the work on screen first */
  unsaved: boolean;
  /** a save or the logout calls are running */
  busy: boolean;
}

export const logoutUi = proxy<LogoutUiState>({ confirming: false, unsaved: false, busy: false });

const logoutThrottle = leadingEdge(LOGOUT_THROTTLE_MS);

/** The 退出登录 button: asks 将退出系统，是否继续? (debounced 5 s, leading edge). */
export function requestLogout(): void {
  if (logoutUi.confirming || logoutUi.busy || !logoutThrottle()) return;
  logoutUi.unsaved = unsavedWork?.hasUnsavedWork() ?? false;
  logoutUi.confirming = true;
}

export function cancelLogout(): void {
  if (logoutUi.busy) return;
  logoutUi.confirming = false;
}

/**
 * The question's answer: 'save' saves first and logs out only once the save is confirmed (a new
 * scene asks for its name; cancelling that stays signed in), 'logout' leaves the work behind.
 */
export async function confirmLogout(choice: 'save' | 'logout'): Promise<void> {
  if (logoutUi.busy) return;
  if (choice === 'save' && unsavedWork) {
    logoutUi.confirming = false;
    logoutUi.busy = true;
    let saved: boolean;
    try {
      saved = await unsavedWork.save();
    } finally {
      logoutUi.busy = false;
    }
    if (!saved) return;
  }
  logoutUi.confirming = false;
  logoutUi.busy = true;
  try {
    // Both DELETE /account2/session and minhuaAccountLogout; only both failing is a failure.
    await logoutCalls(api, { silent: true, skipSessionExpired: true });
  } catch {
    logoutUi.busy = false;
    notify(t`退出失败!`, { kind: 'error' });
    return;
  }
  logoutUi.busy = false;
  leave(loginPathFor(readLoginProject()));
}

/** Forgets the user, the account info and the customer id, and goes to `href`. */
function leave(href: string): void {
  unsavedWork = null;
  clearSessionData();
  navigateTo(href);
}

// ---- session expiry ----

export interface LoginFailDetail {
  /** the account logged in on another device or browser */
  readonly elsewhere: boolean;
  /** the session token as it was (the forced-logout auto save sends it once more) */
  readonly token: string;
}

/** A login-fail listener may hand back work (the auto save) that the way to the login page waits for. */
export type LoginFailListener = (detail: LoginFailDetail) => Promise<unknown> | void;

const loginFailListeners = new Set<LoginFailListener>();

export function onLoginFail(listener: LoginFailListener): () => void {
  loginFailListeners.add(listener);
  return () => loginFailListeners.delete(listener);
}

/** Set from the first 401 until the login page is reached: a burst of 401s is handled once. */
let loginFailRunning = false;

function loginFail(event: SessionExpiredEvent, token: string): void {
  if (loginFailRunning) return;
  loginFailRunning = true;
  const elsewhere = isLoggedInElsewhere(event);
  notify(elsewhere ? t`您的账号正在其他设备或不同浏览器登录访问` : t`登录已失效，请重新登录`, { kind: 'warning', duration: 8000 });
  const detail: LoginFailDetail = { elsewhere, token };
  const holds: Promise<unknown>[] = [];
  for (const listener of [...loginFailListeners]) {
    try {
      const hold = listener(detail);
      if (hold) holds.push(hold.catch(() => undefined));
    } catch (e) {
      console.error('[session] login-fail listener failed', e);
    }
  }
  const { pathname, search } = window.location;
  const cleared = new Promise<void>((resolve) =>
    setTimeout(() => {
      // The user and token go after 1 s whatever the listeners still do (they hold the token).
      clearSessionData();
      resolve();
    }, SESSION_CLEAR_DELAY_MS),
  );
  void Promise.all([cleared, ...holds]).then(() => {
    loginFailRunning = false;
    unsavedWork = null;
    // Back where the user was once signed in again (the login page's redirect).
    navigateTo(loginRedirectFor(readLoginProject(), pathname, search));
  });
}

const expiryLogoutThrottle = leadingEdge(LOGOUT_THROTTLE_MS);

/** The API client's session-expired event (core.md §4, §8). */
export function handleSessionExpired(event: SessionExpiredEvent): void {
  const token = userTokenStore.get();
  const action = sessionExpiredAction({ hasToken: !!token, exemptRoute: isPublicPath(window.location.pathname) });
  if (action === 'login-fail' && token) loginFail(event, token);
  else if (action === 'logout' && expiryLogoutThrottle()) {
    // No session to end on the server: forget what is left and go to the login page.
    const { pathname, search } = window.location;
    leave(loginRedirectFor(readLoginProject(), pathname, search));
  }
}
