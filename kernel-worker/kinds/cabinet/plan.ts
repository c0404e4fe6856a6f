import type { CabinetRecord, Vec2 } from '../../../protocol/records';
import { FRONT_GAP, FRONT_THICKNESS, SLIDING_OVERLAP, SLIDING_THICKNESS, BLIND_MARGIN, END_PANEL_THICKNESS } from '../../geometry/cabinet-parts';
import { PLAN_COLORS, PLAN_LAYERS, type PlanState } from '../../render/plan-primitives';
import { byId } from '../../document/store';
import { planShared, type PlanFacet } from '../plan-kind';
import { HOB_TOP } from '../../../protocol/cabinets';
import type { Worktop } from '../../geometry/worktop';
import { worktops } from '../../geometry/worktop';
import type { Painter } from '../../render/plan-primitives';

// Cabinets in the plan, as a kitchen or wardrobe drawing shows them: the carcass's outline filled
// white (the floor's pattern stops at it), hinged doors as their leaf opened square with its swing
// arc, sliding doors as their panels on two tracks, drawer fronts as a line; wall units (hung above
// the worktop) dashed and unfilled, as plans draw what is overhead; a filler as its board. A
// kitchen's worktop (geometry/worktop.ts): its owner unit draws each slab piece's outline (the
// overhang's edge in front of the doors, the joint at an L's corner), never highlighted, as it is no
// one unit's; each sink or hob unit its symbol (bowls with their drains and the tap behind, the
// hob's glass with its two burners), highlighted with it.

/** The shown storey's worktops, once per drawing. */
const storeyWorktops = planShared((ctx) => (ctx.storeyId === null ? [] : worktops(ctx.records.referring(ctx.storeyId, 'cabinet'), ctx.walls)));

function drawFittings(w: Worktop, unitId: string, paint: Painter, out: Vec2[]): void {
  for (const c of w.cutouts) {
    if (c.cabinetId !== unitId) continue;
    const cos = Math.cos(c.rotation);
    const sin = Math.sin(c.rotation);
    // Local x across the unit, y towards its back (as a cabinet's own frame).
    const at = (x: number, y: number): Vec2 => ({ x: c.centre.x + x * cos - y * sin, y: c.centre.y + x * sin + y * cos });
    const rect = (x0: number, y0: number, x1: number, y1: number) => paint.ring([at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)], out);
    const hw = c.size.width / 2;
    const hd = c.size.depth / 2;
    if (c.kind === 'sink') {
      const bowls = c.sinkType === 'double' ? [[-hw, -20], [20, hw]] : [[-hw, hw]];
      for (const [x0, x1] of bowls) {
        rect(x0! + 15, -hd + 15, x1! - 15, hd - 15);
        paint.arc(at((x0! + x1!) / 2, 0), 25, 0, 2 * Math.PI, out);
      }
      rect(-hw, -hd, hw, hd);
      // The tap behind the bowls.
      paint.arc(at(0, hd + 45), 20, 0, 2 * Math.PI, out);
    } else {
      rect(-HOB_TOP.width / 2, -HOB_TOP.depth / 2, HOB_TOP.width / 2, HOB_TOP.depth / 2);
      for (const x of [-190, 190]) {
        paint.arc(at(x, 0), 90, 0, 2 * Math.PI, out);
        paint.arc(at(x, 0), 45, 0, 2 * Math.PI, out);
      }
    }
  }
}

const COLORS: Record<PlanState, number> = { normal: PLAN_COLORS.symbol, hover: PLAN_COLORS.hover, selected: PLAN_COLORS.accent };
const FILLS: Record<PlanState, number> = { normal: PLAN_COLORS.windowFill, hover: PLAN_COLORS.roomHover, selected: PLAN_COLORS.roomSelected };

/** Plan point of a cabinet-local point (x across, y from front -depth/2 to back). */
function toPlan(c: CabinetRecord): (x: number, y: number) => Vec2 {
  const cos = Math.cos(c.rotation);
  const sin = Math.sin(c.rotation);
  return (x, y) => ({ x: c.position.x + x * cos - y * sin, y: c.position.y + x * sin + y * cos });
}

export const cabinetPlan: PlanFacet<CabinetRecord> = {
  recordsOn: (ctx) => (ctx.storeyId === null ? [] : ctx.records.referring(ctx.storeyId, 'cabinet').filter((c) => !c.hidden).sort(byId)),

  draw(c, state, ctx, paint) {
    const p = toPlan(c);
    const hw = c.width / 2;
    const front = -c.depth / 2;
    const back = c.depth / 2;
    const overhead = c.cabinetKind === 'wall';
    const outline = c.cabinetKind === 'filler' ? [p(-hw, front), p(hw, front), p(hw, front + c.board), p(-hw, front + c.board)] : [p(-hw, front), p(hw, front), p(hw, back), p(-hw, back)];
    const segments: Vec2[] = [];
    const dashed: Vec2[] = [];
    if (overhead) for (let i = 0; i < 4; i++) paint.dashed(outline[i]!, outline[(i + 1) % 4]!, dashed);
    else {
      paint.fills.push({ role: 'cabinet', id: c.id, state, color: FILLS[state], opacity: 1, layer: PLAN_LAYERS.wall, rings: [outline] });
      paint.ring(outline, segments);
    }

    // End panels (见光板): their boards beside the carcass, from the back to the doors' face.
    const panel = (xa: number, xb: number) => {
      const ring = [p(xa, front - FRONT_THICKNESS), p(xb, front - FRONT_THICKNESS), p(xb, back), p(xa, back)];
      if (overhead) for (let i = 0; i < 4; i++) paint.dashed(ring[i]!, ring[(i + 1) % 4]!, dashed);
      else paint.ring(ring, segments);
    };
    if (c.endPanelLeft) panel(-hw - END_PANEL_THICKNESS, -hw);
    if (c.endPanelRight) panel(hw, hw + END_PANEL_THICKNESS);

    const g = FRONT_GAP;
    const face = front - FRONT_THICKNESS;
    const leaf = (hinge: number, w: number, towards: 1 | -1) => {
      // The leaf opened square to the front, and the arc its free edge swept.
      const out = segments;
      out.push(p(hinge, face), p(hinge, face - w));
      const local: Vec2[] = [];
      const steps = 12;
      for (let k = 0; k <= steps; k++) {
        const a = (Math.PI / 2) * (k / steps);
        local.push(p(hinge + towards * w * Math.cos(a), face - w * Math.sin(a)));
      }
      for (let k = 1; k < local.length; k++) out.push(local[k - 1]!, local[k]!);
    };
    // Overhead units: their outline only (their doors would be drawn over the base run's).
    switch (overhead ? 'none' : c.doorType) {
      case 'single':
      case 'double': {
        const openW = c.cabinetKind === 'cornerBase' ? c.width - c.depth - BLIND_MARGIN : c.width;
        const n = c.doorType === 'double' ? 2 : 1;
        const w = (openW - n * g) / n;
        // Hinged on the left (a double's right leaf on the right), as the 3D view hangs them.
        leaf(-hw + g / 2, w, 1);
        if (n === 2) leaf(-hw + openW - g / 2, w, -1);
        if (c.cabinetKind === 'cornerBase') segments.push(p(-hw + openW, face), p(hw, face));
        break;
      }
      case 'drawers':
        segments.push(p(-hw, face), p(hw, face));
        break;
      case 'sliding': {
        const inner = c.width - 2 * c.board;
        const n = c.doorPanels;
        const w = (inner + (n - 1) * SLIDING_OVERLAP) / n;
        for (let i = 0; i < n; i++) {
          const xa = -hw + c.board + i * (w - SLIDING_OVERLAP);
          const y = front + (i % 2 === 0 ? 10 : 15 + SLIDING_THICKNESS) + SLIDING_THICKNESS / 2;
          segments.push(p(xa, y), p(xa + w, y));
        }
        break;
      }
      case 'none':
        break;
    }
    const over = storeyWorktops(ctx).find((w) => w.unitIds.includes(c.id));
    if (over) drawFittings(over, c.id, paint, segments);
    paint.lines.push({ role: 'cabinet', id: c.id, state, color: COLORS[state], opacity: 1, layer: PLAN_LAYERS.wallEdge, segments: [...segments, ...dashed] });
    if (over?.ownerId === c.id) {
      const outline: Vec2[] = [];
      for (const p of over.pieces) paint.ring(p.corners, outline);
      paint.lines.push({ role: 'cabinet', id: c.id, state: 'normal', color: COLORS.normal, opacity: 1, layer: PLAN_LAYERS.wallEdge, segments: outline });
    }
  },
};
