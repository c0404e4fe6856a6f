import type { Vec2 } from '../../protocol/records';

/** Signed area (shoelace); positive when the points run counter-clockwise. Units²of the input. */
export function signedArea(points: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** Area in m² rounded to two decimals, from an outline in millimetres (the unit rooms report). */
export function areaSquareMetres(outlineMm: readonly Vec2[]): number {
  return Math.round(Math.abs(signedArea(outlineMm)) / 10_000) / 100;
}

export interface Bounds2 {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function boundsOf(points: Iterable<Vec2>): Bounds2 | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/** Axis-aligned rectangle as a counter-clockwise outline starting at its south-west corner. */
export function rectangle(minX: number, minY: number, maxX: number, maxY: number): Vec2[] {
  return [
    { x: minX, y: minY },
    { x: maxX, y: minY },
    { x: maxX, y: maxY },
    { x: minX, y: maxY },
  ];
}

/** Even-odd point in polygon (the ring may run either way); points on the boundary may go either way. */
export function pointInRing(p: Vec2, ring: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The point of the ring's boundary nearest to p, and whether p lies inside the ring. */
export function nearestOnRing(p: Vec2, ring: readonly Vec2[]): { x: number; y: number; d2: number; inside: boolean } {
  let bestX = p.x;
  let bestY = p.y;
  let best = Infinity;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    const ex = b.x - a.x;
    const ey = b.y - a.y;
    const len2 = ex * ex + ey * ey;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2));
    const x = a.x + ex * t;
    const y = a.y + ey * t;
    const d2 = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d2 < best) {
      best = d2;
      bestX = x;
      bestY = y;
    }
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return { x: bestX, y: bestY, d2: best, inside };
}

/** Distance from p to the ring's boundary (the nearest edge). */
export function distanceToRing(p: Vec2, ring: readonly Vec2[]): number {
  return Math.sqrt(nearestOnRing(p, ring).d2);
}

/**
 * A point this close (mm) to the line through its neighbours is dropped from a ring: the grid
 * output points are rounded to (a micrometre), so points computed on one line stay within it.
 */
export const COLLINEAR_TOLERANCE = 1e-3;

/**
 * Drops repeated points and points on a straight line between their neighbours (including the
 * tip of a zero-width spike), so rings carry only real corners. Rings of fewer than 3 points come back as they are.
 */
export function cleanRing(points: readonly Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  const redundant = (a: Vec2, b: Vec2, c: Vec2): boolean => {
    const abx = b.x - a.x;
    const aby = b.y - a.y;
    const acx = c.x - a.x;
    const acy = c.y - a.y;
    const len2 = acx * acx + acy * acy;
    if (len2 === 0) return true;
    const off = abx * acy - aby * acx;
    return off * off <= COLLINEAR_TOLERANCE * COLLINEAR_TOLERANCE * len2;
  };
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    while (out.length >= 2 && redundant(out[out.length - 2]!, out[out.length - 1]!, p)) out.pop();
    out.push(p);
  }
  // The seam: the last points against the first ones.
  let changed = true;
  while (changed && out.length >= 3) {
    changed = false;
    const first = out[0]!;
    const last = out[out.length - 1]!;
    if (first.x === last.x && first.y === last.y) {
      out.pop();
      changed = true;
    } else if (redundant(out[out.length - 2]!, last, first)) {
      out.pop();
      changed = true;
    } else if (redundant(last, first, out[1]!)) {
      out.shift();
      changed = true;
    }
  }
  return out;
}

/** Where segments a-b and c-d cross properly (not at or along their ends), or null. */
function properCrossing(a: Vec2, b: Vec2, c: Vec2, d: Vec2): Vec2 | null {
  const d1 = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d2 = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);
  const d3 = (d.x - c.x) * (a.y - c.y) - (d.y - c.y) * (a.x - c.x);
  const d4 = (d.x - c.x) * (b.y - c.y) - (d.y - c.y) * (b.x - c.x);
  // Relative to the segments' size, so micrometre-rounded corners that touch do not count.
  const eps = 1e-9 * ((b.x - a.x) ** 2 + (b.y - a.y) ** 2 + (d.x - c.x) ** 2 + (d.y - c.y) ** 2);
  if (!((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps))) return null;
  if (!((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))) return null;
  const t = d3 / (d3 - d4);
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/**
 * A ring that crosses itself, split at its crossings into simple loops, keeping those that run
 * counter-clockwise (positive area). A wall piece shorter than the joints at its ends comes out of
 * the joint construction folded over itself: its inverted part is what the neighbouring walls
 * already cover, and dropping it leaves the part (if any) that sticks out of them.
 */
export function positiveLoops(ring: readonly Vec2[]): Vec2[][] {
  const out: Vec2[][] = [];
  // A work list, not recursion with a depth limit: each split leaves two rings of fewer points
  // than the one split, so it ends however many times a ring crosses itself.
  const work: (readonly Vec2[])[] = [ring];
  while (work.length > 0) {
    const r = work.pop()!;
    const n = r.length;
    if (n < 3) continue;
    let split = false;
    for (let i = 0; i < n && !split; i++) {
      const a = r[i]!;
      const b = r[(i + 1) % n]!;
      for (let j = i + 2; j < n; j++) {
        if (i === 0 && j === n - 1) continue;
        const x = properCrossing(a, b, r[j]!, r[(j + 1) % n]!);
        if (!x) continue;
        // Second pushed first: loops come out in ring order, as the recursive version gave them.
        work.push(cleanRing([x, ...r.slice(j + 1), ...r.slice(0, i + 1)]), cleanRing([x, ...r.slice(i + 1, j + 1)]));
        split = true;
        break;
      }
    }
    if (!split && signedArea(r) > 0) out.push([...r]);
  }
  return out;
}

/**
 * A point well inside the ring for its label: the centroid when it is clear of the edges (at least
 * 0.8 of the best clearance found), else the clearest midpoint of 15 horizontal scan lines.
 */
export function ringLabelPoint(ring: readonly Vec2[]): Vec2 {
  let a = 0;
  let cx = 0;
  let cy = 0;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const c = p.x * q.y - q.x * p.y;
    a += c;
    cx += (p.x + q.x) * c;
    cy += (p.y + q.y) * c;
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const centroid = a !== 0 ? { x: cx / (3 * a), y: cy / (3 * a) } : ring[0]!;
  const centroidClear = pointInRing(centroid, ring) ? distanceToRing(centroid, ring) : -1;
  let best: Vec2 = centroid;
  let bestClear = centroidClear;
  for (let k = 1; k < 16; k++) {
    const y = minY + ((maxY - minY) * k) / 16;
    const xs: number[] = [];
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      if (p.y > y !== q.y > y) xs.push(p.x + ((y - p.y) * (q.x - p.x)) / (q.y - p.y));
    }
    xs.sort((u, v) => u - v);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const p = { x: (xs[i]! + xs[i + 1]!) / 2, y };
      const c = distanceToRing(p, ring);
      if (c > bestClear) {
        bestClear = c;
        best = p;
      }
    }
  }
  return centroidClear >= 0.8 * bestClear ? centroid : best;
}
