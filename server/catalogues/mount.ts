import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/env';
import { materialRoutes } from '../routes/material';
import { modelRoutes } from '../routes/model';
import { modelRoomRoutes } from '../routes/model-room';
import { pavingRoutes } from '../routes/paving';
import { sourceLibraryRoutes } from '../routes/source-library';
import { tileRoutes } from '../routes/tile';
import { catalogueFileRoutes } from '../routes/tile-files';
import { waterjetRoutes } from '../routes/waterjet';

/** The catalogues family's routes: tiles, pavings, waterjets, sample rooms, furniture models, source library, pictures. */
export function mountCatalogueRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  app.route('/api/admin/tile', tileRoutes(deps));
  app.route('/api/admin/paving', pavingRoutes(deps));
  app.route('/api/admin/waterjet', waterjetRoutes(deps));
  app.route('/api/admin/model-room', modelRoomRoutes(deps));
  app.route('/api/admin/model', modelRoutes(deps));
  app.route('/api/admin/material', materialRoutes(deps));
  app.route('/api/admin/source-library', sourceLibraryRoutes(deps));
  app.route('/files/catalogue', catalogueFileRoutes(deps));
}
