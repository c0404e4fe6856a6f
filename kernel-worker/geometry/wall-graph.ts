import type { Vec2 } from '../../protocol/records';
import { forEachNearPair } from './segment-grid';
import { MERGE_TOLERANCE } from './tolerance';

// Wall centre lines -> a planar graph: nodes where walls end, meet or cross, edges between them.
// Steps: (1) endpoints within the tolerance merge into one node (an endpoint joins the node of the
// earliest wall endpoint it is near, so edits do not move older walls); (2) an endpoint on another
// wall's interior splits that wall (T), two walls crossing split each other at the crossing (X),
// and collinear overlaps split each other at their ends, so the overlapping stretch turns into two
// copies of one edge; (3) split points closer than the tolerance along a wall are one node; (4)
// each wall becomes the edges between its consecutive nodes, duplicate edges collapse into one,
// owned by the earliest wall. Dangling walls stay in the graph (they have footprints); rooms skip them.

/** What the graph needs of a wall (a WallRecord is one). */
export interface WallInput {
  readonly id: string;
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
}

/** A stretch of one input wall between two consecutive nodes. */
export interface WallPiece {
  /** node positions, in the wall's direction */
  readonly start: Vec2;
  readonly end: Vec2;
  /** distances of start and end along the input wall's centre line from its start (mm) */
  readonly from: number;
  readonly to: number;
  readonly edge: number;
  /** the edge's half-edge that runs in the wall's direction */
  readonly halfEdge: number;
  /** the earlier wall that owns this stretch (a collinear overlap): the piece is redundant */
  readonly coveredBy: string | null;
  /**
   * A dangling end no longer than the thickest wall at the junction it hangs from: a wall drawn a
   * little past the one it meets. Its footprint is mostly or wholly inside the joint; a command
   * may trim it (the joints stay exact either way, except at clusters of such junctions).
   */
  readonly overshoot: boolean;
}

/** The split plan of one input wall: how a command would rewrite it to match the graph. */
export interface WallSplit {
  readonly wallId: string;
  /** in order along the wall; empty when the wall is shorter than the tolerance (or invalid) */
  readonly pieces: readonly WallPiece[];
  /** false when the wall is exactly one piece from its own start to its own end, covered by none */
  readonly changed: boolean;
}

/**
 * Half-edges: edge e runs from edgeFrom[e] to edgeTo[e]; half-edge 2e leaves edgeFrom[e] and
 * 2e + 1 leaves edgeTo[e]. `ring` lists the half-edges leaving each node counter-clockwise by
 * direction, `ring[ringStart[v] .. ringStart[v + 1])`; ringPos[h] is h's index in `ring`.
 */
export interface WallGraph {
  readonly walls: readonly WallInput[];
  readonly nodeCount: number;
  readonly nodeX: Float64Array;
  readonly nodeY: Float64Array;
  readonly edgeCount: number;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  /** index in `walls` of the wall that owns the edge */
  readonly edgeWall: Int32Array;
  readonly edgeHalfThickness: Float64Array;
  readonly edgeLength: Float64Array;
  /** other walls lying on the edge (collinear overlaps), by edge; absent for most edges */
  readonly edgeAlsoCoveredBy: ReadonlyMap<number, readonly number[]>;
  /** unit direction of each half-edge, away from its origin */
  readonly dirX: Float64Array;
  readonly dirY: Float64Array;
  readonly ringStart: Int32Array;
  readonly ring: Int32Array;
  readonly ringPos: Int32Array;
  /** one per input wall, in input order */
  readonly splits: readonly WallSplit[];
  readonly tolerance: number;
}

export const origin = (g: WallGraph, h: number): number => (h & 1 ? g.edgeTo[h >> 1]! : g.edgeFrom[h >> 1]!);
export const target = (g: WallGraph, h: number): number => (h & 1 ? g.edgeFrom[h >> 1]! : g.edgeTo[h >> 1]!);
export const nodePoint = (g: WallGraph, v: number): Vec2 => ({ x: g.nodeX[v]!, y: g.nodeY[v]! });
const usable = (w: WallInput): boolean =>
  Number.isFinite(w.start.x) && Number.isFinite(w.start.y) && Number.isFinite(w.end.x) && Number.isFinite(w.end.y) && w.thickness > 0;

export function buildWallGraph(walls: readonly WallInput[], tolerance: number = MERGE_TOLERANCE): WallGraph {
  const m = walls.length;
  const tol2 = tolerance * tolerance;
  // Node ids: 2i and 2i + 1 are wall i's endpoints; crossings are appended. Union-find merges
  // them, the root always being the smallest id, so an earlier wall's endpoint wins.
  const px: number[] = [];
  const py: number[] = [];
  const parent: number[] = [];
  const valid = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    const w = walls[i]!;
    valid[i] = usable(w) ? 1 : 0;
    px.push(w.start.x, w.end.x);
    py.push(w.start.y, w.end.y);
    parent.push(2 * i, 2 * i + 1);
  }
  const find = (a: number): number => {
    while (parent[a] !== a) {
      const up = parent[parent[a]!]!;
      parent[a] = up;
      a = up;
    }
    return a;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra < rb) parent[rb] = ra;
    else if (rb < ra) parent[ra] = rb;
  };
  const near = (a: number, b: number): boolean => {
    const dx = px[a]! - px[b]!;
    const dy = py[a]! - py[b]!;
    return dx * dx + dy * dy <= tol2;
  };

  const pairs: number[] = [];
  forEachNearPair(
    {
      count: m,
      ax: walls.map((w) => w.start.x),
      ay: walls.map((w) => w.start.y),
      bx: walls.map((w) => w.end.x),
      by: walls.map((w) => w.end.y),
      skip: (i) => !valid[i],
    },
    // Merged endpoints move by up to a tolerance, so look a little further than one.
    2 * tolerance,
    (i, j) => pairs.push(i, j),
  );

  // (1) endpoints
  for (let i = 0; i < m; i++) if (valid[i] && near(2 * i, 2 * i + 1)) union(2 * i, 2 * i + 1);
  for (let k = 0; k < pairs.length; k += 2) {
    const i = 2 * pairs[k]!;
    const j = 2 * pairs[k + 1]!;
    if (near(i, j)) union(i, j);
    if (near(i, j + 1)) union(i, j + 1);
    if (near(i + 1, j)) union(i + 1, j);
    if (near(i + 1, j + 1)) union(i + 1, j + 1);
  }
  const rootOfEnd = new Int32Array(2 * m);
  for (let s = 0; s < 2 * m; s++) rootOfEnd[s] = find(s);

  // (2) touches and crossings, on the merged endpoints
  const splitWall: number[] = [];
  const splitNode: number[] = [];
  const splitT: number[] = [];
  const addSplit = (wall: number, node: number, t: number) => {
    splitWall.push(wall);
    splitNode.push(node);
    splitT.push(t);
  };
  /** Distance along wall i of node p when p lies on i's interior (within the tolerance), else -1. */
  const along = (i: number, p: number): number => {
    const a = rootOfEnd[2 * i]!;
    const b = rootOfEnd[2 * i + 1]!;
    const x = px[p]!;
    const y = py[p]!;
    if (x < Math.min(px[a]!, px[b]!) - tolerance || x > Math.max(px[a]!, px[b]!) + tolerance) return -1;
    if (y < Math.min(py[a]!, py[b]!) - tolerance || y > Math.max(py[a]!, py[b]!) + tolerance) return -1;
    const dx = px[b]! - px[a]!;
    const dy = py[b]! - py[a]!;
    const len = Math.sqrt(dx * dx + dy * dy);
    const rx = px[p]! - px[a]!;
    const ry = py[p]! - py[a]!;
    const t = (rx * dx + ry * dy) / len;
    if (t <= tolerance || t >= len - tolerance) return -1;
    return Math.abs(rx * dy - ry * dx) / len <= tolerance ? t : -1;
  };
  /** Splits wall i (from a to b) at node p when p lies on its interior. */
  const touch = (i: number, a: number, b: number, p: number): boolean => {
    if (p === a || p === b) return false;
    const t = along(i, p);
    if (t < 0) return false;
    addSplit(i, p, t);
    return true;
  };
  for (let k = 0; k < pairs.length; k += 2) {
    const i = pairs[k]!;
    const j = pairs[k + 1]!;
    const a = rootOfEnd[2 * i]!;
    const b = rootOfEnd[2 * i + 1]!;
    const c = rootOfEnd[2 * j]!;
    const d = rootOfEnd[2 * j + 1]!;
    if (a === b || c === d) continue;
    const shared = a === c || a === d || b === c || b === d;
    // Walls meeting end to end only touch elsewhere when they overlap: one's far end lies on the other.
    // Both ends are tried: a wall lying wholly on another splits it twice.
    let touched = touch(i, a, b, c);
    touched = touch(i, a, b, d) || touched;
    touched = touch(j, c, d, a) || touched;
    touched = touch(j, c, d, b) || touched;
    if (touched || shared) continue;
    // A proper crossing: each wall's ends lie clearly on both sides of the other's line.
    const ix = px[b]! - px[a]!;
    const iy = py[b]! - py[a]!;
    const iLen = Math.hypot(ix, iy);
    const jx = px[d]! - px[c]!;
    const jy = py[d]! - py[c]!;
    const jLen = Math.hypot(jx, jy);
    const sc = (ix * (py[c]! - py[a]!) - iy * (px[c]! - px[a]!)) / iLen;
    const sd = (ix * (py[d]! - py[a]!) - iy * (px[d]! - px[a]!)) / iLen;
    if (!((sc > tolerance && sd < -tolerance) || (sc < -tolerance && sd > tolerance))) continue;
    const sa = (jx * (py[a]! - py[c]!) - jy * (px[a]! - px[c]!)) / jLen;
    const sb = (jx * (py[b]! - py[c]!) - jy * (px[b]! - px[c]!)) / jLen;
    if (!((sa > tolerance && sb < -tolerance) || (sa < -tolerance && sb > tolerance))) continue;
    const s = sc / (sc - sd);
    const node = px.length;
    px.push(px[c]! + jx * s);
    py.push(py[c]! + jy * s);
    parent.push(node);
    addSplit(i, node, ((px[node]! - px[a]!) * ix + (py[node]! - py[a]!) * iy) / iLen);
    addSplit(j, node, s * jLen);
  }

  // (3) each wall's nodes in order; split points within the tolerance of each other are one node
  const splitsOf: number[][] = new Array(m);
  for (let k = 0; k < splitWall.length; k++) (splitsOf[splitWall[k]!] ??= []).push(k);
  // Only split walls get a list; the others run from their first node to their second.
  const order: { t: number; node: number }[][] = new Array(m);
  for (let i = 0; i < m; i++) {
    const mine = splitsOf[i];
    if (!mine) continue;
    const a = rootOfEnd[2 * i]!;
    const b = rootOfEnd[2 * i + 1]!;
    const len = Math.hypot(px[b]! - px[a]!, py[b]! - py[a]!);
    const list = [{ t: 0, node: a }];
    for (const k of mine) list.push({ t: splitT[k]!, node: splitNode[k]! });
    list.push({ t: len, node: b });
    list.sort((p, q) => p.t - q.t);
    for (let k = 1; k < list.length; k++) if (list[k]!.t - list[k - 1]!.t <= tolerance) union(list[k]!.node, list[k - 1]!.node);
    order[i] = list;
  }

  // (4) edges, with nodes renumbered densely in order of first use
  const dense = new Int32Array(px.length).fill(-1);
  const nodeXs: number[] = [];
  const nodeYs: number[] = [];
  const nodeVecs: Vec2[] = [];
  const denseOf = (raw: number): number => {
    const r = find(raw);
    let v = dense[r]!;
    if (v < 0) {
      v = dense[r] = nodeXs.length;
      nodeXs.push(px[r]!);
      nodeYs.push(py[r]!);
      nodeVecs.push({ x: px[r]!, y: py[r]! });
    }
    return v;
  };
  const twoNodes = [{ t: 0, node: 0 }, { t: 0, node: 0 }];
  const edgeFrom: number[] = [];
  const edgeTo: number[] = [];
  const edgeWall: number[] = [];
  const edgeKey = new Map<number, number>();
  const alsoCovered = new Map<number, number[]>();
  const stride = px.length;
  const splits: WallSplit[] = new Array(m);
  for (let i = 0; i < m; i++) {
    const w = walls[i]!;
    let list = order[i];
    if (!list) {
      const a = rootOfEnd[2 * i]!;
      const b = rootOfEnd[2 * i + 1]!;
      if (!valid[i] || a === b) {
        splits[i] = { wallId: w.id, pieces: [], changed: true };
        continue;
      }
      twoNodes[0]!.node = a;
      twoNodes[1]!.node = b;
      list = twoNodes;
    }
    const dx = w.end.x - w.start.x;
    const dy = w.end.y - w.start.y;
    const len = Math.hypot(dx, dy);
    const pieces: { -readonly [K in keyof WallPiece]: WallPiece[K] }[] = [];
    let changed = false;
    let prev = denseOf(list[0]!.node);
    for (let k = 1; k < list.length; k++) {
      const next = denseOf(list[k]!.node);
      if (next === prev) continue;
      const lo = Math.min(prev, next);
      const hi = Math.max(prev, next);
      const key = lo * stride + hi;
      let edge = edgeKey.get(key);
      let coveredBy: string | null = null;
      let halfEdge: number;
      if (edge === undefined) {
        edge = edgeFrom.length;
        edgeKey.set(key, edge);
        edgeFrom.push(prev);
        edgeTo.push(next);
        edgeWall.push(i);
        halfEdge = 2 * edge;
      } else {
        halfEdge = edgeFrom[edge] === prev ? 2 * edge : 2 * edge + 1;
        const owner = edgeWall[edge]!;
        if (owner !== i) {
          coveredBy = walls[owner]!.id;
          const list = alsoCovered.get(edge);
          if (list) list.push(i);
          else alsoCovered.set(edge, [i]);
        }
        changed = true;
      }
      const start = nodeVecs[prev]!;
      const end = nodeVecs[next]!;
      const from = ((start.x - w.start.x) * dx + (start.y - w.start.y) * dy) / len;
      const to = ((end.x - w.start.x) * dx + (end.y - w.start.y) * dy) / len;
      pieces.push({ start, end, from, to, edge, halfEdge, coveredBy, overshoot: false });
      prev = next;
    }
    if (pieces.length !== 1) changed = true;
    const only = pieces[0];
    if (only && !sameVec(only.start, w.start)) changed = true;
    if (only && !sameVec(only.end, w.end)) changed = true;
    splits[i] = { wallId: w.id, pieces, changed };
  }

  const graph = assemble(walls, nodeXs, nodeYs, edgeFrom, edgeTo, edgeWall, alsoCovered, splits, tolerance);
  markOvershoots(graph);
  return graph;
}

const sameVec = (a: Vec2, b: Vec2): boolean => a.x === b.x && a.y === b.y;

function assemble(
  walls: readonly WallInput[],
  nodeXs: number[],
  nodeYs: number[],
  from: number[],
  to: number[],
  owner: number[],
  alsoCovered: Map<number, number[]>,
  splits: WallSplit[],
  tolerance: number,
): WallGraph {
  const n = nodeXs.length;
  const e = from.length;
  const nodeX = Float64Array.from(nodeXs);
  const nodeY = Float64Array.from(nodeYs);
  const edgeFrom = Int32Array.from(from);
  const edgeTo = Int32Array.from(to);
  const edgeWall = Int32Array.from(owner);
  const edgeHalfThickness = new Float64Array(e);
  const edgeLength = new Float64Array(e);
  const dirX = new Float64Array(2 * e);
  const dirY = new Float64Array(2 * e);
  const angle = new Float64Array(2 * e);
  const ringStart = new Int32Array(n + 1);
  for (let k = 0; k < e; k++) {
    edgeHalfThickness[k] = walls[owner[k]!]!.thickness / 2;
    const a = edgeFrom[k]!;
    const b = edgeTo[k]!;
    const dx = nodeX[b]! - nodeX[a]!;
    const dy = nodeY[b]! - nodeY[a]!;
    const len = Math.sqrt(dx * dx + dy * dy);
    edgeLength[k] = len;
    dirX[2 * k] = dx / len;
    dirY[2 * k] = dy / len;
    dirX[2 * k + 1] = -dx / len;
    dirY[2 * k + 1] = -dy / len;
    angle[2 * k] = Math.atan2(dy, dx);
    angle[2 * k + 1] = Math.atan2(-dy, -dx);
    ringStart[a + 1]!++;
    ringStart[b + 1]!++;
  }
  for (let v = 0; v < n; v++) ringStart[v + 1]! += ringStart[v]!;
  const ring = new Int32Array(2 * e);
  const fill = ringStart.slice(0, n);
  for (let k = 0; k < e; k++) {
    ring[fill[edgeFrom[k]!]!++] = 2 * k;
    ring[fill[edgeTo[k]!]!++] = 2 * k + 1;
  }
  const ringPos = new Int32Array(2 * e);
  for (let v = 0; v < n; v++) {
    const lo = ringStart[v]!;
    const hi = ringStart[v + 1]!;
    // Insertion sort: nodes have a handful of walls.
    for (let p = lo + 1; p < hi; p++) {
      const h = ring[p]!;
      const a = angle[h]!;
      let q = p - 1;
      while (q >= lo && angle[ring[q]!]! > a) {
        ring[q + 1] = ring[q]!;
        q--;
      }
      ring[q + 1] = h;
    }
    for (let p = lo; p < hi; p++) ringPos[ring[p]!] = p;
  }
  return {
    walls,
    nodeCount: n,
    nodeX,
    nodeY,
    edgeCount: e,
    edgeFrom,
    edgeTo,
    edgeWall,
    edgeHalfThickness,
    edgeLength,
    edgeAlsoCoveredBy: alsoCovered,
    dirX,
    dirY,
    ringStart,
    ring,
    ringPos,
    splits,
    tolerance,
  };
}

/** Sets WallPiece.overshoot: dangling pieces hanging from a junction, no longer than its thickest wall. */
function markOvershoots(g: WallGraph): void {
  const degree = (v: number) => g.ringStart[v + 1]! - g.ringStart[v]!;
  for (const split of g.splits) {
    for (const piece of split.pieces) {
      const e = piece.edge;
      const a = g.edgeFrom[e]!;
      const b = g.edgeTo[e]!;
      const hub = degree(a) === 1 && degree(b) >= 3 ? b : degree(b) === 1 && degree(a) >= 3 ? a : -1;
      if (hub < 0) continue;
      let thickest = 0;
      for (let p = g.ringStart[hub]!; p < g.ringStart[hub + 1]!; p++) {
        const other = g.ring[p]! >> 1;
        if (other !== e) thickest = Math.max(thickest, 2 * g.edgeHalfThickness[other]!);
      }
      if (g.edgeLength[e]! <= thickest) (piece as { overshoot: boolean }).overshoot = true;
    }
  }
}
