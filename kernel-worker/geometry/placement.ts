import type { ModelMount, Vec2, Vec3 } from '../../protocol/records';
import { boundsOf, distanceToRing, pointInRing, signedArea } from './polygon';

// Where a catalogue piece lands when it is placed without a point (a click on its card): in a
// room by its mount (floor and surface pieces on the floor, ceiling lamps under the ceiling, wall
// pieces with their back against the wall nearest the room's middle), its footprint kept inside the
// room's inner outline when it fits. Pure: the kernel's model.add calls it with the room it chose.

/** Centre height above the floor of a wall piece (a picture, a wall cabinet) when the wall is tall enough. */
export const WALL_PIECE_CENTRE = 1500;
/** Gap (mm) between a wall piece's back and the wall, so the two faces never share a plane. */
const WALL_GAP = 1;

export interface Placement {
  /** the footprint's centre at the piece's base, z above the storey floor */
  readonly position: Vec3;
  /** radians about the vertical axis, counter-clockwise from above (the front faces -y at 0) */
  readonly rotation: number;
}

export interface PlacementRoom {
  /** inner outline, either way round */
  readonly outline: readonly Vec2[];
  readonly height: number;
}

/** A point well inside the ring: its bounds centre when that is inside, else the inside grid point farthest from the boundary. */
export function innerPoint(ring: readonly Vec2[]): Vec2 {
  const b = boundsOf(ring);
  if (!b) return { x: 0, y: 0 };
  const centre = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
  if (pointInRing(centre, ring)) return centre;
  let best = centre;
  let bestDistance = -1;
  const steps = 24;
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      const p = { x: b.minX + ((b.maxX - b.minX) * i) / steps, y: b.minY + ((b.maxY - b.minY) * j) / steps };
      if (!pointInRing(p, ring)) continue;
      const d = distanceToRing(p, ring);
      if (d > bestDistance) {
        bestDistance = d;
        best = p;
      }
    }
  }
  return best;
}

/** Whether segments ab and cd cross at a point inside both (touching ends do not count). */
function crosses(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const side = (p: Vec2, q: Vec2, r: Vec2) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Whether the axis-aligned footprint w x d centred on c lies inside the ring (its edges may touch the boundary). */
export function footprintInside(ring: readonly Vec2[], c: Vec2, w: number, d: number): boolean {
  const x0 = c.x - w / 2;
  const x1 = c.x + w / 2;
  const y0 = c.y - d / 2;
  const y1 = c.y + d / 2;
  const corners = [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
  // Corners a hair inside, so a footprint flush with a wall still counts as inside.
  const shrink = (p: Vec2) => ({ x: p.x + Math.sign(c.x - p.x) * 1e-3, y: p.y + Math.sign(c.y - p.y) * 1e-3 });
  if (!corners.every((p) => pointInRing(shrink(p), ring))) return false;
  for (const v of ring) if (v.x > x0 && v.x < x1 && v.y > y0 && v.y < y1) return false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    for (let k = 0; k < 4; k++) if (crosses(ring[j]!, ring[i]!, corners[k]!, corners[(k + 1) % 4]!)) return false;
  }
  return true;
}

/**
 * The point nearest `from` where the footprint fits inside the ring, searched on a grid over the
 * ring's bounds; `from` itself when the footprint fits nowhere (a piece larger than the room).
 */
export function fitFootprint(ring: readonly Vec2[], from: Vec2, w: number, d: number): Vec2 {
  if (footprintInside(ring, from, w, d)) return from;
  const b = boundsOf(ring);
  if (!b) return from;
  const step = Math.max(20, Math.min(b.maxX - b.minX, b.maxY - b.minY) / 40);
  let best: Vec2 | null = null;
  let bestD2 = Infinity;
  for (let x = b.minX + w / 2; x <= b.maxX - w / 2 + 1e-6; x += step) {
    for (let y = b.minY + d / 2; y <= b.maxY - d / 2 + 1e-6; y += step) {
      const d2 = (x - from.x) ** 2 + (y - from.y) ** 2;
      if (d2 >= bestD2) continue;
      const p = { x, y };
      if (!footprintInside(ring, p, w, d)) continue;
      best = p;
      bestD2 = d2;
    }
  }
  return best ?? from;
}

/** The piece against the ring edge nearest `from`, its back to the wall and its front to the room, slid along the edge to fit. */
export function againstWall(ring: readonly Vec2[], from: Vec2, size: Vec3): { at: Vec2; rotation: number } {
  // Inside lies left of each edge of a counter-clockwise ring.
  const turn = signedArea(ring) >= 0 ? 1 : -1;
  let best: { at: Vec2; rotation: number; d2: number } | null = null;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length === 0) continue;
    const u = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    const t = Math.min(length, Math.max(0, (from.x - a.x) * u.x + (from.y - a.y) * u.y));
    const foot = { x: a.x + u.x * t, y: a.y + u.y * t };
    const d2 = (from.x - foot.x) ** 2 + (from.y - foot.y) ** 2;
    if (best && d2 >= best.d2) continue;
    const n = { x: -u.y * turn, y: u.x * turn };
    // Slide along the wall so the piece's width stays on it.
    const along = length <= size.x ? length / 2 : Math.min(length - size.x / 2, Math.max(size.x / 2, t));
    const depth = size.y / 2 + WALL_GAP;
    best = {
      at: { x: a.x + u.x * along + n.x * depth, y: a.y + u.y * along + n.y * depth },
      // The front (-y at rotation 0) turned onto the inward normal.
      rotation: Math.atan2(n.x, -n.y),
      d2,
    };
  }
  return best ? { at: best.at, rotation: best.rotation } : { at: from, rotation: 0 };
}

/**
 * Where a piece of `size` (mm: width x, depth y, height z) with `mount` lands in `room`; with no
 * room, at `centre` on the floor (a ceiling piece under `fallbackHeight`).
 */
export function placeModel(room: PlacementRoom | null, size: Vec3, mount: ModelMount, centre: Vec2, fallbackHeight: number): Placement {
  const height = room?.height ?? fallbackHeight;
  const top = Math.max(0, height - size.z);
  if (!room || room.outline.length < 3) {
    const z = mount === 'ceiling' ? top : mount === 'wall' ? Math.min(top, Math.max(0, WALL_PIECE_CENTRE - size.z / 2)) : 0;
    return { position: { x: centre.x, y: centre.y, z }, rotation: 0 };
  }
  const ring = room.outline;
  const inner = innerPoint(ring);
  if (mount === 'wall') {
    const { at, rotation } = againstWall(ring, inner, size);
    return { position: { x: at.x, y: at.y, z: Math.min(top, Math.max(0, WALL_PIECE_CENTRE - size.z / 2)) }, rotation };
  }
  const at = fitFootprint(ring, inner, size.x, size.y);
  return { position: { x: at.x, y: at.y, z: mount === 'ceiling' ? top : 0 }, rotation: 0 };
}
