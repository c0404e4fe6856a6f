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

function sessionExpired(event: SessionExpiredEvent): void {
  sessionExpiredHandler?.(event);
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
