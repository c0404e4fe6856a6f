// Every route of the scenes family (scenes, history lists, backups, share codes, auto save, scene
// files), mounted by createApp in one call.
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { houseTypeRoutes } from './house-types';
import { sceneRoutes } from './scenes';
import { adminSceneRoutes, clientUtilityRoutes, sceneFileRoutes, sceneShareRoutes, sharedFileRoutes } from './scenes-extra';

export function mountSceneRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  app.route('/meta20/x/scene', sceneRoutes(deps));
  app.route('/meta20/scene-share', sceneShareRoutes(deps));
  app.route('/meta20/x/house-type', houseTypeRoutes(deps));
  app.route('/api/admin/scene', adminSceneRoutes(deps));
  app.route('/api/client/utility', clientUtilityRoutes(deps));
  app.route('/files/scenes', sceneFileRoutes(deps));
  app.route('/files/share', sharedFileRoutes(deps));
}
