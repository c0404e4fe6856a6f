import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionExpiredHandler } from './app/api';
import { handleSessionExpired, setSessionNavigator } from './auth/session';
import { activateLocale, storedLocale } from './i18n/locale';
import { router } from './router/router';
import './styles.css';

// An expired session (core.md §4, §8): the login-fail event, then the login page, which returns
// here after signing in.
setSessionNavigator((href) => void router.navigate({ href, replace: true }));
setSessionExpiredHandler(handleSessionExpired);

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
