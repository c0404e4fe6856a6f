import * as Comlink from 'comlink';
import type { PanoPoint, PanoramaOptions, PanoramaShot, PanoSpot } from '../protocol/panorama';
import { KernelCommandError, toKernelError, type KernelErrorCode } from '../protocol/errors';
import type { ForwardedInput } from '../protocol/input';
import { RENDER_OPTION_LIMITS, type CaptureOptions, type DropPiece, type DropResult, type InitOptions, type BackupPurpose, type InitResult, type KernelApi, type MouseButtonModes, type NewSceneMeta, type QuotePriceList, type RenderOptions, type StoreyPreview } from '../protocol/kernel-api';
import { describeProblems, validatePriceList } from '../protocol/price-list';
import type { ExportedPlan } from '../protocol/plan-export';
import type { KernelQuote } from '../protocol/quote';
import { MODEL_MOUNTS } from '../protocol/records';
import type { BackupDeltaResult, LoadResult, SavedFileData, SavedScene } from '../protocol/scene-file';
import { arrayOf, CheckError, finite, nullable, object, oneOf, optional, string, type Check } from './document/check';
import { TRACE_LIMITS, type TraceImage, type TraceOptions, type TraceProgress } from '../protocol/kernel-api';
import type { RenderCamera } from '../protocol/render';
import { serveChannel, type ChannelEndpoint } from './channel';
import { guard } from './guard';
import { createKernel, type Kernel, type KernelOptions } from './kernel';
import { createPersistence, type Persistence } from './persistence/persistence';
import { buildSceneFile, encodeSceneFile } from './persistence/scene-codec';
import { updateMeta } from './commands/meta';
import { dataUrl } from './render/capture-data';
import { roomLabel } from './render/room-names';
import type { RendererFactory, RendererPort } from './render/types';
import { planData } from './import/plan-data';
import { createQuoter } from './quote/quote';
import { checkTilePrices } from './quote/tile-prices';

// The object the worker exposes over Comlink: the cold calls (init, files, captures, input). The
// hot ones (exec, undo, redo, subscribe) are served on the UI channel (channel.ts) only. Built by
// a function so that the browser worker (main.ts, with the three.js renderer) and the Node test
// worker (headless) expose the very same code. Every method turns whatever it throws into a
// KernelCommandError named after itself.

export interface KernelApiOptions {
  readonly kernel?: KernelOptions;
  /** null/absent: a kernel that cannot draw (init with a canvas then reports WEBGL2_UNAVAILABLE). */
  readonly createRenderer?: RendererFactory | null;
  /**
   * Where to serve the UI channel (protocol/channel.ts), the only way to run commands: the worker's
   * own scope in the browser, beside Comlink on the same messages. Absent, only the cold calls run.
   */
  readonly channel?: ChannelEndpoint;
}

const size = finite({ min: 0, max: 100_000 });
const checkInitOptions = object<InitOptions>({ width: size, height: size, dpr: finite({ gt: 0, max: 16 }), readOnly: optional(oneOf([true, false] as const)) });


const mouseAction = oneOf(['rotate', 'pan', 'none'] as const);
const limit = RENDER_OPTION_LIMITS;
const checkRenderOptions = object<Partial<RenderOptions>>({
  shadows: optional(oneOf(['off', 'hard', 'soft'] as const)),
  locale: optional(oneOf(['zh', 'en'] as const)),
  skirting: optional(oneOf([true, false] as const)),
  cameraSpeed: optional(finite(limit.cameraSpeed)),
  dragResponse: optional(finite(limit.dragResponse)),
  mouseButtons: optional(object<MouseButtonModes>({ left: mouseAction, middle: mouseAction, right: mouseAction })),
  lod: optional(oneOf([true, false] as const)),
  lowPolyModels: optional(oneOf([true, false] as const)),
  wallOpacity: optional(finite(limit.wallOpacity)),
  groundOpacity: optional(finite(limit.groundOpacity)),
});

const checkDropPiece = object<DropPiece>({
  size: object({ x: finite({ gt: 0, max: 100_000 }), y: finite({ gt: 0, max: 100_000 }), z: finite({ gt: 0, max: 100_000 }) }),
  mount: oneOf(MODEL_MOUNTS),
});
const canvasCoordinate = finite({ min: -100_000, max: 100_000 });

const coordinate = finite({ min: -1_000_000, max: 1_000_000 });
const point = arrayOf(coordinate, { minLength: 3, maxLength: 3 }) as unknown as Check<readonly [number, number, number]>;
const checkTraceOptions = object<TraceOptions>({
  camera: nullable(
    object<RenderCamera>({ position: point, target: point, fovDeg: finite({ gt: 1, max: 170 }), projection: optional(oneOf(['perspective', 'equirect'] as const)) }),
  ),
  storeyId: nullable(string({ maxLength: 200 })),
  width: finite({ ...TRACE_LIMITS.size, integer: true }),
  height: finite({ ...TRACE_LIMITS.size, integer: true }),
  samples: finite({ ...TRACE_LIMITS.samples, integer: true }),
});

/** The saved-file previews (imageData, imageList): JPEG, the size of a scene card. */
const SAVED_PREVIEW = { width: 640, height: 480, type: 'image/jpeg', quality: 0.85 } as const;

/** guard() for async work: only KernelCommandErrors leave, named after the method. */
async function guardAsync<T>(method: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof CheckError) throw new KernelCommandError('INVALID_ARGS', method, e.message);
    throw toKernelError(e, method);
  }
}

export function createKernelApi(options: KernelApiOptions = {}) {
  let kernel: Kernel | null = null;
  let files: Persistence | null = null;
  /** The renderer the kernel drew with, for captures (null: headless). */
  let renderer: RendererPort | null = null;

  /** A renderer that can capture, or WEBGL2_UNAVAILABLE: a headless kernel has nothing to draw with. */
  const capturing = (method: string): Required<Pick<RendererPort, 'capture' | 'captureStoreys'>> => {
    ready(method);
    if (!renderer?.capture || !renderer.captureStoreys) {
      throw new KernelCommandError('WEBGL2_UNAVAILABLE', method, 'this kernel has no renderer to capture images with');
    }
    return { capture: renderer.capture.bind(renderer), captureStoreys: renderer.captureStoreys.bind(renderer) };
  };

  const tracing = (method: string): NonNullable<RendererPort['trace']> => {
    ready(method);
    if (!renderer?.trace) throw new KernelCommandError('WEBGL2_UNAVAILABLE', method, 'this kernel has no renderer to trace with');
    return renderer.trace;
  };

  const ready = (method: string): Kernel => {
    if (!kernel) throw new KernelCommandError('NOT_READY', method, 'init() has not completed');
    return kernel;
  };
  const readyFiles = (method: string): Persistence => {
    ready(method);
    return files!;
  };

  function startRenderer(k: Kernel, canvas: OffscreenCanvas, init: InitOptions): InitResult['rendererError'] {
    const create = options.createRenderer;
    if (!create) return { code: 'WEBGL2_UNAVAILABLE', detail: 'this kernel was built without a renderer' };
    try {
      k.attachRenderer((hooks) => (renderer = create(canvas, init, hooks)));
      return null;
    } catch (e) {
      const error = toKernelError(e, 'init');
      const code: KernelErrorCode = error.code === 'WEBGL2_UNAVAILABLE' ? error.code : 'INIT_FAILED';
      return { code, detail: error.detail };
    }
  }

  // One per kernel: it keeps each cabinet's priced lines between quotes (an edit re-prices only what changed).
  const quoter = createQuoter();

  if (options.channel) {
    serveChannel(options.channel, () => kernel);
  }

  const api = {
    async init(canvas: OffscreenCanvas | null, init: InitOptions): Promise<InitResult> {
      return guard('init', () => {
        if (kernel) throw new KernelCommandError('INIT_FAILED', 'init', 'init() was already called on this kernel');
        const checked = checkInitOptions(init, 'options');
        const k = createKernel(checked.readOnly ? { ...options.kernel, readOnly: true } : options.kernel);
        kernel = k;
        // The tools map pointer input through the canvas size from the start (before any renderer).
        k.resize(checked.width, checked.height, checked.dpr);
        files = createPersistence(k);
        const rendererError = canvas ? startRenderer(k, canvas, checked) : null;
        return { snapshot: k.snapshot(), rendererError };
      });
    },

    async startScene(): Promise<void> {
      guard('startScene', () => {
        const k = ready('startScene');
        if (k.records.countOf('room') > 0) return;
        k.exec('scene.createDefaultRoom', {});
        // Ctrl+Z right after the workspace opens must not empty it, and an untouched start is no unsaved work.
        k.resetHistory();
        k.markSaved();
      });
    },

    async newScene(meta: NewSceneMeta): Promise<void> {
      guard('newScene', () => {
        const k = ready('newScene');
        const checked = updateMeta.args(meta, 'meta');
        // Through the load path: the old document goes exactly as it does when a file is opened.
        readyFiles('newScene').load(encodeSceneFile(buildSceneFile([])).json);
        k.exec('meta.update', checked);
        k.exec('storey.add', {});
        // The scheme's starting point: not an undo step, and no unsaved work until it is edited.
        k.resetHistory();
        k.markSaved();
      });
    },

    input(event: ForwardedInput): void {
      // Input is fire-and-forget: a bad event is logged here, never thrown back at every pointermove.
      try {
        kernel?.input(event);
      } catch (e) {
        console.error('[kernel] input failed', e);
      }
    },

    resize(width: number, height: number, dpr: number): void {
      guard('resize', () => {
        const checked = checkInitOptions({ width, height, dpr }, '');
        kernel?.resize(checked.width, checked.height, checked.dpr);
      });
    },

    ping(payload: string): string {
      return payload;
    },

    // Whole scenes cross as one string or one transferred buffer, never as a cloned object tree.
    async load(file: string | Uint8Array): Promise<LoadResult> {
      return guard('load', () => readyFiles('load').load(file));
    },

    async save(): Promise<SavedScene> {
      return guard('save', () => {
        const out = readyFiles('save').save();
        return Comlink.transfer(out, [out.gzip.buffer]);
      });
    },

    async exportFile(): Promise<SavedScene> {
      return guard('exportFile', () => {
        const out = readyFiles('exportFile').exportFile();
        return Comlink.transfer(out, [out.gzip.buffer]);
      });
    },

    async backupDelta(purpose: BackupPurpose = 'backup'): Promise<BackupDeltaResult> {
      return guard('backupDelta', () => {
        const out = readyFiles('backupDelta').backupDelta(purpose === 'save');
        return out.kind === 'full' ? Comlink.transfer(out, [out.file.gzip.buffer]) : out;
      });
    },

    async acknowledge(base: string): Promise<void> {
      guard('acknowledge', () => readyFiles('acknowledge').acknowledge(base));
    },

    async savedFileData(sceneCode?: string): Promise<SavedFileData> {
      const data = guard('savedFileData', () => readyFiles('savedFileData').savedFileData(sceneCode));
      if (!renderer?.capture || !renderer.captureStoreys) return data;
      // The previews of core.md §3 are JPEG data URLs: small enough for a JSON body (the
      // forced-logout auto save sends imageData inline).
      return guardAsync('savedFileData', async () => {
        const [image, floors] = await Promise.all([
          capturing('savedFileData').capture(SAVED_PREVIEW, 'savedFileData'),
          capturing('savedFileData').captureStoreys(SAVED_PREVIEW, 'savedFileData'),
        ]);
        return {
          ...data,
          imageData: dataUrl(image, SAVED_PREVIEW.type),
          imageList: floors.map((f) => ({ layerIndex: f.layerIndex, preview: dataUrl(f.preview, SAVED_PREVIEW.type) })),
        };
      });
    },

    async preview(captureOptions?: CaptureOptions): Promise<Uint8Array> {
      return guardAsync('preview', async () => {
        const bytes = await capturing('preview').capture(captureOptions, 'preview');
        return Comlink.transfer(bytes, [bytes.buffer]);
      });
    },

    async storeyPreviews(captureOptions?: CaptureOptions): Promise<StoreyPreview[]> {
      return guardAsync('storeyPreviews', async () => {
        const list = await capturing('storeyPreviews').captureStoreys(captureOptions, 'storeyPreviews');
        return Comlink.transfer(
          list,
          list.map((p) => p.preview.buffer),
        );
      });
    },

    async panorama(options: PanoramaOptions, onProgress?: (fraction: number) => void): Promise<PanoramaShot> {
      return guardAsync('panorama', async () => {
        ready('panorama');
        if (!renderer?.panorama) throw new KernelCommandError('WEBGL2_UNAVAILABLE', 'panorama', 'this kernel has no renderer to draw a panorama with');
        // a progress listener that went away (the dialog closed) must not fail the panorama
        const progress = onProgress ? (f: number) => void Promise.resolve(onProgress(f)).catch(() => {}) : undefined;
        const shot = await renderer.panorama(options, 'panorama', progress);
        return Comlink.transfer(shot, [shot.jpeg.buffer, shot.thumbJpeg.buffer]);
      });
    },

    async panoramaSpot(at: PanoramaOptions['at']): Promise<PanoSpot> {
      return guard('panoramaSpot', () => {
        ready('panoramaSpot');
        if (!renderer?.panoramaSpot) throw new KernelCommandError('WEBGL2_UNAVAILABLE', 'panoramaSpot', 'this kernel has no 3D view to stand in');
        return renderer.panoramaSpot(at, 'panoramaSpot');
      });
    },

    async panoramaPoint(x: number, y: number, locale: 'zh' | 'en' = 'zh'): Promise<PanoPoint | null> {
      return guard('panoramaPoint', () => {
        const k = ready('panoramaPoint');
        // where a floor-standing piece would land: the plan's frame in the plan view, the pointer's
        // ray on the floor in 3D; outside every room is no point
        const drop = k.dropPlacement(canvasCoordinate(x, 'x'), canvasCoordinate(y, 'y'), { size: { x: 1, y: 1, z: 1 }, mount: 'floor' });
        if (!drop.ok) return null;
        const room = k.records.getOfType(drop.roomId, 'room');
        return { x: Math.round(drop.position.x), y: Math.round(drop.position.y), storeyId: drop.storeyId, roomId: drop.roomId, roomLabel: room ? roomLabel(room, locale === 'en' ? 'en' : 'zh') : '' };
      });
    },

    async dropPlacement(x: number, y: number, piece: DropPiece): Promise<DropResult> {
      return guard('dropPlacement', () => {
        const k = ready('dropPlacement');
        return k.dropPlacement(canvasCoordinate(x, 'x'), canvasCoordinate(y, 'y'), checkDropPiece(piece, 'piece'));
      });
    },

    async previewDrop(x: number, y: number, piece: DropPiece | null): Promise<DropResult | null> {
      return guard('previewDrop', () => {
        const k = ready('previewDrop');
        return k.previewDrop(canvasCoordinate(x, 'x'), canvasCoordinate(y, 'y'), piece === null ? null : checkDropPiece(piece, 'piece'));
      });
    },

    async setRenderOptions(next: Partial<RenderOptions>): Promise<void> {
      guard('setRenderOptions', () => {
        ready('setRenderOptions');
        const checked = checkRenderOptions(next, 'options');
        renderer?.setOptions?.(checked);
      });
    },

    async quote(priceList: QuotePriceList): Promise<KernelQuote> {
      return guard('quote', () => {
        const k = ready('quote');
        const p: unknown = priceList;
        if (typeof p !== 'object' || p === null) throw new KernelCommandError('INVALID_ARGS', 'quote', 'priceList must be an object');
        const { version, list, created_at: createdAt, tilePrices } = p as Record<string, unknown>;
        if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw new KernelCommandError('INVALID_ARGS', 'quote', 'priceList.version must be a whole number from 1');
        if (createdAt !== undefined && (typeof createdAt !== 'string' || createdAt.length > 40)) throw new KernelCommandError('INVALID_ARGS', 'quote', 'priceList.created_at must be a date string');
        const checked = validatePriceList(list);
        if (!checked.ok) throw new KernelCommandError('INVALID_ARGS', 'quote', `priceList.list: ${describeProblems(checked.problems, 'en')}`);
        const tiles = tilePrices === undefined ? undefined : checkTilePrices(tilePrices, 'priceList.tilePrices');
        return quoter.quote(k.records, { version, list: checked.list, ...(createdAt !== undefined ? { created_at: createdAt } : {}), ...(tiles ? { tilePrices: tiles } : {}) });
      });
    },

    async planData(): Promise<ExportedPlan> {
      return guard('planData', () => planData(ready('planData').records));
    },

    async viewCamera(): Promise<RenderCamera | null> {
      return guard('viewCamera', () => {
        ready('viewCamera');
        return renderer?.viewCamera?.() ?? null;
      });
    },

    async traceStart(traceOptions: TraceOptions): Promise<void> {
      guard('traceStart', () => {
        const trace = tracing('traceStart');
        const checked = checkTraceOptions(traceOptions, 'options');
        if (checked.camera?.projection === 'equirect') {
          if (checked.width !== checked.height * 2) throw new KernelCommandError('INVALID_ARGS', 'traceStart', 'options.width: an equirect picture is twice as wide as high');
        } else if (checked.camera && Math.hypot(...checked.camera.target.map((t, i) => t - checked.camera!.position[i]!)) < 1e-6) {
          throw new KernelCommandError('INVALID_ARGS', 'traceStart', 'options.camera: target must differ from position');
        }
        trace.start(checked);
      });
    },

    async traceProgress(): Promise<TraceProgress> {
      return guard('traceProgress', () => tracing('traceProgress').progress());
    },

    async traceImage(quality = 0.92): Promise<TraceImage> {
      return guardAsync('traceImage', async () => {
        const q = finite({ min: 0, max: 1 })(quality, 'quality');
        const image = await tracing('traceImage').image(q);
        return Comlink.transfer(image, [image.jpeg.buffer, image.thumbJpeg.buffer]);
      });
    },

    async traceStop(): Promise<void> {
      guard('traceStop', () => tracing('traceStop').stop());
    },
  } satisfies KernelApi;

  return api;
}

export type KernelWorkerApi = ReturnType<typeof createKernelApi>;
