import type { TraceProgress } from './kernel-api';
import type { RenderCamera } from './render';

// The headless renderer's page (render.html, ui/render/render-page.ts) as Playwright drives it
// from server/render/headless.ts: window.yfRender. Bytes cross as base64 (page.evaluate's
// arguments and results are JSON).

export interface RenderPageStart {
  /** the scene file, base64 */
  readonly sceneFile: string;
  readonly camera: RenderCamera | null;
  readonly storeyId: string | null;
  readonly width: number;
  readonly height: number;
  readonly samples: number;
}

export interface RenderPageImage {
  /** base64 JPEGs */
  readonly jpeg: string;
  readonly thumbJpeg: string;
  readonly width: number;
  readonly height: number;
  readonly samples: number;
}

export interface RenderPageApi {
  start(request: RenderPageStart): Promise<void>;
  progress(): Promise<TraceProgress>;
  image(quality: number): Promise<RenderPageImage>;
  stop(): Promise<void>;
}
