import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from './app/api';
import { handleSessionExpired, setSessionNavigator } from './auth/session';
import { readUser } from './auth/storage';
import { activateLocale, storedLocale } from './i18n/locale';
import { loadPreferences } from './prefs/store';
import { router } from './router/router';
import './styles.css';

// An expired session (core.md §4, §8): the login-fail event, then the login page, which returns
// here after signing in.
setSessionNavigator((href) => void router.navigate({ href, replace: true }));
setSessionExpiredHandler(handleSessionExpired);

async function start() {
  // The preferences stored at sign-in may have been changed on another device since: refreshed
  // alongside the catalogue (bounded, so a slow server does not hold the first render).
  const prefs = readUser() ? Promise.race([loadPreferences(), new Promise((resolve) => setTimeout(resolve, 1500))]) : null;
  // The catalogue is loaded before the first render so no text flashes in the wrong language.
  await activateLocale(storedLocale());
  await prefs;
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
