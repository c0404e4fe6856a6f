import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from './app/api';
import { clearUser, readLoginProject } from './auth/storage';
import { activateLocale, storedLocale } from './i18n/locale';
import { notifySessionExpired } from './notice';
import { loginPathFor } from './router/guard';
import { isPublicPath } from './router/paths';
import { router } from './router/router';
import './styles.css';

/** core.md §9: logout throttle 5 s, leading edge: a burst of 401s logs out once. */
const SESSION_EXPIRED_THROTTLE_MS = 5000;
let lastSessionExpiry = -Infinity;

// An expired session (core.md §4, §8): forget the user and go to the login screen, which returns
// here after signing in.
setSessionExpiredHandler(() => {
  const now = Date.now();
  if (now - lastSessionExpiry < SESSION_EXPIRED_THROTTLE_MS) return;
  lastSessionExpiry = now;
  const { pathname, search } = window.location;
  clearUser();
  if (isPublicPath(pathname)) return;
  notifySessionExpired();
  const back = pathname === '/' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  void router.navigate({ href: loginPathFor(readLoginProject()) + back, replace: true });
});

async function start() {
  // The catalogue is loaded before the first render so no text flashes in the wrong language.
  await activateLocale(storedLocale());
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
