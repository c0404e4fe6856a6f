import type { Vec2 } from '../../protocol/records';
import { forEachNearPair } from './segment-grid';
import { JOIN_MAX_MOVE_FACTOR, MERGE_TOLERANCE } from './tolerance';
import type { WallInput } from './wall-graph';

// Tolerant joining of wall ends, before the wall graph (which joins only within MERGE_TOLERANCE).
// Walls from files, and walls a designer ends on a face, stop short of the centre line they are
// meant to meet: at the face of a through wall (a T), on the face of the wall they turn with (an
// L), or a little apart (a near miss). A loose end of a joining wall moves along its own axis (never
// sideways) onto the centre line it is meant to meet:
//
// - reach: an end joins wall V when it lies within (its own half thickness + V's half thickness)
//   of V's centre line, measured square to V, and the walls meet at 30° or more (sin >=
//   1 / JOIN_MAX_MOVE_FACTOR: the end moves by at most twice the reach along its axis); shallower
//   and parallel walls join only when collinear (below);
// - T: the end's axis meets V's centre line inside V -> the end moves there (the graph then splits
//   V at that point). An end past the centre line by no more than the reach (drawn to the far
//   face, or a little through) is trimmed back to it the same way;
// - L: the axis meets V's line within the reach of one of V's ends that is itself loose -> both
//   ends move to the crossing of the two centre lines: one common corner (V's end too only moves
//   along V's axis; a wall that may not move makes this a T, or nothing when the crossing is past
//   its end);
// - end to end: two collinear walls (centre lines within MERGE_TOLERANCE of one line) whose ends
//   are within the reach -> the joining end moves onto the other;
// - an end already on a wall (within MERGE_TOLERANCE of its centre line or an end) is joined: it
//   is only put exactly on that line; anything farther than the reach stays loose.
// The nearest candidate (least movement) wins; ends are joined in wall order, and an end once
// moved is joined for the ends after it. A corner within 2 * MERGE_TOLERANCE of one made earlier
// in the pass takes that one's point (several ends pulled back from one crossing meet in one node).

export type JoinKind = 'T' | 'L' | 'end';

/** One end that moved. */
export interface EndMove {
  /** index in the walls given */
  readonly wall: number;
  readonly end: 'start' | 'end';
  readonly to: Vec2;
  readonly kind: JoinKind;
  /** index of the wall it joined */
  readonly target: number;
}

export interface JoinOptions {
  /** walls whose loose ends are joined (default: all) */
  readonly joining?: (i: number) => boolean;
  /** of a joining wall, which ends are joined (default: both); the wall tool's chain corners and
   * the end a drag left alone are not loose ends */
  readonly joinsEnd?: (i: number, end: 'start' | 'end') => boolean;
  /** walls whose loose ends may move to meet a joining end in an L (default: all) */
  readonly movable?: (i: number) => boolean;
  readonly tolerance?: number;
}

export interface JoinResult<W extends WallInput> {
  /** the walls with their ends joined (the same objects where nothing moved) */
  readonly walls: W[];
  /** every end that moved, in the order joined (an L moves two) */
  readonly moves: EndMove[];
}

const always = (): boolean => true;

/** Corners made by joining closer than this many tolerances are one (see cornerNear). */
const CORNER_SNAP = 2;

export function joinWallEnds<W extends WallInput>(input: readonly W[], options: JoinOptions = {}): JoinResult<W> {
  const joining = options.joining ?? always;
  const movable = options.movable ?? always;
  const joinsEnd = options.joinsEnd ?? always;
  const tol = options.tolerance ?? MERGE_TOLERANCE;
  const m = input.length;
  // Current ends: index 2i is wall i's start, 2i + 1 its end.
  const x = new Float64Array(2 * m);
  const y = new Float64Array(2 * m);
  const half = new Float64Array(m);
  const valid = new Uint8Array(m);
  let thickest = 0;
  for (let i = 0; i < m; i++) {
    const w = input[i]!;
    x[2 * i] = w.start.x;
    y[2 * i] = w.start.y;
    x[2 * i + 1] = w.end.x;
    y[2 * i + 1] = w.end.y;
    half[i] = w.thickness / 2;
    const ok = [w.start.x, w.start.y, w.end.x, w.end.y].every(Number.isFinite) && w.thickness > 0 && Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y) > tol;
    valid[i] = ok ? 1 : 0;
    if (ok) thickest = Math.max(thickest, w.thickness);
  }
  const neighbours: number[][] = Array.from({ length: m }, () => []);
  // An end moves at most JOIN_MAX_MOVE_FACTOR * (h_i + h_j) <= that factor * thickest, and an L
  // partner by as much: boxes grown by that cover every pair that can join.
  forEachNearPair(
    { count: m, ax: input.map((w) => w.start.x), ay: input.map((w) => w.start.y), bx: input.map((w) => w.end.x), by: input.map((w) => w.end.y), skip: (i) => !valid[i] },
    JOIN_MAX_MOVE_FACTOR * thickest + 2 * tol,
    (i, j) => {
      neighbours[i]!.push(j);
      neighbours[j]!.push(i);
    },
  );
  // Pairs were found on the ends as given; a moved end stays within the grown boxes.

  /** Whether end s (2i or 2i + 1) lies on another wall (its centre line or an end), within tol. */
  const joined = (s: number): boolean => {
    const i = s >> 1;
    const px = x[s]!;
    const py = y[s]!;
    for (const j of neighbours[i]!) {
      const ax = x[2 * j]!;
      const ay = y[2 * j]!;
      const dx = x[2 * j + 1]! - ax;
      const dy = y[2 * j + 1]! - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
      if (Math.hypot(ax + dx * t - px, ay + dy * t - py) <= tol) return true;
    }
    return false;
  };

  const movedTo = new Map<number, EndMove>();
  // Corners made so far, by cell of CORNER_SNAP * tol: a new corner this close to one takes it.
  // Four ends pulled back from one crossing make two Ls, each at the crossing of its own pair of
  // lines; off-square by a fraction of a mm, those crossings can lie further apart than the graph
  // merges (tol), and the room between them would not close.
  const snap = CORNER_SNAP * tol;
  const corners = new Map<string, Vec2[]>();
  const cellKey = (cx: number, cy: number) => `${cx},${cy}`;
  const cornerNear = (p: Vec2): Vec2 => {
    const cx = Math.floor(p.x / snap);
    const cy = Math.floor(p.y / snap);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const q of corners.get(cellKey(cx + dx, cy + dy)) ?? []) if (Math.hypot(q.x - p.x, q.y - p.y) <= snap) return q;
      }
    }
    const key = cellKey(cx, cy);
    const list = corners.get(key);
    if (list) list.push(p);
    else corners.set(key, [p]);
    return p;
  };
  const place = (s: number, p: Vec2, kind: JoinKind, target: number): void => {
    x[s] = p.x;
    y[s] = p.y;
    const i = s >> 1;
    const end = s & 1 ? 'end' : 'start';
    movedTo.delete(s);
    movedTo.set(s, { wall: i, end, to: p, kind, target });
  };

  for (let i = 0; i < m; i++) {
    if (!valid[i] || !joining(i)) continue;
    for (const s of [2 * i, 2 * i + 1]) {
      if (!joinsEnd(i, s & 1 ? 'end' : 'start')) continue;
      // An end on a wall already (within the tolerance) is only put exactly on its line: the graph
      // would otherwise split that wall at the end's own point, a fraction of a mm off its line.
      const already = joined(s);
      const o = s ^ 1;
      const ox = x[o]!;
      const oy = y[o]!;
      const lenW = Math.hypot(x[s]! - ox, y[s]! - oy);
      if (!(lenW > tol)) continue;
      const ux = (x[s]! - ox) / lenW;
      const uy = (y[s]! - oy) / lenW;
      let best: { move: number; to: Vec2; kind: JoinKind; target: number; partner: number } | null = null;
      const offer = (move: number, to: Vec2, kind: JoinKind, target: number, partner: number) => {
        if (already && (move > tol || partner >= 0)) return;
        if (best === null || move < best.move - 1e-9 || (Math.abs(move - best.move) <= 1e-9 && target < best.target)) best = { move, to, kind, target, partner };
      };
      for (const j of neighbours[i]!) {
        const reach = half[i]! + half[j]! + tol;
        const ax = x[2 * j]!;
        const ay = y[2 * j]!;
        const lenV = Math.hypot(x[2 * j + 1]! - ax, y[2 * j + 1]! - ay);
        if (!(lenV > tol)) continue;
        const vx = (x[2 * j + 1]! - ax) / lenV;
        const vy = (y[2 * j + 1]! - ay) / lenV;
        const sin = ux * vy - uy * vx;
        // Square distance of this end from V's line, signed.
        const side = (x[s]! - ax) * vy - (y[s]! - ay) * vx;
        if (Math.abs(sin) * JOIN_MAX_MOVE_FACTOR < 1) {
          // Parallel or nearly (under 30°: two walls off one line by a fraction of a mm cross
          // anywhere): only collinear walls join, end to end.
          const offA = Math.abs((ax - ox) * uy - (ay - oy) * ux);
          const offB = Math.abs((x[2 * j + 1]! - ox) * uy - (y[2 * j + 1]! - oy) * ux);
          if (offA > tol || offB > tol) continue;
          for (const f of [2 * j, 2 * j + 1]) {
            const d = Math.hypot(x[f]! - x[s]!, y[f]! - y[s]!);
            const along = (x[f]! - ox) * ux + (y[f]! - oy) * uy;
            const far = (x[f ^ 1]! - ox) * ux + (y[f ^ 1]! - oy) * uy;
            // V must carry on beyond its end (not lie over this wall), and this wall must keep a length.
            if (d <= reach && along > tol && far > along) offer(d, { x: x[f]!, y: y[f]! }, 'end', j, -1);
          }
          continue;
        }
        if (Math.abs(side) > reach) continue;
        // The crossing of the two centre lines: this end moved by `move` along its axis.
        const shift = -side / sin;
        const cx = x[s]! + ux * shift;
        const cy = y[s]! + uy * shift;
        if (lenW + shift <= tol) continue;
        const t = (cx - ax) * vx + (cy - ay) * vy;
        const move = Math.abs(shift);
        const to = { x: cx, y: cy };
        const fNear = t < lenV / 2 ? 2 * j : 2 * j + 1;
        const dF = fNear === 2 * j ? Math.abs(t) : Math.abs(lenV - t);
        const inside = t > tol && t < lenV - tol;
        if (dF <= tol) offer(move, to, 'L', j, -1);
        else if (dF <= reach && movable(j) && !joined(fNear) && Math.abs(((cx - x[fNear ^ 1]!) * vx + (cy - y[fNear ^ 1]!) * vy)) > tol) {
          // V's loose end too meets the corner (V keeps a length): one common corner.
          offer(move, to, 'L', j, fNear);
        } else if (inside) offer(move, to, 'T', j, -1);
      }
      if (best === null) continue;
      const b: { move: number; to: Vec2; kind: JoinKind; target: number; partner: number } = best;
      // A move of 0: the end lies on V's line already, only V's end has to come to it.
      const to = b.move > 0 || b.partner >= 0 ? cornerNear(b.to) : b.to;
      if (b.move > 0) place(s, to, b.kind, b.target);
      if (b.partner >= 0) place(b.partner, to, 'L', i);
    }
  }

  const moves = [...movedTo.values()];
  if (moves.length === 0) return { walls: [...input], moves };
  const walls = input.map((w, i) => {
    const s = movedTo.get(2 * i);
    const e = movedTo.get(2 * i + 1);
    if (!s && !e) return w;
    return { ...w, start: s ? s.to : w.start, end: e ? e.to : w.end };
  });
  return { walls, moves };
}
