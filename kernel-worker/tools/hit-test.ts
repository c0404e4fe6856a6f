import type { OpeningRecord, RoomRecord, Vec2, WallRecord } from '../../protocol/records';
import { analysePlan, type FloorPlan } from '../geometry/plan';
import { pointInRing, signedArea } from '../geometry/polygon';

// What is under a plan point: the select tool's hit test and the opening tool's wall finder. Works
// on the current storey's records and the geometry the plan view draws (mitred footprints), so a
// click lands on what the designer sees.

/** The current storey as the tools see it; built once per change of its walls, openings or rooms. */
export interface PlanScene {
  readonly storeyId: string | null;
  readonly walls: readonly WallRecord[];
  readonly wallsById: ReadonlyMap<string, WallRecord>;
  readonly openings: readonly OpeningRecord[];
  readonly rooms: readonly RoomRecord[];
  /** footprints, usable intervals (lazily: only hit tests and the opening tool need them) */
  readonly plan: () => FloorPlan;
}

export function buildPlanScene(
  storeyId: string | null,
  walls: readonly WallRecord[],
  openings: readonly OpeningRecord[],
  rooms: readonly RoomRecord[],
): PlanScene {
  const own = walls.filter((w) => w.storeyId === storeyId);
  const wallsById = new Map(own.map((w) => [w.id, w]));
  let plan: FloorPlan | null = null;
  return {
    storeyId,
    walls: own,
    wallsById,
    openings: openings.filter((o) => wallsById.has(o.wallId)),
    rooms: rooms.filter((r) => r.storeyId === storeyId),
    plan: () => (plan ??= analysePlan(own)),
  };
}

export type PlanHit =
  | { readonly kind: 'end'; readonly wallId: string; readonly end: 'start' | 'end'; readonly point: Vec2 }
  | { readonly kind: 'opening'; readonly id: string; readonly wallId: string }
  | { readonly kind: 'wall'; readonly id: string }
  | { readonly kind: 'room'; readonly id: string };

/** The record a hit selects: an end handle selects its wall. */
export const hitRecordId = (hit: PlanHit): string => (hit.kind === 'end' ? hit.wallId : hit.id);

/** Pixel radii of the hit test. */
export const HANDLE_RADIUS_PX = 8;
const EDGE_SLACK_PX = 4;

export interface WallFrame {
  readonly length: number;
  /** mm along the centre line from the start */
  readonly along: number;
  /** mm from the centre line, positive on the left (seen from the start) */
  readonly across: number;
}

/** A point in a wall's own coordinates. */
export function wallFrame(wall: Pick<WallRecord, 'start' | 'end'>, p: Vec2): WallFrame {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return { length, along: 0, across: Math.hypot(p.x - wall.start.x, p.y - wall.start.y) };
  const px = p.x - wall.start.x;
  const py = p.y - wall.start.y;
  return { length, along: (px * dx + py * dy) / length, across: (dx * py - dy * px) / length };
}

export function pointAlong(wall: Pick<WallRecord, 'start' | 'end'>, along: number): Vec2 {
  const length = Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y) || 1;
  const t = along / length;
  return { x: wall.start.x + (wall.end.x - wall.start.x) * t, y: wall.start.y + (wall.end.y - wall.start.y) * t };
}

/** Distance from p to the wall's centre-line segment. */
function centreLineDistance(wall: WallRecord, p: Vec2): number {
  const f = wallFrame(wall, p);
  const along = Math.min(f.length, Math.max(0, f.along));
  const q = pointAlong(wall, along);
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** The nearest wall end within the handle radius. */
export function hitHandle(scene: PlanScene, p: Vec2, mmPerPx: number): Extract<PlanHit, { kind: 'end' }> | null {
  let best: Extract<PlanHit, { kind: 'end' }> | null = null;
  let bestDistance = HANDLE_RADIUS_PX * mmPerPx;
  for (const wall of scene.walls) {
    for (const end of ['start', 'end'] as const) {
      const q = wall[end];
      const d = Math.hypot(q.x - p.x, q.y - p.y);
      if (d <= bestDistance) {
        bestDistance = d;
        best = { kind: 'end', wallId: wall.id, end, point: q };
      }
    }
  }
  return best;
}

export function hitOpening(scene: PlanScene, p: Vec2, mmPerPx: number): Extract<PlanHit, { kind: 'opening' }> | null {
  const slack = EDGE_SLACK_PX * mmPerPx;
  let best: Extract<PlanHit, { kind: 'opening' }> | null = null;
  let bestAcross = Infinity;
  for (const opening of scene.openings) {
    const wall = scene.wallsById.get(opening.wallId)!;
    const f = wallFrame(wall, p);
    const across = Math.abs(f.across);
    if (Math.abs(f.along - opening.offset) <= opening.width / 2 + slack && across <= wall.thickness / 2 + slack && across < bestAcross) {
      bestAcross = across;
      best = { kind: 'opening', id: opening.id, wallId: wall.id };
    }
  }
  return best;
}

/** The wall whose footprint holds p (or whose centre line is within a few px: thin walls far out). */
export function hitWall(scene: PlanScene, p: Vec2, mmPerPx: number, slackPx = EDGE_SLACK_PX): WallRecord | null {
  const slack = slackPx * mmPerPx;
  let best: WallRecord | null = null;
  let bestDistance = Infinity;
  const footprints = scene.plan().footprints;
  for (const wall of scene.walls) {
    const d = centreLineDistance(wall, p);
    if (d > wall.thickness / 2 + slack + wall.thickness) continue;
    const inside = d <= Math.max(wall.thickness / 2, slack) || (footprints.get(wall.id) ?? []).some((ring) => pointInRing(p, ring));
    if (inside && d < bestDistance) {
      bestDistance = d;
      best = wall;
    }
  }
  return best;
}

/** The smallest room whose outline holds p (a room inside another wins). */
export function hitRoom(scene: PlanScene, p: Vec2): RoomRecord | null {
  let best: RoomRecord | null = null;
  let bestArea = Infinity;
  for (const room of scene.rooms) {
    if (!pointInRing(p, room.outline)) continue;
    const area = Math.abs(signedArea(room.outline));
    if (area < bestArea) {
      bestArea = area;
      best = room;
    }
  }
  return best;
}

/** The select tool's hit test, in priority order: wall end handles, openings, walls, rooms. */
export function hitTestPlan(scene: PlanScene, p: Vec2, mmPerPx: number): PlanHit | null {
  const handle = hitHandle(scene, p, mmPerPx);
  if (handle) return handle;
  const opening = hitOpening(scene, p, mmPerPx);
  if (opening) return opening;
  const wall = hitWall(scene, p, mmPerPx);
  if (wall) return { kind: 'wall', id: wall.id };
  const room = hitRoom(scene, p);
  return room ? { kind: 'room', id: room.id } : null;
}
