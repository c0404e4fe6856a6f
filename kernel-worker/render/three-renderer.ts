import { PCFShadowMap, SRGBColorSpace, WebGLRenderer } from 'three';
import { KernelCommandError } from '../../protocol/errors';
import type { CameraView } from '../../protocol/records';
import { VIEW_ID } from '../document/session-records';
import { applyCameraView, createCameraRig, setAspect } from './cameras';
import { createFrameLoop } from './frame-loop';
import { createOrbitControls } from './orbit';
import { createSceneGraph } from './scene-graph';
import type { RendererFactory, RendererPort } from './types';

// The worker's view: a three.js WebGLRenderer drawing the scene graph onto the transferred
// OffscreenCanvas, on demand only.

export const createThreeRenderer: RendererFactory = (canvas, options, hooks): RendererPort => {
  const gl = canvas.getContext('webgl2', {
    antialias: true,
    alpha: false,
    depth: true,
    stencil: false,
    powerPreference: 'high-performance',
  });
  if (!gl) {
    throw new KernelCommandError('WEBGL2_UNAVAILABLE', 'init', 'OffscreenCanvas.getContext("webgl2") returned null');
  }
  const renderer = new WebGLRenderer({ canvas, context: gl, antialias: true });
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;

  const graph = createSceneGraph();
  const rig = createCameraRig();
  const controls = createOrbitControls(rig);
  const loop = createFrameLoop(() => renderer.render(graph.scene, rig.active), hooks.onFrame);
  let cameraView: CameraView | null = null;

  function resize(width: number, height: number, dpr: number): void {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    renderer.setPixelRatio(dpr);
    // false: an OffscreenCanvas has no style to update.
    renderer.setSize(w, h, false);
    setAspect(rig, w / h);
    controls.setViewport(w, h);
    loop.invalidate();
  }

  resize(options.width, options.height, options.dpr);

  return {
    sync(diff, records) {
      const { changed, boundsChanged } = graph.sync(diff, records);
      const view = records.getOfType(VIEW_ID, 'view');
      const nextView = view?.cameraView ?? 0;
      // A new camera view always places the camera; new content reframes it unless the user
      // has already moved it (their viewpoint wins over a room that grew).
      if (nextView !== cameraView || (boundsChanged && !controls.userMoved)) {
        cameraView = nextView;
        applyCameraView(rig, nextView, graph.bounds());
        controls.reset();
        loop.invalidate();
      } else if (changed) {
        loop.invalidate();
      }
    },
    input(event) {
      if (controls.handle(event)) loop.invalidate();
    },
    resize(width, height, dpr) {
      resize(width, height, dpr);
      // Orthographic presets size themselves to the aspect; keep them framed on resize.
      if (!controls.userMoved && cameraView !== null) applyCameraView(rig, cameraView, graph.bounds());
    },
    dispose() {
      loop.dispose();
      graph.dispose();
      renderer.dispose();
    },
  };
};
