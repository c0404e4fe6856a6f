import type { OpeningRecord, Vec2, WallRecord } from '../../protocol/records';
import { boundsOf, nearestOnRing } from '../geometry/polygon';
import type { WallFootprint } from '../geometry/wall-footprint';

// Walking in the roam view (camera 1) without passing through walls. Pure plan geometry in
// millimetres: the walker is a circle (ROAM_RADIUS_MM) moving over the wall footprints of its
// storey; a step that would overlap a wall is pushed back out along the wall's face, so walking
// into a wall at an angle slides along it. Door openings (sill at the floor, head above the eye)
// are cut out of their wall's footprint so the walker can go from room to room.

/** The walker's radius: about a person's shoulders, and keeps the eye off the wall's surface. */
export const ROAM_RADIUS_MM = 200;
/** Eye height above the storey floor when roaming. */
export const EYE_HEIGHT_MM = 1600;
/** An opening this low at its sill and this high at its head can be walked through. */
const DOOR_MAX_SILL_MM = 50;
const DOOR_MIN_HEAD_MM = 1800;
/** No single collision step moves further than this fraction of the radius (no tunnelling). */
const SUBSTEP_FRACTION = 0.45;
/** Push-out passes per substep: corners need two or three, more never changes anything. */
const RESOLVE_PASSES = 4;

export interface Obstacle {
  readonly ring: readonly Vec2[];
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

function obstacle(ring: readonly Vec2[]): Obstacle {
  // An empty ring gets an empty box, which nothing meets.
  const { minX, minY, maxX, maxY } = boundsOf(ring) ?? { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  return { ring, minX, minY, maxX, maxY };
}

/** The part of a ring where a·p <= limit (Sutherland–Hodgman against one half-plane). */
function clipHalfPlane(ring: readonly Vec2[], ax: number, ay: number, limit: number): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const sp = limit - (ax * p.x + ay * p.y);
    const sq = limit - (ax * q.x + ay * q.y);
    if (sp >= 0) out.push(p);
    if (sp >= 0 !== sq >= 0) {
      const t = sp / (sp - sq);
      out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
    }
  }
  return out;
}

function isWalkable(opening: OpeningRecord): boolean {
  return opening.elevation <= DOOR_MAX_SILL_MM && opening.elevation + opening.height >= DOOR_MIN_HEAD_MM;
}

/**
 * The obstacles of one storey: each wall's footprint, less the stretches of its door openings.
 * footprints: wallFootprints() of those walls (by wall id).
 */
export function buildObstacles(
  walls: readonly WallRecord[],
  footprints: ReadonlyMap<string, WallFootprint>,
  openings: readonly OpeningRecord[],
): Obstacle[] {
  const doorsByWall = new Map<string, OpeningRecord[]>();
  for (const o of openings) {
    if (!isWalkable(o)) continue;
    const list = doorsByWall.get(o.wallId) ?? [];
    list.push(o);
    doorsByWall.set(o.wallId, list);
  }
  const out: Obstacle[] = [];
  for (const wall of walls) {
    const rings = footprints.get(wall.id) ?? [];
    const doors = doorsByWall.get(wall.id);
    if (!doors) {
      for (const ring of rings) if (ring.length >= 3) out.push(obstacle(ring));
      continue;
    }
    const dx = wall.end.x - wall.start.x;
    const dy = wall.end.y - wall.start.y;
    const length = Math.hypot(dx, dy);
    if (length === 0) continue;
    const ux = dx / length;
    const uy = dy / length;
    const base = ux * wall.start.x + uy * wall.start.y;
    // The solid stretches between the doors, along the wall's axis.
    const spans = doors.map((d) => [d.offset - d.width / 2, d.offset + d.width / 2] as const).sort((a, b) => a[0] - b[0]);
    let from = -Infinity;
    const solid: [number, number][] = [];
    for (const [a, b] of spans) {
      if (a > from) solid.push([from, a]);
      from = Math.max(from, b);
    }
    solid.push([from, Infinity]);
    for (const ring of rings) {
      for (const [a, b] of solid) {
        let piece: Vec2[] = [...ring];
        if (Number.isFinite(a)) piece = clipHalfPlane(piece, -ux, -uy, -(base + a));
        if (Number.isFinite(b) && piece.length > 0) piece = clipHalfPlane(piece, ux, uy, base + b);
        if (piece.length >= 3) out.push(obstacle(piece));
      }
    }
  }
  return out;
}

/** Moves p out of every obstacle it overlaps (by the shortest way out of each). */
export function resolveCircle(p: Vec2, obstacles: readonly Obstacle[], radius = ROAM_RADIUS_MM): Vec2 {
  let x = p.x;
  let y = p.y;
  for (let pass = 0; pass < RESOLVE_PASSES; pass++) {
    let moved = false;
    for (const o of obstacles) {
      if (x + radius <= o.minX || x - radius >= o.maxX || y + radius <= o.minY || y - radius >= o.maxY) continue;
      const near = nearestOnRing({ x, y }, o.ring);
      const d = Math.sqrt(near.d2);
      if (!near.inside && d >= radius) continue;
      // Inside: out through the nearest face, to a radius beyond it; outside but too close: away.
      let nx = near.inside ? near.x - x : x - near.x;
      let ny = near.inside ? near.y - y : y - near.y;
      const n = Math.hypot(nx, ny);
      if (n < 1e-9) continue;
      nx /= n;
      ny /= n;
      const push = near.inside ? d + radius : radius - d;
      // A hair more than needed, so the next test does not find the same contact again.
      x += nx * (push + 1e-6);
      y += ny * (push + 1e-6);
      moved = true;
    }
    if (!moved) break;
  }
  return { x, y };
}

/** True when a circle at p overlaps no obstacle. */
export function isClear(p: Vec2, obstacles: readonly Obstacle[], radius = ROAM_RADIUS_MM): boolean {
  for (const o of obstacles) {
    if (p.x + radius <= o.minX || p.x - radius >= o.maxX || p.y + radius <= o.minY || p.y - radius >= o.maxY) continue;
    const near = nearestOnRing(p, o.ring);
    if (near.inside || near.d2 < radius * radius - 1e-6) return false;
  }
  return true;
}

/**
 * Where a walker at `from` ends up after trying to move by `delta`: in small steps, each pushed
 * back out of any wall it ran into, so the walker stops at a wall's face or slides along it.
 */
export function moveCircle(from: Vec2, delta: Vec2, obstacles: readonly Obstacle[], radius = ROAM_RADIUS_MM): Vec2 {
  const distance = Math.hypot(delta.x, delta.y);
  if (!(distance > 0) || !Number.isFinite(distance)) return from;
  // Already stuck in a wall (a wall drawn onto the walker): any way out is better than none.
  if (!isClear(from, obstacles, radius)) return resolveCircle({ x: from.x + delta.x, y: from.y + delta.y }, obstacles, radius);
  const steps = Math.max(1, Math.ceil(distance / (radius * SUBSTEP_FRACTION)));
  let p = from;
  for (let i = 0; i < steps; i++) {
    const next = resolveCircle({ x: p.x + delta.x / steps, y: p.y + delta.y / steps }, obstacles, radius);
    // Pushed out of one wall into another (a gap narrower than the walker), or across an edge:
    // stay put rather than come out on the far side of a wall.
    if (!isClear(next, obstacles, radius) || crossesAny(p, next, obstacles)) break;
    p = next;
  }
  return p;
}

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const d1 = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const d2 = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);
  const d3 = (d.x - c.x) * (a.y - c.y) - (d.y - c.y) * (a.x - c.x);
  const d4 = (d.x - c.x) * (b.y - c.y) - (d.y - c.y) * (b.x - c.x);
  return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0;
}

function crossesAny(a: Vec2, b: Vec2, obstacles: readonly Obstacle[]): boolean {
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  for (const o of obstacles) {
    if (maxX < o.minX || minX > o.maxX || maxY < o.minY || minY > o.maxY) continue;
    const ring = o.ring;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) if (segmentsCross(a, b, ring[j]!, ring[i]!)) return true;
  }
  return false;
}
