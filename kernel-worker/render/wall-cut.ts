import type { OpeningKind, OpeningRecord, Vec2, WallRecord } from '../../protocol/records';
import { cleanRing, signedArea } from '../geometry/polygon';
import type { WallFootprint } from '../geometry/wall-footprint';

// A wall's footprint cut across its axis at the edges of its openings: the 2D plan draws the
// solid pieces (a wall reads as broken where a door is) and the 3D mesh extrudes each piece to
// the heights where it has material. Pure, no three.js.

/** A wall's own frame: origin at its start, `u` along it, `n` to its left (seen from the start). */
export interface WallAxes {
  readonly origin: Vec2;
  readonly u: Vec2;
  readonly n: Vec2;
  readonly length: number;
}

export function wallAxes(wall: Pick<WallRecord, 'start' | 'end'>): WallAxes {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy);
  const u = length > 0 ? { x: dx / length, y: dy / length } : { x: 1, y: 0 };
  return { origin: wall.start, u, n: { x: -u.y, y: u.x }, length };
}

/** The plan point `along` mm down the wall's centre line and `across` mm to its left. */
export function wallPoint(axes: WallAxes, along: number, across = 0): Vec2 {
  return {
    x: axes.origin.x + axes.u.x * along + axes.n.x * across,
    y: axes.origin.y + axes.u.y * along + axes.n.y * across,
  };
}

/** A plan point in the wall's frame: mm along its centre line from its start, mm to its left. */
export function wallCoords(axes: WallAxes, p: Vec2): { along: number; across: number } {
  const x = p.x - axes.origin.x;
  const y = p.y - axes.origin.y;
  return { along: x * axes.u.x + y * axes.u.y, across: x * axes.n.x + y * axes.n.y };
}

/**
 * How an opening kind is drawn (catalogues.md §3 element types). Kind 5 is the assembly type
 * "large opening" (3200 x 2300 at 0): an opening without a leaf, like a wall hole or a door frame.
 */
export type OpeningStyle = 'window' | 'single' | 'double' | 'unequal' | 'sliding' | 'folding' | 'hole';

const STYLES: Readonly<Record<OpeningKind, OpeningStyle>> = {
  0: 'window',
  1: 'single',
  2: 'double',
  3: 'sliding',
  4: 'folding',
  5: 'hole',
  6: 'window',
  7: 'hole',
  8: 'hole',
  9: 'hole',
  10: 'hole',
  11: 'hole',
  12: 'unequal',
  13: 'window',
  14: 'window',
  15: 'hole',
  16: 'window',
};

export function openingStyle(kind: OpeningKind): OpeningStyle {
  return STYLES[kind] ?? 'hole';
}

/** One stretch of a wall between opening edges: solid (opening null) or under/over an opening. */
export interface WallPiece {
  /** mm along the wall's centre line from its start; ±Infinity at the ends */
  readonly from: number;
  readonly to: number;
  readonly opening: OpeningRecord | null;
  /** the part of the footprint in this stretch, counter-clockwise (one per footprint polygon it meets) */
  readonly polygons: readonly (readonly Vec2[])[];
}

/** Keeps the part of `ring` (with `along` coordinates `t`) on one side of t = at (keep above: t >= at). */
function clipAt(ring: readonly Vec2[], t: readonly number[], at: number, above: boolean): { ring: Vec2[]; t: number[] } {
  const out: Vec2[] = [];
  const outT: number[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const p = ring[i]!;
    const q = ring[j]!;
    const dp = above ? t[i]! - at : at - t[i]!;
    const dq = above ? t[j]! - at : at - t[j]!;
    if (dp >= 0) {
      out.push(p);
      outT.push(t[i]!);
    }
    if (dp >= 0 !== dq >= 0) {
      const k = dp / (dp - dq);
      out.push({ x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k });
      outT.push(at);
    }
  }
  return { ring: out, t: outT };
}

/** The part of a (counter-clockwise) polygon between `from` and `to` along the wall (either may be infinite). */
export function clipToStretch(axes: WallAxes, polygon: readonly Vec2[], from: number, to: number): Vec2[] | null {
  let part = { ring: polygon as Vec2[], t: polygon.map((p) => wallCoords(axes, p).along) };
  if (Number.isFinite(from)) part = clipAt(part.ring, part.t, from, true);
  if (Number.isFinite(to) && part.ring.length) part = clipAt(part.ring, part.t, to, false);
  const ring = cleanRing(part.ring);
  return ring.length >= 3 && signedArea(ring) > 1e-6 ? ring : null;
}

/** The parts of every polygon of a footprint between `from` and `to` along the wall. */
export function clipFootprint(axes: WallAxes, footprint: WallFootprint, from: number, to: number): Vec2[][] {
  const out: Vec2[][] = [];
  for (const polygon of footprint) {
    const part = clipToStretch(axes, polygon, from, to);
    if (part) out.push(part);
  }
  return out;
}

/**
 * The opening spans of a wall in order along it; overlapping spans (which the commands refuse)
 * are kept apart by letting the later one start where the earlier ends.
 */
function spans(openings: readonly OpeningRecord[]): { from: number; to: number; opening: OpeningRecord }[] {
  const sorted = [...openings].filter((o) => o.width > 0).sort((p, q) => p.offset - q.offset || (p.id < q.id ? -1 : 1));
  const out: { from: number; to: number; opening: OpeningRecord }[] = [];
  let end = -Infinity;
  for (const opening of sorted) {
    const from = Math.max(opening.offset - opening.width / 2, end);
    const to = opening.offset + opening.width / 2;
    if (to <= from) continue;
    out.push({ from, to, opening });
    end = to;
  }
  return out;
}

/** The wall's footprint cut at its openings' edges, in order along the wall. */
export function cutWall(wall: Pick<WallRecord, 'start' | 'end'>, footprint: WallFootprint, openings: readonly OpeningRecord[]): WallPiece[] {
  const axes = wallAxes(wall);
  if (openings.length === 0) {
    return footprint.length ? [{ from: -Infinity, to: Infinity, opening: null, polygons: footprint }] : [];
  }
  const stretches: { from: number; to: number; opening: OpeningRecord | null }[] = [];
  let at = -Infinity;
  for (const span of spans(openings)) {
    stretches.push({ from: at, to: span.from, opening: null }, span);
    at = span.to;
  }
  stretches.push({ from: at, to: Infinity, opening: null });
  const pieces: WallPiece[] = [];
  for (const s of stretches) {
    const polygons = clipFootprint(axes, footprint, s.from, s.to);
    if (polygons.length) pieces.push({ ...s, polygons });
  }
  return pieces;
}

/** Openings grouped by their wall's id. */
export function openingsByWall(openings: readonly OpeningRecord[]): Map<string, OpeningRecord[]> {
  const out = new Map<string, OpeningRecord[]>();
  for (const o of openings) {
    const list = out.get(o.wallId);
    if (list) list.push(o);
    else out.set(o.wallId, [o]);
  }
  return out;
}
