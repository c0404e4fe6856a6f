import { Box3, PerspectiveCamera, Vector2, type Object3D, type Scene, type WebGLRenderer } from 'three';
import type { CameraPose } from './cameras';
import type { CaptureRequest } from './capture-data';

// Still images of the scene, made in the worker: previews for saving (core.md §3 imageData and
// the per-storey multiFloorImage list) and stills at a chosen resolution. The kernel's one WebGL
// context draws them: the drawing buffer is resized to the image, the bird-eye view is drawn and
// snapshotted by convertToBlob (which copies the buffer when called), then size and view are put
// back and redrawn, all in one task, so the page never shows the capture. Tone mapping and the
// sRGB output apply exactly as on screen, which drawing into a render target would lose.

export interface CaptureHost {
  readonly renderer: WebGLRenderer;
  readonly canvas: OffscreenCanvas;
  readonly scene: Scene;
  /** The pose to draw from for a box and an aspect ratio (the bird eye). */
  pose(bounds: Box3, aspect: number): CameraPose;
  /** Draws the normal view again, now (after the canvas got its size back). */
  redraw(): void;
}

export interface CaptureShot {
  /** Objects to show; everything else among `among` is hidden for the shot. */
  readonly show: readonly Object3D[];
  readonly among: readonly Object3D[];
  /** Prepares the scene (drops highlights, …) and returns the undo of it. */
  readonly prepare?: () => () => void;
}

function boundsOf(objects: readonly Object3D[]): Box3 {
  const box = new Box3();
  for (const o of objects) {
    o.updateWorldMatrix(true, true);
    box.expandByObject(o);
  }
  return box;
}

/** Draws one shot into the canvas at the requested size and starts encoding it; restores the canvas. */
function shoot(host: CaptureHost, shot: CaptureShot, request: CaptureRequest): Promise<Blob> {
  const { renderer, canvas, scene } = host;
  const shown = new Set(shot.show);
  const visibility = shot.among.map((o) => [o, o.visible] as const);
  for (const [o] of visibility) o.visible = shown.has(o) && o.visible;
  const undo = shot.prepare?.() ?? (() => {});
  const size = renderer.getSize(new Vector2());
  const ratio = renderer.getPixelRatio();
  let blob: Promise<Blob>;
  try {
    const aspect = request.width / request.height;
    const pose = host.pose(boundsOf(shot.show), aspect);
    const camera = new PerspectiveCamera(pose.fov, aspect, 0.05, 2000);
    camera.position.copy(pose.position);
    camera.up.copy(pose.up);
    camera.lookAt(pose.target);
    camera.updateMatrixWorld();
    renderer.setPixelRatio(1);
    renderer.setSize(request.width, request.height, false);
    renderer.render(scene, camera);
    blob = canvas.convertToBlob({ type: request.type, quality: request.quality });
  } finally {
    for (const [o, visible] of visibility) o.visible = visible;
    undo();
    renderer.setPixelRatio(ratio);
    renderer.setSize(size.x, size.y, false);
    host.redraw();
  }
  return blob;
}

async function bytesOf(blob: Promise<Blob>): Promise<Uint8Array> {
  return new Uint8Array(await (await blob).arrayBuffer());
}

/** One image of the shot. */
export function captureImage(host: CaptureHost, shot: CaptureShot, request: CaptureRequest): Promise<Uint8Array> {
  return bytesOf(shoot(host, shot, request));
}

/** One image per shot, in order (all drawn in this task, encoded in parallel). */
export function captureImages(host: CaptureHost, shots: readonly CaptureShot[], request: CaptureRequest): Promise<Uint8Array[]> {
  return Promise.all(shots.map((shot) => bytesOf(shoot(host, shot, request))));
}
