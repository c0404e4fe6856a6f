import { modelPlanSymbolUrl, type ModelRecord, type Vec2 } from '../../../protocol/records';
import { PLAN_COLORS, PLAN_LAYERS, type PlanState } from '../../render/plan-primitives';
import type { PlanSymbol, SymbolPoint } from '../../render/plan-symbols';
import type { PlanContext, PlanFacet } from '../plan-kind';

// Furniture in the plan: the model's symbol from the catalogue (its outlines and key lines,
// fetched beside its GLB), stretched to the record's size, turned and placed; until it has
// loaded (or when the model has no file or it failed) its footprint with a cross, as CAD draws a
// block it lacks. Filled white so the floor's pattern does not run through it, under the walls.

const COLORS: Record<PlanState, number> = { normal: PLAN_COLORS.symbol, hover: PLAN_COLORS.hover, selected: PLAN_COLORS.accent };
const FILLS: Record<PlanState, number> = { normal: PLAN_COLORS.windowFill, hover: PLAN_COLORS.roomHover, selected: PLAN_COLORS.roomSelected };

/** The symbol of a model, asking for it the first time (the plan view redraws when it comes). */
function symbolOf(model: ModelRecord, ctx: PlanContext): PlanSymbol | null {
  if (!model.gltfUrl || !ctx.symbols) return null;
  const url = modelPlanSymbolUrl(model.gltfUrl);
  const symbol = ctx.symbols.ready(url);
  if (symbol === undefined) void ctx.symbols.load(url);
  return symbol ?? null;
}

/** Plan point of a model-local point (mm, catalogue frame) for a symbol of natural size `natural`. */
export function modelToPlan(model: ModelRecord, natural: Vec2): (p: SymbolPoint) => Vec2 {
  const sx = natural.x > 0 ? model.size.x / natural.x : 1;
  const sy = natural.y > 0 ? model.size.y / natural.y : 1;
  const c = Math.cos(model.rotation);
  const s = Math.sin(model.rotation);
  return ([x, y]) => {
    const lx = x * sx;
    const ly = y * sy;
    return { x: model.position.x + lx * c - ly * s, y: model.position.y + lx * s + ly * c };
  };
}

/** The symbol's extent about its origin (twice its farthest reach on each axis: the origin is the footprint's centre). */
function naturalSize(symbol: PlanSymbol): Vec2 {
  let x = 0;
  let y = 0;
  for (const line of [...symbol.outlines, ...symbol.lines]) {
    for (const [px, py] of line) {
      x = Math.max(x, Math.abs(px));
      y = Math.max(y, Math.abs(py));
    }
  }
  return { x: 2 * x, y: 2 * y };
}

export const modelPlan: PlanFacet<ModelRecord> = {
  recordsOn: (ctx) => (ctx.storeyId === null ? [] : ctx.records.referring(ctx.storeyId, 'model').filter((m) => !m.hidden).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))),

  draw(model, state, ctx, paint) {
    const symbol = symbolOf(model, ctx);
    const hx = model.size.x / 2;
    const hy = model.size.y / 2;
    const rect: SymbolPoint[] = [
      [-hx, -hy],
      [hx, -hy],
      [hx, hy],
      [-hx, hy],
    ];
    const toPlan = symbol ? modelToPlan(model, naturalSize(symbol)) : modelToPlan(model, { x: model.size.x, y: model.size.y });
    const outline = (symbol?.outlines[0] ?? rect).map(toPlan);
    const segments: Vec2[] = [];
    if (symbol) {
      for (const ring of symbol.outlines) paint.ring(ring.map(toPlan), segments);
      for (const line of symbol.lines) {
        const points = line.map(toPlan);
        for (let i = 1; i < points.length; i++) segments.push(points[i - 1]!, points[i]!);
      }
    } else {
      paint.ring(outline, segments);
      segments.push(outline[0]!, outline[2]!, outline[1]!, outline[3]!);
    }
    paint.fills.push({ role: 'model', id: model.id, state, color: FILLS[state], opacity: 1, layer: PLAN_LAYERS.wall, rings: [outline] });
    paint.lines.push({ role: 'model', id: model.id, state, color: COLORS[state], opacity: 1, layer: PLAN_LAYERS.wallEdge, segments });
  },
};
