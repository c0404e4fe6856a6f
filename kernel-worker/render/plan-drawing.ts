import { WALL_COLORS, type OpeningRecord, type RoomRecord, type SnapKind, type StoreyRecord, type ToolRecord, type Vec2, type WallRecord } from '../../protocol/records';
import { SELECTION_ID, TOOL_ID, VIEW_ID } from '../document/session-records';
import type { RecordReader } from '../document/store';
import { planFor } from '../geometry/graph-cache';
import { boundsOf, distanceToRing, pointInRing, signedArea, type Bounds2 } from '../geometry/polygon';
import { centreLineFromFace } from '../geometry/snap';
import type { WallFootprint } from '../geometry/wall-footprint';
import { roomLabel, type PlanLocale } from './room-names';
import { clipFootprint, cutWall, openingsByWall, openingStyle, wallAxes, wallCoords, wallPoint, type WallAxes } from './wall-cut';

// The 2D plan view as drawing primitives: the current storey's records (plus the tool's live
// preview, hover and selection) in, filled polygons, line segments and labels out. Pure and
// three.js-free so it is tested in Node; plan-layer.ts turns the primitives into three objects.
//
// Positions are plan millimetres (x east, y north). Whatever must look the same at every zoom
// (text size, dimension offsets, ticks, snap markers, dashes) is given in screen pixels and
// converted with the frame's pxPerMm, so a zoom rebuilds the drawing (cheap: a 150-wall house
// takes a few milliseconds).

export type PlanState = 'normal' | 'hover' | 'selected';

export type PlanFillRole =
  | 'lower-wall'
  | 'room'
  | 'room-outline'
  | 'wall'
  | 'window'
  | 'doorway'
  | 'door-leaf'
  | 'opening-highlight'
  | 'preview-wall'
  | 'preview-opening'
  | 'snap';

export type PlanLineRole =
  | 'wall-edge'
  | 'window'
  | 'door'
  | 'door-arc'
  | 'hole'
  | 'dimension-outer'
  | 'dimension-chain'
  | 'dimension-inner'
  | 'preview-wall'
  | 'preview-opening'
  | 'snap'
  | 'guide';

export type PlanTextRole = 'dimension-outer' | 'dimension-chain' | 'dimension-inner' | 'room-name' | 'room-area' | 'preview-length';

interface Primitive<R extends string> {
  readonly role: R;
  /** the record it draws, null for the tool's preview */
  readonly id: string | null;
  readonly state: PlanState;
  /** 0xRRGGBB */
  readonly color: number;
  readonly opacity: number;
  /** drawing order: higher is on top (PLAN_LAYERS) */
  readonly layer: number;
}

/** A filled area: one ring, or an outline followed by its holes. */
export interface PlanFill extends Primitive<PlanFillRole> {
  readonly rings: readonly (readonly Vec2[])[];
}

/** 1 px lines: `segments` holds pairs of points. */
export interface PlanLines extends Primitive<PlanLineRole> {
  readonly segments: readonly Vec2[];
}

/** A label: centred on `at`, turned by `angle` (radians, counter-clockwise), `sizePx` high on screen. */
export interface PlanText extends Primitive<PlanTextRole> {
  readonly text: string;
  readonly at: Vec2;
  readonly angle: number;
  readonly sizePx: number;
  readonly bold: boolean;
  /** a filled box behind the text, or null */
  readonly background: number | null;
}


export const PLAN_LAYERS = {
  lower: 0,
  room: 1,
  wall: 2,
  wallEdge: 3,
  opening: 4,
  highlight: 5,
  dimension: 6,
  label: 7,
  preview: 8,
  previewTop: 9,
} as const;

export const PLAN_COLORS = {
  background: 0xfafafa,
  gridMinor: 0xf0f1f3,
  gridMajor: 0xe4e6e9,
  lowerWall: 0xdcdfe3,
  room: 0xf5efe3,
  roomHover: 0xebf1fb,
  roomSelected: 0xdde8fb,
  wall: 0x3a3f47,
  wallHover: 0x58667c,
  wallSelected: 0x2f6fed,
  wallEdge: 0x22262c,
  wallEdgeSelected: 0x1c4fc0,
  symbol: 0x3a3f47,
  arc: 0x7d8692,
  windowFill: 0xffffff,
  accent: 0x2f6fed,
  hover: 0x6b93e8,
  dimension: 0x9aa2ad,
  dimensionText: 0x4b5563,
  roomName: 0x1f2937,
  roomArea: 0x5b6472,
  ok: 0x16a34a,
  bad: 0xdc2626,
  snap: 0xf97316,
  labelBackground: 0xffffff,
} as const;

/** Screen sizes, CSS px. */
const PX = {
  dimensionText: 12,
  roomName: 13,
  roomArea: 12,
  previewText: 12,
  outerOffset: 22,
  /** between the two tiers of outer dimensions */
  tier: 24,
  innerOffset: 12,
  minRoomForInner: 120,
  extensionGap: 3,
  extensionOvershoot: 4,
  tick: 3.5,
  dimOvershoot: 3,
  textGap: 1,
  minDimension: 8,
  snapMarker: 6,
  dash: 6,
  dashGap: 4,
  selectionStroke: 2,
  leafMin: 1.6,
} as const;

/** Real sizes, mm. */
const LEAF_THICKNESS = 40;
const SLIDING_PANEL = 30;

export interface PlanDrawOptions {
  /** the zoom of the frame this drawing is for (CSS px per mm) */
  readonly pxPerMm: number;
  readonly locale?: PlanLocale;
}

export type PlanRecords = Pick<RecordReader, 'ofType' | 'getOfType'>;

/** Roughly how wide a label is on screen (the layer measures it exactly; this decides what fits). */
export function estimateTextWidthPx(text: string, sizePx: number): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 1 : /[0-9.]/.test(ch) ? 0.58 : 0.62;
  return w * sizePx;
}

/** An angle for text along a direction that never reads upside down: left to right, or bottom to top. */
export function readableAngle(dx: number, dy: number): number {
  let a = Math.atan2(dy, dx);
  if (a > Math.PI / 2 + 1e-9) a -= Math.PI;
  else if (a <= -Math.PI / 2 + 1e-9) a += Math.PI;
  return a;
}

/** "27.42 m²": the area of an outline (a keyhole ring counts its holes out), two decimals. */
export function formatArea(outline: readonly Vec2[]): string {
  return `${(Math.round(Math.abs(signedArea(outline)) / 10_000) / 100).toFixed(2)} m²`;
}

const add = (a: Vec2, b: Vec2, k = 1): Vec2 => ({ x: a.x + b.x * k, y: a.y + b.y * k });
const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
const scale = (a: Vec2, k: number): Vec2 => ({ x: a.x * k, y: a.y * k });
const len = (a: Vec2): number => Math.hypot(a.x, a.y);
const unit = (a: Vec2): Vec2 => {
  const l = len(a);
  return l > 0 ? { x: a.x / l, y: a.y / l } : { x: 1, y: 0 };
};
const left = (a: Vec2): Vec2 => ({ x: -a.y, y: a.x });

/**
 * A point inside the ring to put its label on: roughly the point furthest from its edges (the
 * middles of the inside spans of a few horizontal scanlines), or the centroid when it is inside
 * and nearly as clear, so convex rooms keep their label in the middle and an L-shaped room or
 * one round an island gets it where there is room.
 */
export function labelPoint(ring: readonly Vec2[]): Vec2 {
  // Outlines are immutable record data: an unchanged room keeps its point.
  let known = labelPoints.get(ring);
  if (!known) labelPoints.set(ring, (known = findLabelPoint(ring)));
  return known;
}

const labelPoints = new WeakMap<readonly Vec2[], Vec2>();

function findLabelPoint(ring: readonly Vec2[]): Vec2 {
  let a = 0;
  let cx = 0;
  let cy = 0;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const c = p.x * q.y - q.x * p.y;
    a += c;
    cx += (p.x + q.x) * c;
    cy += (p.y + q.y) * c;
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const centroid = a !== 0 ? { x: cx / (3 * a), y: cy / (3 * a) } : ring[0]!;
  const centroidClear = pointInRing(centroid, ring) ? distanceToRing(centroid, ring) : -1;
  let best: Vec2 = centroid;
  let bestClear = centroidClear;
  for (let k = 1; k < 16; k++) {
    const y = minY + ((maxY - minY) * k) / 16;
    const xs: number[] = [];
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      if (p.y > y !== q.y > y) xs.push(p.x + ((y - p.y) * (q.x - p.x)) / (q.y - p.y));
    }
    xs.sort((u, v) => u - v);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const p = { x: (xs[i]! + xs[i + 1]!) / 2, y };
      const c = distanceToRing(p, ring);
      if (c > bestClear) {
        bestClear = c;
        best = p;
      }
    }
  }
  return centroidClear >= 0.8 * bestClear ? centroid : best;
}

export interface PlanDrawing {
  readonly storeyId: string | null;
  readonly pxPerMm: number;
  readonly fills: readonly PlanFill[];
  readonly lines: readonly PlanLines[];
  readonly texts: readonly PlanText[];
}

/** What drawing the tool preview needs from the base drawing (so a pointer move redraws only the preview). */
export interface PlanBase extends PlanDrawing {
  readonly footprints: ReadonlyMap<string, WallFootprint>;
}

type Stateful = (id: string) => PlanState;

/** Collects primitives; sizes given in screen px become mm at the drawing's zoom. */
class Painter {
  readonly fills: PlanFill[] = [];
  readonly lines: PlanLines[] = [];
  readonly texts: PlanText[] = [];

  constructor(
    readonly pxPerMm: number,
    readonly stateOf: Stateful,
  ) {}

  px(v: number): number {
    return v / this.pxPerMm;
  }

  ring(points: readonly Vec2[], out: Vec2[]): void {
    for (let i = 0; i < points.length; i++) out.push(points[i]!, points[(i + 1) % points.length]!);
  }

  arc(centre: Vec2, radius: number, from: number, to: number, out: Vec2[]): void {
    const steps = Math.max(6, Math.min(48, Math.ceil((radius * this.pxPerMm * Math.abs(to - from)) / 4)));
    let prev = add(centre, { x: Math.cos(from), y: Math.sin(from) }, radius);
    for (let k = 1; k <= steps; k++) {
      const t = from + ((to - from) * k) / steps;
      const next = add(centre, { x: Math.cos(t), y: Math.sin(t) }, radius);
      out.push(prev, next);
      prev = next;
    }
  }

  dashed(a: Vec2, b: Vec2, out: Vec2[]): void {
    const length = len(sub(b, a));
    const dash = this.px(PX.dash);
    const step = dash + this.px(PX.dashGap);
    const dir = unit(sub(b, a));
    for (let t = 0; t < length; t += step) out.push(add(a, dir, t), add(a, dir, Math.min(t + dash, length)));
  }

  /** Thin quads along a closed ring (a stroke wider than the 1 px lines). */
  strokeQuads(points: readonly Vec2[], width: number): Vec2[][] {
    const out: Vec2[][] = [];
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const q = points[(i + 1) % points.length]!;
      const d = unit(sub(q, p));
      const n = scale(left(d), width / 2);
      const e = scale(d, width / 2);
      const p0 = sub(p, e);
      const q0 = add(q, e);
      out.push([sub(p0, n), sub(q0, n), add(q0, n), add(p0, n)]);
    }
    return out;
  }

  /**
   * A dimension of the straight distance a-b, drawn `offsetPx` towards `out` (a unit vector): extension
   * lines, the dimension line with architectural ticks, and the length in mm beyond it.
   */
  dimension(a: Vec2, b: Vec2, out: Vec2, offsetPx: number, role: 'dimension-outer' | 'dimension-chain' | 'dimension-inner', id: string): void {
    const length = len(sub(b, a));
    const text = String(Math.round(length));
    const screen = length * this.pxPerMm;
    // Too short on screen for its number: leave it out rather than clutter (zooming in shows it);
    // a link of a chain keeps its ticks so the chain stays whole.
    const fits = screen >= PX.minDimension && screen >= estimateTextWidthPx(text, PX.dimensionText) + 6;
    if (!fits && (role !== 'dimension-chain' || screen < 2)) return;
    const dir = unit(sub(b, a));
    const off = this.px(offsetPx);
    const a1 = add(a, out, off);
    const b1 = add(b, out, off);
    const segments: Vec2[] = [
      add(a, out, this.px(PX.extensionGap)),
      add(a, out, off + this.px(PX.extensionOvershoot)),
      add(b, out, this.px(PX.extensionGap)),
      add(b, out, off + this.px(PX.extensionOvershoot)),
      add(a1, dir, -this.px(PX.dimOvershoot)),
      add(b1, dir, this.px(PX.dimOvershoot)),
    ];
    // Architectural ticks: short 45° strokes through the ends of the dimension line.
    const tick = scale(unit(add(dir, out)), this.px(PX.tick));
    for (const end of [a1, b1]) segments.push(sub(end, tick), add(end, tick));
    this.lines.push({ role, id, state: 'normal', color: PLAN_COLORS.dimension, opacity: 1, layer: PLAN_LAYERS.dimension, segments });
    if (!fits) return;
    const mid = scale(add(a1, b1), 0.5);
    this.texts.push({
      role,
      id,
      state: 'normal',
      color: PLAN_COLORS.dimensionText,
      opacity: 1,
      layer: PLAN_LAYERS.label,
      text,
      at: add(mid, out, this.px(PX.textGap + PX.dimensionText * 0.68)),
      angle: readableAngle(dir.x, dir.y),
      sizePx: PX.dimensionText,
      bold: false,
      background: null,
    });
  }

  /** A quarter-circle swing: the leaf standing open from the hinge, the arc back to the closing jamb. */
  swing(axes: WallAxes, hingeAlong: number, closeAlong: number, across: number, side: 1 | -1, leaves: Vec2[][], arcs: Vec2[]): void {
    const hinge = wallPoint(axes, hingeAlong, across);
    const width = Math.abs(closeAlong - hingeAlong);
    const out = scale(axes.n, side);
    const towards = scale(axes.u, Math.sign(closeAlong - hingeAlong));
    const tip = add(hinge, out, width);
    const thick = Math.min(Math.max(LEAF_THICKNESS, this.px(PX.leafMin)), width / 4);
    leaves.push([hinge, tip, add(tip, towards, thick), add(hinge, towards, thick)]);
    const a0 = Math.atan2(out.y, out.x);
    const a1 = Math.atan2(towards.y, towards.x);
    let delta = a1 - a0;
    while (delta > Math.PI) delta -= 2 * Math.PI;
    while (delta < -Math.PI) delta += 2 * Math.PI;
    this.arc(hinge, width, a0, a0 + delta, arcs);
  }

  /**
   * One opening's symbol in its stretch of the wall (`region`: the footprint there). `preview`
   * draws the opening tool's candidate in its ok / refused colour instead of the record's state.
   */
  opening(
    axes: WallAxes,
    thickness: number,
    opening: Pick<OpeningRecord, 'id' | 'kind' | 'offset' | 'width' | 'flipSide' | 'flipHinge'>,
    region: readonly (readonly Vec2[])[],
    preview: { readonly ok: boolean } | null,
  ): void {
    const id = preview ? null : opening.id;
    const state = preview ? 'normal' : this.stateOf(opening.id);
    const accent = preview ? (preview.ok ? PLAN_COLORS.ok : PLAN_COLORS.bad) : state === 'selected' ? PLAN_COLORS.accent : state === 'hover' ? PLAN_COLORS.hover : null;
    const ink = accent ?? PLAN_COLORS.symbol;
    const layer = preview ? PLAN_LAYERS.preview : PLAN_LAYERS.opening;
    const from = opening.offset - opening.width / 2;
    const to = opening.offset + opening.width / 2;
    const half = thickness / 2;
    const side: 1 | -1 = opening.flipSide ? -1 : 1;
    const style = openingStyle(opening.kind);
    const symbol: Vec2[] = [];
    const arcs: Vec2[] = [];
    const leaves: Vec2[][] = [];

    // The floor runs through a doorway: fill the gap in the wall like the rooms.
    if (style !== 'window' && !preview) for (const polygon of region) this.fills.push({ role: 'doorway', id, state, color: PLAN_COLORS.room, opacity: 1, layer, rings: [polygon] });

    switch (style) {
      case 'window': {
        if (!preview) for (const polygon of region) this.fills.push({ role: 'window', id, state, color: PLAN_COLORS.windowFill, opacity: 1, layer, rings: [polygon] });
        for (const polygon of region) this.ring(polygon, symbol);
        // Glass lines across the thickness (with the two faces, the four lines of a plan window).
        for (const k of [-1 / 3, 1 / 3]) symbol.push(wallPoint(axes, from, half * k), wallPoint(axes, to, half * k));
        break;
      }
      case 'single': {
        const [hinge, close] = opening.flipHinge ? [to, from] : [from, to];
        this.swing(axes, hinge, close, side * half, side, leaves, arcs);
        break;
      }
      case 'double':
      case 'unequal': {
        // Son-mother doors: the larger leaf (2/3) on the hinge side flipHinge picks.
        const split = style === 'double' ? opening.offset : opening.flipHinge ? to - (opening.width * 2) / 3 : from + (opening.width * 2) / 3;
        this.swing(axes, from, split, side * half, side, leaves, arcs);
        this.swing(axes, to, split, side * half, side, leaves, arcs);
        break;
      }
      case 'sliding': {
        const overlap = Math.min(40, opening.width / 10);
        const t = Math.max(SLIDING_PANEL, this.px(PX.leafMin)) / 2;
        for (const [a, b, c] of [
          [from, opening.offset + overlap, half / 3],
          [opening.offset - overlap, to, -half / 3],
        ] as const) {
          leaves.push([wallPoint(axes, a, c - t), wallPoint(axes, b, c - t), wallPoint(axes, b, c + t), wallPoint(axes, a, c + t)]);
        }
        symbol.push(wallPoint(axes, from, half), wallPoint(axes, to, half), wallPoint(axes, from, -half), wallPoint(axes, to, -half));
        break;
      }
      case 'folding': {
        // Four panels folded half open: a zig-zag standing out on the opening side.
        const depth = opening.width / 4 / 1.6;
        const points = [0, 1, 2, 3, 4].map((k) => wallPoint(axes, from + (opening.width * k) / 4, side * (half + (k % 2 ? depth : 0))));
        for (let k = 0; k < 4; k++) symbol.push(points[k]!, points[k + 1]!);
        break;
      }
      case 'hole': {
        // The wall continues above: its faces dashed across the gap.
        this.dashed(wallPoint(axes, from, half), wallPoint(axes, to, half), symbol);
        this.dashed(wallPoint(axes, from, -half), wallPoint(axes, to, -half), symbol);
        break;
      }
    }
    // Over the window's white, under the symbol's lines.
    if (accent !== null) {
      for (const polygon of region) {
        this.fills.push({ role: preview ? 'preview-opening' : 'opening-highlight', id, state, color: ink, opacity: preview ? 0.35 : 0.18, layer, rings: [polygon] });
      }
    }
    if (style !== 'window' && preview) for (const polygon of region) this.ring(polygon, symbol);
    const role = preview ? 'preview-opening' : style === 'window' ? 'window' : style === 'hole' ? 'hole' : 'door';
    if (symbol.length) this.lines.push({ role, id, state, color: ink, opacity: 1, layer, segments: symbol });
    if (arcs.length) this.lines.push({ role: preview ? 'preview-opening' : 'door-arc', id, state, color: accent ?? PLAN_COLORS.arc, opacity: 1, layer, segments: arcs });
    // One fill per leaf: separate polygons, not an outline with holes.
    for (const leaf of leaves) this.fills.push({ role: preview ? 'preview-opening' : 'door-leaf', id, state, color: ink, opacity: 1, layer, rings: [leaf] });
  }
}

interface PlanScope {
  readonly storeyId: string | null;
  readonly storeys: readonly StoreyRecord[];
  readonly walls: readonly WallRecord[];
  readonly stateOf: Stateful;
  readonly tool: ToolRecord | undefined;
}

function scopeOf(records: PlanRecords): PlanScope {
  const view = records.getOfType(VIEW_ID, 'view');
  const storeys = records.ofType('storey').sort((p, q) => p.index - q.index);
  const storeyId = view?.currentStoreyId ?? storeys[0]?.id ?? null;
  const tool = records.getOfType(TOOL_ID, 'tool');
  const selected = new Set(records.getOfType(SELECTION_ID, 'selection')?.ids ?? []);
  const hoverId = tool?.hoverId ?? null;
  return {
    storeyId,
    storeys,
    walls: records.ofType('wall').filter((w) => w.storeyId === storeyId),
    stateOf: (id) => (selected.has(id) ? 'selected' : id === hoverId ? 'hover' : 'normal'),
    tool,
  };
}

/** The whole plan view: the base drawing and the tool's preview on top. */
export function drawPlan(records: PlanRecords, options: PlanDrawOptions): PlanDrawing {
  const base = drawPlanBase(records, options);
  const preview = drawPlanPreview(records, options, base);
  return {
    storeyId: base.storeyId,
    pxPerMm: base.pxPerMm,
    fills: [...base.fills, ...preview.fills],
    lines: [...base.lines, ...preview.lines],
    texts: [...base.texts, ...preview.texts],
  };
}

const zoomOf = (options: PlanDrawOptions) => (options.pxPerMm > 0 && Number.isFinite(options.pxPerMm) ? options.pxPerMm : 0.1);

/** Everything but the tool's preview: lower storeys, rooms, walls, openings, dimensions, hover and selection. */
export function drawPlanBase(records: PlanRecords, options: PlanDrawOptions): PlanBase {
  const pxPerMm = zoomOf(options);
  const locale = options.locale ?? 'zh';
  const { storeyId, storeys, walls, stateOf } = scopeOf(records);
  const paint = new Painter(pxPerMm, stateOf);
  const { fills, lines, texts } = paint;
  const current = storeys.find((s) => s.id === storeyId);
  const rooms = records.ofType('room').filter((r) => r.storeyId === storeyId);
  const wallIds = new Set(walls.map((w) => w.id));
  const openings = openingsByWall(records.ofType('opening').filter((o) => wallIds.has(o.wallId)));

  // Lower storeys first, faded, under everything of the current one.
  if (current) {
    const below = new Set(storeys.filter((s) => s.index < current.index).map((s) => s.id));
    const lower = new Map<string, WallRecord[]>();
    for (const w of below.size ? records.ofType('wall') : []) {
      if (!below.has(w.storeyId)) continue;
      const list = lower.get(w.storeyId);
      if (list) list.push(w);
      else lower.set(w.storeyId, [w]);
    }
    for (const storeyWalls of lower.values()) {
      for (const [id, footprint] of planFor(storeyWalls).footprints) {
        for (const polygon of footprint) {
          fills.push({ role: 'lower-wall', id, state: 'normal', color: PLAN_COLORS.lowerWall, opacity: 1, layer: PLAN_LAYERS.lower, rings: [polygon] });
        }
      }
    }
  }

  const roomBoxes = rooms.map((r) => boundsOf(r.outline) ?? { minX: 0, minY: 0, maxX: -1, maxY: -1 });
  rooms.forEach((room, i) => drawRoom(room, roomBoxes[i]!));

  // The storey's analysis is shared with the 3D view and the wall commands (graph-cache.ts): a
  // zoom or a hover redraws from it without analysing the walls again.
  const plan = walls.length ? planFor(walls) : null;
  const footprints: ReadonlyMap<string, WallFootprint> = plan?.footprints ?? new Map();
  const splitOf = new Map((plan?.graph.splits ?? []).map((split) => [split.wallId, split]));
  // Half-edges with a room on their left: which side of each wall faces a room.
  const roomSides = new Set<number>();
  for (const room of plan?.rooms ?? []) for (const h of room.halfEdges) roomSides.add(h);

  const outerFaces: { wall: WallRecord; axes: WallAxes; side: 1 | -1; across: number; range: [number, number]; openings: readonly OpeningRecord[] }[] = [];
  walls.forEach((wall) => {
    const footprint = footprints.get(wall.id) ?? [];
    if (!footprint.length) return;
    const axes = wallAxes(wall);
    const state = stateOf(wall.id);
    const fillColor = state === 'selected' ? PLAN_COLORS.wallSelected : state === 'hover' ? PLAN_COLORS.wallHover : wall.color ? WALL_COLORS[wall.color] : PLAN_COLORS.wall;
    const edge: Vec2[] = [];
    for (const piece of cutWallOnce(wall, footprint, openings.get(wall.id) ?? [])) {
      if (piece.opening) {
        paint.opening(axes, wall.thickness, piece.opening, piece.polygons, null);
        continue;
      }
      for (const polygon of piece.polygons) {
        fills.push({ role: 'wall', id: wall.id, state, color: fillColor, opacity: 1, layer: PLAN_LAYERS.wall, rings: [polygon] });
        paint.ring(polygon, edge);
      }
    }
    const edgeColor = state === 'selected' ? PLAN_COLORS.wallEdgeSelected : PLAN_COLORS.wallEdge;
    lines.push({ role: 'wall-edge', id: wall.id, state, color: edgeColor, opacity: 1, layer: PLAN_LAYERS.wallEdge, segments: edge });

    // Outer dimension: along each face with no room beside it (a free-standing wall: its right face).
    let leftIn = false;
    let rightIn = false;
    for (const piece of splitOf.get(wall.id)?.pieces ?? []) {
      if (piece.coveredBy !== null) continue;
      leftIn ||= roomSides.has(piece.halfEdge);
      rightIn ||= roomSides.has(piece.halfEdge ^ 1);
    }
    // Walls the room walk leaves out (dangling walls, islands' outsides) may still stand in a room.
    leftIn ||= sideInRoom(axes, wall, 1);
    rightIn ||= sideInRoom(axes, wall, -1);
    const sides: (1 | -1)[] = leftIn && rightIn ? [] : leftIn ? [-1] : rightIn ? [1] : [-1];
    for (const side of sides) {
      const across = (side * wall.thickness) / 2;
      const range = faceRange(axes, footprint, across);
      if (range) outerFaces.push({ wall, axes, side, across, range, openings: openings.get(wall.id) ?? [] });
    }
  });

  // Outer dimensions in two tiers, as on a drawing: nearest the wall the chain through the
  // openings' edges, beyond it each face's whole length. Without openings on any outer face the
  // lengths take the first tier, so a facade's dimensions always line up.
  const chained = outerFaces.some((f) => f.openings.length > 0);
  for (const { wall, axes, side, across, range, openings: own } of outerFaces) {
    const out = scale(axes.n, side);
    const at = (along: number) => wallPoint(axes, along, across);
    paint.dimension(at(range[0]), at(range[1]), out, chained ? PX.outerOffset + PX.tier : PX.outerOffset, 'dimension-outer', wall.id);
    if (!own.length) continue;
    const stops = [range[0]];
    for (const o of [...own].sort((a, b) => a.offset - b.offset)) {
      for (const edge of [o.offset - o.width / 2, o.offset + o.width / 2]) {
        if (edge > stops[stops.length - 1]! + 0.5 && edge < range[1] - 0.5) stops.push(edge);
      }
    }
    stops.push(range[1]);
    for (let k = 0; k + 1 < stops.length; k++) paint.dimension(at(stops[k]!), at(stops[k + 1]!), out, PX.outerOffset, 'dimension-chain', wall.id);
  }

  // Inner dimensions along every room edge (the inner wall faces).
  rooms.forEach((room, r) => {
    const box = roomBoxes[r]!;
    // A room this small on screen has no space for its edges' numbers beside its label: zoom in.
    if (Math.min(box.maxX - box.minX, box.maxY - box.minY) * pxPerMm < PX.minRoomForInner) return;
    const ring = room.outline;
    const ccw = signedArea(ring) >= 0;
    const bridges = bridgeEdges(ring);
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      // A keyhole ring's bridge runs both ways: no wall face there.
      if (bridges?.has(i)) continue;
      const inward = left(unit(sub(q, p)));
      paint.dimension(p, q, ccw ? inward : scale(inward, -1), PX.innerOffset, 'dimension-inner', room.id);
    }
  });

  return { storeyId, pxPerMm, fills, lines, texts, footprints };

  function sideInRoom(axes: WallAxes, wall: WallRecord, side: 1 | -1): boolean {
    const across = side * (wall.thickness / 2 + 20);
    for (const f of [0.25, 0.5, 0.75]) {
      const p = wallPoint(axes, axes.length * f, across);
      for (let i = 0; i < rooms.length; i++) {
        const b = roomBoxes[i]!;
        if (p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY && pointInRing(p, rooms[i]!.outline)) return true;
      }
    }
    return false;
  }

  function drawRoom(room: RoomRecord, box: Bounds2): void {
    if (room.outline.length < 3) return;
    const state = stateOf(room.id);
    const color = state === 'selected' ? PLAN_COLORS.roomSelected : state === 'hover' ? PLAN_COLORS.roomHover : PLAN_COLORS.room;
    fills.push({ role: 'room', id: room.id, state, color, opacity: 1, layer: PLAN_LAYERS.room, rings: [room.outline] });
    if (state === 'selected') {
      const rings = paint.strokeQuads(room.outline, paint.px(PX.selectionStroke));
      for (const quad of rings) fills.push({ role: 'room-outline', id: room.id, state, color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.highlight, rings: [quad] });
    }
    const name = roomLabel(room, locale);
    const area = formatArea(room.outline);
    const widthPx = (box.maxX - box.minX) * pxPerMm;
    const heightPx = (box.maxY - box.minY) * pxPerMm;
    // A room too small on screen for its label goes without (zooming in shows it).
    if (heightPx < 36 || widthPx < Math.max(estimateTextWidthPx(name, PX.roomName), estimateTextWidthPx(area, PX.roomArea)) + 8) return;
    const at = labelPoint(room.outline);
    const line = (role: 'room-name' | 'room-area', text: string, dy: number, color: number, sizePx: number, bold: boolean): PlanText => ({
      role,
      id: room.id,
      state,
      color,
      opacity: 1,
      layer: PLAN_LAYERS.label,
      text,
      at: { x: at.x, y: at.y + paint.px(dy) },
      angle: 0,
      sizePx,
      bold,
      background: null,
    });
    texts.push(line('room-name', name, 9, PLAN_COLORS.roomName, PX.roomName, true), line('room-area', area, -9, PLAN_COLORS.roomArea, PX.roomArea, false));
  }
}

/**
 * The edges (by index i: ring[i] -> ring[i + 1]) of a keyhole ring that run both ways (the
 * bridges to its holes), or null when the ring has none (no point repeats: the common case).
 */
function bridgeEdges(ring: readonly Vec2[]): Set<number> | null {
  const n = ring.length;
  const seen = new Set<number>();
  let repeats = false;
  for (const p of ring) {
    // Points are rounded to the micrometre, so equal points hash equal.
    const h = Math.round(p.x * 1000) * 73856093 + Math.round(p.y * 1000);
    if (seen.has(h)) repeats = true;
    seen.add(h);
  }
  if (!repeats) return null;
  const out = new Set<number>();
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    for (let j = 0; j < n; j++) {
      const a = ring[j]!;
      const b = ring[(j + 1) % n]!;
      if (a.x === q.x && a.y === q.y && b.x === p.x && b.y === p.y) {
        out.add(i);
        break;
      }
    }
  }
  return out;
}

const cutWalls = new WeakMap<WallFootprint, { readonly wall: WallRecord; readonly openings: readonly OpeningRecord[]; readonly pieces: ReturnType<typeof cutWall> }>();

/**
 * cutWall, remembered per footprint (graph-cache.ts keeps an unchanged wall's footprint the same
 * object): a redraw cuts only the walls that changed. The pieces' polygons keep their identity
 * too, which the plan layer's triangulation memo relies on.
 */
function cutWallOnce(wall: WallRecord, footprint: WallFootprint, openings: readonly OpeningRecord[]): ReturnType<typeof cutWall> {
  const known = cutWalls.get(footprint);
  if (known && known.wall === wall && known.openings.length === openings.length && known.openings.every((o, i) => o === openings[i])) return known.pieces;
  const pieces = cutWall(wall, footprint, openings);
  cutWalls.set(footprint, { wall, openings, pieces });
  return pieces;
}

/** The face of a wall `across` mm from its centre line: where it starts and ends along the wall. */
function faceRange(axes: WallAxes, footprint: WallFootprint, across: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const polygon of footprint) {
    for (const p of polygon) {
      const c = wallCoords(axes, p);
      if (Math.abs(c.across - across) > 0.5) continue;
      lo = Math.min(lo, c.along);
      hi = Math.max(hi, c.along);
    }
  }
  return hi - lo > 0.5 ? [lo, hi] : null;
}

/** The tool's live preview: the wall being drawn with its length, the opening to place, the snap marker. */
export function drawPlanPreview(records: PlanRecords, options: PlanDrawOptions, base: Pick<PlanBase, 'footprints'>): PlanDrawing {
  const pxPerMm = zoomOf(options);
  const { storeyId, walls, stateOf, tool } = scopeOf(records);
  const paint = new Painter(pxPerMm, stateOf);
  const { fills, lines, texts } = paint;
  const preview = tool?.preview;
  if (!tool || !preview) return { storeyId, pxPerMm, fills, lines, texts };

  if (preview.segment) {
    const { start, end } = preview.segment;
    const length = len(sub(end, start));
    const thickness = tool.draw.thickness;
    const mode = tool.draw.drawMode;
    // A face-drawn chain is taken as counter-clockwise (the wall tool assumes so until it turns):
    // the body lies right of an inner face, left of an outer one.
    const centre = mode === 'centre' ? preview.segment : centreLineFromFace(start, end, thickness, mode === 'inner' ? 'right' : 'left');
    const dir = unit(sub(end, start));
    const n = left(dir);
    if (length > 0) {
      const h = thickness / 2;
      const ghost = [add(centre.start, n, -h), add(centre.end, n, -h), add(centre.end, n, h), add(centre.start, n, h)];
      fills.push({ role: 'preview-wall', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 0.28, layer: PLAN_LAYERS.preview, rings: [ghost] });
      const outline: Vec2[] = [];
      paint.ring(ghost, outline);
      outline.push(start, end);
      lines.push({ role: 'preview-wall', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.preview, segments: outline });
    }
    // The chain's anchor.
    const dot: Vec2[] = [];
    paint.arc(start, paint.px(3), 0, 2 * Math.PI, dot);
    lines.push({ role: 'preview-wall', id: null, state: 'normal', color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.previewTop, segments: dot });
    // The typed digits with a caret, else the length; beside the ghost, away from the wall body.
    const text = preview.typed !== '' ? `${preview.typed}|` : String(Math.round(length));
    const sideOff = mode === 'centre' ? thickness / 2 + paint.px(PX.previewText) : paint.px(PX.previewText);
    texts.push({
      role: 'preview-length',
      id: null,
      state: 'normal',
      color: PLAN_COLORS.accent,
      opacity: 1,
      layer: PLAN_LAYERS.previewTop,
      text,
      at: add(scale(add(start, end), 0.5), n, (mode === 'outer' ? -1 : 1) * sideOff),
      angle: readableAngle(dir.x, dir.y),
      sizePx: PX.previewText,
      bold: true,
      background: PLAN_COLORS.labelBackground,
    });
  }

  const candidate = preview.opening;
  if (candidate) {
    const wall = walls.find((w) => w.id === candidate.wallId);
    const footprint = wall ? base.footprints.get(wall.id) : undefined;
    if (wall && footprint) {
      const axes = wallAxes(wall);
      const { offset, width, ok } = candidate;
      const region = clipFootprint(axes, footprint, offset - width / 2, offset + width / 2);
      paint.opening(axes, wall.thickness, { id: '', kind: tool.opening.kind, offset, width, flipSide: false, flipHinge: false }, region, { ok });
    }
  }

  if (preview.snap) snapMarker(paint, preview.snap.point, preview.snap.kind, preview.segment?.start ?? null);
  return { storeyId, pxPerMm, fills, lines, texts };
}

function snapMarker(paint: Painter, p: Vec2, kind: SnapKind, from: Vec2 | null): void {
  const r = paint.px(PX.snapMarker);
  const s: Vec2[] = [];
  const at = (dx: number, dy: number) => ({ x: p.x + dx * r, y: p.y + dy * r });
  const square = [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
  const triangle = [at(-1.1, -0.8), at(1.1, -0.8), at(0, 1.1)];
  switch (kind) {
    case 'endpoint':
      paint.ring(square, s);
      break;
    case 'midpoint':
      paint.ring(triangle, s);
      break;
    case 'line':
      s.push(at(-1, -1), at(1, 1), at(-1, 1), at(1, -1));
      break;
    case 'orthogonal':
      // A right-angle mark.
      s.push(at(-1, -1), at(1, -1), at(-1, -1), at(-1, 1), at(-1, 0), at(0, 0), at(0, 0), at(0, -1));
      break;
    case 'angle':
      paint.arc(p, r, 0, 2 * Math.PI, s);
      break;
    case 'none':
      s.push(at(-0.7, 0), at(0.7, 0), at(0, -0.7), at(0, 0.7));
      break;
  }
  const color = kind === 'none' ? PLAN_COLORS.dimension : PLAN_COLORS.snap;
  paint.lines.push({ role: 'snap', id: null, state: 'normal', color, opacity: 1, layer: PLAN_LAYERS.previewTop, segments: s });
  if (kind === 'endpoint' || kind === 'midpoint') {
    paint.fills.push({ role: 'snap', id: null, state: 'normal', color, opacity: 0.3, layer: PLAN_LAYERS.previewTop, rings: [kind === 'endpoint' ? square : triangle] });
  }
  // Orthogonal and angle snaps hold a direction from the previous point: show it as a guide.
  if ((kind === 'orthogonal' || kind === 'angle') && from && len(sub(p, from)) > 0) {
    const guide: Vec2[] = [];
    paint.dashed(from, add(p, unit(sub(p, from)), paint.px(60)), guide);
    paint.lines.push({ role: 'guide', id: null, state: 'normal', color, opacity: 0.8, layer: PLAN_LAYERS.preview, segments: guide });
  }
}
