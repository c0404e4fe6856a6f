import type { OpeningRecord, PavingRecord, RoomRecord, Vec2, WallRecord } from '../../protocol/records';
import { KernelRefusal, type OpeningRefusal } from '../../protocol/errors';
import type { RecordReader, Transaction } from '../document/store';
import { checkOpening, type OpeningCheck } from '../geometry/openings';
import { rememberGraph } from '../geometry/graph-cache';
import { computeCaps, computeJoints } from '../geometry/joints';
import { detectRooms } from '../geometry/rooms';
import { usableIntervalsFromGraph } from '../geometry/wall-footprint';
import { keyholeRing } from '../geometry/holes';
import { matchRooms, type OldRoom } from '../geometry/room-match';
import type { Region } from '../geometry/clip';
import { MERGE_TOLERANCE } from '../geometry/tolerance';
import { buildWallGraph, origin, type WallGraph } from '../geometry/wall-graph';
import { removeWithDependents, requireRecord } from './common';

// Keeps a storey's plan consistent after any wall change, inside the command's transaction (the
// upkeep pass calls it, upkeep.ts; commands do not):
// walls meet only at their ends (crossings, T junctions and overlaps split, as the wall graph's
// split plan says), rooms are the faces of the wall graph (old room records matched to the new
// faces by shared floor, so a room keeps its id, name, type and materials), and every opening the
// change could affect still fits its wall. A refusal throws, which rolls the whole command back.
//
// Cost: the storey's wall graph, joints and faces (what analysePlan does, less the footprints the
// renderer makes for itself; the usable stretches only when openings need checking), a linear pass
// over its walls, openings and rooms (found through the store's references, not by walking the
// scene's), and overlap matching only for faces whose outline changed.

type Interval = readonly [number, number];

export interface ReconcileOptions {
  /**
   * Walls the command wrote (added, moved, resized), in order. They go after the storey's other
   * walls, so an overlapped stretch stays with the older wall and endpoints snap to older ones;
   * their openings, and those of the walls meeting them, are checked.
   */
  readonly changed?: readonly string[];
  /** More walls whose openings must be checked (plan.build: existing walls it put openings on). */
  readonly check?: readonly string[];
  /**
   * Openings the command added: also checked against the other openings on their wall. (A wall
   * change never moves one opening relative to another on the same wall, so the others are not.)
   */
  readonly newOpenings?: readonly string[];
}

/** A piece of a wall the reconcile split: its record id and where it lay along the original (mm). */
export interface WallPieceRef {
  readonly id: string;
  readonly from: number;
  readonly to: number;
}

export interface ReconcileResult {
  /** per wall that was rewritten (split, snapped, trimmed): its pieces in order; [] = removed */
  readonly pieces: ReadonlyMap<string, readonly WallPieceRef[]>;
  /** the storey's rooms, one per face, in detection order */
  readonly roomIds: readonly string[];
}

/** Reasons an opening is refused; a refusal's detail starts with one of them and a colon. */

/** Thrown for a door or window that does not fit: a refusal whose reason reaches the UI. */
export class OpeningRefused extends KernelRefusal {
  constructor(
    override readonly reason: OpeningRefusal,
    detail: string,
  ) {
    super(reason, detail);
    this.name = 'OpeningRefused';
  }
}

export const wallLength = (w: Pick<WallRecord, 'start' | 'end'>): number => Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);

/** Where along each wall (mm from its start) both faces are whole, by wall id. */
function usableIntervals(g: WallGraph): ReadonlyMap<string, readonly Interval[]> {
  const joints = computeJoints(g);
  return usableIntervalsFromGraph(g, joints, computeCaps(g, joints));
}

/** Lengths in messages: whole mm unless a fraction matters. */
const mm = (v: number): string => String(Math.round(v * 10) / 10);

/** The storey's walls in the order reconcile hands them to the geometry: others by id, then `last` in its order. */
export function storeyWalls(reader: Pick<RecordReader, 'referring' | 'getOfType'>, storeyId: string, last: readonly string[] = []): WallRecord[] {
  const lastSet = new Set(last);
  const walls = reader.referring(storeyId, 'wall').filter((w) => !lastSet.has(w.id));
  for (const id of lastSet) {
    const w = reader.getOfType(id, 'wall');
    if (w && w.storeyId === storeyId) walls.push(w);
  }
  return walls;
}

/** What an opening on a wall is checked against. */
export interface OpeningWallInfo {
  readonly wall: WallRecord;
  /** centre-line length, mm */
  readonly length: number;
  /** where both faces are whole (mm from the wall's start) */
  readonly usable: readonly Interval[];
  /** the openings on it now */
  readonly openings: readonly OpeningRecord[];
}

/**
 * A wall's length, usable stretches and openings, for checking or placing an opening on it (the
 * opening tool's preview uses it with clampOpening). Analyses the wall's storey.
 */
export function openingWallInfo(reader: RecordReader, wallId: string): OpeningWallInfo {
  const wall = reader.getOfType(wallId, 'wall');
  if (!wall) throw new Error(`no wall with id "${wallId}"`);
  return {
    wall,
    length: wallLength(wall),
    usable: usableIntervals(buildWallGraph(storeyWalls(reader, wall.storeyId))).get(wall.id) ?? [[0, wallLength(wall)]],
    openings: reader.referring(wall.id, 'opening'),
  };
}

/** Throws OpeningRefused when the opening does not fit the wall (others: the wall's other openings). */
export function assertOpeningFits(
  opening: OpeningRecord,
  wall: WallRecord,
  length: number,
  usable: readonly Interval[],
  others: readonly OpeningRecord[],
): void {
  const label = `opening ${opening.id}`;
  if (!(opening.width > 0) || !(opening.height > 0) || !(opening.elevation >= 0)) {
    throw new OpeningRefused(
      'OPENING_INVALID_SIZE',
      `${label} needs a width and height > 0 and an elevation >= 0, got ${mm(opening.width)} x ${mm(opening.height)} at ${mm(opening.elevation)}`,
    );
  }
  const check: OpeningCheck = checkOpening({ length, usable }, others, opening);
  if (!check.ok) {
    const from = opening.offset - opening.width / 2;
    const to = opening.offset + opening.width / 2;
    const spans = `${label} spans ${mm(from)}..${mm(to)} along wall ${wall.id}`;
    const within = check.allowed ? `; it must stay within ${mm(check.allowed.from)}..${mm(check.allowed.to)}` : '';
    switch (check.reason) {
      case 'INVALID_SIZE':
        throw new OpeningRefused('OPENING_INVALID_SIZE', `${label} has no valid width or offset`);
      case 'TOO_WIDE': {
        const widest = usable.reduce((best, [a, b]) => Math.max(best, b - a), 0);
        throw new OpeningRefused('OPENING_TOO_WIDE', `${label} is ${mm(opening.width)} wide; the longest clear stretch of wall ${wall.id} is ${mm(widest)}`);
      }
      case 'PAST_START':
      case 'PAST_END':
        throw new OpeningRefused('OPENING_PAST_END', `${spans}, which is ${mm(length)} long${within}`);
      case 'ACROSS_JOINT':
        throw new OpeningRefused('OPENING_ACROSS_JOINT', `${spans}, across a joint with another wall${within}`);
      case 'OVERLAP':
        throw new OpeningRefused('OPENING_OVERLAP', `${spans} and overlaps opening ${check.otherId ?? '?'}${within}`);
    }
  }
  if (opening.elevation + opening.height > wall.height + 1e-6) {
    throw new OpeningRefused('OPENING_TOO_TALL', `${label}: its top (${mm(opening.elevation + opening.height)}) is above wall ${wall.id} (${mm(wall.height)})`);
  }
}

const ringKey = (ring: readonly Vec2[]): string => {
  let key = '';
  for (const p of ring) key += `${p.x},${p.y};`;
  return key;
};

function clip(intervals: readonly Interval[], from: number, to: number): Interval[] {
  const out: Interval[] = [];
  for (const [a, b] of intervals) {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (hi > lo) out.push([lo - from, hi - from]);
  }
  return out;
}

/** Copies pavings (those of a wall or room; only `faces` when given) onto the surface `toId`, with new ids. */
function copyPavings(tx: Transaction, pavings: readonly PavingRecord[], toId: string, faces?: readonly string[]): void {
  for (const p of pavings) {
    if (faces && !faces.includes(p.surface.face)) continue;
    tx.put({ ...p, id: tx.newId('paving'), surface: { id: toId, face: p.surface.face } });
  }
}

/**
 * Brings one storey's walls and rooms in line with each other after a wall change (see the file
 * header). Throws OpeningRefused when an opening the change affects no longer fits.
 */
export function reconcileStorey(tx: Transaction, storeyId: string, options: ReconcileOptions = {}): ReconcileResult {
  const storey = requireRecord(tx, storeyId, 'storey');
  const changed = options.changed ?? [];
  const walls = storeyWalls(tx, storeyId, changed);
  const g = buildWallGraph(walls);
  const joints = computeJoints(g);
  // The renderer builds the changed walls' footprints from this same graph when nothing below
  // rewrites a wall (geometry/graph-cache.ts checks that the records are the same objects).
  rememberGraph(walls, g, joints);
  const { rooms } = detectRooms(g, joints);
  let usable: ReadonlyMap<string, readonly Interval[]> | null = null;
  const usableOf = (id: string) => (usable ??= usableIntervalsFromGraph(g, joints, computeCaps(g, joints))).get(id);

  const openingsOf = new Map<string, OpeningRecord[]>();
  for (const w of walls) {
    const list = tx.referring(w.id, 'opening');
    if (list.length > 0) openingsOf.set(w.id, list);
  }
  const pavingsOn = (id: string): readonly PavingRecord[] => tx.referring(id, 'paving');

  // Walls to check openings on: the changed ones, those meeting them, those named, and every piece.
  const toCheck = new Set<string>(options.check ?? []);
  const changedSet = new Set(changed);
  const degree = (v: number) => g.ringStart[v + 1]! - g.ringStart[v]!;
  walls.forEach((w, i) => {
    if (!changedSet.has(w.id)) return;
    toCheck.add(w.id);
    for (const piece of g.splits[i]!.pieces) {
      for (const v of [g.edgeFrom[piece.edge]!, g.edgeTo[piece.edge]!]) {
        for (let p = g.ringStart[v]!; p < g.ringStart[v + 1]!; p++) {
          const edge = g.ring[p]! >> 1;
          toCheck.add(walls[g.edgeWall[edge]!]!.id);
          for (const k of g.edgeAlsoCoveredBy.get(edge) ?? []) toCheck.add(walls[k]!.id);
        }
      }
    }
  });

  // 1. Walls: rewrite those the split plan changes.
  const pieces = new Map<string, WallPieceRef[]>();
  /** per wall id that is a piece of a rewritten wall: which stretch of the original it is */
  const pieceOf = new Map<string, { wallId: string; from: number; to: number }>();
  const gone: string[] = [];
  const goneWalls = new Set<string>();
  walls.forEach((wall, i) => {
    const split = g.splits[i]!;
    if (!split.changed) return;
    // Kept pieces, with pieces of this wall that meet only each other (straight, nothing else at
    // the node: what is left of a split by an overlap that is dropped) joined back into one.
    const runs: { start: Vec2; end: Vec2; from: number; to: number }[] = [];
    let open = false;
    for (const piece of split.pieces) {
      if (piece.coveredBy !== null) {
        open = false;
        continue;
      }
      const previous = runs[runs.length - 1];
      if (open && previous && degree(origin(g, piece.halfEdge)) === 2) {
        previous.end = piece.end;
        previous.to = piece.to;
      } else {
        runs.push({ start: piece.start, end: piece.end, from: piece.from, to: piece.to });
      }
      open = true;
    }
    const kept = runs.filter((r) => Math.hypot(r.end.x - r.start.x, r.end.y - r.start.y) >= 1);
    const refs: WallPieceRef[] = kept.map((r, k) => ({ id: k === 0 ? wall.id : tx.newId('wall'), from: r.from, to: r.to }));
    pieces.set(wall.id, refs);
    if (kept.length === 0) {
      gone.push(wall.id);
      goneWalls.add(wall.id);
      return;
    }
    kept.forEach((r, k) => {
      tx.put({ ...wall, id: refs[k]!.id, start: r.start, end: r.end });
      pieceOf.set(refs[k]!.id, { wallId: wall.id, from: r.from, to: r.to });
      toCheck.add(refs[k]!.id);
      if (k > 0) copyPavings(tx, pavingsOn(wall.id), refs[k]!.id);
    });
    // Openings go to the piece holding their centre (the nearest one past the ends); one on a
    // stretch no piece kept (covered by an older wall) is refused.
    const mine = openingsOf.get(wall.id) ?? [];
    if (mine.length === 0) return;
    openingsOf.delete(wall.id);
    const length = wallLength(wall);
    // Where the wall is now cut (not where a split was joined back up).
    const cuts = kept.flatMap((r) => [r.from, r.to]).filter((t) => t > MERGE_TOLERANCE && t < length - MERGE_TOLERANCE);
    for (const o of mine) {
      const across = cuts.find((t) => o.offset - o.width / 2 < t - 1e-6 && t + 1e-6 < o.offset + o.width / 2);
      if (across !== undefined) {
        throw new OpeningRefused(
          'OPENING_ACROSS_JOINT',
          `opening ${o.id} spans ${mm(o.offset - o.width / 2)}..${mm(o.offset + o.width / 2)} along wall ${wall.id}, where another wall would meet it at ${mm(across)}`,
        );
      }
      let best = -1;
      let bestDistance = Infinity;
      kept.forEach((r, k) => {
        const d = o.offset < r.from ? r.from - o.offset : o.offset > r.to ? o.offset - r.to : 0;
        if (d < bestDistance) {
          bestDistance = d;
          best = k;
        }
      });
      if (bestDistance > 1) {
        const cover = split.pieces.find((q) => q.coveredBy !== null && o.offset >= q.from && o.offset <= q.to)?.coveredBy;
        throw new OpeningRefused(
          'OPENING_ACROSS_JOINT',
          `opening ${o.id} at ${mm(o.offset)} along wall ${wall.id} would lie where ${cover ? `wall ${cover}` : 'another wall'} runs along it`,
        );
      }
      const target = refs[best]!;
      const moved: OpeningRecord = { ...o, wallId: target.id, offset: Math.max(0, o.offset - target.from) };
      if (moved.wallId !== o.wallId || moved.offset !== o.offset) tx.put(moved);
      const list = openingsOf.get(target.id);
      if (list) list.push(moved);
      else openingsOf.set(target.id, [moved]);
    }
  });
  for (const id of [...toCheck]) {
    const refs = pieces.get(id);
    if (refs) for (const r of refs) toCheck.add(r.id);
  }

  // 2. Openings the change may have moved, shortened or crowded.
  const addedOpenings = new Set(options.newOpenings ?? []);
  const byId = new Map(walls.map((w) => [w.id, w]));
  for (const id of toCheck) {
    const list = openingsOf.get(id);
    if (!list || list.length === 0) continue;
    const wall = tx.getOfType(id, 'wall') ?? byId.get(id);
    if (!wall || goneWalls.has(id)) continue;
    const piece = pieceOf.get(id);
    const stretches = piece ? clip(usableOf(piece.wallId) ?? [], piece.from, piece.to) : (usableOf(id) ?? [[0, wallLength(wall)] as const]);
    const length = wallLength(wall);
    for (const o of list) assertOpeningFits(o, wall, length, stretches, addedOpenings.has(o.id) ? list : []);
  }

  // 3. Rooms: unchanged faces keep their record; the others are matched by shared floor.
  const oldRooms = tx.referring(storeyId, 'room');
  const oldByKey = new Map<string, RoomRecord>();
  for (const r of oldRooms) oldByKey.set(ringKey(r.outline), r);
  const rings = rooms.map((room) => (room.holes.length > 0 ? keyholeRing(room.outline, room.holes) : room.outline));
  const roomIds: (string | null)[] = rings.map(() => null);
  const kept = new Set<string>();
  rings.forEach((ring, f) => {
    const same = oldByKey.get(ringKey(ring));
    if (same && !kept.has(same.id)) {
      roomIds[f] = same.id;
      kept.add(same.id);
    }
  });
  const restOld: OldRoom[] = oldRooms.filter((r) => !kept.has(r.id));
  const restFaces: number[] = [];
  rings.forEach((_, f) => {
    if (roomIds[f] === null) restFaces.push(f);
  });
  if (restFaces.length > 0 || restOld.length > 0) {
    const fresh: Region[] = restFaces.map((f) => ({ outline: rooms[f]!.outline, holes: rooms[f]!.holes }));
    const { matches, removed } = matchRooms(restOld, fresh);
    const oldById = new Map(oldRooms.map((r) => [r.id, r]));
    matches.forEach((match, k) => {
      const f = restFaces[k]!;
      const outline = rings[f]!.map((p) => ({ x: p.x, y: p.y }));
      if (match.keepId !== null) {
        const old = oldById.get(match.keepId)!;
        tx.put({ ...old, outline });
        roomIds[f] = old.id;
        return;
      }
      const source = match.sourceId !== null ? oldById.get(match.sourceId) : undefined;
      const id = tx.newId('room');
      tx.put({
        id,
        type: 'room',
        storeyId,
        name: source?.name ?? '',
        roomType: source?.roomType ?? 0,
        outline,
        height: storey.layerHeight,
      });
      if (source) copyPavings(tx, pavingsOn(source.id), id, ['floor', 'ceiling']);
      roomIds[f] = id;
    });
    gone.push(...removed);
  }
  if (gone.length > 0) removeWithDependents(tx, gone);
  return { pieces, roomIds: roomIds as string[] };
}
