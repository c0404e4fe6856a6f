import type { Vec2 } from '../../protocol/records';
import { CAP_STRIDE, computeCaps, computeJoints, type Caps, type Joints } from './joints';
import { cleanRing, positiveLoops } from './polygon';
import { buildWallGraph, type WallGraph, type WallInput, type WallPiece } from './wall-graph';

// The plan outline of each wall record, built from the mitred joints of the wall graph (joints.ts)
// so walls meet without gaps or overlaps at L, T and X junctions at any angle. Usable both as a 2D
// fill and as the shape a wall is extruded from.

/** One closed outline, counter-clockwise. */
export type Footprint = readonly Vec2[];

/**
 * A wall's footprint: usually one polygon. A wall that another wall runs straight across (an X
 * not yet split into four walls) is cut there and has two; a wall shorter than the merge
 * tolerance, lying entirely on an earlier wall, or entirely inside the joint with other walls (a
 * stub a few cm past a crossing), has none. A single piece starts at the wall's
 * start-right corner and runs start-right, end-right, end-left, start-left (right and left seen
 * from the start), with any joint points in between.
 */
export type WallFootprint = readonly Footprint[];

/** Same outlines, point for point (an unchanged wall's footprint is kept as the same object). */
export function sameFootprint(a: WallFootprint, b: WallFootprint): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p.length !== q.length) return false;
    for (let k = 0; k < p.length; k++) if (p[k]!.x !== q[k]!.x || p[k]!.y !== q[k]!.y) return false;
  }
  return true;
}

const last = <T>(list: readonly T[]): T => list[list.length - 1]!;

/** Runs of a wall's own pieces that join straight through their shared nodes. */
function runsOf(pieces: readonly WallPiece[], joints: Joints): WallPiece[][] {
  const runs: WallPiece[][] = [];
  let run: WallPiece[] | null = null;
  for (const piece of pieces) {
    if (piece.coveredBy !== null) {
      run = null;
      continue;
    }
    const previous = run ? last(run) : null;
    if (run && previous && joints.straight[previous.halfEdge ^ 1] === piece.halfEdge) run.push(piece);
    else runs.push((run = [piece]));
  }
  return runs;
}

/**
 * Footprints of the walls of one storey's graph, by wall id: all of them, or only those at the
 * given indices into g.walls (an edit rebuilds the walls it touched, not the storey).
 */
export function footprintsFromGraph(g: WallGraph, joints: Joints, caps: Caps, only?: Iterable<number>): Map<string, WallFootprint> {
  const out = new Map<string, WallFootprint>();
  const { capCount, capX, capY } = caps;
  for (const split of only ? [...only].map((i) => g.splits[i]!) : g.splits) {
    const polygons = runsOf(split.pieces, joints).flatMap((run) => {
      const start = run[0]!.halfEdge;
      const end = last(run).halfEdge ^ 1;
      const ring: Vec2[] = [];
      const take = (h: number, from: number, to: number) => {
        for (let i = from; i < to; i++) ring.push({ x: capX[CAP_STRIDE * h + i]!, y: capY[CAP_STRIDE * h + i]! });
      };
      // From the start cap's right corner, round the far end, back along the left face.
      take(start, capCount[start]! - 1, capCount[start]!);
      take(end, 0, capCount[end]!);
      take(start, 0, capCount[start]! - 1);
      return positiveLoops(cleanRing(ring));
    });
    out.set(split.wallId, polygons);
  }
  return out;
}

/**
 * Where along each wall (mm from its start, on the centre line) both faces are whole: between
 * the joints at its ends and around walls butting against it. Openings go within one interval.
 */
export function usableIntervalsFromGraph(g: WallGraph, joints: Joints, caps: Caps): Map<string, readonly (readonly [number, number])[]> {
  const out = new Map<string, (readonly [number, number])[]>();
  for (const split of g.splits) {
    const intervals: [number, number][] = [];
    for (const run of runsOf(split.pieces, joints)) {
      for (const piece of run) {
        const from = piece.from + caps.reach[piece.halfEdge]!;
        const to = piece.to - caps.reach[piece.halfEdge ^ 1]!;
        if (to <= from) continue;
        const previous = intervals[intervals.length - 1];
        if (previous && from - previous[1] <= 1e-6) previous[1] = to;
        else intervals.push([from, to]);
      }
    }
    out.set(split.wallId, intervals);
  }
  return out;
}

/** A wall as the footprints need it; walls of different storeys never join. */
export interface FootprintWall extends WallInput {
  readonly storeyId?: string;
}

/** Footprints of all walls (any storeys), by wall id. */
export function wallFootprints(walls: readonly FootprintWall[]): Map<string, WallFootprint> {
  const byStorey = new Map<string | undefined, FootprintWall[]>();
  for (const w of walls) {
    const list = byStorey.get(w.storeyId);
    if (list) list.push(w);
    else byStorey.set(w.storeyId, [w]);
  }
  const out = new Map<string, WallFootprint>();
  for (const group of byStorey.values()) {
    const g = buildWallGraph(group);
    const joints = computeJoints(g);
    for (const [id, f] of footprintsFromGraph(g, joints, computeCaps(g, joints))) out.set(id, f);
  }
  return out;
}

/**
 * Indices of the walls whose footprints can depend on wall i's: those with a piece at any node of
 * i's pieces (joints are made per node) and those sharing an edge with it (collinear overlaps).
 * Not i itself.
 */
export function wallNeighbours(g: WallGraph, i: number): number[] {
  const out = new Set<number>();
  const split = g.splits[i];
  if (!split) return [];
  for (const piece of split.pieces) {
    const e = piece.edge;
    out.add(g.edgeWall[e]!);
    for (const k of g.edgeAlsoCoveredBy.get(e) ?? []) out.add(k);
    for (const v of [g.edgeFrom[e]!, g.edgeTo[e]!]) {
      for (let p = g.ringStart[v]!; p < g.ringStart[v + 1]!; p++) {
        const edge = g.ring[p]! >> 1;
        out.add(g.edgeWall[edge]!);
        for (const k of g.edgeAlsoCoveredBy.get(edge) ?? []) out.add(k);
      }
    }
  }
  out.delete(i);
  return [...out];
}
