import { WALL_COLORS, type OpeningRecord, type Vec2, type WallRecord } from '../../../protocol/records';
import type { WallFootprint } from '../../geometry/wall-footprint';
import { PLAN_COLORS, PLAN_LAYERS } from '../../render/plan-primitives';
import { cutWall, openingsByWall, wallAxes, type WallAxes, type WallPiece } from '../../render/wall-cut';
import { planShared, type PlanFacet } from '../plan-kind';
import { byId } from '../../document/store';

// A wall in the plan: its footprint (mitred at the joints, graph-cache.ts) filled and outlined,
// cut across at its openings (their stretches are the openings' own: kinds/opening/plan.ts); on a
// storey below the one shown, its whole footprint faded.

/** The storey's openings by wall id: its walls are cut at them. */
export const openingsOnWalls = planShared((ctx): ReadonlyMap<string, readonly OpeningRecord[]> => {
  // Through the store's referrer index, in id order as ofType gives them: no pass over every opening of the house.
  return openingsByWall(ctx.walls.flatMap((w) => ctx.records.referring(w.id, 'opening')).sort(byId));
});

export interface CutWall {
  readonly wall: WallRecord;
  readonly axes: WallAxes;
  readonly footprint: WallFootprint;
  /** solid stretches and the openings' stretches, along the wall */
  readonly pieces: readonly WallPiece[];
}

/** The storey's walls that have a footprint, cut at their openings, in wall order. */
export const cutWalls = planShared((ctx): ReadonlyMap<string, CutWall> => {
  const out = new Map<string, CutWall>();
  const openings = openingsOnWalls(ctx);
  for (const wall of ctx.walls) {
    const footprint = ctx.footprints.get(wall.id) ?? [];
    if (!footprint.length) continue;
    out.set(wall.id, { wall, axes: wallAxes(wall), footprint, pieces: cutWallOnce(wall, footprint, openings.get(wall.id) ?? []) });
  }
  return out;
});

const cuts = new WeakMap<WallFootprint, { readonly wall: WallRecord; readonly openings: readonly OpeningRecord[]; readonly pieces: readonly WallPiece[] }>();

/**
 * cutWall, remembered per footprint (graph-cache.ts keeps an unchanged wall's footprint the same
 * object): a redraw cuts only the walls that changed. The pieces' polygons keep their identity
 * too, which the plan layer's triangulation memo relies on.
 */
function cutWallOnce(wall: WallRecord, footprint: WallFootprint, openings: readonly OpeningRecord[]): readonly WallPiece[] {
  const known = cuts.get(footprint);
  if (known && known.wall === wall && known.openings.length === openings.length && known.openings.every((o, i) => o === openings[i])) return known.pieces;
  const pieces = cutWall(wall, footprint, openings);
  cuts.set(footprint, { wall, openings, pieces });
  return pieces;
}

export const wallPlan: PlanFacet<WallRecord> = {
  recordsOn: (ctx) => ctx.walls,

  draw(wall, state, ctx, paint) {
    const cut = cutWalls(ctx).get(wall.id);
    if (!cut) return;
    const fillColor = state === 'selected' ? PLAN_COLORS.wallSelected : state === 'hover' ? PLAN_COLORS.wallHover : wall.color ? WALL_COLORS[wall.color] : PLAN_COLORS.wall;
    const edge: Vec2[] = [];
    for (const piece of cut.pieces) {
      if (piece.opening) continue;
      for (const polygon of piece.polygons) {
        paint.fills.push({ role: 'wall', id: wall.id, state, color: fillColor, opacity: 1, layer: PLAN_LAYERS.wall, rings: [polygon] });
        paint.ring(polygon, edge);
      }
    }
    const edgeColor = state === 'selected' ? PLAN_COLORS.wallEdgeSelected : PLAN_COLORS.wallEdge;
    paint.lines.push({ role: 'wall-edge', id: wall.id, state, color: edgeColor, opacity: 1, layer: PLAN_LAYERS.wallEdge, segments: edge });
  },

  drawBelow(wall, ctx, paint) {
    for (const polygon of ctx.footprints.get(wall.id) ?? []) {
      paint.fills.push({ role: 'lower-wall', id: wall.id, state: 'normal', color: PLAN_COLORS.lowerWall, opacity: 1, layer: PLAN_LAYERS.lower, rings: [polygon] });
    }
  },
};
