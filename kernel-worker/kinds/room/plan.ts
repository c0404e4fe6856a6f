import type { RoomRecord, Vec2 } from '../../../protocol/records';
import { boundsOf, ringLabelPoint, signedArea, type Bounds2 } from '../../geometry/polygon';
import { estimateTextWidthPx, PLAN_COLORS, PLAN_LAYERS, type PlanText } from '../../render/plan-primitives';
import { roomLabel } from '../../render/room-names';
import { planShared, type PlanFacet } from '../plan-kind';
import { byId } from '../../document/store';
import { roomArea } from './record';

// A room in the plan: its floor filled (tinted when hovered or selected, outlined when selected)
// under the walls, and its name and area where it is large enough on screen for them.

/** Screen sizes, CSS px. */
const PX = {
  name: 13,
  area: 12,
  selectionStroke: 2,
} as const;

/** The storey's rooms, in record order. */
export const storeyRooms = planShared((ctx): readonly RoomRecord[] => ctx.storeyId === null ? [] : ctx.records.referring(ctx.storeyId, 'room').sort(byId));

const boxes = new WeakMap<readonly Vec2[], Bounds2>();

/** The room outline's bounding box (an empty one, max < min, for an outline without points). */
export function roomBox(room: RoomRecord): Bounds2 {
  // Outlines are immutable record data: an unchanged room keeps its box.
  let box = boxes.get(room.outline);
  if (!box) boxes.set(room.outline, (box = boundsOf(room.outline) ?? { minX: 0, minY: 0, maxX: -1, maxY: -1 }));
  return box;
}

/** "27.42 m²": the area of an outline (a keyhole ring counts its holes out), two decimals. */
export function formatArea(outline: readonly Vec2[]): string {
  return formatSquareMetres(Math.round(Math.abs(signedArea(outline)) / 10_000) / 100);
}

/** "27.42 m²" from m². */
export function formatSquareMetres(area: number): string {
  return `${area.toFixed(2)} m²`;
}

/**
 * A point inside the ring to put its label on: roughly the point furthest from its edges (the
 * middles of the inside spans of a few horizontal scanlines), or the centroid when it is inside
 * and nearly as clear, so convex rooms keep their label in the middle and an L-shaped room or
 * one round an island gets it where there is room.
 */
export function labelPoint(ring: readonly Vec2[]): Vec2 {
  // Outlines are immutable record data: an unchanged room keeps its point.
  let known = labelPoints.get(ring);
  if (!known) labelPoints.set(ring, (known = ringLabelPoint(ring)));
  return known;
}

const labelPoints = new WeakMap<readonly Vec2[], Vec2>();

export const roomPlan: PlanFacet<RoomRecord> = {
  recordsOn: storeyRooms,

  draw(room, state, ctx, paint) {
    if (room.outline.length < 3) return;
    const color = state === 'selected' ? PLAN_COLORS.roomSelected : state === 'hover' ? PLAN_COLORS.roomHover : PLAN_COLORS.room;
    paint.fills.push({ role: 'room', id: room.id, state, color, opacity: 1, layer: PLAN_LAYERS.room, rings: [room.outline] });
    if (state === 'selected') {
      const rings = paint.strokeQuads(room.outline, paint.px(PX.selectionStroke));
      for (const quad of rings) paint.fills.push({ role: 'room-outline', id: room.id, state, color: PLAN_COLORS.accent, opacity: 1, layer: PLAN_LAYERS.highlight, rings: [quad] });
    }
    const name = roomLabel(room, ctx.locale);
    // Net of the storey's floor openings, as the properties and the room list say.
    const area = formatSquareMetres(roomArea(room, ctx.records));
    const box = roomBox(room);
    const widthPx = (box.maxX - box.minX) * ctx.pxPerMm;
    const heightPx = (box.maxY - box.minY) * ctx.pxPerMm;
    // A room too small on screen for its label goes without (zooming in shows it).
    if (heightPx < 36 || widthPx < Math.max(estimateTextWidthPx(name, PX.name), estimateTextWidthPx(area, PX.area)) + 8) return;
    const at = labelPoint(room.outline);
    const line = (role: 'room-name' | 'room-area', text: string, dy: number, color: number, sizePx: number, bold: boolean): PlanText => ({
      role,
      id: room.id,
      state,
      color,
      opacity: 1,
      layer: PLAN_LAYERS.label,
      text,
      at: { x: at.x, y: at.y + paint.px(dy) },
      angle: 0,
      sizePx,
      bold,
      background: null,
    });
    paint.texts.push(line('room-name', name, 9, PLAN_COLORS.roomName, PX.name, true), line('room-area', area, -9, PLAN_COLORS.roomArea, PX.area, false));
  },
};
