import type { FloorOpeningRecord, Vec2 } from '../../../protocol/records';
import { byId } from '../../document/store';
import { boundsOf, pointInRing } from '../../geometry/polygon';
import { PLAN_COLORS, PLAN_LAYERS, type Painter, type PlanState } from '../../render/plan-primitives';
import type { PlanFacet } from '../plan-kind';

// A floor opening in the plan, as architects draw one: its outline over the room's floor, filled
// white (there is no floor there), a void crossed corner to corner, a stairwell with its treads
// across the run and an arrow up the run (along the longer side, from the start of the flight).
// Selected: accent outline and square handles at its corners (the select tool drags them).

/** Real sizes, mm. */
const TREAD = 280;
/** Screen sizes, CSS px. */
const PX = { handle: 6, arrowHead: 10, selectionStroke: 2 } as const;

const COLORS: Record<PlanState, number> = { normal: PLAN_COLORS.symbol, hover: PLAN_COLORS.hover, selected: PLAN_COLORS.accent };
const FILLS: Record<PlanState, number> = { normal: PLAN_COLORS.windowFill, hover: PLAN_COLORS.roomHover, selected: PLAN_COLORS.roomSelected };

/** The parts of segment a-b inside the ring (even-odd), as segment pairs pushed onto out. */
export function clipSegment(a: Vec2, b: Vec2, ring: readonly Vec2[], out: Vec2[]): void {
  const ts = [0, 1];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const ex = q.x - p.x;
    const ey = q.y - p.y;
    const den = dx * ey - dy * ex;
    if (den === 0) continue;
    const t = ((p.x - a.x) * ey - (p.y - a.y) * ex) / den;
    const u = ((p.x - a.x) * dy - (p.y - a.y) * dx) / den;
    if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t);
  }
  ts.sort((x, y) => x - y);
  const at = (t: number): Vec2 => ({ x: a.x + dx * t, y: a.y + dy * t });
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!;
    const t1 = ts[i + 1]!;
    if (t1 - t0 < 1e-9) continue;
    const mid = at((t0 + t1) / 2);
    if (pointInRing(mid, ring)) out.push(at(t0), at(t1));
  }
}

/** The symbol inside the outline: a void's cross, a stair's treads and up arrow. */
export function openingSymbol(o: Pick<FloorOpeningRecord, 'outline' | 'kind'>, paint: Painter, out: Vec2[]): void {
  const box = boundsOf(o.outline);
  if (!box) return;
  const { minX, minY, maxX, maxY } = box;
  if (o.kind === 'void') {
    clipSegment({ x: minX, y: minY }, { x: maxX, y: maxY }, o.outline, out);
    clipSegment({ x: minX, y: maxY }, { x: maxX, y: minY }, o.outline, out);
    return;
  }
  // The run goes along the longer side (west to east, or south to north).
  const alongX = maxX - minX >= maxY - minY;
  const runLength = alongX ? maxX - minX : maxY - minY;
  const steps = Math.max(1, Math.round(runLength / TREAD));
  const step = runLength / steps;
  for (let k = 1; k < steps; k++) {
    if (alongX) clipSegment({ x: minX + k * step, y: minY }, { x: minX + k * step, y: maxY }, o.outline, out);
    else clipSegment({ x: minX, y: minY + k * step }, { x: maxX, y: minY + k * step }, o.outline, out);
  }
  const mid = alongX ? (minY + maxY) / 2 : (minX + maxX) / 2;
  const from: Vec2 = alongX ? { x: minX + step / 2, y: mid } : { x: mid, y: minY + step / 2 };
  const to: Vec2 = alongX ? { x: maxX - step / 2, y: mid } : { x: mid, y: maxY - step / 2 };
  out.push(from, to);
  const head = Math.min(paint.px(PX.arrowHead), runLength / 4);
  const back = alongX ? { x: -head, y: 0 } : { x: 0, y: -head };
  const side = alongX ? { x: 0, y: head / 2 } : { x: head / 2, y: 0 };
  out.push(to, { x: to.x + back.x + side.x, y: to.y + back.y + side.y }, to, { x: to.x + back.x - side.x, y: to.y + back.y - side.y });
}

/** The square handles at the outline's corners (what the select tool's corner drag grips). */
export function cornerHandles(outline: readonly Vec2[], paint: Painter): Vec2[][] {
  const h = paint.px(PX.handle) / 2;
  return outline.map((p) => [
    { x: p.x - h, y: p.y - h },
    { x: p.x + h, y: p.y - h },
    { x: p.x + h, y: p.y + h },
    { x: p.x - h, y: p.y + h },
  ]);
}

export const floorOpeningPlan: PlanFacet<FloorOpeningRecord> = {
  recordsOn: (ctx) => (ctx.storeyId === null ? [] : ctx.records.referring(ctx.storeyId, 'floorOpening').sort(byId)),

  draw(o, state, _ctx, paint) {
    paint.fills.push({ role: 'floorOpening', id: o.id, state, color: FILLS[state], opacity: 1, layer: PLAN_LAYERS.room, rings: [o.outline] });
    const segments: Vec2[] = [];
    paint.ring(o.outline, segments);
    openingSymbol(o, paint, segments);
    paint.lines.push({ role: 'floorOpening', id: o.id, state, color: COLORS[state], opacity: 1, layer: PLAN_LAYERS.wallEdge, segments });
    if (state === 'selected') {
      for (const quad of paint.strokeQuads(o.outline, paint.px(PX.selectionStroke))) {
        paint.fills.push({ role: 'floorOpening', id: o.id, state, color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.highlight, rings: [quad] });
      }
      for (const ring of cornerHandles(o.outline, paint)) {
        paint.fills.push({ role: 'floorOpening', id: o.id, state, color: PLAN_COLORS.windowFill, opacity: 1, layer: PLAN_LAYERS.highlight, rings: [ring] });
        const edge: Vec2[] = [];
        paint.ring(ring, edge);
        paint.lines.push({ role: 'floorOpening', id: o.id, state, color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.highlight, segments: edge });
      }
    }
  },

  // Seen from the storey above: where the storey below is open (faded, under everything).
  drawBelow(o, _ctx, paint) {
    const segments: Vec2[] = [];
    paint.ring(o.outline, segments);
    paint.lines.push({ role: 'floorOpening', id: o.id, state: 'normal', color: PLAN_COLORS.lowerWall, opacity: 1, layer: PLAN_LAYERS.lower, segments });
  },
};
