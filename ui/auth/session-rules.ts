// The pure rules of logout and session expiry (core.md §4, §9), kept apart from the browser so
// they are unit-tested with a fake clock.

/** core.md §9: logout throttle 5 s (debounced, leading edge). */
export const LOGOUT_THROTTLE_MS = 5000;
/** core.md §4: after the login-fail event the user and token are removed after 1 s. */
export const SESSION_CLEAR_DELAY_MS = 1000;

/**
 * A leading-edge debounce: the first call runs, every call within `ms` of the last one that ran is
 * dropped. Answers whether this call may run.
 */
export function leadingEdge(ms: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}

/**
 * What an expired session leads to (core.md §4): with a token, the login-fail event (and the user
 * removed after 1 s); without one, logout, unless the route is exempt (public pages work without
 * a session).
 */
export function sessionExpiredAction(input: { readonly hasToken: boolean; readonly exemptRoute: boolean }): 'login-fail' | 'logout' | 'none' {
  if (input.hasToken) return 'login-fail';
  return input.exemptRoute ? 'none' : 'logout';
}

/**
 * The one automatic save of a forced logout runs only for unsaved work: a scene with content that
 * changed since it was last stored (or whose last save the server never confirmed). An untouched
 * starting room is not dirty, so it is not filed as a new scene.
 */
export function needsAutoSave(input: { readonly contentRecords: number; readonly dirty: boolean; readonly unconfirmedSave: boolean }): boolean {
  return input.contentRecords > 0 && (input.dirty || input.unconfirmedSave);
}

/** retdata.reason of the server's 401 for a session revoked by a login elsewhere. */
export const LOGGED_IN_ELSEWHERE_REASON = 'logged_in_elsewhere';

/** The server tells a login elsewhere (its own message) from a plain expiry by this reason. */
export function isLoggedInElsewhere(event: { readonly code: number | string | null; readonly reason?: string }): boolean {
  return Number(event.code) === 401 && event.reason === LOGGED_IN_ELSEWHERE_REASON;
}
