import type { ViewKind } from '../view-kind';

// The view record (session) draws nothing; it sets the scene's view mode.
export const viewView: ViewKind<'view'> = {
  type: 'view',
  display: (view) => ({ viewMode: view.viewMode }),
};
