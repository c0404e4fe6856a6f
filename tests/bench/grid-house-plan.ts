import type { PlanOpeningInput, PlanWallInput } from '../../protocol/commands';

// The 150-wall house the floor-plan benchmarks (plan-drag, plan-render) build with plan.build.

export const ROWS = 6;
export const COLS = 11;
export const ROOM_W = 4200;
export const ROOM_D = 3600;

/** A grid of rooms: every cell side is one wall (149 walls), a door on each room's south wall, windows along the north. */
export function housePlan(): { walls: PlanWallInput[]; openings: PlanOpeningInput[] } {
  const walls: PlanWallInput[] = [];
  const openings: PlanOpeningInput[] = [];
  for (let r = 0; r <= ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const index = walls.push({ start: { x: c * ROOM_W, y: r * ROOM_D }, end: { x: (c + 1) * ROOM_W, y: r * ROOM_D } }) - 1;
      if (r < ROWS) openings.push({ wall: index, kind: 1, offset: 1000 });
      if (r === ROWS) openings.push({ wall: index, kind: 0, offset: ROOM_W / 2 });
    }
  }
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c <= COLS; c++) walls.push({ start: { x: c * ROOM_W, y: r * ROOM_D }, end: { x: c * ROOM_W, y: (r + 1) * ROOM_D } });
  }
  return { walls, openings };
}
