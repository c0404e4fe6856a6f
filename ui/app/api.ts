import { createApiClient, type SessionExpiredEvent } from '../../api';
import { userTokenStore } from '../auth/storage';
import { activeLocale } from '../i18n/locale';
import { notifyApiError } from '../notice';
import { isPublicPath } from '../router/paths';

// The browser's one API client. The session-expired reaction needs the router, which is created
// later in main.tsx, so it is attached through setSessionExpiredHandler instead of imported here.

let sessionExpiredHandler: ((event: SessionExpiredEvent) => void) | null = null;

export function setSessionExpiredHandler(handler: (event: SessionExpiredEvent) => void): void {
  sessionExpiredHandler = handler;
}

/**
 * Answers true to take over an expired session: the handler then runs only when the interceptor
 * calls `proceed` (the workspace first saves the work on screen when the account logged in
 * elsewhere, core.md §4). Answers false to leave the event to the handler at once.
 */
export type SessionExpiredInterceptor = (event: SessionExpiredEvent, proceed: () => void) => boolean;

let sessionExpiredInterceptor: SessionExpiredInterceptor | null = null;

/** One interceptor at a time; returns the function that removes it again. */
export function setSessionExpiredInterceptor(interceptor: SessionExpiredInterceptor): () => void {
  sessionExpiredInterceptor = interceptor;
  return () => {
    if (sessionExpiredInterceptor === interceptor) sessionExpiredInterceptor = null;
  };
}

function sessionExpired(event: SessionExpiredEvent): void {
  const proceed = () => sessionExpiredHandler?.(event);
  if (sessionExpiredInterceptor?.(event, proceed)) return;
  proceed();
}

export const api = createApiClient({
  baseURL: import.meta.env.VITE_API_BASE ?? '/api',
  tokenStore: userTokenStore,
  getLocale: activeLocale,
  // Public pages (logins, viewers, shared scenes) work without a session: a 401 there must not
  // throw the visitor out to the login screen.
  isExemptRoute: () => isPublicPath(window.location.pathname),
  onSessionExpired: sessionExpired,
  onError: (error) => {
    // An expired session is answered by the redirect to login, not by an error notice.
    if (!error.sessionExpired) notifyApiError(error);
  },
});
