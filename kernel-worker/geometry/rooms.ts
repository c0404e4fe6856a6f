import type { Vec2 } from '../../protocol/records';
import type { Joints } from './joints';
import { assignIslands, pruneDangling, walkFaces, type Faces } from './faces';
import { cleanRing, COLLINEAR_TOLERANCE, positiveLoops, signedArea } from './polygon';
import { MIN_ROOM_AREA, roundMm } from './tolerance';
import { nodePoint, origin, type WallGraph } from './wall-graph';

// Rooms are the bounded faces of the wall graph, walked as a half-edge structure: from each
// half-edge, the next one is the first live half-edge clockwise from its twin around the node it
// arrives at (the sharpest left turn), so every face is walked counter-clockwise with the face on
// its left. Decisions:
// - Only walls on a cycle bound rooms. Dangling walls (chains ending in a free end) and bridges
//   (a wall joining an island to the rest, found as an edge with the same face on both sides) are
//   left out of the walk; the floor runs under them and the room outline crosses their roots.
// - A face walked clockwise (negative area) is the outside of a connected group of walls. If it
//   lies inside a room of another group (an island: a freestanding box of walls, a column), it
//   becomes a hole of the smallest such room: that room's area excludes the island and its walls;
//   the island's own faces are rooms of their own. Otherwise it is the plan's outside and dropped.
// - The room outline is the inner faces of its walls: the gap corners of the mitred joints
//   (joints.ts) along the face, so the floor meets every footprint edge to edge.
// - Where walls are thicker than the face is long (a face edge shorter than the joints at its
//   ends, a face smaller than its walls), some wall faces run backwards between their corners:
//   the outline is then rebuilt by edge events (RingBuilder.collapse), and a ring that still
//   crosses itself (a face pinched in two by thick walls) keeps its largest counter-clockwise loop.
// - A face whose inner outline encloses less than MIN_ROOM_AREA (0.01 m²) is no room (two walls
//   drawn closer than their thickness).
// Performance: a plan of 10,000 rooms is detected in about the time of a plain face walk, so the
// outlines are kept flat (one Float64Array for all rooms) and each room is a small view object
// that makes its Vec2 outline, wall ids and half-edges when first read (then keeps them).

export interface DetectedRoom {
  /** inner outline, counter-clockwise, starting at its south-west-most point (lowest y, then x) */
  readonly outline: readonly Vec2[];
  /** outer outlines of islands inside the room, clockwise */
  readonly holes: readonly (readonly Vec2[])[];
  /** floor area in mm²: the outline minus the holes */
  readonly areaMm2: number;
  /** floor area in m², two decimals */
  readonly area: number;
  /** floor area in m², two decimals; the same as area (the floor under dangling walls is counted) */
  readonly groundArea: number;
  /** area within the wall centre lines, m², two decimals (half of each bounding wall counted) */
  readonly centreLineArea: number;
  /** the face on the wall centre lines (graph nodes), counter-clockwise */
  readonly centreLine: readonly Vec2[];
  /** ids of the walls bounding the face, in order along it, each once */
  readonly wallIds: readonly string[];
  /** the half-edges of the face, in order (graph half-edge ids) */
  readonly halfEdges: Int32Array;
}

/** A room as plain data (what JSON.stringify gives for a DetectedRoom). */
export type RoomData = { -readonly [K in keyof DetectedRoom]: K extends 'halfEdges' ? number[] : DetectedRoom[K] };

export interface RoomDetection {
  readonly rooms: readonly DetectedRoom[];
  /** per edge: whether it bounds a face (false for dangling walls and bridges) */
  readonly bounding: Uint8Array;
}

export const squareMetres = (mm2: number): number => Math.round(mm2 / 10_000) / 100;

export function detectRooms(g: WallGraph, joints: Joints): RoomDetection {
  const edges = g.edgeCount;
  const live = new Uint8Array(edges).fill(1);
  pruneDangling(g, live);

  const faceOf = new Int32Array(2 * edges);
  let faces = walkFaces(g, live, faceOf);
  let bridges = false;
  for (let e = 0; e < edges; e++) {
    if (live[e] && faceOf[2 * e] === faceOf[2 * e + 1]) {
      live[e] = 0;
      bridges = true;
    }
  }
  if (bridges) {
    // A bridge's removal can leave new dangling chains only if a tree hung off it; prune again.
    pruneDangling(g, live);
    faces = walkFaces(g, live, faceOf);
  }

  const positive: number[] = [];
  const negative: number[] = [];
  for (let f = 0; f < faces.area.length; f++) {
    if (faces.area[f]! > 0) positive.push(f);
    else if (faces.area[f]! < 0) negative.push(f);
  }
  const holesOf = new Map<number, number[]>();
  if (negative.length > 1) assignIslands(g, faces, positive, negative, holesOf);

  const store = new RoomStore(g, faces, positive.length);
  const builder = new RingBuilder();
  const rooms: DetectedRoom[] = [];
  for (const f of positive) {
    const from = faces.offset[f]!;
    const to = faces.offset[f + 1]!;
    if (facesRunForward(g, joints, faces.cycles, from, to)) builder.collect(g, joints, faces.cycles, from, to);
    else builder.collapse(g, faces.cycles, from, to);
    if (builder.crossesItself()) builder.keepLargestPositiveLoop();
    const outlineArea = builder.count >= 3 ? store.append(builder) : 0;
    if (outlineArea < MIN_ROOM_AREA) {
      store.dropLast();
      continue;
    }
    let areaMm2 = outlineArea;
    const holeFaces = holesOf.get(f);
    if (holeFaces) {
      const holes = holeFaces.map((h) => {
        builder.collect(g, joints, faces.cycles, faces.offset[h]!, faces.offset[h + 1]!);
        return builder.toVec2();
      });
      // Thick island walls may fold their outer ring at sharp corners: keep its outside (clockwise) loops.
      for (let k = 0; k < holes.length; k++) {
        const loops = positiveLoops([...holes[k]!].reverse());
        holes[k] = loops.length === 1 ? loops[0]!.reverse() : holes[k]!;
      }
      for (const hole of holes) areaMm2 += signedArea(hole);
      store.holes.set(rooms.length, holes);
    }
    store.commit(f, areaMm2);
    rooms.push(new RoomView(store, rooms.length));
  }
  return { rooms, bounding: live };
}

const NO_HOLES: readonly (readonly Vec2[])[] = Object.freeze([]);

/** All rooms' data, flat; RoomView reads it. */
class RoomStore {
  xs: Float64Array;
  ys: Float64Array;
  /** room r's outline is xs/ys[start[r] .. start[r + 1]) */
  readonly start: Int32Array;
  readonly face: Int32Array;
  readonly areaMm2: Float64Array;
  readonly holes = new Map<number, (readonly Vec2[])[]>();
  readonly cache: { outline?: Vec2[]; centreLine?: Vec2[]; wallIds?: string[]; halfEdges?: Int32Array }[] = [];
  count = 0;
  private filled = 0;

  constructor(
    readonly graph: WallGraph,
    readonly faces: Faces,
    capacity: number,
  ) {
    this.xs = new Float64Array(Math.max(16, capacity * 6));
    this.ys = new Float64Array(this.xs.length);
    this.start = new Int32Array(capacity + 1);
    this.face = new Int32Array(capacity);
    this.areaMm2 = new Float64Array(capacity);
  }

  /** Appends the builder's ring (south-west point first) as the next room's outline; returns its signed area. */
  append(b: RingBuilder): number {
    const n = b.count;
    if (this.filled + n > this.xs.length) {
      const grow = (a: Float64Array) => {
        const bigger = new Float64Array(Math.max(2 * a.length, this.filled + n));
        bigger.set(a);
        return bigger;
      };
      this.xs = grow(this.xs);
      this.ys = grow(this.ys);
    }
    let sw = 0;
    for (let i = 1; i < n; i++) if (b.ys[i]! < b.ys[sw]! || (b.ys[i] === b.ys[sw] && b.xs[i]! < b.xs[sw]!)) sw = i;
    let sum = 0;
    for (let k = 0, i = sw; k < n; k++, i = i + 1 < n ? i + 1 : 0) {
      this.xs[this.filled + k] = b.xs[i]!;
      this.ys[this.filled + k] = b.ys[i]!;
      const j = i + 1 < n ? i + 1 : 0;
      sum += b.xs[i]! * b.ys[j]! - b.xs[j]! * b.ys[i]!;
    }
    this.filled += n;
    return sum / 2;
  }

  dropLast(): void {
    this.filled = this.start[this.count]!;
  }

  commit(face: number, areaMm2: number): void {
    this.face[this.count] = face;
    this.areaMm2[this.count] = areaMm2;
    this.count++;
    this.start[this.count] = this.filled;
  }
}

class RoomView implements DetectedRoom {
  constructor(
    private readonly s: RoomStore,
    private readonly i: number,
  ) {}

  get areaMm2(): number {
    return this.s.areaMm2[this.i]!;
  }
  get area(): number {
    return squareMetres(this.areaMm2);
  }
  get groundArea(): number {
    return this.area;
  }
  get centreLineArea(): number {
    return squareMetres(this.s.faces.area[this.s.face[this.i]!]!);
  }
  get holes(): readonly (readonly Vec2[])[] {
    return this.s.holes.get(this.i) ?? NO_HOLES;
  }
  private get cached() {
    return (this.s.cache[this.i] ??= {});
  }
  get outline(): readonly Vec2[] {
    const c = this.cached;
    if (!c.outline) {
      const { xs, ys, start } = this.s;
      c.outline = [];
      for (let k = start[this.i]!; k < start[this.i + 1]!; k++) c.outline.push({ x: xs[k]!, y: ys[k]! });
    }
    return c.outline;
  }
  get halfEdges(): Int32Array {
    const { faces, face } = this.s;
    const f = face[this.i]!;
    return (this.cached.halfEdges ??= faces.cycles.slice(faces.offset[f]!, faces.offset[f + 1]!));
  }
  get centreLine(): readonly Vec2[] {
    const g = this.s.graph;
    return (this.cached.centreLine ??= Array.from(this.halfEdges, (h) => nodePoint(g, origin(g, h))));
  }
  get wallIds(): readonly string[] {
    const c = this.cached;
    if (!c.wallIds) {
      const g = this.s.graph;
      const ids: string[] = [];
      for (const h of this.halfEdges) {
        const id = g.walls[g.edgeWall[h >> 1]!]!.id;
        if (ids[ids.length - 1] !== id && !ids.includes(id)) ids.push(id);
      }
      c.wallIds = ids;
    }
    return c.wallIds;
  }
  toJSON(): RoomData {
    return {
      outline: [...this.outline],
      holes: [...this.holes],
      areaMm2: this.areaMm2,
      area: this.area,
      groundArea: this.groundArea,
      centreLineArea: this.centreLineArea,
      centreLine: [...this.centreLine],
      wallIds: [...this.wallIds],
      halfEdges: Array.from(this.halfEdges),
    };
  }
}

/**
 * Collects the wall-face ring of a face: at each node, the gap corners from the outgoing half-edge
 * counter-clockwise to the twin of the incoming one, including the gaps either side of any pruned
 * (dangling) wall there, so the outline runs across that wall's root. Repeated points and points
 * on a straight line between their neighbours are dropped on the way (as cleanRing does).
 */
class RingBuilder {
  xs = new Float64Array(64);
  ys = new Float64Array(64);
  count = 0;

  collect(g: WallGraph, j: Joints, cycles: Int32Array, from: number, to: number): void {
    const { ring, ringStart, ringPos, edgeFrom, edgeTo } = g;
    const { gapCount, gapX, gapY } = j;
    let n = 0;
    let xs = this.xs;
    let ys = this.ys;
    for (let i = from; i < to; i++) {
      const incomingTwin = cycles[i === from ? to - 1 : i - 1]! ^ 1;
      let h = cycles[i]!;
      const v = h & 1 ? edgeTo[h >> 1]! : edgeFrom[h >> 1]!;
      const lo = ringStart[v]!;
      const hi = ringStart[v + 1]!;
      for (;;) {
        for (let k = 0; k < gapCount[h]!; k++) {
          const x = gapX[2 * h + k]!;
          const y = gapY[2 * h + k]!;
          if (n > 0 && xs[n - 1] === x && ys[n - 1] === y) continue;
          while (n >= 2 && redundant(xs[n - 2]!, ys[n - 2]!, xs[n - 1]!, ys[n - 1]!, x, y)) n--;
          if (n === xs.length) {
            const bx = new Float64Array(2 * n);
            const by = new Float64Array(2 * n);
            bx.set(xs);
            by.set(ys);
            this.xs = xs = bx;
            this.ys = ys = by;
          }
          xs[n] = x;
          ys[n] = y;
          n++;
        }
        const pos = ringPos[h]! + 1;
        h = ring[pos < hi ? pos : lo]!;
        if (h === incomingTwin) break;
      }
    }
    // The seam: the last points against the first ones.
    let first = 0;
    for (let changed = true; changed && n - first >= 3; ) {
      changed = false;
      if (xs[first] === xs[n - 1] && ys[first] === ys[n - 1]) {
        n--;
        changed = true;
      } else if (redundant(xs[n - 2]!, ys[n - 2]!, xs[n - 1]!, ys[n - 1]!, xs[first]!, ys[first]!)) {
        n--;
        changed = true;
      } else if (redundant(xs[n - 1]!, ys[n - 1]!, xs[first]!, ys[first]!, xs[first + 1]!, ys[first + 1]!)) {
        first++;
        changed = true;
      }
    }
    if (first > 0) {
      xs.copyWithin(0, first, n);
      ys.copyWithin(0, first, n);
    }
    this.count = n - first;
  }

  /**
   * The inner outline of a face some of whose wall faces run backwards (walls thicker than the
   * face is long there), by edge events as in a straight skeleton: each face edge is its wall's
   * inner face line; repeatedly the edge that runs most backwards between its neighbours' corners
   * is dropped and its neighbours meet directly, until all run forwards. A face too small for its
   * walls ends with fewer than 3 edges: no outline. Steps between walls of different thickness
   * are not kept on this path (it only runs for such degenerate faces).
   */
  collapse(g: WallGraph, cycles: Int32Array, from: number, to: number): void {
    const px: number[] = [];
    const py: number[] = [];
    const dx: number[] = [];
    const dy: number[] = [];
    for (let i = from; i < to; i++) {
      const h = cycles[i]!;
      const v = h & 1 ? g.edgeTo[h >> 1]! : g.edgeFrom[h >> 1]!;
      const half = g.edgeHalfThickness[h >> 1]!;
      const ux = g.dirX[h]!;
      const uy = g.dirY[h]!;
      const k = px.length - 1;
      const x = g.nodeX[v]! - uy * half;
      const y = g.nodeY[v]! + ux * half;
      // Straight on along the same face line (a through junction): one line.
      if (k >= 0 && Math.abs(dx[k]! * uy - dy[k]! * ux) < 1e-12 && dx[k]! * ux + dy[k]! * uy > 0) continue;
      px.push(x);
      py.push(y);
      dx.push(ux);
      dy.push(uy);
    }
    const corner = (a: number, b: number): [number, number] | null => {
      const denom = dx[a]! * dy[b]! - dy[a]! * dx[b]!;
      if (Math.abs(denom) < 1e-12) return null;
      const t = ((px[b]! - px[a]!) * dy[b]! - (py[b]! - py[a]!) * dx[b]!) / denom;
      return [px[a]! + dx[a]! * t, py[a]! + dy[a]! * t];
    };
    let lines = px.map((_, i) => i);
    let corners: ([number, number] | null)[];
    for (;;) {
      const n = lines.length;
      if (n < 3) {
        this.count = 0;
        return;
      }
      // corners[i]: where line i starts (meets line i - 1).
      corners = lines.map((l, i) => corner(lines[(i + n - 1) % n]!, l));
      let worst = -1;
      let worstLength = -1e-6;
      for (let i = 0; i < n; i++) {
        const a = corners[i];
        const b = corners[(i + 1) % n];
        const l = lines[i]!;
        const length = a && b ? (b[0] - a[0]) * dx[l]! + (b[1] - a[1]) * dy[l]! : -Infinity;
        if (length < worstLength) {
          worst = i;
          worstLength = length;
        }
      }
      if (worst < 0) break;
      lines = lines.filter((_, i) => i !== worst);
    }
    this.count = 0;
    const ring: Vec2[] = corners.map((c) => ({ x: roundMm(c![0]), y: roundMm(c![1]) }));
    for (const p of cleanRing(ring)) {
      this.xs[this.count] = p.x;
      this.ys[this.count] = p.y;
      this.count++;
    }
  }

  /** Whether two edges that are not neighbours cross (the thick walls of a small or narrow face folded the ring). */
  crossesItself(): boolean {
    const { xs, ys } = this;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const i1 = i + 1 < n ? i + 1 : 0;
      for (let j = i + 2; j < n; j++) {
        if (i === 0 && j === n - 1) continue;
        const j1 = j + 1 < n ? j + 1 : 0;
        if (segmentsCross(xs[i]!, ys[i]!, xs[i1]!, ys[i1]!, xs[j]!, ys[j]!, xs[j1]!, ys[j1]!)) return true;
      }
    }
    return false;
  }

  /**
   * Replaces a folded ring by its largest counter-clockwise loop (see positiveLoops): the floor
   * that is left once the walls' faces have passed each other. A face pinched in two by thick
   * walls keeps its larger part; a face too small for its walls keeps nothing.
   */
  keepLargestPositiveLoop(): void {
    let best: Vec2[] = [];
    let bestArea = 0;
    for (const loop of positiveLoops(this.toVec2())) {
      const a = signedArea(loop);
      if (a > bestArea) {
        best = loop;
        bestArea = a;
      }
    }
    this.count = best.length;
    best.forEach((p, i) => {
      this.xs[i] = p.x;
      this.ys[i] = p.y;
    });
  }

  toVec2(): Vec2[] {
    const out: Vec2[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = { x: this.xs[i]!, y: this.ys[i]! };
    return out;
  }
}

/** Whether (bx, by) lies on the line from a to c (within COLLINEAR_TOLERANCE), or a equals c. */
function redundant(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const acx = cx - ax;
  const acy = cy - ay;
  const len2 = acx * acx + acy * acy;
  if (len2 === 0) return true;
  const c = (bx - ax) * acy - (by - ay) * acx;
  return c * c <= COLLINEAR_TOLERANCE * COLLINEAR_TOLERANCE * len2;
}

/** Whether segments a-b and c-d cross properly (as positiveLoops counts crossings). */
function segmentsCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  const d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const eps = 1e-9 * ((bx - ax) ** 2 + (by - ay) ** 2 + (dx - cx) ** 2 + (dy - cy) ** 2);
  return ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps));
}

/**
 * Whether every wall face along the face runs forwards: from the corner at its start to the one
 * at its end, in its wall's direction. Thick walls around a small face (or a face edge shorter
 * than the joints at its ends) make some run backwards, and the gap corners alone then describe
 * a folded or mirrored ring.
 */
function facesRunForward(g: WallGraph, j: Joints, cycles: Int32Array, from: number, to: number): boolean {
  const { gapCount, gapX, gapY } = j;
  for (let i = from; i < to; i++) {
    const h = cycles[i]!;
    if (gapCount[h] === 0) return false;
    // Start: the first corner of h's own gap at its origin. End: the last corner of the gap just
    // before h's twin around its target (h's left face meets the next wall there).
    const twin = h ^ 1;
    const w = h & 1 ? g.edgeFrom[h >> 1]! : g.edgeTo[h >> 1]!;
    const pos = g.ringPos[twin]!;
    const before = g.ring[pos > g.ringStart[w]! ? pos - 1 : g.ringStart[w + 1]! - 1]!;
    const n = gapCount[before]!;
    if (n === 0) return false;
    const ex = gapX[2 * before + n - 1]! - gapX[2 * h]!;
    const ey = gapY[2 * before + n - 1]! - gapY[2 * h]!;
    if (ex * g.dirX[h]! + ey * g.dirY[h]! < -1e-6) return false;
  }
  return true;
}
