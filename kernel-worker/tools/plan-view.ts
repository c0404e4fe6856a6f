import type { PlanFrame, Vec2 } from '../../protocol/records';
import { VIEW_ID } from '../document/session-records';
import type { RecordReader } from '../document/store';
import type { Bounds2 } from '../geometry/polygon';

// The 2D plan view's mapping between canvas pixels and plan millimetres. Pure functions, shared by
// the tools (pointer input -> plan points) and the plan renderer (its orthographic camera shows
// exactly planVisibleBounds), so what is drawn under the pointer is what the tools hit.
//
// Screen: CSS pixels from the canvas' top-left corner, y down. Plan: mm, x east, y north (up on
// screen). A PlanFrame is the plan point at the canvas centre and the zoom in px per mm; the view
// record holds one, or null for "fit the current storey" (resolved here for the viewport).

export interface Viewport {
  /** CSS pixels */
  readonly width: number;
  readonly height: number;
}

export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

/** What the kernel assumes before the canvas reports its size (and headless, in tests). */
export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 800 };

/** An empty storey shows this much plan around the origin (mm). */
export const EMPTY_PLAN_EXTENT = { width: 12_000, height: 9_000 } as const;

/** Fit leaves this fraction of the content's size free on each side. */
export const PLAN_FIT_MARGIN = 0.1;

/** Content smaller than this (mm) is framed as if it were this big: one short wall is no reason to zoom in to the millimetre. */
const MIN_FIT_EXTENT = 2_000;

/** Zoom limits of the tools (px per mm): 1 px = 500 mm (a 640 m wide view) to 1 px = 0.2 mm. */
export const PLAN_ZOOM = { min: 0.002, max: 5 } as const;

export const clampZoom = (pxPerMm: number): number => Math.min(PLAN_ZOOM.max, Math.max(PLAN_ZOOM.min, pxPerMm));

function usableViewport(viewport: Viewport): Viewport {
  // A canvas laid out at 0 x 0 (hidden panel) must not produce infinite or zero zoom.
  return { width: Math.max(1, viewport.width), height: Math.max(1, viewport.height) };
}

/** The frame that shows the bounds (mm) with a margin; null bounds show the empty-storey extent around the origin. */
export function fitPlanFrame(bounds: Bounds2 | null, viewport: Viewport): PlanFrame {
  const { width, height } = usableViewport(viewport);
  if (!bounds) {
    return { centre: { x: 0, y: 0 }, pxPerMm: clampZoom(Math.min(width / EMPTY_PLAN_EXTENT.width, height / EMPTY_PLAN_EXTENT.height)) };
  }
  const w = Math.max(bounds.maxX - bounds.minX, MIN_FIT_EXTENT) * (1 + 2 * PLAN_FIT_MARGIN);
  const h = Math.max(bounds.maxY - bounds.minY, MIN_FIT_EXTENT) * (1 + 2 * PLAN_FIT_MARGIN);
  return {
    centre: { x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2 },
    pxPerMm: clampZoom(Math.min(width / w, height / h)),
  };
}

/** What a fitted plan frames: walls (with their thickness) and rooms. */
export interface PlanContent {
  readonly walls: readonly { readonly start: Vec2; readonly end: Vec2; readonly thickness: number }[];
  readonly rooms?: readonly { readonly outline: readonly Vec2[] }[];
}

export function planContentBounds(content: PlanContent): Bounds2 | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (p: Vec2, r: number) => {
    minX = Math.min(minX, p.x - r);
    minY = Math.min(minY, p.y - r);
    maxX = Math.max(maxX, p.x + r);
    maxY = Math.max(maxY, p.y + r);
  };
  for (const w of content.walls) {
    add(w.start, w.thickness / 2);
    add(w.end, w.thickness / 2);
  }
  for (const room of content.rooms ?? []) for (const p of room.outline) add(p, 0);
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/** The view's own frame, or the fit of the content when it has none. */
export function resolvePlanFrame(plan: PlanFrame | null, viewport: Viewport, content: PlanContent): PlanFrame {
  return plan ?? fitPlanFrame(planContentBounds(content), viewport);
}

/** The current storey's walls and rooms: what the plan view shows and fits. */
export function currentPlanContent(records: Pick<RecordReader, 'getOfType' | 'ofType'>): PlanContent & { readonly storeyId: string | null } {
  const storeyId = records.getOfType(VIEW_ID, 'view')?.currentStoreyId ?? null;
  if (storeyId === null) return { storeyId, walls: [], rooms: [] };
  return {
    storeyId,
    walls: records.ofType('wall').filter((w) => w.storeyId === storeyId),
    rooms: records.ofType('room').filter((r) => r.storeyId === storeyId),
  };
}

/** The plan view's frame as the records and the viewport make it (the one function tools and renderer share). */
export function planFrameOf(records: Pick<RecordReader, 'getOfType' | 'ofType'>, viewport: Viewport): PlanFrame {
  const plan = records.getOfType(VIEW_ID, 'view')?.plan ?? null;
  return plan ?? resolvePlanFrame(null, viewport, currentPlanContent(records));
}

export function screenToPlan(frame: PlanFrame, viewport: Viewport, p: ScreenPoint): Vec2 {
  const { width, height } = usableViewport(viewport);
  return { x: frame.centre.x + (p.x - width / 2) / frame.pxPerMm, y: frame.centre.y - (p.y - height / 2) / frame.pxPerMm };
}

export function planToScreen(frame: PlanFrame, viewport: Viewport, p: Vec2): ScreenPoint {
  const { width, height } = usableViewport(viewport);
  return { x: width / 2 + (p.x - frame.centre.x) * frame.pxPerMm, y: height / 2 - (p.y - frame.centre.y) * frame.pxPerMm };
}

/** The plan rectangle (mm) the canvas shows: an orthographic camera's left/right/bottom/top. */
export function planVisibleBounds(frame: PlanFrame, viewport: Viewport): Bounds2 {
  const { width, height } = usableViewport(viewport);
  const hw = width / 2 / frame.pxPerMm;
  const hh = height / 2 / frame.pxPerMm;
  return { minX: frame.centre.x - hw, minY: frame.centre.y - hh, maxX: frame.centre.x + hw, maxY: frame.centre.y + hh };
}

/** Zooms by `factor` (> 1 in) keeping the plan point under `at` (screen) where it is. */
export function zoomPlanAt(frame: PlanFrame, viewport: Viewport, at: ScreenPoint, factor: number): PlanFrame {
  const { width, height } = usableViewport(viewport);
  const anchor = screenToPlan(frame, viewport, at);
  const pxPerMm = clampZoom(frame.pxPerMm * factor);
  return {
    centre: { x: anchor.x - (at.x - width / 2) / pxPerMm, y: anchor.y + (at.y - height / 2) / pxPerMm },
    pxPerMm,
  };
}

/** Moves the view with the pointer: content under the pointer follows it by (dx, dy) screen px. */
export function panPlan(frame: PlanFrame, dx: number, dy: number): PlanFrame {
  return { centre: { x: frame.centre.x - dx / frame.pxPerMm, y: frame.centre.y + dy / frame.pxPerMm }, pxPerMm: frame.pxPerMm };
}

/** WheelEvent.deltaMode 0 pixels, 1 lines, 2 pages, in pixels. */
const WHEEL_UNIT = [1, 40, 800] as const;

/** The zoom factor of one wheel event: one notch of a mouse wheel (100 px) is about 1.2x. */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const px = deltaY * (WHEEL_UNIT[deltaMode as 0 | 1 | 2] ?? 1);
  // A trackpad flick can report thousands of px in one event; one event never zooms more than 4x.
  return Math.exp(-Math.max(-750, Math.min(750, px)) * 0.00185);
}
