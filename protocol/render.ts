// The contract between whoever asks for a render (the editor, the server's render jobs) and the
// renderers (the path tracer in headless workers, the quick preview in the user's own browser).
// Plain data only: it crosses the worker boundary, the HTTP API and the render worker processes.

/** A camera in the 3D world of the kernel's views: metres, y up (kernel-worker/render/coords.ts). */
export interface RenderCamera {
  readonly position: readonly [number, number, number];
  readonly target: readonly [number, number, number];
  /** vertical field of view in degrees */
  readonly fovDeg: number;
  /**
   * perspective (the default): a picture looking from position at target. equirect: a 720°
   * panorama from position (width = 2 x height), laid out as protocol/panorama.ts says (its middle
   * looks north whatever target is; fovDeg is unused).
   */
  readonly projection?: 'perspective' | 'equirect';
}

export interface RenderRequest {
  /** the scene as the kernel saves it (the stored scene file's bytes) */
  readonly sceneFile: Uint8Array;
  /** null: the camera the scene opens with in the 3D view */
  readonly camera: RenderCamera | null;
  /** the floor (storey id) to show; null: the scene's current one */
  readonly storeyId: string | null;
  readonly width: number;
  readonly height: number;
  /** path-tracing samples per pixel: more is smoother and slower */
  readonly samples: number;
  /**
   * Time budget of the whole render in ms: once it has passed and at least one whole sample is
   * traced, tracing stops and the picture so far (its `samples` fewer than asked) is the result.
   * Absent: every sample asked. A GPU reaches the samples long before; software GL trades them
   * for a bounded time.
   */
  readonly maxMs?: number;
}

export interface RenderResult {
  /** a baseline JPEG of width x height */
  readonly jpeg: Uint8Array;
  /** a 100 x 100 JPEG of the middle of the picture (album thumbnails, core.md §5) */
  readonly thumbJpeg: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** samples per pixel actually traced */
  readonly samples: number;
  readonly ms: number;
}

export interface RenderOptions {
  readonly signal: AbortSignal;
  /** 0..1, called now and then while tracing */
  readonly onProgress?: (fraction: number) => void;
}

/** One renderer instance (e.g. a headless browser); a render worker process keeps one and reuses it. */
export interface Renderer {
  render(request: RenderRequest, options: RenderOptions): Promise<RenderResult>;
  /**
   * Gets ready for the first picture before any job asks (the headless renderer: SwiftShader
   * compiles the path tracer, about a minute on 2 idle cores). A render asked meanwhile waits for
   * it. Optional: a renderer with nothing to prepare leaves it out.
   */
  warm?(): Promise<void>;
  close(): Promise<void>;
}
