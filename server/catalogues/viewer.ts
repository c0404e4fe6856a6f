import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { ModelRoomViewer } from './model-rooms';

/** Who is asking, from the verified session only: the tenant never comes from the request. */
export function viewerOf(c: Context<AppEnv>): ModelRoomViewer {
  const { user } = c.get('auth');
  return { userId: user.id, project: user.project_code, isProjectAdmin: user.is_project_admin };
}
