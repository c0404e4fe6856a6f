import type { CabinetRecord, ModelMount, Vec2, Vec3 } from '../../protocol/records';
import { cabinetFootprint } from './cabinet-parts';
import { againstWall, WALL_PIECE_CENTRE, type Placement, type PlacementRoom } from './placement';
import { distanceToRing, pointInRing } from './polygon';

// Where a furniture piece goes when it is dropped at a point or dragged: snapped flush against a
// wall face near it, never inside a wall's body, its edges lined up with neighbouring pieces, and a
// surface piece (a table lamp) standing on the piece under it. Pure and in millimetres: the kernel's
// drop query and the select tool's model drags feed it the storey's walls and models.

/** Gap (mm) between a piece's back and the wall face it is snapped to, so the faces never share a plane. */
export const FLUSH_GAP = 1;
/** Snap distances (mm) used where no screen scale applies (3D views, pastes). */
export const WALL_SNAP_MM = 150;
export const EDGE_SNAP_MM = 80;

/** A wall's body: its centre line and thickness. */
export interface SnapWallBody {
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
}

/** A placed piece: base centre (z above the floor), rotation about the vertical, size (x width, y depth, z height). */
export interface SnapPiece {
  readonly position: Vec3;
  readonly rotation: number;
  readonly size: Vec3;
  /** hung off the floor (a wall cabinet): lined up with, never stood on (a lamp dropped under it goes on the worktop) */
  readonly hung?: boolean;
}

export interface FootprintSnapOptions {
  /** a wall face within this distance (mm) of the footprint pulls it flush */
  readonly wallSnap: number;
  /** another piece's edge within this distance (mm) lines the footprint up with it */
  readonly edgeSnap: number;
  /** turn the piece so its back is to the nearest wall face within reach (a drop, not a move) */
  readonly faceWall?: boolean;
}

export interface PlacedFootprint {
  readonly center: Vec2;
  readonly rotation: number;
}

/** The footprint's four corners (size x by y about `center`, turned by `rotation`). */
export function footprintCorners(center: Vec2, rotation: number, size: Pick<Vec3, 'x' | 'y'>): Vec2[] {
  const c = Math.cos(rotation);
  const s = Math.sin(rotation);
  const hx = size.x / 2;
  const hy = size.y / 2;
  return [
    [-hx, -hy],
    [hx, -hy],
    [hx, hy],
    [-hx, hy],
  ].map(([x, y]) => ({ x: center.x + x! * c - y! * s, y: center.y + x! * s + y! * c }));
}

/** True when plan point `p` lies on the piece's footprint. */
export function onFootprint(piece: SnapPiece, p: Vec2): boolean {
  const dx = p.x - piece.position.x;
  const dy = p.y - piece.position.y;
  const c = Math.cos(piece.rotation);
  const s = Math.sin(piece.rotation);
  return Math.abs(dx * c + dy * s) <= piece.size.x / 2 && Math.abs(-dx * s + dy * c) <= piece.size.y / 2;
}

/** The piece whose footprint holds `p` and whose top is highest (what a lamp dropped there stands on). */
export function pieceUnder<T extends SnapPiece>(pieces: readonly T[], p: Vec2): T | null {
  let best: T | null = null;
  for (const m of pieces) {
    if (m.hung || !onFootprint(m, p)) continue;
    if (!best || m.position.z + m.size.z > best.position.z + best.size.z) best = m;
  }
  return best;
}

interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

function boxOf(corners: readonly Vec2[]): Box {
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** The smallest shift along one axis that puts one of the piece's edges on one of the other's (side by side or aligned). */
function edgeShift(pMin: number, pMax: number, oMin: number, oMax: number, within: number): number | null {
  let best: number | null = null;
  for (const d of [oMin - pMax, oMax - pMin, oMin - pMin, oMax - pMax]) {
    if (Math.abs(d) <= within && (best === null || Math.abs(d) < Math.abs(best))) best = d;
  }
  return best;
}

/** Lines the footprint's bounding box up with the nearest edges of neighbouring pieces (one shift per axis). */
function snapToEdges(center: Vec2, rotation: number, size: Vec3, others: readonly SnapPiece[], within: number): Vec2 {
  if (within <= 0 || others.length === 0) return center;
  const box = boxOf(footprintCorners(center, rotation, size));
  let dx: number | null = null;
  let dy: number | null = null;
  for (const o of others) {
    const ob = boxOf(footprintCorners(o.position, o.rotation, o.size));
    // Only neighbours: their span across the axis overlaps or nearly touches the piece's.
    const nearY = ob.minY - within < box.maxY && ob.maxY + within > box.minY;
    const nearX = ob.minX - within < box.maxX && ob.maxX + within > box.minX;
    if (nearY) {
      const s = edgeShift(box.minX, box.maxX, ob.minX, ob.maxX, within);
      if (s !== null && (dx === null || Math.abs(s) < Math.abs(dx))) dx = s;
    }
    if (nearX) {
      const s = edgeShift(box.minY, box.maxY, ob.minY, ob.maxY, within);
      if (s !== null && (dy === null || Math.abs(s) < Math.abs(dy))) dy = s;
    }
  }
  return { x: center.x + (dx ?? 0), y: center.y + (dy ?? 0) };
}

interface WallFrame {
  readonly start: Vec2;
  readonly u: Vec2;
  readonly n: Vec2;
  readonly length: number;
  readonly half: number;
}

function frameOf(w: SnapWallBody): WallFrame | null {
  const length = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
  if (length === 0) return null;
  const u = { x: (w.end.x - w.start.x) / length, y: (w.end.y - w.start.y) / length };
  return { start: w.start, u, n: { x: -u.y, y: u.x }, length, half: w.thickness / 2 };
}

/** The footprint's extent along the wall and across it (signed, from the centre line). */
function extents(f: WallFrame, corners: readonly Vec2[]) {
  let aMin = Infinity;
  let aMax = -Infinity;
  let sMin = Infinity;
  let sMax = -Infinity;
  for (const p of corners) {
    const rx = p.x - f.start.x;
    const ry = p.y - f.start.y;
    const a = rx * f.u.x + ry * f.u.y;
    const s = rx * f.n.x + ry * f.n.y;
    aMin = Math.min(aMin, a);
    aMax = Math.max(aMax, a);
    sMin = Math.min(sMin, s);
    sMax = Math.max(sMax, s);
  }
  return { aMin, aMax, sMin, sMax };
}

/**
 * The wall face nearest the footprint's centre that the footprint faces across (its span along the
 * wall overlaps the wall), as the outward normal from that face into the room and the distance.
 */
function nearestFace(center: Vec2, size: Vec3, walls: readonly SnapWallBody[]): { normal: Vec2; distance: number } | null {
  let best: { normal: Vec2; distance: number } | null = null;
  const reach = Math.max(size.x, size.y) / 2;
  for (const w of walls) {
    const f = frameOf(w);
    if (!f) continue;
    const rx = center.x - f.start.x;
    const ry = center.y - f.start.y;
    const a = rx * f.u.x + ry * f.u.y;
    if (a < -reach || a > f.length + reach) continue;
    const s = rx * f.n.x + ry * f.n.y;
    const side = s >= 0 ? 1 : -1;
    const distance = Math.abs(s) - f.half;
    if (!best || distance < best.distance) best = { normal: { x: f.n.x * side, y: f.n.y * side }, distance };
  }
  return best;
}

/** Moves the footprint out of every wall body it overlaps and flush against a face within `within`. */
function clearWalls(center: Vec2, rotation: number, size: Vec3, walls: readonly SnapWallBody[], within: number): Vec2 {
  let c = center;
  // A second and third pass settle corners, where pushing off one wall can press into the other.
  for (let pass = 0; pass < 3; pass++) {
    let moved = false;
    for (const w of walls) {
      const f = frameOf(w);
      if (!f) continue;
      const e = extents(f, footprintCorners(c, rotation, size));
      // Beside the wall's ends, not across it (a hair of overlap at a joint does not count).
      if (e.aMax <= 1 || e.aMin >= f.length - 1) continue;
      const sc = (c.x - f.start.x) * f.n.x + (c.y - f.start.y) * f.n.y;
      let shift = 0;
      if (sc >= 0) {
        const gap = e.sMin - f.half - FLUSH_GAP;
        if (e.sMax > -f.half && gap < -1e-6) shift = -gap;
        else if (gap > 1e-6 && gap <= within) shift = -gap;
      } else {
        const gap = -f.half - FLUSH_GAP - e.sMax;
        if (e.sMin < f.half && gap < -1e-6) shift = gap;
        else if (gap > 1e-6 && gap <= within) shift = gap;
      }
      if (shift !== 0) {
        c = { x: c.x + f.n.x * shift, y: c.y + f.n.y * shift };
        moved = true;
      }
    }
    if (!moved) break;
  }
  return c;
}

/**
 * Snaps a piece's footprint: first to neighbouring pieces' edges, then against the walls (out of
 * their bodies, flush to a face within reach; with faceWall, turned back to the nearest face in
 * reach first). Walls win over neighbours: the result never overlaps a wall body it could clear.
 */
export function snapFootprint(
  piece: { readonly center: Vec2; readonly rotation: number; readonly size: Vec3 },
  walls: readonly SnapWallBody[],
  others: readonly SnapPiece[],
  options: FootprintSnapOptions,
): PlacedFootprint {
  let rotation = piece.rotation;
  if (options.faceWall) {
    const face = nearestFace(piece.center, piece.size, walls);
    if (face && face.distance <= piece.size.y / 2 + options.wallSnap) rotation = Math.atan2(face.normal.x, -face.normal.y);
  }
  const lined = snapToEdges(piece.center, rotation, piece.size, others, options.edgeSnap);
  const center = clearWalls(lined, rotation, piece.size, walls, options.wallSnap);
  return { center: { x: Math.round(center.x * 10) / 10, y: Math.round(center.y * 10) / 10 }, rotation };
}

type CabinetShape = Pick<CabinetRecord, 'position' | 'rotation' | 'width' | 'depth' | 'height' | 'plinth' | 'endPanelLeft' | 'endPanelRight'>;

/** A cabinet as a piece others snap to: its footprint (end panels included), from its plinth's bottom to its top. */
export function cabinetPiece(c: CabinetShape): SnapPiece {
  const f = cabinetFootprint(c);
  return { position: { x: f.center.x, y: f.center.y, z: c.position.z }, rotation: c.rotation, size: { x: f.size.x, y: f.size.y, z: c.plinth + c.height }, hung: c.position.z > 0 };
}

/** The pieces whose heights overlap [z0, z1] by more than a millimetre: a wall unit's neighbours are wall units, a base unit's base units. */
export function piecesAtHeight<T extends SnapPiece>(pieces: readonly T[], z0: number, z1: number): T[] {
  return pieces.filter((p) => p.position.z < z1 - 1 && p.position.z + p.size.z > z0 + 1);
}

/**
 * Where a cabinet moved to `to` (its position's plan point) goes: its footprint snapped as a
 * piece's (flush to the wall face behind it, out of wall bodies, its sides lined up with the
 * neighbours at its height, so a run closes without gaps), returned as the cabinet's position.
 */
export function snapCabinet(c: CabinetShape, to: Vec2, walls: readonly SnapWallBody[], others: readonly SnapPiece[], options: Omit<FootprintSnapOptions, 'faceWall'>): Vec2 {
  const piece = cabinetPiece({ ...c, position: { x: to.x, y: to.y, z: c.position.z } });
  const near = piecesAtHeight(others, piece.position.z, piece.position.z + piece.size.z);
  const snapped = snapFootprint({ center: piece.position, rotation: c.rotation, size: piece.size }, walls, near, options);
  return { x: to.x + snapped.center.x - piece.position.x, y: to.y + snapped.center.y - piece.position.y };
}

/** The height a surface piece at `p` stands at: the top of the piece under it, else the floor. */
export function surfaceHeight(pieces: readonly SnapPiece[], p: Vec2): number {
  const under = pieceUnder(pieces, p);
  return under ? under.position.z + under.size.z : 0;
}

export interface DropRoom extends PlacementRoom {
  readonly id: string;
}

export interface DropScene {
  readonly rooms: readonly DropRoom[];
  readonly walls: readonly SnapWallBody[];
  readonly pieces: readonly SnapPiece[];
}

export interface DropTarget {
  /** the plan point under the pointer (on the floor; on a wall face when `height` is given) */
  readonly at: Vec2;
  /** the pointer's height above the floor where it points at a wall (3D views), else null */
  readonly height: number | null;
}

/** How far (mm) outside every room a pointer on a wall may be and still hang a wall piece there. */
const WALL_REACH = 400;

/** The room holding `p`, or (with `reach`) the room whose outline passes nearest within it. */
function roomAt(rooms: readonly DropRoom[], p: Vec2, reach: number): DropRoom | null {
  for (const r of rooms) if (r.outline.length >= 3 && pointInRing(p, r.outline)) return r;
  let best: DropRoom | null = null;
  let bestDistance = reach;
  for (const r of rooms) {
    if (r.outline.length < 3) continue;
    const d = distanceToRing(p, r.outline);
    if (d <= bestDistance) {
      best = r;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Where a piece dropped at `target` lands by its mount: a floor piece on the floor under the
 * pointer (back to a wall face in reach), a surface piece on top of the piece under the pointer
 * (else the floor), a ceiling piece under the ceiling, a wall piece on the wall face nearest the
 * pointer with its back to it (at the pointer's height when known). Null outside every room.
 */
export function dropPlacement(scene: DropScene, target: DropTarget, size: Vec3, mount: ModelMount, options: Omit<FootprintSnapOptions, 'faceWall'>): (Placement & { roomId: string }) | null {
  const room = roomAt(scene.rooms, target.at, mount === 'wall' ? WALL_REACH : 0);
  if (!room) return null;
  const top = Math.max(0, room.height - size.z);
  if (mount === 'wall') {
    const { at, rotation } = againstWall(room.outline, target.at, size);
    const centre = target.height ?? WALL_PIECE_CENTRE;
    return { roomId: room.id, position: { x: at.x, y: at.y, z: Math.min(top, Math.max(0, Math.round(centre - size.z / 2))) }, rotation };
  }
  if (mount === 'surface') {
    const under = pieceUnder(scene.pieces, target.at);
    if (under) {
      // Standing on a table: centred where dropped, turned with it; only the walls move it.
      const { center } = snapFootprint({ center: target.at, rotation: under.rotation, size }, scene.walls, [], { ...options, edgeSnap: 0 });
      return { roomId: room.id, position: { x: center.x, y: center.y, z: under.position.z + under.size.z }, rotation: under.rotation };
    }
  }
  const snapped = snapFootprint({ center: target.at, rotation: 0, size }, scene.walls, scene.pieces, { ...options, faceWall: mount === 'floor' });
  return { roomId: room.id, position: { x: snapped.center.x, y: snapped.center.y, z: mount === 'ceiling' ? top : 0 }, rotation: snapped.rotation };
}
