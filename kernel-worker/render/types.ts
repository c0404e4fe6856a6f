import type { ForwardedInput } from '../../protocol/input';
import type { CaptureOptions, InitOptions, RenderOptions, StoreyPreview } from '../../protocol/kernel-api';
import type { PanoramaOptions, PanoramaShot, PanoSpot } from '../../protocol/panorama';
import type { RecordsDiff } from '../document/diff';
import type { RecordReader } from '../document/store';
import type { RenderCamera } from '../../protocol/render';
import type { TraceImage, TraceOptions, TraceProgress } from '../../protocol/kernel-api';

// What the kernel needs from a renderer. Deliberately free of three.js types so the kernel, the
// Node test worker and benchmarks can run without loading a renderer at all.

export interface RendererPort {
  /**
   * Brings the view up to date with the records after a commit; the diff says what changed.
   * info.load: the diff came from loading a file (the views go back to the bird eye at 100 %).
   */
  sync(diff: RecordsDiff, records: RecordReader, info?: { readonly load?: boolean }): void;
  /** Camera navigation for now; tools will get the events first once they exist. */
  input(event: ForwardedInput): void;
  resize(width: number, height: number, dpr: number): void;
  /**
   * The document record drawn under a canvas point (CSS px), nearest first, and where the ray hit
   * it (plan mm, z up from the storey floor); null for empty space. For the select tool in 3D views.
   */
  pick?(x: number, y: number): { readonly id: string; readonly point: { x: number; y: number; z: number } } | null;
  /**
   * The handle of the model gizmo (render/gizmo.ts) under a canvas point (CSS px); null where
   * there is none (no single model selected, the plan view, a camera on its way). For the select tool.
   */
  gizmoHit?(x: number, y: number): GizmoHandle | null;
  /**
   * Where the pointer's ray meets the horizontal plane `z` mm above the floor of a storey (null:
   * the current storey), in plan mm; null when the ray misses it (looking away from it, or along it).
   */
  floorPoint?(x: number, y: number, level: FloorLevel): { readonly x: number; readonly y: number } | null;
  /** A still from the bird eye (render/capture.ts); rejects with INVALID_ARGS on bad options. */
  capture?(options: CaptureOptions | undefined, method: string): Promise<Uint8Array>;
  /** One still per storey, that storey alone, lowest storey first. */
  captureStoreys?(options: CaptureOptions | undefined, method: string): Promise<StoreyPreview[]>;
  /** A 720° panorama (render/panorama.ts); rejects with INVALID_ARGS on bad options. */
  panorama?(options: PanoramaOptions, method: string, onProgress?: (fraction: number) => void): Promise<PanoramaShot>;
  /** Where a panorama of `at` would be taken from (a render job's equirect camera); INVALID_ARGS on a bad spot. */
  panoramaSpot?(at: PanoramaOptions['at'], method: string): PanoSpot;
  setOptions?(options: Partial<RenderOptions>): void;
  /** The 3D view's camera; null in the plan and the orthographic views. */
  viewCamera?(): RenderCamera | null;
  /** Path-traced stills (render/trace.ts). */
  readonly trace?: {
    start(options: TraceOptions): void;
    progress(): TraceProgress;
    image(quality: number): Promise<TraceImage>;
    stop(): void;
  };
  /** The language of the labels the renderer draws (room type names in the plan view); zh until told. */
  setLocale?(locale: 'zh' | 'en'): void;
  dispose(): void;
}

/** The parts of the model gizmo: the plan x and y arrows, the free-move square, the rotation ring. */
export type GizmoHandle = 'move-x' | 'move-y' | 'move-xy' | 'rotate' | 'scale';

/** A horizontal plane: z mm above the floor of a storey (null: the current storey). */
export interface FloorLevel {
  readonly storeyId: string | null;
  readonly z: number;
}

export interface RendererHooks {
  /** Called after each drawn frame with the total number of frames drawn. */
  onFrame(frames: number): void;
}

/** Throws a KernelCommandError('WEBGL2_UNAVAILABLE') when the canvas cannot give a WebGL2 context. */
export type RendererFactory = (canvas: OffscreenCanvas, options: InitOptions, hooks: RendererHooks) => RendererPort;
