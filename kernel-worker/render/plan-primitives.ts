import type { RecordType, Vec2 } from '../../protocol/records';
import type { PlanSymbols } from './plan-symbols';
import { VIEW_ID } from '../document/session-records';
import type { RecordReader } from '../document/store';
import type { WallFootprint } from '../geometry/wall-footprint';
import type { PlanLocale } from './room-names';

// The vocabulary of the 2D plan drawing (plan-drawing.ts and the kinds' plan facets,
// kinds/plans.ts): the primitives (filled polygons, line segments, labels), their layers and
// colours, and the Painter that collects them. Pure and three.js-free; plan-layer.ts turns the
// primitives into three objects.
//
// Positions are plan millimetres (x east, y north). Whatever must look the same at every zoom
// (text size, offsets, ticks, markers, dashes) is given in screen pixels and converted with the
// frame's pxPerMm, so a zoom rebuilds the drawing.

export type PlanState = 'normal' | 'hover' | 'selected';

/**
 * What a primitive draws. A record kind whose primitives need no role of their own (nothing else
 * tells them apart) uses its record type, so a new kind's plan facet adds nothing here.
 */
export type PlanFillRole =
  | RecordType
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
  | 'preview-model'
  | 'snap';

export type PlanLineRole =
  | RecordType
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
  | 'preview-model'
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

/** Screen sizes (CSS px) the painter's strokes share; each drawing part keeps its own beside it. */
export const PAINT_PX = {
  dash: 6,
  dashGap: 4,
  /** the thinnest a door leaf or a sliding panel is drawn */
  leafMin: 1.6,
} as const;

export interface PlanDrawOptions {
  /** the zoom of the frame this drawing is for (CSS px per mm) */
  readonly pxPerMm: number;
  readonly locale?: PlanLocale;
  /** models' plan symbols (plan-symbols.ts); none: models are drawn as their footprints */
  readonly symbols?: PlanSymbols | null;
}

export type PlanRecords = Pick<RecordReader, 'ofType' | 'getOfType' | 'referring'>;

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

/** The zoom a drawing is made for: a broken one (0, NaN) draws as the whole-house default. */
export const zoomOf = (options: PlanDrawOptions): number => (options.pxPerMm > 0 && Number.isFinite(options.pxPerMm) ? options.pxPerMm : 0.1);

/** The storey the plan shows: the view's current one, else the lowest. */
export function shownStoreyId(records: PlanRecords): string | null {
  const current = records.getOfType(VIEW_ID, 'view')?.currentStoreyId;
  if (current !== undefined && current !== null) return current;
  let lowest: { id: string; index: number } | null = null;
  for (const s of records.ofType('storey')) if (!lowest || s.index < lowest.index) lowest = s;
  return lowest?.id ?? null;
}

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

export const add = (a: Vec2, b: Vec2, k = 1): Vec2 => ({ x: a.x + b.x * k, y: a.y + b.y * k });
export const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec2, k: number): Vec2 => ({ x: a.x * k, y: a.y * k });
export const len = (a: Vec2): number => Math.hypot(a.x, a.y);
export const unit = (a: Vec2): Vec2 => {
  const l = len(a);
  return l > 0 ? { x: a.x / l, y: a.y / l } : { x: 1, y: 0 };
};
/** a turned a quarter counter-clockwise */
export const left = (a: Vec2): Vec2 => ({ x: -a.y, y: a.x });

/** Collects primitives; sizes given in screen px become mm at the drawing's zoom. */
export class Painter {
  readonly fills: PlanFill[] = [];
  readonly lines: PlanLines[] = [];
  readonly texts: PlanText[] = [];

  constructor(readonly pxPerMm: number) {}

  px(v: number): number {
    return v / this.pxPerMm;
  }

  /** The closed ring's edges as segment pairs. */
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
    const dash = this.px(PAINT_PX.dash);
    const step = dash + this.px(PAINT_PX.dashGap);
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
}
