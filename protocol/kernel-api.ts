import type { KernelErrorCode } from './errors';
import type { PanoPoint, PanoramaOptions, PanoramaShot, PanoSpot } from './panorama';
import type { ForwardedInput } from './input';
import type { CommandArgs } from './commands';
import type { ModelMount, Vec3 } from './records';
import type { SnapshotPatch } from './patch';
import type { BackupDeltaResult, LoadResult, SavedFileData, SavedScene } from './scene-file';
import type { KernelSnapshot } from './snapshot';
import type { PriceListSnapshot } from './price-list';
import type { ExportedPlan } from './plan-export';
import type { KernelQuote, TilePrice } from './quote';
import type { RenderCamera } from './render';

export interface InitOptions {
  /** CSS pixel size of the canvas and the device pixel ratio */
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  /**
   * A viewer's kernel (shared scenes): no command may change the document (READ_ONLY), undo and
   * redo do nothing, and pointer input only moves the camera. Loading a file still works.
   */
  readonly readOnly?: boolean;
}

/** How the 3D views are lit and drawn; the kernel's defaults suit most machines. */
export interface RenderOptions {
  /** sun shadows: soft (blurred edges, the default), hard, or none (fastest) */
  readonly shadows: 'off' | 'hard' | 'soft';
  /** the language of the texts the kernel draws itself (room names in the plan view) */
  readonly locale: 'zh' | 'en';
  /** skirting boards along the rooms' walls in the 3D views (default off) */
  readonly skirting: boolean;
  /**
   * Camera speed in percent (user config cameraMoveSpeedPercentage, default 100, 10 to 1000): scales
   * walking, flying and turning with the keys in the roam view, and how far a drag turns the camera.
   */
  readonly cameraSpeed: number;
  /**
   * How strongly a drag turns the camera (user config angleDragResponse, default 400, 50 to 4000):
   * 400 is the kernel's own feel, 800 turns twice as far for the same drag.
   */
  readonly dragResponse: number;
  /** What each mouse button does when dragged in the 3D views (user config mouse-button camera modes). */
  readonly mouseButtons: MouseButtonModes;
  /**
   * Level of detail for catalogue models (user config isEnableLod) and their low-poly variants
   * (isUseLowGltf). lowPolyModels draws every model that has a low-poly GLB from it; lod draws a
   * model from its low-poly GLB while it looks small (far from the camera) and from its full GLB
   * when near, with a margin between the two so it does not flicker.
   */
  readonly lod: boolean;
  readonly lowPolyModels: boolean;
  /** Opacity of walls (and openings) in the transparent view mode 3: 0 to 1, default 0.8 (catalogues.md §9). */
  readonly wallOpacity: number;
  /** Opacity of floors and ceilings in view mode 3: 0 to 1, default 0.3. */
  readonly groundOpacity: number;
}

/** What dragging with a mouse button does to the camera: turn it (orbit or look around), pan it, or nothing. */
export type MouseButtonAction = 'rotate' | 'pan' | 'none';

export interface MouseButtonModes {
  readonly left: MouseButtonAction;
  readonly middle: MouseButtonAction;
  readonly right: MouseButtonAction;
}

/** What a new scene's meta record is given (meta.update's fields). */
export type NewSceneMeta = CommandArgs<'meta.update'>;

/** The accepted ranges of the numeric render options (inclusive). */
export const RENDER_OPTION_LIMITS = {
  cameraSpeed: { min: 10, max: 1000 },
  dragResponse: { min: 50, max: 4000 },
  wallOpacity: { min: 0, max: 1 },
  groundOpacity: { min: 0, max: 1 },
} as const;

/** The kernel's navigation defaults: left turns, middle and right pan. */
export const DEFAULT_MOUSE_BUTTONS: MouseButtonModes = { left: 'rotate', middle: 'pan', right: 'pan' };

/** A still of the scene: size in pixels (default 800 x 600, at most the GPU's limit), PNG or JPEG. */
export interface CaptureOptions {
  readonly width?: number;
  readonly height?: number;
  /** default 'image/png' */
  readonly type?: 'image/png' | 'image/jpeg';
  /** JPEG quality 0-1 (default 0.9) */
  readonly quality?: number;
}

/** One storey's preview (core.md §3 multiFloorImage entries before upload). */
export interface StoreyPreview {
  /** the storey's index (0 the ground floor) */
  readonly layerIndex: number;
  readonly preview: Uint8Array;
}

/** A path-traced still (traceStart): what to render, from where, how large and how long. */
export interface TraceOptions {
  /** null: the bird eye the scene opens with, framing the storey */
  readonly camera: RenderCamera | null;
  /** the storey shown (alone); null: the current one */
  readonly storeyId: string | null;
  readonly width: number;
  readonly height: number;
  /** samples per pixel to trace before the trace is done */
  readonly samples: number;
}

/** The limits of TraceOptions (inclusive); 8192 is WebGL's usual largest drawing buffer. */
export const TRACE_LIMITS = { size: { min: 16, max: 8192 }, samples: { min: 1, max: 4096 } } as const;

/**
 * Where a trace stands: idle (none started), preparing (waiting for models and textures, the
 * tracer loading), tracing, done (all samples), stopped (traceStop), failed (error says why).
 */
export interface TraceProgress {
  readonly state: 'idle' | 'preparing' | 'tracing' | 'done' | 'stopped' | 'failed';
  /** whole samples per pixel traced so far */
  readonly samples: number;
  readonly target: number;
  readonly width: number;
  readonly height: number;
  readonly error?: string;
}

/** The trace's picture so far: a JPEG of its size and the 100 x 100 centre crop. */
export interface TraceImage {
  readonly jpeg: Uint8Array;
  readonly thumbJpeg: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly samples: number;
}

export interface InitResult {
  readonly snapshot: KernelSnapshot;
  /** null when the renderer started; otherwise why it could not (the document still works) */
  readonly rendererError: { readonly code: KernelErrorCode; readonly detail: string } | null;
}

/** A catalogue piece being dropped on the canvas: what its placement depends on. */
export interface DropPiece {
  /** mm: width x, depth y, height z */
  readonly size: Vec3;
  readonly mount: ModelMount;
}

/**
 * Where a piece dropped at a canvas point lands (model.add's storeyId, position and rotation), or
 * why it cannot land there: 'outside' (no room under the pointer), 'no-storey' (nothing drawn yet).
 */
export type DropResult =
  | { readonly ok: true; readonly storeyId: string; readonly roomId: string; readonly position: Vec3; readonly rotation: number }
  | { readonly ok: false; readonly reason: 'outside' | 'no-storey' };

export type PatchListener = (patch: SnapshotPatch) => void;

/** First message a kernel worker posts once its module has evaluated and its API is exposed. */
export const KERNEL_READY_MESSAGE = 'yf-kernel-ready';
/** Posted instead when the worker module fails while starting. */
export const KERNEL_BOOT_ERROR_MESSAGE = 'yf-kernel-boot-error';

export interface KernelBootMessage {
  readonly type: typeof KERNEL_READY_MESSAGE | typeof KERNEL_BOOT_ERROR_MESSAGE;
  readonly detail?: string;
}

/**
 * The kernel's Comlink API: the cold calls (start, files, captures, input, options). Commands,
 * undo, redo and the patch stream travel on the UI channel only (protocol/channel.ts).
 * kernel-worker/main.ts declares `const kernelApi = {...} satisfies KernelApi`, so the
 * implementation and this contract cannot drift apart.
 */
/** Why backupDelta() is asked: a timed backup leaves the saved flag alone, a delta save clears it. */
export type BackupPurpose = 'backup' | 'save';

export interface KernelApi {
  /** canvas is null for headless kernels (Node tests, benchmarks without GL) */
  init(canvas: OffscreenCanvas | null, options: InitOptions): Promise<InitResult>;
  /**
   * Gives a scene without rooms its starting room (scene.createDefaultRoom) the way a loaded file
   * is a starting point: no undo step, and the scene counts as saved. A scene with rooms is left
   * as it is.
   */
  startScene(): Promise<void>;
  /**
   * Replaces the open scene by a new, empty one (one storey, nothing drawn) whose meta record
   * carries these fields (a new scheme's defaults). Like a load: never undoable, and the scene
   * counts as saved until it is edited. Fields that fail meta.update's checks are refused with
   * INVALID_ARGS before anything changes.
   */
  newScene(meta: NewSceneMeta): Promise<void>;
  input(event: ForwardedInput): void;
  resize(width: number, height: number, dpr: number): void;
  /** Echo used by the round-trip benchmark and the bridge's liveness check. */
  ping(payload: string): string;
  /**
   * Replaces the open scene by a scene file: its JSON text, or its bytes, plain or gzipped (sniffed
   * by the gzip magic; send bytes with Comlink.transfer). Never undoable; the scene counts as saved
   * afterwards. A file this kernel is too old for is refused with UNSUPPORTED_VERSION, a damaged or
   * invalid one with BAD_FILE, and then the open scene is exactly as it was.
   */
  load(file: string | Uint8Array): Promise<LoadResult>;
  /** The scene file (canonical JSON and its gzip; the bytes are transferred). The scene counts as saved. */
  save(): Promise<SavedScene>;
  /**
   * The same file as save() (export to local), without counting the scene as saved and without
   * moving the backup checkpoint: a copy on the designer's disk is not a stored version.
   */
  exportFile(): Promise<SavedScene>;
  /**
   * What changed since the acknowledged backup: 'none', a 'delta' against that base, or 'full'
   * when nothing was acknowledged since the scene was created or loaded. For 'save' (a delta save,
   * docs/scenes.md) a delta handed out counts the scene as saved, as save() does: the session's
   * unconfirmedSave keeps it unsaved until the server confirms.
   */
  backupDelta(purpose?: BackupPurpose): Promise<BackupDeltaResult>;
  /**
   * The payload handed out last (by backupDelta() or save(), or the scene just loaded) is stored
   * under this name: later deltas are relative to it. Edits made since that payload stay pending.
   */
  acknowledge(base: string): Promise<void>;
  /**
   * core.md §3 saved-file data for a manual save; sceneCode is the scene's uuid. With a renderer,
   * imageData is a JPEG preview (data URL) of the whole scene from the bird eye and imageList one
   * per storey; a headless kernel leaves them empty.
   */
  savedFileData(sceneCode?: string): Promise<SavedFileData>;
  /**
   * An image of the scene from the bird eye framing everything (transferred bytes). Also the
   * still at a chosen resolution (width/height). Rejects with WEBGL2_UNAVAILABLE without a renderer.
   */
  preview(options?: CaptureOptions): Promise<Uint8Array>;
  /** One image per storey (that storey alone, framed from the bird eye), lowest first. */
  storeyPreviews(options?: CaptureOptions): Promise<StoreyPreview[]>;
  /**
   * A 720° panorama (protocol/panorama.ts): six cube faces drawn by the kernel's renderer from a
   * plan point (eyeHeight above its storey's floor, default 1500 mm) or the roam view's eye,
   * stitched to an equirectangular JPEG `width` x `width / 2` with a 100 x 100 thumbnail (bytes
   * transferred). onProgress (a Comlink proxy) hears 0..1. Bad options: INVALID_ARGS; no renderer:
   * WEBGL2_UNAVAILABLE.
   */
  panorama(options: PanoramaOptions, onProgress?: (fraction: number) => void): Promise<PanoramaShot>;
  /**
   * Where a panorama of `at` (as panorama()'s) would be taken from, drawing nothing: the equirect
   * camera a high-quality panorama render job traces from, the plan position, storey and room.
   */
  panoramaSpot(at: PanoramaOptions['at']): Promise<PanoSpot>;
  /**
   * The plan point of the current storey under canvas point (x, y) in CSS px (the plan view's
   * frame, or the 3D pointer ray on the floor) and the room there, named in `locale` (default zh);
   * null where no room is under the pointer.
   */
  panoramaPoint(x: number, y: number, locale?: 'zh' | 'en'): Promise<PanoPoint | null>;
  /**
   * Where a catalogue piece dropped at canvas point (x, y) in CSS px would land, read through the
   * current view (the plan's frame, or the 3D camera's ray and what it hits), snapped against the
   * walls and the other models (geometry/furnish.ts). Changes nothing: the UI then runs model.add.
   */
  dropPlacement(x: number, y: number, piece: DropPiece): Promise<DropResult>;
  /**
   * dropPlacement while a card is dragged over the view: the answer also becomes the tool
   * record's preview (the plan draws the footprint where the piece would land). piece null
   * clears it (the drag left the view, dropped or was cancelled). No undo step.
   */
  previewDrop(x: number, y: number, piece: DropPiece | null): Promise<DropResult | null>;
  /** Changes how the 3D views are drawn and navigated (RenderOptions); checked, then ignored without a renderer. */
  setRenderOptions(options: Partial<RenderOptions>): Promise<void>;
  /**
   * The quotation of the open scene (catalogues.md §7's KitQuotationProjectCmd and
   * KitGetQuotationDataStd, qtMode 0): priceData per room, the volume report, the standard quote and
   * the laid tiles, priced from one price list version (its created_at becomes the lines'
   * updatedAt) and the tile catalogue's prices of the laid tiles. Reads the document and changes
   * nothing (no undo step). A list that fails validatePriceList, or a bad tile price, is refused
   * with INVALID_ARGS naming the first problem.
   */
  quote(priceList: QuotePriceList): Promise<KernelQuote>;
  /**
   * The open scene's plan for another tool (protocol/plan-export.ts): every storey's walls, doors
   * and windows and rooms, as the records hold them. Reads the document and changes nothing.
   */
  planData(): Promise<ExportedPlan>;
  /** The 3D view's camera as a RenderCamera; null in the plan and elevation views, or without a renderer. */
  viewCamera(): Promise<RenderCamera | null>;
  /**
   * Starts a progressive path-traced still (render/trace.ts) in the worker, replacing any trace
   * before it; the view keeps drawing. Bad options: INVALID_ARGS; no renderer: WEBGL2_UNAVAILABLE.
   */
  traceStart(options: TraceOptions): Promise<void>;
  traceProgress(): Promise<TraceProgress>;
  /** The picture so far (JPEG bytes, transferred); NOT_READY before the first sample. */
  traceImage(quality?: number): Promise<TraceImage>;
  /** Stops tracing; the picture so far stays for traceImage. */
  traceStop(): Promise<void>;
}

/**
 * What quote() is priced from: a stored version of the project's list (GET /api/admin/price-list),
 * and the laid tiles' prices from the tile catalogue (a laid code without one is quoted at 0 and
 * reported in missingPrices as tile:CODE).
 */
export type QuotePriceList = PriceListSnapshot & { readonly created_at?: string; readonly tilePrices?: readonly TilePrice[] };
