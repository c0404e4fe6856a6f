import { Box3, Vector3 } from 'three';
import type { RoomRecord, Vec2, WallRecord } from '../../protocol/records';
import { SELECTION_ID, VIEW_ID } from '../document/session-records';
import type { RecordReader } from '../document/store';
import { boundsOf, distanceToRing, pointInRing, signedArea } from '../geometry/polygon';
import { frontElevation, type InsideSpot, type SurfaceTarget, type ViewContext } from './cameras';
import { MM, planToWorld } from './coords';
import { isClear, ROAM_RADIUS_MM, type Obstacle } from './roam';

// What the camera views need to know about the document, read from the records: the current
// storey's extent, a good spot to stand in its largest room, and the wall a surface view faces.

/** How far in front of a wall's face the surface view's eye stands (m): the rest of the room is behind it. */
const SURFACE_STANDOFF = 0.15;
/** Keep this much more than the walker's radius between a standing spot and the walls (mm). */
const SPOT_CLEARANCE_MM = 150;

export type SurfaceChoice = 'wall' | 'front' | 'side';

export function currentStoreyId(records: RecordReader): string | null {
  return records.getOfType(VIEW_ID, 'view')?.currentStoreyId ?? records.ofType('storey')[0]?.id ?? null;
}

export function storeyElevation(records: RecordReader, storeyId: string | null | undefined): number {
  return (storeyId ? records.getOfType(storeyId, 'storey')?.elevation : undefined) ?? 0;
}

/** The storey a drawn record stands on: its kind's view facet says how (kinds/views.ts). */
export { storeyOfRecord as storeyOf } from '../kinds/views';

/** World box of a storey's walls (their full thickness and height), or empty. */
export function storeyBox(records: RecordReader, storeyId: string | null): Box3 {
  const box = new Box3();
  if (storeyId === null) return box;
  const elevation = storeyElevation(records, storeyId);
  const p = new Vector3();
  for (const wall of records.ofType('wall')) {
    if (wall.storeyId !== storeyId) continue;
    const half = wall.thickness / 2;
    for (const end of [wall.start, wall.end]) {
      box.expandByPoint(planToWorld({ x: end.x - half, y: end.y - half }, elevation, p));
      box.expandByPoint(planToWorld({ x: end.x + half, y: end.y + half }, elevation + wall.height, p));
    }
  }
  if (box.isEmpty()) {
    for (const room of records.ofType('room')) {
      if (room.storeyId !== storeyId) continue;
      for (const q of room.outline) box.expandByPoint(planToWorld(q, elevation, p));
      box.expandByPoint(p.set(p.x, (elevation + room.height) * MM, p.z));
    }
  }
  return box;
}

/** The point of a ring farthest from its edges on a coarse grid (a room's "most inside" point). */
function deepestPoint(ring: readonly Vec2[]): Vec2 | null {
  const bounds = boundsOf(ring);
  if (!bounds) return null;
  const { minX, minY, maxX, maxY } = bounds;
  const steps = 16;
  let best: Vec2 | null = null;
  let bestDistance = -1;
  for (let i = 1; i < steps; i++) {
    for (let j = 1; j < steps; j++) {
      const q = { x: minX + ((maxX - minX) * i) / steps, y: minY + ((maxY - minY) * j) / steps };
      if (!pointInRing(q, ring)) continue;
      const d = distanceToRing(q, ring);
      if (d > bestDistance) {
        bestDistance = d;
        best = q;
      }
    }
  }
  return best;
}

/**
 * Where to stand in a room: near one end of its longer side, looking along it towards the other
 * end, so most of the room is in the picture. In plan mm; null when the room has no floor to
 * stand on (narrower than the walker).
 */
export function standingSpot(room: RoomRecord, obstacles: readonly Obstacle[] = []): { point: Vec2; facing: Vec2 } | null {
  const ring = room.outline;
  const deepest = deepestPoint(ring);
  if (!deepest) return null;
  // deepestPoint found a point, so the ring has bounds.
  const { minX, minY, maxX, maxY } = boundsOf(ring)!;
  const alongX = maxX - minX >= maxY - minY;
  const facing = alongX ? { x: 1, y: 0 } : { x: 0, y: 1 };
  const margin = ROAM_RADIUS_MM + SPOT_CLEARANCE_MM;
  const ok = (q: Vec2) => pointInRing(q, ring) && distanceToRing(q, ring) >= margin && isClear(q, obstacles);
  // From near the west (or south) end towards the middle, the first spot with room to stand.
  const extent = alongX ? maxX - minX : maxY - minY;
  for (const fraction of [0.12, 0.2, 0.3, 0.4]) {
    const q = alongX ? { x: minX + extent * fraction, y: deepest.y } : { x: deepest.x, y: minY + extent * fraction };
    if (ok(q)) return { point: q, facing };
  }
  return ok(deepest) || distanceToRing(deepest, ring) >= ROAM_RADIUS_MM ? { point: deepest, facing } : null;
}

/** A spot in the largest room of the storey, in the world, or null when it has no room. */
export function insideSpot(records: RecordReader, storeyId: string | null, obstacles: readonly Obstacle[] = []): InsideSpot | null {
  if (storeyId === null) return null;
  const rooms = records
    .ofType('room')
    .filter((r) => r.storeyId === storeyId && r.outline.length >= 3)
    .sort((a, b) => Math.abs(signedArea(b.outline)) - Math.abs(signedArea(a.outline)));
  const elevation = storeyElevation(records, storeyId);
  for (const room of rooms) {
    const spot = standingSpot(room, obstacles);
    if (!spot) continue;
    const height = room.height > 0 ? room.height : (records.getOfType(storeyId, 'storey')?.layerHeight ?? 2800);
    return {
      point: planToWorld(spot.point, elevation),
      facing: new Vector3(spot.facing.x, 0, -spot.facing.y).normalize(),
      ceilingY: (elevation + (height > 0 ? height : 2800)) * MM,
    };
  }
  return null;
}

/** The wall a surface view shows: the selected wall (or the wall of a selected opening), else the storey's longest. */
export function surfaceWall(records: RecordReader, storeyId: string | null): WallRecord | null {
  const selected = records.getOfType(SELECTION_ID, 'selection')?.ids ?? [];
  for (const id of selected) {
    const r = records.get(id);
    if (r?.type === 'wall') return r;
    if (r?.type === 'opening') {
      const wall = records.getOfType(r.wallId, 'wall');
      if (wall) return wall;
    }
  }
  let best: WallRecord | null = null;
  let bestLength = -1;
  for (const wall of records.ofType('wall')) {
    if (storeyId !== null && wall.storeyId !== storeyId) continue;
    const length = Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y);
    if (length > bestLength) {
      bestLength = length;
      best = wall;
    }
  }
  return best;
}

/**
 * The face of a wall seen straight on from the side a room is on (from inside the house); a wall
 * with rooms on both sides or neither is seen from the side the storey's middle is on.
 */
export function wallSurface(records: RecordReader, wall: WallRecord): SurfaceTarget | null {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return null;
  const left = { x: -dy / length, y: dx / length };
  const mid = { x: (wall.start.x + wall.end.x) / 2, y: (wall.start.y + wall.end.y) / 2 };
  const probe = (sign: number) => ({ x: mid.x + sign * left.x * (wall.thickness / 2 + 300), y: mid.y + sign * left.y * (wall.thickness / 2 + 300) });
  const rooms = records.ofType('room').filter((r) => r.storeyId === wall.storeyId);
  const inRoom = (q: Vec2) => rooms.some((r) => pointInRing(q, r.outline));
  const leftRoom = inRoom(probe(1));
  const rightRoom = inRoom(probe(-1));
  let sign: number;
  if (leftRoom !== rightRoom) sign = leftRoom ? 1 : -1;
  else {
    const box = storeyBox(records, wall.storeyId);
    const c = box.isEmpty() ? new Vector3() : box.getCenter(new Vector3());
    const toCentre = { x: c.x / MM - mid.x, y: -c.z / MM - mid.y };
    sign = toCentre.x * left.x + toCentre.y * left.y >= 0 ? 1 : -1;
  }
  const normal = { x: left.x * sign, y: left.y * sign };
  const elevation = storeyElevation(records, wall.storeyId);
  const face = { x: mid.x + normal.x * (wall.thickness / 2), y: mid.y + normal.y * (wall.thickness / 2) };
  return {
    centre: planToWorld(face, elevation + wall.height / 2),
    normal: new Vector3(normal.x, 0, -normal.y),
    width: length * MM,
    height: wall.height * MM,
    standoff: SURFACE_STANDOFF,
  };
}

/** Everything the camera views frame, for the current records. */
export function viewContext(
  records: RecordReader,
  bounds: Box3,
  options: { readonly surface?: SurfaceChoice; readonly obstacles?: readonly Obstacle[] } = {},
): ViewContext {
  const storeyId = currentStoreyId(records);
  const box = storeyBox(records, storeyId);
  const storeyBounds = box.isEmpty() ? bounds : box;
  const choice = options.surface ?? 'wall';
  let surface: SurfaceTarget | null = null;
  if (!storeyBounds.isEmpty()) {
    if (choice === 'wall') {
      const wall = surfaceWall(records, storeyId);
      surface = wall ? wallSurface(records, wall) : null;
    }
    surface ??= frontElevation(storeyBounds, choice === 'side' ? 'side' : 'front');
  }
  return { bounds, storeyBounds, inside: insideSpot(records, storeyId, options.obstacles), surface };
}
