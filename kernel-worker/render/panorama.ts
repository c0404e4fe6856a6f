import { PerspectiveCamera, Vector2, Vector3, type Scene, type WebGLRenderer } from 'three';
import { CUBE_FACES, type PanoPosition } from '../../protocol/panorama';
import { stitchRows, type CubeFaces } from './pano-stitch';

// A 720° panorama from one eye point: the six 90° cube faces are drawn by the kernel's own WebGL
// renderer on its canvas (as the captures are, capture.ts: tone mapping and sRGB output as on
// screen), read back with readPixels in the same task, stitched to equirectangular (a pure
// function, pano-stitch.ts) in slices that yield between them so the worker keeps answering, then
// encoded as JPEG with a 100 x 100 thumbnail, both by the worker's own OffscreenCanvas.

export interface PanoramaHost {
  readonly renderer: WebGLRenderer;
  readonly scene: Scene;
  /** Makes the scene ready for the shot (highlight off, ceilings on, soft shadows) and returns the undo. */
  prepare(): () => void;
  /** Draws the normal view again (after the canvas got its size back). */
  redraw(): void;
  /** Resolves after the worker has handled what waits (the kernel's injected timers, clock.ts). */
  yieldToEvents(): Promise<void>;
}

export interface PanoramaRender {
  readonly width: number;
  /** world metres, y up */
  readonly eye: Vector3;
  readonly quality: number;
  readonly onProgress?: (fraction: number) => void;
}

/** Cube face edge in pixels for an image `width` across: 4 faces span the equator, capped by the GPU. */
export function faceSizeFor(width: number, maxSize: number): number {
  return Math.min(Math.ceil(width / 4), maxSize);
}

/** Draws the six faces (one task: nothing of it reaches the page) and reads them back top row first. */
export function renderCubeFaces(host: PanoramaHost, eye: Vector3, size: number): CubeFaces {
  const { renderer, scene } = host;
  const gl = renderer.getContext();
  const previousSize = renderer.getSize(new Vector2());
  const ratio = renderer.getPixelRatio();
  const undo = host.prepare();
  const faces: Uint8Array[] = [];
  try {
    renderer.setPixelRatio(1);
    renderer.setSize(size, size, false);
    const camera = new PerspectiveCamera(90, 1, 0.02, 2000);
    camera.position.copy(eye);
    const row = size * 4;
    const raw = new Uint8Array(size * row);
    for (const face of CUBE_FACES) {
      camera.up.set(...face.up);
      camera.lookAt(eye.x + face.forward[0], eye.y + face.forward[1], eye.z + face.forward[2]);
      camera.updateMatrixWorld();
      renderer.render(scene, camera);
      gl.readPixels(0, 0, size, size, gl.RGBA, gl.UNSIGNED_BYTE, raw);
      // WebGL reads bottom row first; the stitch wants images as seen.
      const top = new Uint8Array(size * row);
      for (let y = 0; y < size; y++) top.set(raw.subarray((size - 1 - y) * row, (size - y) * row), y * row);
      faces.push(top);
    }
  } finally {
    undo();
    renderer.setPixelRatio(ratio);
    renderer.setSize(previousSize.x, previousSize.y, false);
    host.redraw();
  }
  return { size, faces };
}

/** The whole panorama: faces, stitch, JPEG and thumbnail. */
export async function renderPanorama(host: PanoramaHost, request: PanoramaRender, maxSize: number): Promise<{ jpeg: Uint8Array; thumbJpeg: Uint8Array }> {
  const { width, quality, onProgress } = request;
  const height = width / 2;
  const cube = renderCubeFaces(host, request.eye, faceSizeFor(width, maxSize));
  onProgress?.(0.2);
  const pixels = new Uint8ClampedArray(width * height * 4);
  // slices of about a million pixels: a few ms each on a phone, so input and patches keep flowing
  const rows = Math.max(1, Math.floor(1_048_576 / width));
  for (let y = 0; y < height; y += rows) {
    stitchRows(cube, width, pixels, y, Math.min(height, y + rows));
    onProgress?.(0.2 + 0.6 * (Math.min(height, y + rows) / height));
    await host.yieldToEvents();
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D context for the panorama');
  context.putImageData(new ImageData(pixels, width, height), 0, 0);
  const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality })).arrayBuffer());
  onProgress?.(0.95);
  // the thumbnail: the quarter of the image around the middle (90° of view looking north)
  const thumb = new OffscreenCanvas(100, 100);
  const thumbContext = thumb.getContext('2d');
  if (!thumbContext) throw new Error('no 2D context for the thumbnail');
  thumbContext.imageSmoothingQuality = 'high';
  thumbContext.drawImage(canvas, width * 0.375, height * 0.25, width / 4, height / 2, 0, 0, 100, 100);
  const thumbJpeg = new Uint8Array(await (await thumb.convertToBlob({ type: 'image/jpeg', quality: 0.85 })).arrayBuffer());
  onProgress?.(1);
  return { jpeg, thumbJpeg };
}

/** World eye (metres) -> plan mm with z above the storey floor. */
export function planPositionOf(eye: Vector3, floorElevationMm: number): PanoPosition {
  return { x: Math.round(eye.x * 1000), y: Math.round(-eye.z * 1000), z: Math.round(eye.y * 1000 - floorElevationMm) };
}
