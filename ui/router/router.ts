import { createBrowserHistory, createRouter } from '@tanstack/react-router';
import { PageLoading } from '../app/PageLoading';
import { routeTree } from './routes';

// History mode with base / (core.md §2).
export const router = createRouter({
  routeTree,
  history: createBrowserHistory(),
  basepath: '/',
  defaultPreload: 'intent',
  defaultPendingComponent: PageLoading,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
