import type { KeyInput, PointerInput } from '../../protocol/input';
import type { ToolPreview, Vec2, WallRecord } from '../../protocol/records';
import { clampOpening } from '../geometry/openings';
import { hitWall, wallFrame } from './hit-test';
import { movedBeyond, type Tool, type ToolContext } from './types';

// The opening tool: places doors and windows of the kind and size in the tool record. Hovering a
// wall in the plan shows where the opening would go (preview.opening): at the pointer, moved to the
// nearest place it fits (clear of the wall's joints, its ends and other openings) as long as that
// stays under the pointer; ok false where it does not fit. A click adds it; the tool stays active.
// In the 3D views a click on a wall (renderer pick) places it there.

/** How far from a wall's face (CSS px) the pointer may be and still place on it. */
const WALL_REACH_PX = 8;

export function createOpeningTool(ctx: ToolContext): Tool {
  const { host } = ctx;
  let press: { x: number; y: number } | null = null;

  /** Where the opening would go on `wall` with the pointer at `p`. */
  function placeOn(wall: WallRecord, p: Vec2): NonNullable<ToolPreview['opening']> {
    const params = ctx.tool().opening;
    const f = wallFrame(wall, p);
    const others = ctx.scene().openings.filter((o) => o.wallId === wall.id);
    const usable = ctx.scene().plan().usable.get(wall.id);
    const allowed = clampOpening({ length: f.length, usable }, others, { offset: f.along, width: params.width });
    // The nearest free place counts only while the opening would still be under the pointer;
    // further away the designer is pointing at a place where it does not fit.
    const fits = allowed !== null && Math.abs(allowed - f.along) <= params.width / 2 && params.elevation + params.height <= wall.height;
    const offset = fits ? allowed : Math.min(f.length, Math.max(0, f.along));
    return { wallId: wall.id, offset, width: params.width, ok: fits };
  }

  function previewAt(screen: { x: number; y: number }): NonNullable<ToolPreview['opening']> | null {
    const p = ctx.toPlan(screen);
    const wall = hitWall(ctx.scene(), p, ctx.mmPerPx(), WALL_REACH_PX);
    return wall ? placeOn(wall, p) : null;
  }

  function show(opening: NonNullable<ToolPreview['opening']> | null): void {
    ctx.setLive(opening ? { segment: null, snap: null, typed: '', opening } : null, opening?.wallId ?? null);
  }

  function place(opening: NonNullable<ToolPreview['opening']>): boolean {
    if (!opening.ok) return false;
    const params = ctx.tool().opening;
    try {
      host.exec('opening.add', {
        wallId: opening.wallId,
        kind: params.kind,
        offset: opening.offset,
        width: params.width,
        height: params.height,
        elevation: params.elevation,
      });
      return true;
    } catch (e) {
      // The command has the last word (its own rules); the preview says it does not fit here.
      console.warn('[tools] opening not added', e);
      return false;
    }
  }

  function pointerPlan(e: PointerInput): boolean {
    switch (e.type) {
      case 'pointerdown':
        if (e.button === 0) press = { x: e.x, y: e.y };
        return e.button === 0 || e.button === 2;
      case 'pointermove':
        show(previewAt(e));
        return true;
      case 'pointerup': {
        const p = press;
        press = null;
        if (e.button !== 0 || !p || movedBeyond(p, e)) return true;
        const opening = previewAt(e);
        if (opening && place(opening)) show(previewAt(e));
        else show(opening && { ...opening, ok: false });
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

  function pointer3d(e: PointerInput): boolean {
    if (e.type === 'pointerdown' && e.button === 0) press = { x: e.x, y: e.y };
    else if (e.type === 'pointermove' && press && movedBeyond(press, e)) press = null;
    else if (e.type === 'pointerup' && e.button === 0 && press) {
      press = null;
      const picked = host.pick(e.x, e.y);
      const wall = picked ? host.records.getOfType(picked.id, 'wall') : undefined;
      if (wall && picked && ctx.scene().wallsById.has(wall.id)) place(placeOn(wall, picked.point));
    }
    return false;
  }

  return {
    pointer(e) {
      return ctx.cameraView() === 2 ? pointerPlan(e) : pointer3d(e);
    },
    key(_e: KeyInput) {
      return false;
    },
    cancel() {
      return false;
    },
    reset() {
      press = null;
    },
  };
}
