import type { OpeningRecord, Vec2 } from '../../../protocol/records';
import { add, PAINT_PX, PLAN_COLORS, PLAN_LAYERS, scale, type Painter, type PlanState } from '../../render/plan-primitives';
import { openingStyle, wallPoint, type WallAxes } from '../../render/wall-cut';
import { planShared, type PlanFacet } from '../plan-kind';
import { cutWalls, type CutWall } from '../wall/plan';

// An opening in the plan: its symbol in its stretch of the wall (window: white with glass lines;
// doors: the leaves standing open with their swings; sliding, folding, holes), tinted when hovered
// or selected. The opening tool's candidate is the same symbol in its ok / refused colour.

/** Real sizes, mm. */
const LEAF_THICKNESS = 40;
const SLIDING_PANEL = 30;

/** The storey's openings that cut their walls, with their stretch, in wall order then along the wall. */
const openingStretches = planShared((ctx): ReadonlyMap<string, { readonly opening: OpeningRecord; readonly cut: CutWall; readonly region: readonly (readonly Vec2[])[] }> => {
  const out = new Map<string, { opening: OpeningRecord; cut: CutWall; region: readonly (readonly Vec2[])[] }>();
  for (const cut of cutWalls(ctx).values()) {
    for (const piece of cut.pieces) if (piece.opening) out.set(piece.opening.id, { opening: piece.opening, cut, region: piece.polygons });
  }
  return out;
});

export const openingPlan: PlanFacet<OpeningRecord> = {
  *recordsOn(ctx) {
    for (const { opening } of openingStretches(ctx).values()) yield opening;
  },

  draw(opening, state, ctx, paint) {
    const stretch = openingStretches(ctx).get(opening.id);
    if (stretch) drawOpening(paint, stretch.cut.axes, stretch.cut.wall.thickness, opening, stretch.region, state, null);
  },
};

/** A quarter-circle swing: the leaf standing open from the hinge, the arc back to the closing jamb. */
function swing(paint: Painter, axes: WallAxes, hingeAlong: number, closeAlong: number, across: number, side: 1 | -1, leaves: Vec2[][], arcs: Vec2[]): void {
  const hinge = wallPoint(axes, hingeAlong, across);
  const width = Math.abs(closeAlong - hingeAlong);
  const out = scale(axes.n, side);
  const towards = scale(axes.u, Math.sign(closeAlong - hingeAlong));
  const tip = add(hinge, out, width);
  const thick = Math.min(Math.max(LEAF_THICKNESS, paint.px(PAINT_PX.leafMin)), width / 4);
  leaves.push([hinge, tip, add(tip, towards, thick), add(hinge, towards, thick)]);
  const a0 = Math.atan2(out.y, out.x);
  const a1 = Math.atan2(towards.y, towards.x);
  let delta = a1 - a0;
  while (delta > Math.PI) delta -= 2 * Math.PI;
  while (delta < -Math.PI) delta += 2 * Math.PI;
  paint.arc(hinge, width, a0, a0 + delta, arcs);
}

/**
 * One opening's symbol in its stretch of the wall (`region`: the footprint there). `preview`
 * draws the opening tool's candidate in its ok / refused colour instead of the record's state.
 */
export function drawOpening(
  paint: Painter,
  axes: WallAxes,
  thickness: number,
  opening: Pick<OpeningRecord, 'id' | 'kind' | 'offset' | 'width' | 'flipSide' | 'flipHinge'>,
  region: readonly (readonly Vec2[])[],
  state: PlanState,
  preview: { readonly ok: boolean } | null,
): void {
  const id = preview ? null : opening.id;
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
  const { fills, lines } = paint;

  // The floor runs through a doorway: fill the gap in the wall like the rooms.
  if (style !== 'window' && !preview) for (const polygon of region) fills.push({ role: 'doorway', id, state, color: PLAN_COLORS.room, opacity: 1, layer, rings: [polygon] });

  switch (style) {
    case 'window': {
      if (!preview) for (const polygon of region) fills.push({ role: 'window', id, state, color: PLAN_COLORS.windowFill, opacity: 1, layer, rings: [polygon] });
      for (const polygon of region) paint.ring(polygon, symbol);
      // Glass lines across the thickness (with the two faces, the four lines of a plan window).
      for (const k of [-1 / 3, 1 / 3]) symbol.push(wallPoint(axes, from, half * k), wallPoint(axes, to, half * k));
      break;
    }
    case 'single': {
      const [hinge, close] = opening.flipHinge ? [to, from] : [from, to];
      swing(paint, axes, hinge, close, side * half, side, leaves, arcs);
      break;
    }
    case 'double':
    case 'unequal': {
      // Son-mother doors: the larger leaf (2/3) on the hinge side flipHinge picks.
      const split = style === 'double' ? opening.offset : opening.flipHinge ? to - (opening.width * 2) / 3 : from + (opening.width * 2) / 3;
      swing(paint, axes, from, split, side * half, side, leaves, arcs);
      swing(paint, axes, to, split, side * half, side, leaves, arcs);
      break;
    }
    case 'sliding': {
      const overlap = Math.min(40, opening.width / 10);
      const t = Math.max(SLIDING_PANEL, paint.px(PAINT_PX.leafMin)) / 2;
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
      paint.dashed(wallPoint(axes, from, half), wallPoint(axes, to, half), symbol);
      paint.dashed(wallPoint(axes, from, -half), wallPoint(axes, to, -half), symbol);
      break;
    }
  }
  // Over the window's white, under the symbol's lines.
  if (accent !== null) {
    for (const polygon of region) {
      fills.push({ role: preview ? 'preview-opening' : 'opening-highlight', id, state, color: ink, opacity: preview ? 0.35 : 0.18, layer, rings: [polygon] });
    }
  }
  if (style !== 'window' && preview) for (const polygon of region) paint.ring(polygon, symbol);
  const role = preview ? 'preview-opening' : style === 'window' ? 'window' : style === 'hole' ? 'hole' : 'door';
  if (symbol.length) lines.push({ role, id, state, color: ink, opacity: 1, layer, segments: symbol });
  if (arcs.length) lines.push({ role: preview ? 'preview-opening' : 'door-arc', id, state, color: accent ?? PLAN_COLORS.arc, opacity: 1, layer, segments: arcs });
  // One fill per leaf: separate polygons, not an outline with holes.
  for (const leaf of leaves) fills.push({ role: preview ? 'preview-opening' : 'door-leaf', id, state, color: ink, opacity: 1, layer, rings: [leaf] });
}
