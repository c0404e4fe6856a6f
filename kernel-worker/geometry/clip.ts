import type { Vec2 } from '../../protocol/records';
import { signedArea } from './polygon';

// Polygon clipping for matching rooms before and after an edit. Room outlines are concave and may
// have holes, so the intersection area is computed exactly, without sampling or a general clipper:
// a polygon's indicator function is the sum of the signed triangles (O, pᵢ, pᵢ₊₁) over its edges
// for any point O (the winding number), so
//   area(A ∩ B) = Σᵢ Σⱼ sign(Tᵢ) · sign(Uⱼ) · area(Tᵢ ∩ Uⱼ),
// and each term is the intersection of two triangles: convex, clipped with Sutherland–Hodgman,
// which has no degenerate cases to special-case (shared edges and touching corners just give zero
// or the right area). Cost O(n·m) triangle pairs, less the pairs whose boxes do not meet; rooms
// have tens of corners. O is the centre of the two boxes' overlap, keeping the triangles small.

/** A ring with optional holes: the outline counter-clockwise or not, holes the other way or not (normalised here). */
export interface Region {
  readonly outline: readonly Vec2[];
  readonly holes?: readonly (readonly Vec2[])[];
}

/** Sutherland–Hodgman: the part of `subject` inside the convex polygon `clip` (counter-clockwise). */
export function clipConvex(subject: readonly Vec2[], clip: readonly Vec2[]): Vec2[] {
  let out: Vec2[] = [...subject];
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const side = (p: Vec2) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j]!;
      const q = input[(j + 1) % input.length]!;
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
      }
    }
  }
  return out;
}

// Triangle ∩ triangle on flat buffers: up to 3 + 3 = 6 corners after three clips (9 for safety).
const bufA = new Float64Array(24);
const bufB = new Float64Array(24);

/** Area of the intersection of two counter-clockwise triangles given as 6 numbers each. */
function triangleOverlap(t: Float64Array, ti: number, u: Float64Array, ui: number): number {
  let src = bufA;
  let dst = bufB;
  for (let k = 0; k < 6; k++) src[k] = t[ti + k]!;
  let n = 3;
  for (let e = 0; e < 3 && n > 0; e++) {
    const ax = u[ui + 2 * e]!;
    const ay = u[ui + 2 * e + 1]!;
    const bx = u[ui + ((2 * e + 2) % 6)]!;
    const by = u[ui + ((2 * e + 3) % 6)]!;
    const ex = bx - ax;
    const ey = by - ay;
    let m = 0;
    let px = src[2 * (n - 1)]!;
    let py = src[2 * (n - 1) + 1]!;
    let sp = ex * (py - ay) - ey * (px - ax);
    for (let k = 0; k < n; k++) {
      const qx = src[2 * k]!;
      const qy = src[2 * k + 1]!;
      const sq = ex * (qy - ay) - ey * (qx - ax);
      if ((sp >= 0) !== (sq >= 0)) {
        const s = sp / (sp - sq);
        dst[2 * m] = px + (qx - px) * s;
        dst[2 * m + 1] = py + (qy - py) * s;
        m++;
      }
      if (sq >= 0) {
        dst[2 * m] = qx;
        dst[2 * m + 1] = qy;
        m++;
      }
      px = qx;
      py = qy;
      sp = sq;
    }
    const swap = src;
    src = dst;
    dst = swap;
    n = m;
  }
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    sum += src[2 * k]! * src[2 * j + 1]! - src[2 * j]! * src[2 * k + 1]!;
  }
  return sum / 2;
}

interface Fan {
  /** counter-clockwise triangles, 6 numbers each */
  readonly tri: Float64Array;
  /** +1 or -1 per triangle */
  readonly sign: Int8Array;
  /** box per triangle: minX, minY, maxX, maxY */
  readonly box: Float64Array;
  readonly count: number;
}

function ringsOf(r: Region | readonly Vec2[]): (readonly Vec2[])[] {
  if (Array.isArray(r)) return [r as readonly Vec2[]];
  const region = r as Region;
  // The winding sum is 1 inside only with the outline counter-clockwise and holes clockwise.
  const outline = signedArea(region.outline) >= 0 ? region.outline : [...region.outline].reverse();
  const holes = (region.holes ?? []).map((h) => (signedArea(h) <= 0 ? h : [...h].reverse()));
  return [outline, ...holes];
}

function fan(rings: readonly (readonly Vec2[])[], ox: number, oy: number): Fan {
  let total = 0;
  for (const r of rings) total += r.length;
  const tri = new Float64Array(6 * total);
  const sign = new Int8Array(total);
  const box = new Float64Array(4 * total);
  let n = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      const px = p.x - ox;
      const py = p.y - oy;
      const qx = q.x - ox;
      const qy = q.y - oy;
      const c = px * qy - py * qx;
      if (c === 0) continue;
      const k = 6 * n;
      tri[k] = 0;
      tri[k + 1] = 0;
      // counter-clockwise: (O, p, q) when c > 0, else (O, q, p)
      tri[k + 2] = c > 0 ? px : qx;
      tri[k + 3] = c > 0 ? py : qy;
      tri[k + 4] = c > 0 ? qx : px;
      tri[k + 5] = c > 0 ? qy : py;
      sign[n] = c > 0 ? 1 : -1;
      box[4 * n] = Math.min(0, px, qx);
      box[4 * n + 1] = Math.min(0, py, qy);
      box[4 * n + 2] = Math.max(0, px, qx);
      box[4 * n + 3] = Math.max(0, py, qy);
      n++;
    }
  }
  return { tri, sign, box, count: n };
}

function boundsOfRings(rings: readonly (readonly Vec2[])[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rings) {
    for (const p of r) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return [minX, minY, maxX, maxY];
}

/**
 * Area of A ∩ B in the input's units². A plain ring (array) counts by its winding (give it
 * counter-clockwise); a Region is normalised. Rings may be concave; regions may have holes.
 */
export function intersectionArea(a: Region | readonly Vec2[], b: Region | readonly Vec2[]): number {
  const ra = ringsOf(a);
  const rb = ringsOf(b);
  const [aMinX, aMinY, aMaxX, aMaxY] = boundsOfRings(ra);
  const [bMinX, bMinY, bMaxX, bMaxY] = boundsOfRings(rb);
  const minX = Math.max(aMinX, bMinX);
  const minY = Math.max(aMinY, bMinY);
  const maxX = Math.min(aMaxX, bMaxX);
  const maxY = Math.min(aMaxY, bMaxY);
  if (!(minX < maxX && minY < maxY)) return 0;
  const ox = (minX + maxX) / 2;
  const oy = (minY + maxY) / 2;
  const fa = fan(ra, ox, oy);
  const fb = fan(rb, ox, oy);
  let sum = 0;
  for (let i = 0; i < fa.count; i++) {
    const i4 = 4 * i;
    for (let j = 0; j < fb.count; j++) {
      const j4 = 4 * j;
      if (fa.box[i4]! >= fb.box[j4 + 2]! || fb.box[j4]! >= fa.box[i4 + 2]!) continue;
      if (fa.box[i4 + 1]! >= fb.box[j4 + 3]! || fb.box[j4 + 1]! >= fa.box[i4 + 3]!) continue;
      sum += fa.sign[i]! * fb.sign[j]! * triangleOverlap(fa.tri, 6 * i, fb.tri, 6 * j);
    }
  }
  return sum;
}

/** Area of A ∪ B (inclusion–exclusion). */
export function unionArea(a: Region | readonly Vec2[], b: Region | readonly Vec2[]): number {
  const area = (r: Region | readonly Vec2[]) => ringsOf(r).reduce((s, ring) => s + signedArea(ring), 0);
  return area(a) + area(b) - intersectionArea(a, b);
}
