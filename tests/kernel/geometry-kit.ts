// Shared helpers for the geometry tests: walls from coordinates and plain polygon facts.

import type { Vec2 } from '../../protocol/records';
import type { WallInput } from '../../kernel-worker/geometry/wall-graph';

export const wall = (id: string, sx: number, sy: number, ex: number, ey: number, thickness = 240): WallInput => ({
  id,
  start: { x: sx, y: sy },
  end: { x: ex, y: ey },
  thickness,
});

/** Walls around a closed polygon given by its corners (wall i from corner i to corner i + 1). */
export function loop(prefix: string, corners: readonly (readonly [number, number])[], thickness = 240): WallInput[] {
  return corners.map(([x, y], i) => {
    const [ex, ey] = corners[(i + 1) % corners.length]!;
    return wall(`${prefix}${i}`, x, y, ex, ey, thickness);
  });
}

/** The 6000 x 5000 centre-line rectangle of the default room, counter-clockwise from the origin. */
export const defaultRoomWalls = (): WallInput[] =>
  loop('w', [
    [0, 0],
    [6000, 0],
    [6000, 5000],
    [0, 5000],
  ]);

export const polar = (length: number, degrees: number): Vec2 => ({
  x: length * Math.cos((degrees * Math.PI) / 180),
  y: length * Math.sin((degrees * Math.PI) / 180),
});

/**
 * A closed convex polygon offset by d to the left of each edge (inwards for a counter-clockwise
 * polygon, outwards with d < 0): the intersection of neighbouring offset lines, computed here
 * independently of the library.
 */
export function offsetConvex(corners: readonly Vec2[], d: number): Vec2[] {
  const n = corners.length;
  const lines = corners.map((p, i) => {
    const q = corners[(i + 1) % n]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    const ux = (q.x - p.x) / len;
    const uy = (q.y - p.y) / len;
    return { px: p.x - uy * d, py: p.y + ux * d, ux, uy };
  });
  return lines.map((b, i) => {
    const a = lines[(i + n - 1) % n]!;
    const denom = a.ux * b.uy - a.uy * b.ux;
    const t = ((b.px - a.px) * b.uy - (b.py - a.py) * b.ux) / denom;
    return { x: a.px + a.ux * t, y: a.py + a.uy * t };
  });
}
