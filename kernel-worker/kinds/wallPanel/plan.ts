import { WALL_COLORS, type Vec2, type WallPanelRecord } from '../../../protocol/records';
import { PLAN_COLORS, PLAN_LAYERS } from '../../render/plan-primitives';
import { wallAxes, wallPoint } from '../../render/wall-cut';
import { planShared, type PlanFacet } from '../plan-kind';
import { openingsOnWalls } from '../wall/plan';
import { panelBoxes, panelSpans } from './parts';
import { byId } from '../../document/store';

// Wainscoting in the plan: a thin strip in its colour along the wall face it covers, its board's
// depth wide, broken where its wall's openings break it; not drawn on the storeys below.

/** The storey's panels, in record order (those of walls on other storeys are not drawn). */
const panelsOn = planShared((ctx): readonly WallPanelRecord[] => {
  return ctx.walls.flatMap((w) => ctx.records.referring(w.id, 'wallPanel')).sort(byId);
});

export const wallPanelPlan: PlanFacet<WallPanelRecord> = {
  recordsOn: panelsOn,

  draw(panel, state, ctx, paint) {
    const wall = ctx.records.getOfType(panel.wallId, 'wall');
    if (!wall) return;
    const spans = panelSpans(panel, wall, ctx.footprints.get(wall.id) ?? [], openingsOnWalls(ctx).get(wall.id) ?? []);
    // Only the boards are drawn: a framed panel's rails would be lines too thin to read.
    const boards = panelBoxes({ ...panel, style: 'flat' }, wall, spans);
    const axes = wallAxes(wall);
    const color = state === 'selected' ? PLAN_COLORS.wallSelected : state === 'hover' ? PLAN_COLORS.wallHover : WALL_COLORS[panel.color];
    const edge: Vec2[] = [];
    for (const { along, across } of boards) {
      const ring = [wallPoint(axes, along[0], across[0]), wallPoint(axes, along[1], across[0]), wallPoint(axes, along[1], across[1]), wallPoint(axes, along[0], across[1])];
      paint.fills.push({ role: 'wallPanel', id: panel.id, state, color, opacity: 1, layer: PLAN_LAYERS.wall, rings: [ring] });
      paint.ring(ring, edge);
    }
    const edgeColor = state === 'selected' ? PLAN_COLORS.wallEdgeSelected : PLAN_COLORS.wallEdge;
    paint.lines.push({ role: 'wallPanel', id: panel.id, state, color: edgeColor, opacity: 1, layer: PLAN_LAYERS.wallEdge, segments: edge });
  },
};
