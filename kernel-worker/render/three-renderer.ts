import { ACESFilmicToneMapping, Box3, PCFShadowMap, PerspectiveCamera, SRGBColorSpace, Vector3, WebGLRenderer, type Object3D } from 'three';
import { KernelCommandError } from '../../protocol/errors';
import type { RenderCamera } from '../../protocol/render';
import type { StoreyPreview } from '../../protocol/kernel-api';
import { PANO_EYE_HEIGHT_MM, PANO_EYE_LIMITS, PANO_WIDTHS, type PanoramaOptions, type PanoramaShot, type PanoSpot } from '../../protocol/panorama';
import type { RoomRecord } from '../../protocol/records';
import { pointInRing } from '../geometry/polygon';
import { planToWorld } from './coords';
import { planPositionOf, renderPanorama, type PanoramaHost } from './panorama';
import { roomLabel } from './room-names';
import type { RecordReader } from '../document/store';
import { captureImage, captureImages, type CaptureHost, type CaptureShot } from './capture';
import { captureRequest } from './capture-data';
import type { FrameScheduler, Timers } from '../clock';
import { createFrameLoop } from './frame-loop';
import { createPlanView } from './plan-layer';
import { createSceneGraph } from './scene-graph';
import { createTextSprites } from './text-sprites';
import type { RendererFactory, RendererPort } from './types';
import { createViewController } from './view-controller';
import { currentStoreyId, storeyElevation, storeyOf } from './view-context';
import { createTracer } from './trace';

// The worker's view: a three.js WebGLRenderer drawing the scene graph onto the transferred
// OffscreenCanvas, on demand only (frames run back to back only while a camera animates or the
// walker walks). Cameras, navigation, picking, highlight and lights: view-controller.ts.

/** performance.mark() name of the first frame that shows document content. */
export const FIRST_CONTENT_FRAME_MARK = 'yf:first-3d-frame';

/** ACES filmic with a touch more exposure: interiors bright without blown-out white walls. */
const TONE_MAPPING_EXPOSURE = 1.05;

/** The renderer's time, injected by the worker entry (clock.ts). */
export interface RendererClock {
  /** when frames (and hover picks) run */
  readonly frames: FrameScheduler;
  readonly timers: Timers;
}

export const createThreeRenderer = (clock: RendererClock): RendererFactory => (canvas, options, hooks): RendererPort => {
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
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = TONE_MAPPING_EXPOSURE;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;

  // The graph asks for a frame once edits pause, to merge its static batches again.
  const graph = createSceneGraph({ requestFrame: () => loop.invalidate(), onMaterialsChanged: () => views.materialsChanged(), timers: clock.timers });
  let records: RecordReader | null = null;
  const views = createViewController({ graph, invalidate: () => loop.invalidate(), hoverScheduler: clock.frames });
  // The top view (2) is the 2D plan drawn by plan-layer.ts, once the camera has arrived there.
  const plan = createPlanView({ sprites: createTextSprites(options.dpr), width: options.width, height: options.height, dpr: options.dpr, requestFrame: () => loop.invalidate() });
  let contentDrawn = false;
  function draw(now: number): void {
    if (views.beforeDraw(now)) loop.invalidate();
    if (views.showsPlan) renderer.render(plan.layer.scene, plan.layer.camera);
    else renderer.render(graph.scene, views.camera);
    if (!contentDrawn && graph.objectCount > 0) {
      contentDrawn = true;
      // Read by the benchmarks (first 3D frame after login): the first frame with the scene in it.
      performance.mark(FIRST_CONTENT_FRAME_MARK);
    }
  }
  const loop = createFrameLoop(draw, hooks.onFrame, clock.frames);

  function resize(width: number, height: number, dpr: number): void {
    const w = Math.max(1, Math.round(width));
    const h = Math.max(1, Math.round(height));
    renderer.setPixelRatio(dpr);
    // false: an OffscreenCanvas has no style to update.
    renderer.setSize(w, h, false);
    views.resize(w, h);
    plan.resize(w, h, dpr);
    loop.invalidate();
  }

  resize(options.width, options.height, options.dpr);

  /** The drawn records' objects, by id (the captures show and hide them). */
  function drawnObjects(): { id: string; object: Object3D }[] {
    const out: { id: string; object: Object3D }[] = [];
    for (const r of records?.all() ?? []) {
      const object = graph.objectFor(r.id);
      if (object) out.push({ id: r.id, object });
    }
    return out;
  }

  const captureHost: CaptureHost = {
    renderer,
    canvas,
    scene: graph.scene,
    pose: (bounds, aspect) => views.birdEye(bounds, aspect),
    redraw: () => renderer.render(graph.scene, views.camera),
  };

  /** A preview shows the design: everything but ceilings (the bird eye looks into the rooms), no highlight. */
  function shotOf(ids: (id: string) => boolean): CaptureShot {
    const drawn = drawnObjects();
    return {
      among: drawn.map((d) => d.object),
      show: drawn.filter((d) => ids(d.id) && records?.get(d.id)?.type !== 'ceiling').map((d) => d.object),
      prepare: () => views.withoutHighlight(),
    };
  }

  const tracer = createTracer({
    timers: clock.timers,
    scene: graph.scene,
    lights: views.lighting.group,
    now: () => performance.now(),
    show(storeyId) {
      const storey = storeyId ?? (records ? currentStoreyId(records) : null);
      const drawn = drawnObjects();
      const visibility = drawn.map((d) => [d.object, d.object.visible] as const);
      const shown: Object3D[] = [];
      for (const d of drawn) {
        const on = storey === null || (records ? storeyOf(records, d.id) === storey : true);
        if (on) shown.push(d.object);
        else d.object.visible = false;
      }
      const undoHighlight = views.withoutHighlight();
      // The model batches follow the groups just hidden (models.ts refresh).
      graph.prepareFrame();
      return {
        pose: (aspect) => {
          const box = new Box3();
          for (const o of shown) if (o.visible) box.expandByObject(o);
          return views.birdEye(box, aspect);
        },
        undo: () => {
          for (const [o, visible] of visibility) o.visible = visible;
          undoHighlight();
          graph.prepareFrame();
          loop.invalidate();
        },
      };
    },
  });

  /** The 3D view's camera (null in the plan and the orthographic elevations). */
  function viewCamera(): RenderCamera | null {
    const camera = views.camera;
    if (views.showsPlan || !(camera instanceof PerspectiveCamera)) return null;
    const position = camera.position;
    let target = views.rig.target.clone();
    // A target on the eye (walking) looks nowhere: look along the camera instead.
    if (target.distanceTo(position) < 1e-3) target = position.clone().add(camera.getWorldDirection(new Vector3()));
    return { position: [position.x, position.y, position.z], target: [target.x, target.y, target.z], fovDeg: camera.fov };
  }

  function maxSize(): number {
    return Math.min(renderer.capabilities.maxTextureSize, 8192);
  }

  let locale: 'zh' | 'en' = 'zh';

  /** The room of a storey a plan point stands in (the smallest, should rooms nest). */
  function roomAt(storeyId: string, x: number, y: number): RoomRecord | null {
    let best: RoomRecord | null = null;
    let bestArea = Infinity;
    for (const room of records?.ofType('room') ?? []) {
      if (room.storeyId !== storeyId || !pointInRing({ x, y }, room.outline)) continue;
      let area = 0;
      const ring = room.outline;
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) area += ring[j]!.x * ring[i]!.y - ring[i]!.x * ring[j]!.y;
      if (Math.abs(area) < bestArea) {
        bestArea = Math.abs(area);
        best = room;
      }
    }
    return best;
  }

  const panoramaHost: PanoramaHost = {
    renderer,
    scene: graph.scene,
    prepare() {
      const undoHighlight = views.withoutHighlight();
      // the best the raster renderer has: soft shadows, whatever the designer's view uses
      const shadows = views.lighting.shadows;
      views.lighting.setShadows('soft');
      return () => {
        views.lighting.setShadows(shadows);
        undoHighlight();
      };
    },
    redraw: () => loop.invalidate(),
    yieldToEvents: () => new Promise<void>((resolve) => clock.timers.setTimeout(resolve, 0)),
  };

  /** Where a panorama of `at` is taken from: the eye (world metres), its storey, plan position and room. */
  function panoramaSpot(at: unknown, method: string): { eye: Vector3; spot: PanoSpot } {
    const bad = (detail: string) => new KernelCommandError('INVALID_ARGS', method, detail);
    if (!records) throw bad('nothing to render yet');
    if (typeof at !== 'object' || at === null) throw bad('at: must be an object');
    const spot = at as Record<string, unknown>;
    let storeyId: string;
    let eye: Vector3;
    if (spot.kind === 'eye') {
      // the roam (1) and look-up (4) views stand in the scene; the others look at it from outside
      if (views.view !== 1 && views.view !== 4) throw bad('at: the eye is used in the roam view only');
      const sid = currentStoreyId(records);
      if (!sid) throw bad('at: the scene has no storey');
      storeyId = sid;
      eye = views.camera.getWorldPosition(new Vector3());
    } else if (spot.kind === 'point') {
      const { x, y, eyeHeight } = spot;
      if (typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x) > 1e7) throw bad('at.x: must be a plan coordinate in mm');
      if (typeof y !== 'number' || !Number.isFinite(y) || Math.abs(y) > 1e7) throw bad('at.y: must be a plan coordinate in mm');
      const height = eyeHeight ?? PANO_EYE_HEIGHT_MM;
      if (typeof height !== 'number' || !(height >= PANO_EYE_LIMITS.min && height <= PANO_EYE_LIMITS.max)) {
        throw bad(`at.eyeHeight: must be ${PANO_EYE_LIMITS.min} to ${PANO_EYE_LIMITS.max} mm`);
      }
      const sid = spot.storeyId ?? currentStoreyId(records);
      if (typeof sid !== 'string' || !records.getOfType(sid, 'storey')) throw bad('at.storeyId: no such storey');
      storeyId = sid;
      eye = planToWorld({ x, y }, storeyElevation(records, sid) + height);
    } else {
      throw bad('at.kind: must be "point" or "eye"');
    }
    const position = planPositionOf(eye, storeyElevation(records, storeyId));
    const room = roomAt(storeyId, position.x, position.y);
    // the target only keeps the camera valid for whoever reads it as a perspective one: north
    const camera: RenderCamera = { position: [eye.x, eye.y, eye.z], target: [eye.x, eye.y, eye.z - 1], fovDeg: 90, projection: 'equirect' };
    return { eye, spot: { camera, position, storeyId, roomId: room?.id ?? null, roomLabel: room ? roomLabel(room, locale) : '' } };
  }

  async function panorama(options: PanoramaOptions, method: string, onProgress?: (fraction: number) => void): Promise<PanoramaShot> {
    const bad = (detail: string) => new KernelCommandError('INVALID_ARGS', method, detail);
    if (!records) throw bad('nothing to render yet');
    const o: unknown = options;
    if (typeof o !== 'object' || o === null) throw bad('options must be an object');
    const { at, width, quality } = o as Record<string, unknown>;
    if (!PANO_WIDTHS.includes(width as never)) throw bad(`width: must be one of ${PANO_WIDTHS.join(', ')}`);
    const w = width as PanoramaOptions['width'];
    if (w / 4 > maxSize()) throw bad(`width: this GPU draws at most ${maxSize() * 4} wide`);
    if (quality !== undefined && (typeof quality !== 'number' || !(quality > 0 && quality <= 1))) throw bad('quality: must be a number above 0, at most 1');
    const { eye, spot } = panoramaSpot(at, method);
    const images = await renderPanorama(panoramaHost, { width: w, eye, quality: (quality as number | undefined) ?? 0.9, ...(onProgress ? { onProgress } : {}) }, maxSize());
    return { ...images, width: w, height: w / 2, position: spot.position, storeyId: spot.storeyId, roomId: spot.roomId, roomLabel: spot.roomLabel };
  }

  return {
    sync(diff, next, info) {
      records = next;
      const result = graph.sync(diff, next);
      if (views.sync(diff, next, result, info)) loop.invalidate();
      if (plan.sync(diff, next)) loop.invalidate();
    },
    setLocale(next) {
      locale = next;
      if (plan.setLocale(next)) loop.invalidate();
    },
    input(event) {
      if (views.input(event)) loop.invalidate();
    },
    resize,
    pick: (x, y) => views.pick(x, y),
    gizmoHit: (x, y) => views.gizmoHit(x, y),
    floorPoint: (x, y, level) => views.floorPoint(x, y, level),
    capture(captureOptions, method) {
      const request = captureRequest(captureOptions, maxSize(), method);
      return captureImage(captureHost, shotOf(() => true), request);
    },
    async captureStoreys(captureOptions, method) {
      const request = captureRequest(captureOptions, maxSize(), method);
      const storeys = (records?.ofType('storey') ?? []).sort((a, b) => a.index - b.index);
      const shots = storeys.map((s) => shotOf((id) => (records ? storeyOf(records, id) === s.id : false)));
      const images = await captureImages(captureHost, shots, request);
      return storeys.map((s, i): StoreyPreview => ({ layerIndex: s.index, preview: images[i]! }));
    },
    viewCamera,
    trace: tracer,
    panorama,
    panoramaSpot: (at, method) => panoramaSpot(at, method).spot,
    setOptions(next) {
      if (next.shadows) views.lighting.setShadows(next.shadows);
      if (next.locale) {
        locale = next.locale;
        plan.setLocale(next.locale);
      }
      if (next.skirting !== undefined) graph.setSkirting(next.skirting);
      // Low-poly models always where asked for; lod switches each model by how large it looks.
      if (next.lowPolyModels !== undefined) graph.setLowPolyModels(next.lowPolyModels);
      if (next.lod !== undefined) graph.setLod(next.lod);
      // Camera speed, drag response, mouse buttons, transparent-mode opacities.
      views.setOptions(next);
      loop.invalidate();
    },
    dispose() {
      tracer.dispose();
      loop.dispose();
      plan.dispose();
      views.dispose();
      graph.dispose();
      renderer.dispose();
    },
  };
};
