import type { KeyInput, PointerInput } from '../../protocol/input';
import type { SnapKind, Vec2 } from '../../protocol/records';
import { floorOpeningProblem } from '../geometry/floor-openings';
import { rectangle } from '../geometry/polygon';
import { snapPoint } from '../geometry/snap';
import { movedBeyond, type Tool, type ToolContext } from './types';
import { SNAP_RADIUS_PX } from './wall-tool';

// The floor-opening tool (楼梯洞口 / 挖洞): a rectangle in the plan, dragged corner to corner or
// clicked at two corners, its corners snapping to wall ends, centre lines and the like as the wall
// tool's points do (the tool record's snap switch). The preview shows the rectangle (refused
// colour while it is too small); the second corner adds it with the tool's kind, one undo step;
// the tool stays active. Esc drops a first corner.

export function createFloorOpeningTool(ctx: ToolContext): Tool {
  const { host } = ctx;
  let press: { x: number; y: number } | null = null;
  /** the first corner (plan mm), once pressed */
  let first: Vec2 | null = null;

  function pointAt(screen: { x: number; y: number }): { point: Vec2; kind: SnapKind } {
    const p = ctx.toPlan(screen);
    const on = ctx.tool().draw.snap;
    const snapped = snapPoint(p, ctx.scene().walls, {
      tolerance: SNAP_RADIUS_PX * ctx.mmPerPx(),
      endpoints: on,
      midpoints: on,
      lines: on,
      orthogonal: false,
      angles: false,
      from: null,
    });
    return snapped.kind === 'none' ? { point: { x: Math.round(p.x), y: Math.round(p.y) }, kind: 'none' } : { point: snapped.point, kind: snapped.kind };
  }

  const outlineOf = (a: Vec2, b: Vec2) => rectangle(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y));

  function show(corner: { point: Vec2; kind: SnapKind } | null): void {
    if (!corner) {
      ctx.setLive(null, null);
      return;
    }
    const snap = corner.kind === 'none' ? null : corner;
    const rect = first ? outlineOf(first, corner.point) : null;
    ctx.setLive({ segment: null, snap, typed: '', opening: null, floorOpening: rect ? { outline: rect, ok: floorOpeningProblem(rect) === null } : null }, null);
  }

  function place(to: Vec2): void {
    const from = first!;
    first = null;
    const outline = outlineOf(from, to);
    // Too small to be an opening (a click without a second corner yet): nothing to add.
    if (floorOpeningProblem(outline)) return;
    ctx.pin();
    // As a gesture: one undo step, and a refusal (an overlap with another opening) is told to the
    // designer through the tool record, with nothing added.
    const storeyId = ctx.scene().storeyId ?? undefined;
    const gesture = ctx.beginEdit('floorOpening.add');
    gesture.move(() => host.exec('floorOpening.add', { outline, kind: ctx.tool().floorOpening?.kind ?? 'stair', ...(storeyId !== undefined && { storeyId }) }));
    gesture.finish();
  }

  function pointerPlan(e: PointerInput): boolean {
    switch (e.type) {
      case 'pointerdown':
        if (e.button !== 0) return e.button === 2;
        press = { x: e.x, y: e.y };
        if (!first) first = pointAt(e).point;
        return true;
      case 'pointermove':
        show(pointAt(e));
        return true;
      case 'pointerup': {
        const p = press;
        press = null;
        if (e.button !== 0 || !p || !first) return true;
        const corner = pointAt(e).point;
        // A drag ends the rectangle where it is let go; a click is a corner: the second one ends it.
        const dragged = movedBeyond(p, e);
        const second = !dragged && (corner.x !== first.x || corner.y !== first.y);
        if (dragged || second) {
          place(corner);
          show(pointAt(e));
        }
        return true;
      }
      case 'pointercancel':
        press = null;
        return true;
      case 'pointerleave':
        show(null);
        return true;
    }
  }

  return {
    pointer(e) {
      // Drawn in the plan only; the 3D views keep their camera controls.
      return ctx.cameraView() === 2 ? pointerPlan(e) : false;
    },
    key(_e: KeyInput) {
      return false;
    },
    cancel() {
      if (!first) return false;
      first = null;
      ctx.setLive(null, null);
      return true;
    },
    reset() {
      press = null;
      first = null;
    },
  };
}
