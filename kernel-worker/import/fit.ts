// Turning another tool's wall solid into the product's wall: a centre line and a thickness. Files
// describe walls in many ways (an axis and a layer set, a footprint profile, a boundary
// representation, mitred or clipped ends), but every straight wall's plan footprint is close to a
// rectangle, so the importers fit the smallest rectangle around the footprint and read the wall
// from it. Curved or L-shaped solids fill that rectangle badly and are reported instead.
import type { Vec2 } from '../../protocol/records';
import { signedArea } from '../geometry/polygon';

/** Convex hull (Andrew's monotone chain), counter-clockwise, without collinear points. */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Vec2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

export interface FittedWall {
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
  /** footprint area / rectangle area: 1 for a box, lower for curved or bent solids */
  readonly fill: number;
}

/**
 * The minimum-area rectangle around the points (rotating calipers over the hull's edges), read as
 * a wall: the long sides are its faces, the centre line joins the middles of the short sides.
 * `footprintArea` is the area the solid really covers in plan (defaults to the hull's).
 */
export function fitWall(points: readonly Vec2[], footprintArea?: number): FittedWall | null {
  const hull = convexHull(points);
  if (hull.length < 3) return null;
  let best: { area: number; ux: number; uy: number; minU: number; maxU: number; minV: number; maxV: number } | null = null;
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i]!;
    const q = hull[(i + 1) % hull.length]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    if (len === 0) continue;
    const ux = (q.x - p.x) / len;
    const uy = (q.y - p.y) / len;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const h of hull) {
      const u = h.x * ux + h.y * uy;
      const v = -h.x * uy + h.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (!best || area < best.area - 1e-9) best = { area, ux, uy, minU, maxU, minV, maxV };
  }
  if (!best || best.area <= 0) return null;
  let { ux, uy, minU, maxU, minV, maxV } = best;
  // The long side is the wall's direction.
  if (maxV - minV > maxU - minU) {
    [ux, uy] = [-uy, ux];
    [minU, maxU, minV, maxV] = [minV, maxV, -maxU, -minU];
  }
  const midV = (minV + maxV) / 2;
  const at = (u: number): Vec2 => ({ x: u * ux - midV * uy, y: u * uy + midV * ux });
  const covered = footprintArea ?? Math.abs(signedArea(hull));
  return { start: at(minU), end: at(maxU), thickness: maxV - minV, fill: Math.min(1, covered / best.area) };
}

/** The point's distance along the segment from `a` (unclamped) and its distance off the line. */
export function alongAndOff(p: Vec2, a: Vec2, b: Vec2): { along: number; off: number; length: number } {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  const dx = p.x - a.x;
  const dy = p.y - a.y;
  return { along: dx * ux + dy * uy, off: Math.abs(-dx * uy + dy * ux), length };
}
