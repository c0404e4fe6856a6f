import type { RenderCamera } from '../../api';

// The camera a cloud render is taken from. The kernel does not report its 3D camera yet (the
// render-engine work adds that); until then a render uses the scene's own default 3D view (null).
export function currentRenderCamera(): RenderCamera | null {
  return null;
}
