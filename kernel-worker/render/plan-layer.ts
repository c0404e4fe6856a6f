import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShapeUtils,
  Vector2,
  type Material,
  type Object3D,
} from 'three';
import type { PlanFrame, RecordType, SceneRecord, Vec2 } from '../../protocol/records';
import type { RecordsDiff } from '../document/diff';
import { VIEW_ID } from '../document/session-records';
import { planFrameOf, planVisibleBounds, type Viewport } from '../tools/plan-view';
import { PLAN_TYPES } from '../kinds/plans';
import { browserPlanSymbolLoader, createPlanSymbols, type LoadPlanSymbol } from './plan-symbols';
import { drawPlanBase, drawPlanPreview, PLAN_COLORS, type PlanBase, type PlanDrawing, type PlanRecords } from './plan-drawing';
import type { PlanLocale } from './room-names';
import type { TextSprites } from './text-sprites';

// The 2D plan view (camera view 2) as three.js objects: the primitives of plan-drawing.ts merged
// into one mesh per layer and colour (a whole house is a few dozen draw calls), 1 px line
// segments (sharp at any zoom), labels as textured quads scaled every frame to keep their size
// on screen, a light grid, and an orthographic camera that shows exactly the frame the tools map
// pointer input through (tools/plan-view.ts). One three unit is one plan millimetre, x east,
// y north; the camera looks down -z.

export interface PlanLayerStats {
  /** merged fill meshes, line batches and labels in the scene */
  readonly meshes: number;
  readonly lineBatches: number;
  readonly labels: number;
  readonly triangles: number;
}

export interface PlanLayer {
  readonly scene: Scene;
  readonly camera: OrthographicCamera;
  /** Replaces the base drawing (records) or the preview drawing (tool). */
  setDrawing(part: 'base' | 'preview', drawing: PlanDrawing): void;
  /** Places the camera on the frame and keeps labels at their screen size; dpr snaps them to device pixels. */
  setFrame(frame: PlanFrame, viewport: Viewport, dpr: number): void;
  stats(): PlanLayerStats;
  dispose(): void;
}

/** Render order: layers apart, fills then lines then labels within a layer. */
const ORDER = { layer: 1000, fill: 0, line: 300, text: 600 } as const;
const GRID_ORDER = -1000;

interface Bucket {
  readonly color: number;
  readonly opacity: number;
  readonly order: number;
  readonly positions: number[];
  readonly indices: number[];
}

interface Triangulation {
  /** x, y per vertex */
  readonly points: readonly number[];
  readonly indices: readonly number[];
}

/**
 * Triangulations of single-ring fills by ring: the drawing keeps the rings of unchanged walls and
 * rooms the same objects (plan-drawing.ts), so a redraw triangulates only what changed.
 */
const triangulations = new WeakMap<readonly Vec2[], Triangulation>();

function triangulation(rings: readonly (readonly Vec2[])[]): Triangulation {
  const single = rings.length === 1 ? rings[0]! : null;
  const known = single ? triangulations.get(single) : undefined;
  if (known) return known;
  const contour = rings[0]!.map((p) => new Vector2(p.x, p.y));
  const holes = rings.slice(1).map((r) => r.map((p) => new Vector2(p.x, p.y)));
  // triangulateShape drops a repeated closing point from the arrays it is given, so the vertices
  // are read back from them afterwards to keep the indices in step.
  const triangles = ShapeUtils.triangulateShape(contour, holes);
  const points: number[] = [];
  for (const p of contour) points.push(p.x, p.y);
  for (const hole of holes) for (const p of hole) points.push(p.x, p.y);
  const indices: number[] = [];
  for (const [a, b, c] of triangles) indices.push(a!, b!, c!);
  const result = { points, indices };
  if (single) triangulations.set(single, result);
  return result;
}

function triangulate(rings: readonly (readonly Vec2[])[], bucket: Bucket): void {
  const { points, indices } = triangulation(rings);
  const base = bucket.positions.length / 3;
  for (let i = 0; i < points.length; i += 2) bucket.positions.push(points[i]!, points[i + 1]!, 0);
  for (const k of indices) bucket.indices.push(base + k);
}

export function createPlanLayer(sprites: TextSprites | null): PlanLayer {
  const scene = new Scene();
  scene.background = new Color(PLAN_COLORS.background);
  const camera = new OrthographicCamera(-1, 1, 1, -1, 0.1, 10_000);
  camera.position.set(0, 0, 1000);
  const parts = { base: new Group(), preview: new Group() };
  const grid = new Group();
  scene.add(grid, parts.base, parts.preview);
  const labelPlane = new PlaneGeometry(1, 1);
  const materials = new Map<string, Material>();
  const labelMaterials = new Map<string, { material: MeshBasicMaterial; used: boolean }>();
  const labels: Mesh[] = [];
  let frame: PlanFrame = { centre: { x: 0, y: 0 }, pxPerMm: 0.1 };
  let viewport: Viewport = { width: 1, height: 1 };
  let ratio = 1;
  let gridKey = '';

  // Every material is "transparent" so three sorts all plan objects by renderOrder in one list
  // (opaque ones would otherwise all draw before any transparent one, whatever their layer).
  function fillMaterial(color: number, opacity: number): MeshBasicMaterial {
    const key = `f|${color}|${opacity}`;
    let m = materials.get(key) as MeshBasicMaterial | undefined;
    if (!m) {
      m = new MeshBasicMaterial({ color, opacity, transparent: true, depthTest: false, depthWrite: false, side: DoubleSide });
      // The plan's colours are meant as they are: no tone mapping from the 3D look.
      m.toneMapped = false;
      materials.set(key, m);
    }
    return m;
  }

  function lineMaterial(color: number, opacity: number): LineBasicMaterial {
    const key = `l|${color}|${opacity}`;
    let m = materials.get(key) as LineBasicMaterial | undefined;
    if (!m) {
      m = new LineBasicMaterial({ color, opacity, transparent: true, depthTest: false, depthWrite: false });
      m.toneMapped = false;
      materials.set(key, m);
    }
    return m;
  }

  function clear(group: Group): void {
    for (const child of [...group.children]) {
      group.remove(child);
      if (child instanceof Mesh && child.geometry !== labelPlane) child.geometry.dispose();
      if (child instanceof LineSegments) child.geometry.dispose();
    }
  }

  function build(group: Group, drawing: PlanDrawing): void {
    clear(group);
    const fills = new Map<string, Bucket>();
    const lines = new Map<string, Bucket>();
    const bucket = (map: Map<string, Bucket>, layer: number, color: number, opacity: number, kind: 'fill' | 'line') => {
      const key = `${layer}|${color}|${opacity}`;
      let b = map.get(key);
      if (!b) {
        // First come first drawn within a layer, as plan-drawing emits them.
        b = { color, opacity, order: layer * ORDER.layer + ORDER[kind] + map.size, positions: [], indices: [] };
        map.set(key, b);
      }
      return b;
    };
    for (const f of drawing.fills) {
      if (f.rings.length && f.rings[0]!.length >= 3) triangulate(f.rings, bucket(fills, f.layer, f.color, f.opacity, 'fill'));
    }
    for (const l of drawing.lines) {
      const b = bucket(lines, l.layer, l.color, l.opacity, 'line');
      for (const p of l.segments) b.positions.push(p.x, p.y, 0);
    }
    for (const b of fills.values()) {
      if (!b.indices.length) continue;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(new Float32Array(b.positions), 3));
      geometry.setIndex(b.indices);
      const mesh = new Mesh(geometry, fillMaterial(b.color, b.opacity));
      mesh.renderOrder = b.order;
      mesh.frustumCulled = false;
      group.add(mesh);
    }
    for (const b of lines.values()) {
      if (b.positions.length < 6) continue;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(new Float32Array(b.positions), 3));
      const segments = new LineSegments(geometry, lineMaterial(b.color, b.opacity));
      segments.renderOrder = b.order;
      segments.frustumCulled = false;
      group.add(segments);
    }
    if (!sprites) return;
    for (const entry of labelMaterials.values()) entry.used = false;
    for (const t of drawing.texts) {
      const sprite = sprites.sprite(t);
      if (!sprite) continue;
      let entry = labelMaterials.get(sprite.key);
      if (!entry || entry.material.map !== sprite.texture) {
        entry?.material.dispose();
        const material = new MeshBasicMaterial({ map: sprite.texture, transparent: true, depthTest: false, depthWrite: false, opacity: t.opacity });
        material.toneMapped = false;
        entry = { material, used: true };
        labelMaterials.set(sprite.key, entry);
      }
      entry.used = true;
      const mesh = new Mesh(labelPlane, entry.material);
      mesh.renderOrder = t.layer * ORDER.layer + ORDER.text;
      mesh.frustumCulled = false;
      mesh.rotation.z = t.angle;
      mesh.userData = { at: t.at, angle: t.angle, widthPx: sprite.widthPx, heightPx: sprite.heightPx };
      group.add(mesh);
    }
    // Materials of labels that neither drawing shows any more.
    const shown = new Set<Material>();
    for (const g of [parts.base, parts.preview]) for (const child of g.children) if (child instanceof Mesh && child.geometry === labelPlane) shown.add(child.material as Material);
    for (const [key, entry] of labelMaterials) {
      if (!shown.has(entry.material)) {
        entry.material.dispose();
        labelMaterials.delete(key);
      }
    }
    sprites.sweep();
    labels.length = 0;
    for (const g of [parts.base, parts.preview]) for (const child of g.children) if (child instanceof Mesh && child.geometry === labelPlane) labels.push(child);
    placeLabels();
  }

  /** Labels keep their pixel size; unrotated (and quarter-turned) ones sit on whole device pixels. */
  function placeLabels(): void {
    const k = frame.pxPerMm;
    const { width, height } = viewport;
    for (const mesh of labels) {
      const { at, angle, widthPx, heightPx } = mesh.userData as { at: Vec2; angle: number; widthPx: number; heightPx: number };
      mesh.scale.set(widthPx / k, heightPx / k, 1);
      const quarter = Math.abs(Math.abs(angle) - Math.PI / 2) < 1e-6;
      const straight = Math.abs(angle) < 1e-6 || quarter;
      let x = at.x;
      let y = at.y;
      if (straight) {
        const [w, h] = quarter ? [heightPx, widthPx] : [widthPx, heightPx];
        const left = width / 2 + (at.x - frame.centre.x) * k - w / 2;
        const top = height / 2 - (at.y - frame.centre.y) * k - h / 2;
        const snappedLeft = Math.round(left * ratio) / ratio;
        const snappedTop = Math.round(top * ratio) / ratio;
        x = frame.centre.x + (snappedLeft + w / 2 - width / 2) / k;
        y = frame.centre.y - (snappedTop + h / 2 - height / 2) / k;
      }
      mesh.position.set(x, y, 0);
    }
  }

  /** A light millimetre grid under the plan: 0.1 / 0.5 / 1 / 5 m steps, whichever are far enough apart on screen. */
  function buildGrid(): void {
    const steps = [100, 500, 1000, 5000, 10_000, 50_000, 100_000];
    const minor = steps.find((s) => s * frame.pxPerMm >= 14) ?? steps[steps.length - 1]!;
    const major = steps.find((s) => s > minor && s * frame.pxPerMm >= 70 && s % minor === 0) ?? minor * 10;
    const b = planVisibleBounds(frame, viewport);
    const x0 = Math.floor(b.minX / minor);
    const x1 = Math.ceil(b.maxX / minor);
    const y0 = Math.floor(b.minY / minor);
    const y1 = Math.ceil(b.maxY / minor);
    const key = `${minor}|${major}|${x0}|${x1}|${y0}|${y1}`;
    if (key === gridKey) return;
    gridKey = key;
    clear(grid);
    if ((x1 - x0) * (y1 - y0) > 1e6) return;
    const minorPos: number[] = [];
    const majorPos: number[] = [];
    for (let i = x0; i <= x1; i++) (Math.round(i * minor) % major === 0 ? majorPos : minorPos).push(i * minor, y0 * minor, 0, i * minor, y1 * minor, 0);
    for (let j = y0; j <= y1; j++) (Math.round(j * minor) % major === 0 ? majorPos : minorPos).push(x0 * minor, j * minor, 0, x1 * minor, j * minor, 0);
    for (const [positions, color, order] of [
      [minorPos, PLAN_COLORS.gridMinor, GRID_ORDER],
      [majorPos, PLAN_COLORS.gridMajor, GRID_ORDER + 1],
    ] as const) {
      if (!positions.length) continue;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
      const lines = new LineSegments(geometry, lineMaterial(color, 1));
      lines.renderOrder = order;
      lines.frustumCulled = false;
      grid.add(lines);
    }
  }

  return {
    scene,
    camera,
    setDrawing(part, drawing) {
      build(parts[part], drawing);
    },
    setFrame(next, nextViewport, dpr) {
      frame = next;
      viewport = { width: Math.max(1, nextViewport.width), height: Math.max(1, nextViewport.height) };
      ratio = Math.max(1, dpr);
      const hw = viewport.width / 2 / frame.pxPerMm;
      const hh = viewport.height / 2 / frame.pxPerMm;
      camera.position.set(frame.centre.x, frame.centre.y, 1000);
      camera.left = -hw;
      camera.right = hw;
      camera.top = hh;
      camera.bottom = -hh;
      camera.updateProjectionMatrix();
      camera.updateMatrixWorld();
      placeLabels();
      buildGrid();
    },
    stats() {
      let meshes = 0;
      let lineBatches = 0;
      let triangles = 0;
      for (const g of [parts.base, parts.preview]) {
        for (const child of g.children) {
          if (child instanceof LineSegments) lineBatches++;
          else if (child instanceof Mesh && child.geometry !== labelPlane) {
            meshes++;
            triangles += (child.geometry.index?.count ?? 0) / 3;
          }
        }
      }
      return { meshes, lineBatches, labels: labels.length, triangles };
    },
    dispose() {
      clear(parts.base);
      clear(parts.preview);
      clear(grid);
      labelPlane.dispose();
      for (const m of materials.values()) m.dispose();
      for (const { material } of labelMaterials.values()) material.dispose();
      materials.clear();
      labelMaterials.clear();
      sprites?.dispose();
    },
  };
}

/** Record types whose changes the plan drawing shows: the kinds it draws, the storeys (which is below which), the selection. */
const BASE_TYPES: ReadonlySet<RecordType> = new Set<RecordType>([...PLAN_TYPES, 'storey', 'selection']);

export interface PlanView {
  readonly layer: PlanLayer;
  /** cameraView is 2: the renderer draws this scene instead of the 3D one. */
  readonly active: boolean;
  /** The frame on screen (valid while active). */
  readonly frame: PlanFrame;
  /** After a commit: redraws what the diff touched while the plan is shown; true when a frame is due. */
  sync(diff: RecordsDiff, records: PlanRecords): boolean;
  /** true when a frame is due */
  resize(width: number, height: number, dpr: number): boolean;
  /** Room type names in labels; true when a frame is due. */
  setLocale(locale: PlanLocale): boolean;
  /** The base drawing on screen (tests, benchmarks). */
  readonly drawing: PlanBase | null;
  dispose(): void;
}

export interface PlanViewOptions {
  readonly sprites: TextSprites | null;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly locale?: PlanLocale;
  /** Loads models' plan symbols (plan-symbols.ts; default: the worker's fetch, none in Node). */
  readonly loadPlanSymbol?: LoadPlanSymbol | null;
  /** A symbol arrived while the plan is shown: draw a frame. */
  readonly requestFrame?: () => void;
}

/**
 * Keeps the plan layer in step with the records: the base drawing is rebuilt when plan records,
 * the storey, the hover or the zoom change; the tool's preview alone on pointer moves; pans only
 * move the camera. Nothing is drawn while another camera view is shown (it catches up on entry).
 */
export function createPlanView(options: PlanViewOptions): PlanView {
  const layer = createPlanLayer(options.sprites);
  let viewport: Viewport = { width: options.width, height: options.height };
  let dpr = options.dpr;
  let locale: PlanLocale = options.locale ?? 'zh';
  let records: PlanRecords | null = null;
  let active = false;
  let base: PlanBase | null = null;
  let baseDirty = true;
  let previewDirty = true;
  let frame: PlanFrame = { centre: { x: 0, y: 0 }, pxPerMm: 0.1 };
  const loadSymbol = options.loadPlanSymbol === undefined ? browserPlanSymbolLoader() : options.loadPlanSymbol;
  const symbols = loadSymbol
    ? createPlanSymbols({
        load: loadSymbol,
        onReady: () => {
          baseDirty = true;
          if (refresh()) options.requestFrame?.();
        },
      })
    : null;

  function refresh(): boolean {
    if (!records || !active) return false;
    const next = planFrameOf(records, viewport);
    const zoomed = !base || base.pxPerMm !== next.pxPerMm;
    if (baseDirty || zoomed) {
      base = drawPlanBase(records, { pxPerMm: next.pxPerMm, locale, symbols });
      layer.setDrawing('base', base);
      baseDirty = false;
      previewDirty = true;
    }
    if (previewDirty) {
      layer.setDrawing('preview', drawPlanPreview(records, { pxPerMm: next.pxPerMm, locale }, base!));
      previewDirty = false;
    }
    frame = next;
    layer.setFrame(frame, viewport, dpr);
    return true;
  }

  return {
    layer,
    get active() {
      return active;
    },
    get frame() {
      return frame;
    },
    get drawing() {
      return base;
    },
    sync(diff, next) {
      records = next;
      for (const record of Object.values(diff.added)) markFor(null, record);
      for (const [from, to] of Object.values(diff.updated)) markFor(from, to);
      for (const record of Object.values(diff.removed)) markFor(null, record);
      const wasActive = active;
      active = next.getOfType(VIEW_ID, 'view')?.cameraView === 2;
      if (!active) return wasActive;
      return refresh();
    },
    resize(width, height, nextDpr) {
      viewport = { width, height };
      if (nextDpr !== dpr) {
        // Labels are drawn for the pixel ratio: a move to another screen redraws them.
        options.sprites?.setPixelRatio(nextDpr);
        baseDirty = true;
        previewDirty = true;
      }
      dpr = nextDpr;
      return refresh();
    },
    setLocale(next) {
      if (next === locale) return false;
      locale = next;
      baseDirty = true;
      return refresh();
    },
    dispose() {
      symbols?.dispose();
      layer.dispose();
    },
  };

  function markFor(from: SceneRecord | null, to: SceneRecord): void {
    if (BASE_TYPES.has(to.type)) baseDirty = true;
    else if (to.type === 'view') {
      if (from?.type !== 'view' || from.currentStoreyId !== to.currentStoreyId) baseDirty = true;
    } else if (to.type === 'tool') {
      // Hover restyles the base drawing; the preview moves with the pointer and is redrawn alone.
      if (from?.type !== 'tool' || from.hoverId !== to.hoverId) baseDirty = true;
      if (from?.type !== 'tool' || from.preview !== to.preview || from.opening.kind !== to.opening.kind) previewDirty = true;
    }
  }
}

/** For tests: the labels' objects in the layer's scene. */
export function planLabelObjects(layer: PlanLayer): Object3D[] {
  const out: Object3D[] = [];
  layer.scene.traverse((o) => {
    if (o instanceof Mesh && o.geometry instanceof PlaneGeometry) out.push(o);
  });
  return out;
}
