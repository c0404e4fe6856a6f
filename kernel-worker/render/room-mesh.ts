import { BufferAttribute, BufferGeometry, ShapeUtils, Vector2 } from 'three';
import type { OpeningRecord, Vec2, WallRecord } from '../../protocol/records';
import { MM } from './coords';

// A room's surfaces in world coordinates (metres, y up, plan north = -z), built straight into
// buffers: the floor, a ceiling (the room's own, flat at its height, or a suspended one from a
// ceiling record), and the skirting along the walls, broken at doors. Each faces the room: floors
// up, ceilings down (so from above, in the bird eye, they are not drawn), the skirting inwards.
// Texture uv are plan metres.

/** Skirting board: height and how far it stands out from the wall face (mm). */
export const SKIRTING_HEIGHT = 80;
export const SKIRTING_DEPTH = 12;

class Buffers {
  readonly position: number[] = [];
  readonly normal: number[] = [];
  readonly uv: number[] = [];

  vertex(p: Vec2, y: number, n: readonly [number, number, number], u: number, v: number): void {
    this.position.push(p.x * MM, y * MM, -p.y * MM);
    this.normal.push(n[0], n[1], n[2]);
    this.uv.push(u, v);
  }

  geometry(): BufferGeometry {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Float32Array(this.position), 3));
    g.setAttribute('normal', new BufferAttribute(new Float32Array(this.normal), 3));
    g.setAttribute('uv', new BufferAttribute(new Float32Array(this.uv), 2));
    g.computeBoundingBox();
    g.computeBoundingSphere();
    return g;
  }

  get empty(): boolean {
    return this.position.length === 0;
  }
}

/** A horizontal polygon at height y (mm), facing up or down; returns its triangulation (to reuse). */
function flat(b: Buffers, ring: readonly Vec2[], y: number, up: boolean, known?: number[][]): number[][] {
  if (ring.length < 3) return [];
  const triangles = known ?? ShapeUtils.triangulateShape(ring.map((p) => new Vector2(p.x, p.y)), []);
  const n = [0, up ? 1 : -1, 0] as const;
  for (const t of triangles) {
    const a = ring[t[0]!]!;
    const c = ring[t[2]!]!;
    const bb = ring[t[1]!]!;
    // Counter-clockwise in plan faces up in the world.
    const ccw = (bb.x - a.x) * (c.y - a.y) - (bb.y - a.y) * (c.x - a.x) > 0;
    const tri = ccw === up ? [a, bb, c] : [a, c, bb];
    for (const p of tri) b.vertex(p, y, n, p.x * MM, p.y * MM);
  }
  return triangles;
}

/** The part of convex polygon `poly` on the left of the line a->b (keepLeft) or on its right. */
function clipHalf(poly: readonly Vec2[], a: Vec2, b: Vec2, keepLeft: boolean): Vec2[] {
  const side = (p: Vec2) => ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) * (keepLeft ? 1 : -1);
  const out: Vec2[] = [];
  for (let j = 0; j < poly.length; j++) {
    const p = poly[j]!;
    const q = poly[(j + 1) % poly.length]!;
    const sp = side(p);
    const sq = side(q);
    if (sp >= 0) out.push(p);
    if ((sp > 0 && sq < 0) || (sp < 0 && sq > 0)) {
      const t = sp / (sp - sq);
      out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
    }
  }
  return out;
}

const convexArea = (poly: readonly Vec2[]) => {
  let sum = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
};

/** Pieces below this (mm²) are slivers of rounding, not floor. */
const SLIVER = 1;

/** Convex `piece` minus convex counter-clockwise `cut`: disjoint convex pieces (what lies outside each of its edges in turn). */
function convexMinus(piece: readonly Vec2[], cut: readonly Vec2[]): Vec2[][] {
  const out: Vec2[][] = [];
  let rest: readonly Vec2[] = piece;
  for (let i = 0; i < cut.length && rest.length >= 3; i++) {
    const a = cut[i]!;
    const b = cut[(i + 1) % cut.length]!;
    const outside = clipHalf(rest, a, b, false);
    if (outside.length >= 3 && convexArea(outside) > SLIVER) out.push(outside);
    rest = clipHalf(rest, a, b, true);
  }
  return out;
}

const triangulate = (ring: readonly Vec2[]): number[][] => ShapeUtils.triangulateShape(ring.map((p) => new Vector2(p.x, p.y)), []);

const ccwRing = (ring: readonly Vec2[]): readonly Vec2[] => (convexArea(ring) < 0 ? [...ring].reverse() : ring);

const boxOf = (ring: readonly Vec2[]) => {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of ring) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, minY, maxX, maxY };
};

/**
 * A ring less the holes cut through it (floor openings: they may reach past it, into walls and
 * other rooms), as convex counter-clockwise pieces; null when no hole comes near it (then the ring
 * is drawn as it is). Exact: the ring's triangles minus each hole's triangles, piece by piece.
 */
export function cutRing(ring: readonly Vec2[], holes: readonly (readonly Vec2[])[]): Vec2[][] | null {
  const box = boxOf(ring);
  const near = holes.filter((h) => {
    const b = boxOf(h);
    return b.minX < box.maxX && b.maxX > box.minX && b.minY < box.maxY && b.maxY > box.minY;
  });
  if (near.length === 0) return null;
  const outline = ccwRing(ring);
  let pieces: Vec2[][] = triangulate(outline).map((t) => ccwRing(t.map((i) => outline[i]!)) as Vec2[]);
  for (const hole of near) {
    const h = ccwRing(hole);
    for (const t of triangulate(h)) {
      const cut = ccwRing(t.map((i) => h[i]!));
      const b = boxOf(cut);
      pieces = pieces.flatMap((p) => {
        const pb = boxOf(p);
        return pb.minX >= b.maxX || pb.maxX <= b.minX || pb.minY >= b.maxY || pb.maxY <= b.minY ? [p] : convexMinus(p, cut);
      });
    }
  }
  return pieces;
}

/** Convex pieces as a horizontal surface at height y (mm), facing up or down. */
function flatPieces(b: Buffers, pieces: readonly (readonly Vec2[])[], y: number, up: boolean): void {
  const n = [0, up ? 1 : -1, 0] as const;
  for (const piece of pieces) {
    for (let i = 1; i + 1 < piece.length; i++) {
      const tri = up ? [piece[0]!, piece[i]!, piece[i + 1]!] : [piece[0]!, piece[i + 1]!, piece[i]!];
      for (const p of tri) b.vertex(p, y, n, p.x * MM, p.y * MM);
    }
  }
}

/** A vertical quad under plan edge p-q from y0 to y1 (mm), facing the edge's left (the inside of a counter-clockwise ring). */
function inward(b: Buffers, p: Vec2, q: Vec2, y0: number, y1: number, u0: number): void {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const l = Math.hypot(dx, dy);
  if (l === 0 || y1 <= y0) return;
  // Left normal (-dy, dx) in plan -> world (-dy, 0, -dx).
  const n = [-dy / l, 0, -dx / l] as const;
  const u1 = u0 + l * MM;
  // p -> q seen from the left runs right to left: wind p(y0), p(y1), q(y1) / p(y0), q(y1), q(y0).
  b.vertex(p, y0, n, u0, y0 * MM);
  b.vertex(p, y1, n, u0, y1 * MM);
  b.vertex(q, y1, n, u1, y1 * MM);
  b.vertex(p, y0, n, u0, y0 * MM);
  b.vertex(q, y1, n, u1, y1 * MM);
  b.vertex(q, y0, n, u1, y0 * MM);
}

/**
 * The floor, a millimetre above the storey level so it never fights with anything laid at it, and
 * (ceilingHeight not null) the room's own ceiling at that height above the storey level, facing
 * down: one triangulation for both. `floorCuts` (the storey's floor openings) are holes in the
 * floor, `ceilingCuts` (those of the storey above) holes in the ceiling.
 */
export function roomSurfaces(
  outline: readonly Vec2[],
  elevation: number,
  ceilingHeight: number | null,
  floorCuts: readonly (readonly Vec2[])[] = [],
  ceilingCuts: readonly (readonly Vec2[])[] = [],
): { floor: BufferGeometry | null; ceiling: BufferGeometry | null } {
  const floor = new Buffers();
  const floorPieces = cutRing(outline, floorCuts);
  const triangles = floorPieces ? triangulateIfValid(outline) : flat(floor, outline, elevation + 1, true);
  if (floorPieces) flatPieces(floor, floorPieces, elevation + 1, true);
  if (triangles.length === 0) return { floor: null, ceiling: null };
  let ceiling: BufferGeometry | null = null;
  if (ceilingHeight !== null) {
    const b = new Buffers();
    const ceilingPieces = cutRing(outline, ceilingCuts);
    if (ceilingPieces) flatPieces(b, ceilingPieces, elevation + ceilingHeight, false);
    else flat(b, outline, elevation + ceilingHeight, false, triangles);
    ceiling = b.empty ? null : b.geometry();
  }
  return { floor: floor.empty ? null : floor.geometry(), ceiling };
}

const triangulateIfValid = (outline: readonly Vec2[]): number[][] => (outline.length < 3 ? [] : triangulate(outline));

/**
 * A suspended ceiling: its underside at `underside` (mm above the storey floor), facing down. It
 * spans the room wall to wall, so its edge lies against the walls and is never seen. `cuts`: the
 * floor openings of the storey above, holes in it.
 */
export function suspendedCeilingGeometry(outline: readonly Vec2[], elevation: number, underside: number, cuts: readonly (readonly Vec2[])[] = []): BufferGeometry | null {
  const b = new Buffers();
  const pieces = cutRing(outline, cuts);
  if (pieces) flatPieces(b, pieces, elevation + underside, false);
  else flat(b, outline, elevation + underside, false);
  return b.empty ? null : b.geometry();
}

/** The sides of a hole in a floor: a band `depth` mm deep under its outline at `y` (mm), facing into the hole. */
export function wellSidesGeometry(outline: readonly Vec2[], y: number, depth: number): BufferGeometry | null {
  const ring = ccwRing(outline);
  const b = new Buffers();
  let u = 0;
  // Facing into the hole: the edges' right side of a counter-clockwise ring, so walk it backwards.
  for (let i = ring.length - 1; i >= 0; i--) {
    const p = ring[(i + 1) % ring.length]!;
    const q = ring[i]!;
    inward(b, p, q, y - depth, y, u);
    u += Math.hypot(q.x - p.x, q.y - p.y) * MM;
  }
  return b.empty ? null : b.geometry();
}

/** Outline segments (for the wireframe modes) at a height, as LineSegments positions. */
export function outlineEdges(outline: readonly Vec2[], y: number): BufferGeometry {
  const out = new Float32Array(outline.length * 6);
  outline.forEach((p, i) => {
    const q = outline[(i + 1) % outline.length]!;
    out.set([p.x * MM, y * MM, -p.y * MM, q.x * MM, y * MM, -q.y * MM], i * 6);
  });
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(out, 3));
  return g;
}

type Span = readonly [number, number];

/** Where along the edge p-q (mm from p) a door stands in the wall behind it: openings reaching the floor. */
export function doorSpans(p: Vec2, q: Vec2, walls: readonly WallRecord[], openings: ReadonlyMap<string, readonly OpeningRecord[]>): Span[] {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const l = Math.hypot(dx, dy);
  if (l === 0) return [];
  const ux = dx / l;
  const uy = dy / l;
  const out: Span[] = [];
  for (const wall of walls) {
    const list = openings.get(wall.id);
    if (!list) continue;
    const wx = wall.end.x - wall.start.x;
    const wy = wall.end.y - wall.start.y;
    const wl = Math.hypot(wx, wy);
    if (wl === 0 || Math.abs(ux * wy - uy * wx) / wl > 1e-3) continue;
    // The edge lies on one of the wall's faces: half a thickness from its centre line.
    const off = Math.abs((p.x - wall.start.x) * (wy / wl) - (p.y - wall.start.y) * (wx / wl));
    if (Math.abs(off - wall.thickness / 2) > 2) continue;
    for (const o of list) {
      if (o.elevation >= SKIRTING_HEIGHT) continue;
      const along = (t: number) => ((wall.start.x + (wx / wl) * t - p.x) * ux + (wall.start.y + (wy / wl) * t - p.y) * uy);
      const a = along(o.offset - o.width / 2);
      const c = along(o.offset + o.width / 2);
      const lo = Math.max(0, Math.min(a, c));
      const hi = Math.min(l, Math.max(a, c));
      if (hi > lo) out.push([lo, hi]);
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** The inset corner at ring point i: where the edges before and after it, moved `d` inwards, meet. */
function insetPoint(ring: readonly Vec2[], i: number, d: number): Vec2 {
  const n = ring.length;
  const a = ring[(i + n - 1) % n]!;
  const p = ring[i]!;
  const b = ring[(i + 1) % n]!;
  const l1 = Math.hypot(p.x - a.x, p.y - a.y) || 1;
  const l2 = Math.hypot(b.x - p.x, b.y - p.y) || 1;
  // Left normals of a->p and p->b.
  const n1 = { x: -(p.y - a.y) / l1, y: (p.x - a.x) / l1 };
  const n2 = { x: -(b.y - p.y) / l2, y: (b.x - p.x) / l2 };
  const mx = n1.x + n2.x;
  const my = n1.y + n2.y;
  const dot = n1.x * n2.x + n1.y * n2.y;
  // Mitre length d / cos(half angle); capped where the corner is very sharp.
  const k = d / Math.max((1 + dot) / 2, 0.05);
  const m = mx * mx + my * my;
  if (m < 1e-12) return { x: p.x + n1.x * d, y: p.y + n1.y * d };
  return { x: p.x + (mx * k) / 2, y: p.y + (my * k) / 2 };
}

/**
 * Skirting along a (counter-clockwise) room outline: a board SKIRTING_HEIGHT high standing
 * SKIRTING_DEPTH proud of the wall faces, broken where `gaps(i)` (spans along edge i, mm from its
 * start) say a door is.
 */
export function skirtingGeometry(outline: readonly Vec2[], elevation: number, gaps: (edge: number) => readonly Span[]): BufferGeometry | null {
  const n = outline.length;
  if (n < 3) return null;
  const inner = outline.map((_, i) => insetPoint(outline, i, SKIRTING_DEPTH));
  const b = new Buffers();
  const y0 = elevation + 1;
  const y1 = elevation + SKIRTING_HEIGHT;
  let u = 0;
  for (let i = 0; i < n; i++) {
    const p = outline[i]!;
    const q = outline[(i + 1) % n]!;
    const pi = inner[i]!;
    const qi = inner[(i + 1) % n]!;
    const l = Math.hypot(q.x - p.x, q.y - p.y);
    if (l === 0) continue;
    // The stretches between doors, as fractions of the edge.
    const keep: Span[] = [];
    let at = 0;
    for (const [g0, g1] of gaps(i)) {
      if (g0 > at) keep.push([at, g0]);
      at = Math.max(at, g1);
    }
    if (at < l) keep.push([at, l]);
    // The board's face runs parallel to the edge, SKIRTING_DEPTH inside; its own ends are the
    // inset corners (pi at a0, qi at a1 along the edge), so boards meet at the room's corners.
    const ux = (q.x - p.x) / l;
    const uy = (q.y - p.y) / l;
    const a0 = (pi.x - p.x) * ux + (pi.y - p.y) * uy;
    const a1 = (qi.x - p.x) * ux + (qi.y - p.y) * uy;
    const wallAt = (t: number): Vec2 => ({ x: p.x + ux * t, y: p.y + uy * t });
    const faceAt = (t: number): Vec2 => ({ x: p.x + ux * t - uy * SKIRTING_DEPTH, y: p.y + uy * t + ux * SKIRTING_DEPTH });
    for (const [s0, s1] of keep) {
      const t0 = s0 <= 0 ? a0 : Math.max(s0, a0);
      const t1 = s1 >= l ? a1 : Math.min(s1, a1);
      if (t1 <= t0) continue;
      const f0 = faceAt(t0);
      const f1 = faceAt(t1);
      inward(b, f0, f1, y0, y1, u + t0 * MM);
      // The top, from the wall face to the board's face.
      const w0 = wallAt(s0);
      const w1 = wallAt(s1);
      const up = [0, 1, 0] as const;
      for (const v of [w0, f1, f0, w0, w1, f1]) b.vertex(v, y1, up, v.x * MM, v.y * MM);
    }
    u += l * MM;
  }
  return b.empty ? null : b.geometry();
}
