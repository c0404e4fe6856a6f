import type { RenderCamera } from '../../api';
import { kernelState, kernelTrace } from '../kernel';

/** Where a cloud render is taken from: the 3D view's camera and the storey on show. */
export interface RenderView {
  /** null: the plan or an elevation is on show, so the render worker frames the storey from the bird eye */
  readonly camera: RenderCamera | null;
  readonly storeyId: string | null;
}

// Asked when the render dialog opens: the dialog covers the view, so the camera the designer
// framed is the one they mean. A kernel that cannot answer (not started, no WebGL2) renders the
// storey's default view rather than refusing the job.
export async function currentRenderView(): Promise<RenderView> {
  const storeyId = kernelState.currentStoreyId ?? null;
  if (kernelState.status !== 'ready') return { camera: null, storeyId };
  try {
    return { camera: await kernelTrace.viewCamera(), storeyId };
  } catch {
    return { camera: null, storeyId };
  }
}
