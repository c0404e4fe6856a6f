import type { Object3D } from 'three';
import type { OpeningRecord, RoomRecord, Vec2, WallRecord } from '../../../protocol/records';
import { defaultFloorLook, lookKey, materialLook, type SurfaceLook } from '../../render/materials';
import { doorSpans, outlineEdges, roomSurfaces, skirtingGeometry } from '../../render/room-mesh';
import { ceilingsOfRoom } from '../ceiling/view';
import { ceilingCuts, cutsKey, floorCuts, storeyBelow } from '../floorOpening/view';
import { openingsOfWall } from '../opening/view';
import { surfaceLook } from '../paving/view';
import { wallsOfStorey } from '../wall/view';
import { viewIndex, type ViewEnv, type ViewKind, type ViewQuery } from '../view-kind';
import { defaultFloorTile } from './defaults';

// A room: its floor (the floor paving's tile grid, else the room type's default tile), its own
// ceiling facing down (unless a ceiling record hangs one in it) and, with the skirting option,
// skirting broken at its doors.

export const roomsOfStorey = viewIndex('room', 'roomsOfStorey', (r) => r.storeyId);

type Gaps = (readonly (readonly [number, number])[])[];

/** The same points in the same order: a record that kept its outline (a rename) keeps the very array. */
export function sameRing(a: readonly Vec2[], b: readonly Vec2[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.x !== b[i]!.x || a[i]!.y !== b[i]!.y) return false;
  return true;
}

/** Two build states alike: the same outline (sameRing) and every other field equal. */
export function sameBuild<S extends { readonly outline: readonly Vec2[] }>(old: S | undefined, state: S): boolean {
  if (!old || !sameRing(old.outline, state.outline)) return false;
  for (const key in state) if (key !== 'outline' && old[key] !== state[key]) return false;
  return true;
}

/**
 * What a room was built from. Compared field by field, not as one key string: a batch renaming
 * every room asks each of them (and their ceilings) whether to rebuild, and builds no strings.
 */
interface RoomState {
  readonly outline: readonly Vec2[];
  readonly elevation: number;
  readonly height: number;
  readonly floor: string;
  readonly hung: boolean;
  readonly ceiling: string;
  readonly gaps: string;
  /** the floor openings cutting its floor, and its ceiling (those of the storey above) */
  readonly cuts: string;
}

function floorLook(room: RoomRecord, q: ViewQuery): SurfaceLook {
  if (room.materials?.floor) return materialLook('floor', room.materials.floor);
  return surfaceLook(q, room.id, 'floor') ?? defaultFloorLook(room.roomType, defaultFloorTile(room.roomType));
}

/** The own ceiling's library material, else its paving's look, else none (the default ceiling). */
function ceilingLook(room: RoomRecord, q: ViewQuery): SurfaceLook | null {
  return room.materials?.ceiling ? materialLook('ceiling', room.materials.ceiling) : surfaceLook(q, room.id, 'ceiling');
}

/** The doors each edge of a room's outline is broken at, for its skirting. */
function skirtingGaps(room: RoomRecord, q: ViewQuery): Gaps {
  const walls = q.indexed(wallsOfStorey, room.storeyId);
  const byWall = new Map<string, readonly OpeningRecord[]>();
  for (const w of walls) if (q.hasIndexed(openingsOfWall, w.id)) byWall.set(w.id, q.indexed(openingsOfWall, w.id));
  const n = room.outline.length;
  return room.outline.map((p, i) => doorSpans(p, room.outline[(i + 1) % n]!, walls, byWall));
}

/** Does a room's outline come near one of the wall's faces? (skirting and doors) */
function nearWall(room: RoomRecord, wall: WallRecord): boolean {
  const pad = wall.thickness / 2 + 2;
  const minX = Math.min(wall.start.x, wall.end.x) - pad;
  const maxX = Math.max(wall.start.x, wall.end.x) + pad;
  const minY = Math.min(wall.start.y, wall.end.y) - pad;
  const maxY = Math.max(wall.start.y, wall.end.y) + pad;
  return room.outline.some((p) => p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY);
}

function fill(group: Object3D, room: RoomRecord, elevation: number, gaps: Gaps | null, env: ViewEnv): void {
  const { materials } = env;
  // The room's own ceiling, unless a ceiling record hangs one in it.
  const ownCeiling = !env.hasIndexed(ceilingsOfRoom, room.id);
  const surfaces = roomSurfaces(room.outline, elevation, ownCeiling ? room.height : null, floorCuts(env, room.storeyId), ownCeiling ? ceilingCuts(env, room.storeyId) : []);
  if (surfaces.floor) group.add(env.surfaceMesh(surfaces.floor, materials.surface(floorLook(room, env)), false));
  if (surfaces.floor && env.edges) group.add(env.lines(outlineEdges(room.outline, elevation + 1)));
  if (surfaces.ceiling) {
    const look = ceilingLook(room, env);
    const mesh = env.surfaceMesh(surfaces.ceiling, look ? materials.surface(look) : materials.ceiling, false);
    mesh.userData.defaultCeiling = true;
    group.add(mesh);
  }
  if (gaps) {
    const board = skirtingGeometry(room.outline, elevation, (i) => gaps[i] ?? []);
    if (board) group.add(env.surfaceMesh(board, materials.skirting, false));
  }
}

export const roomView: ViewKind<'room', RoomState> = {
  type: 'room',
  indexes: [roomsOfStorey],
  dependsOn: {
    paving: (p) => (p.surface.face === 'floor' || p.surface.face === 'ceiling' ? [p.surface.id] : []),
    ceiling: (c) => [c.roomId],
    // A storey moving up or down can change which storey is right above another.
    // (Its removal too: the ceilings below lose the holes of its openings.)
    storey: (s, q) => [s.id, storeyBelow(q.records, s)?.id].flatMap((id) => (id ? q.indexed(roomsOfStorey, id).map((r) => r.id) : [])),
    // Its storey's rooms (floors) and those of the storey below (ceilings).
    floorOpening: (o, q) => [o.storeyId, storeyBelow(q.records, o.storeyId)?.id].flatMap((id) => (id ? q.indexed(roomsOfStorey, id).map((r) => r.id) : [])),
    // Skirting breaks at doors: the rooms along a wall whose openings changed.
    opening: (o, q) => {
      const wall = q.skirting ? q.records.getOfType(o.wallId, 'wall') : undefined;
      return wall ? q.indexed(roomsOfStorey, wall.storeyId).filter((r) => nearWall(r, wall)).map((r) => r.id) : [];
    },
  },
  options: ['skirting'],
  storeyOf: (room) => room.storeyId,
  update(room, env, old) {
    const elevation = env.elevationOf(room.storeyId);
    const gaps = env.skirting ? skirtingGaps(room, env) : null;
    const ceiling = ceilingLook(room, env);
    const state: RoomState = {
      outline: room.outline,
      elevation,
      height: room.height,
      floor: lookKey(floorLook(room, env)),
      hung: env.hasIndexed(ceilingsOfRoom, room.id),
      ceiling: ceiling ? lookKey(ceiling) : '',
      gaps: gaps ? JSON.stringify(gaps) : '',
      cuts: cutsKey(floorCuts(env, room.storeyId)) + '|' + cutsKey(ceilingCuts(env, room.storeyId)),
    };
    if (sameBuild(old, state)) return undefined;
    return { state, fill: (group) => fill(group, room, elevation, gaps, env) };
  },
  edges: (room, _key, group, env) => (group.children.length > 0 ? outlineEdges(room.outline, env.elevationOf(room.storeyId) + 1) : null),
};
