import type { Vec2 } from '../../protocol/records';
import type { Joints } from './joints';
import { assignIslands, pruneDangling, walkFaces, type Faces } from './faces';
import { cleanRing, COLLINEAR_TOLERANCE, pointInRing, positiveLoops, signedArea } from './polygon';
import { MIN_ROOM_AREA, MIN_ROOM_WIDTH, roundMm } from './tolerance';
import { nodePoint, origin, type WallGraph } from './wall-graph';

// Rooms are the bounded faces of the wall graph, walked as a half-edge structure: from each
// half-edge, the next one is the first live half-edge clockwise from its twin around the node it
// arrives at (the sharpest left turn), so every face is walked counter-clockwise with the face on
// its left. Decisions:
// - Every wall is walked, dangling ones and bridges too (round their square free ends), so a room's
//   outline goes round a wall sticking into it: wall footprints are no floor. Only an end wholly
//   inside the walls it hangs from is left out (pruneSwallowed). `bounding` marks walls on cycles.
// - A face walked clockwise (negative area) is the outside of a connected group of walls, and so is
//   the face round a tree of walls standing free. If it lies inside a room of another group (an
//   island: a freestanding box of walls, a column, a free wall), it becomes a hole of the smallest
//   such room: that room's area excludes the island and its walls; the island's own faces are
//   rooms of their own. Otherwise it is the plan's outside and dropped.
// - The room outline is the inner faces of its walls: the gap corners of the mitred joints
//   (joints.ts) along the face, so the floor meets every footprint edge to edge.
// - Where walls are thicker than the face is long (a face edge shorter than the joints at its
//   ends, a face smaller than its walls), some wall faces run backwards between their corners:
//   the outline is then rebuilt by edge events (RingBuilder.collapse), and a ring that still
//   crosses itself (a face pinched in two by thick walls) gives a room per counter-clockwise loop.
// - Floor joined to other floor only through a neck narrower than the thinnest wall of the face
//   (and than MIN_ROOM_WIDTH) is cut there (findNeck, splitAtNecks): two rooms touching through a
//   gap narrower than their walls stay two, and the channel or a niche that narrow is cut off.
// - Enclosed floor under MIN_ROOM_AREA (0.5 m²) or MIN_ROOM_WIDTH (250 mm mean width) is a pocket
//   (a column casing, a duct): no room (isPocket).
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
  /** floor area in m², two decimals; the same as area (net of every wall footprint) */
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
  // The walls on cycles: what bounds rooms (dangling chains and bridges do not).
  const cyclic = new Uint8Array(edges).fill(1);
  pruneDangling(g, cyclic);
  // The walk takes every wall but the overshoots the joints swallow, so a dangling wall's sides
  // and free end are part of the outline of the room it stands in (its footprint is no floor).
  const live = new Uint8Array(edges).fill(1);
  pruneSwallowed(g, live);

  const faceOf = new Int32Array(2 * edges);
  const faces = walkFaces(g, live, faceOf);
  const bounding = new Uint8Array(edges);
  for (let e = 0; e < edges; e++) bounding[e] = cyclic[e]! & (faceOf[2 * e] !== faceOf[2 * e + 1] ? 1 : 0);

  const positive: number[] = [];
  const negative: number[] = [];
  for (let f = 0; f < faces.area.length; f++) {
    // A tree of walls standing free (no cycle: every half-edge's twin on the same face) is the
    // outside of its group, whatever rounding makes of its zero area.
    if (Math.abs(faces.area[f]!) <= 1 && isTree(faces, faceOf, f)) negative.push(f);
    else if (faces.area[f]! > 0) positive.push(f);
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
    else {
      builder.collapse(g, faces.cycles, from, to, null);
      // Round the dangling walls when that gives floor within the face's centre lines; else
      // without them (a few edge events can cross a wall end's line far off).
      if (builder.count >= 3 && !(builder.signedArea() <= faces.area[f]! + 1)) builder.collapse(g, faces.cycles, from, to, cyclic);
    }
    // Floor joined only through a channel narrower than the walls: rooms of their own.
    let loops: Vec2[][] | null = null;
    // A ring folded by thick walls (their faces passed each other): each floor left is a room.
    if (builder.crossesItself()) loops = splitAtNecks(positiveLoops(builder.toVec2()), neckWidth(g, faces.cycles, from, to));
    else if (builder.count < 3) continue;
    else if (turnsRight(builder.xs, builder.ys, builder.count)) {
      const width = neckWidth(g, faces.cycles, from, to);
      if (findNeck(builder.xs, builder.ys, builder.count, width)) loops = splitAtNecks([builder.toVec2()], width);
    }
    const holeFaces = holesOf.get(f);
    const holes: Vec2[][] = !holeFaces ? [] : holeFaces.map((h) => {
      const ring = new RingBuilder();
      ring.collect(g, joints, faces.cycles, faces.offset[h]!, faces.offset[h + 1]!);
      // Thick island walls may fold their outer ring at sharp corners: keep its outside (clockwise) loops.
      const points = ring.toVec2();
      const outside = positiveLoops([...points].reverse());
      return outside.length === 1 ? outside[0]!.reverse() : points;
    });
    for (let k = 0; k < (loops ? loops.length : 1); k++) {
      if (loops) builder.load(loops[k]!);
      const mine = !loops || loops.length === 1 ? holes : holes.filter((h) => h.length > 0 && pointInRing(h[0]!, loops![k]!));
      let areaMm2 = store.append(builder);
      for (const hole of mine) areaMm2 += signedArea(hole);
      if (isPocket(areaMm2, areaMm2 < MIN_AREA ? 0 : builder.perimeter() + mine.reduce((sum, hole) => sum + perimeter(hole), 0))) {
        store.dropLast();
        continue;
      }
      if (mine.length > 0) store.holes.set(rooms.length, mine);
      store.commit(f, areaMm2);
      rooms.push(new RoomView(store, rooms.length));
    }
  }
  return { rooms, bounding };
}

/**
 * An enclosed space too small or too narrow to be a room (a column casing, a duct, the gap
 * behind a lining wall): less than MIN_ROOM_AREA of floor, or a mean width (2 x area /
 * perimeter, the width of a long strip) under MIN_ROOM_WIDTH.
 */
export function isPocket(areaMm2: number, perimeterMm: number): boolean {
  return !(areaMm2 >= MIN_AREA) || (2 * areaMm2) / perimeterMm < MIN_WIDTH;
}

// Read once: imported bindings can cost a getter call on every read, and this runs per room.
const MIN_AREA = MIN_ROOM_AREA;
const MIN_WIDTH = MIN_ROOM_WIDTH;

function perimeter(ring: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += Math.hypot(ring[i]!.x - ring[j]!.x, ring[i]!.y - ring[j]!.y);
  return sum;
}

/** Whether face f is walked round a tree of walls (both sides of each wall in the same face). */
function isTree(faces: Faces, faceOf: Int32Array, f: number): boolean {
  for (let i = faces.offset[f]!; i < faces.offset[f + 1]!; i++) if (faceOf[faces.cycles[i]! ^ 1] !== f) return false;
  return true;
}

/**
 * Floor joined to other floor through a neck narrower than this is cut there: the thickness of
 * the thinnest wall along the face, and at least MIN_ROOM_WIDTH (no one walks through less).
 */
function neckWidth(g: WallGraph, cycles: Int32Array, from: number, to: number): number {
  let half = Infinity;
  for (let i = from; i < to; i++) half = Math.min(half, g.edgeHalfThickness[cycles[i]! >> 1]!);
  return Math.max(2 * half, MIN_WIDTH);
}

/**
 * Drops dangling walls whose free end lies within the walls at their other end (a wall drawn a
 * few cm past another): nothing of them reaches into the room, and the joint there may have cut
 * them short. Repeatedly, so a small tree of such ends goes entirely.
 */
function pruneSwallowed(g: WallGraph, live: Uint8Array): void {
  const { ring, ringStart, edgeFrom, edgeTo, dirX, dirY, nodeX, nodeY, edgeHalfThickness: half, edgeLength } = g;
  const degree = new Int32Array(g.nodeCount);
  for (let e = 0; e < g.edgeCount; e++) {
    degree[edgeFrom[e]!]!++;
    degree[edgeTo[e]!]!++;
  }
  /** Whether p lies in the body of a wall leaving w other than by h (from half a thickness behind w). */
  const covered = (w: number, h: number, px: number, py: number): boolean => {
    for (let p = ringStart[w]!; p < ringStart[w + 1]!; p++) {
      const o = ring[p]!;
      if (o === h || !live[o >> 1]) continue;
      const rx = px - nodeX[w]!;
      const ry = py - nodeY[w]!;
      const along = rx * dirX[o]! + ry * dirY[o]!;
      const across = Math.abs(rx * dirY[o]! - ry * dirX[o]!);
      const ho = half[o >> 1]!;
      if (across <= ho + COLLINEAR_TOLERANCE && along >= -ho && along <= edgeLength[o >> 1]!) return true;
    }
    return false;
  };
  const stack: number[] = [];
  for (let v = 0; v < g.nodeCount; v++) if (degree[v] === 1) stack.push(v);
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (degree[v] !== 1) continue;
    let h = -1;
    for (let p = ringStart[v]!; p < ringStart[v + 1]! && h < 0; p++) if (live[ring[p]! >> 1]) h = ring[p]! ^ 1;
    if (h < 0) continue;
    // h runs from the junction w to the free end v: are both corners of its end inside other walls?
    const w = h & 1 ? edgeTo[h >> 1]! : edgeFrom[h >> 1]!;
    if (degree[w]! < 2) continue;
    const hh = half[h >> 1]!;
    const lx = nodeX[v]! - dirY[h]! * hh;
    const ly = nodeY[v]! + dirX[h]! * hh;
    const rx = nodeX[v]! + dirY[h]! * hh;
    const ry = nodeY[v]! - dirX[h]! * hh;
    if (!covered(w, h, lx, ly) || !covered(w, h, rx, ry)) continue;
    live[h >> 1] = 0;
    degree[v] = 0;
    if (--degree[w]! === 1) stack.push(w);
  }
}

/**
 * The narrowest neck of a counter-clockwise ring narrower than `width`: a right-turning corner i and the point
 * (qx, qy) of an edge j (from corner j to j + 1) not next to it, closer than `width`, such that
 * cutting the ring along i-q leaves two counter-clockwise rings each of more area than the cut's
 * length squared (so a jog, a chamfer or a wide corner is no neck: their "piece" has no or
 * little floor). Null when there is none. Shoelace prefix sums make each candidate O(1).
 */
function findNeck(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, width: number): { i: number; j: number; qx: number; qy: number } | null {
  if (n < 4 || !(width > 0) || !turnsRight(xs, ys, n)) return null;
  const prefix = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) {
    const k1 = k + 1 < n ? k + 1 : 0;
    prefix[k + 1] = prefix[k]! + xs[k]! * ys[k1]! - xs[k1]! * ys[k]!;
  }
  const total = prefix[n]!;
  let best: { i: number; j: number; qx: number; qy: number } | null = null;
  let bestD2 = width * width;
  for (let i = 0; i < n; i++) {
    const px = xs[i]!;
    const py = ys[i]!;
    const a = i > 0 ? i - 1 : n - 1;
    const b = i + 1 < n ? i + 1 : 0;
    if ((px - xs[a]!) * (ys[b]! - py) - (py - ys[a]!) * (xs[b]! - px) >= 0) continue;
    for (let j = 0; j < n; j++) {
      const j1 = j + 1 < n ? j + 1 : 0;
      if (j === i || j1 === i) continue;
      const ax = xs[j]!;
      const ay = ys[j]!;
      const ex = xs[j1]! - ax;
      const ey = ys[j1]! - ay;
      // Cheap reject: the edge's box grown by the best distance so far.
      if (px < Math.min(ax, ax + ex) - width || px > Math.max(ax, ax + ex) + width || py < Math.min(ay, ay + ey) - width || py > Math.max(ay, ay + ey) + width) continue;
      const len2 = ex * ex + ey * ey;
      const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - ax) * ex + (py - ay) * ey) / len2));
      const qx = ax + ex * t;
      const qy = ay + ey * t;
      const d2 = (px - qx) ** 2 + (py - qy) ** 2;
      if (d2 >= bestD2) continue;
      // Piece from i along the ring to j, then q: twice its signed area.
      const along = j >= i ? prefix[j]! - prefix[i]! : total - prefix[i]! + prefix[j]!;
      const first = (along + xs[j]! * qy - qx * ys[j]! + qx * py - px * qy) / 2;
      const second = total / 2 - first;
      const least = Math.max(d2, 1);
      if (!(first > least && second > least)) continue;
      best = { i, j, qx, qy };
      bestD2 = d2;
    }
  }
  return best;
}

/** Whether a counter-clockwise ring has a corner turning right (a neck needs one: the floor goes round a wall end or into a channel there). */
function turnsRight(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const a = i > 0 ? i - 1 : n - 1;
    const b = i + 1 < n ? i + 1 : 0;
    if ((xs[i]! - xs[a]!) * (ys[b]! - ys[i]!) - (ys[i]! - ys[a]!) * (xs[b]! - xs[i]!) < 0) return true;
  }
  return false;
}

/**
 * Cuts rings at their necks (findNeck) until none is left: floor that touches other floor only
 * through a channel narrower than the walls is a space of its own (and the channel, once cut
 * off at both ends, a pocket: isPocket).
 */
function splitAtNecks(rings: Vec2[][], width: number): Vec2[][] {
  const out: Vec2[][] = [];
  const work = [...rings];
  while (work.length > 0) {
    const ring = work.pop()!;
    const n = ring.length;
    const neck = findNeck(
      ring.map((p) => p.x),
      ring.map((p) => p.y),
      n,
      width,
    );
    if (!neck) {
      if (n >= 3) out.push(ring);
      continue;
    }
    const { i, j } = neck;
    const q = { x: roundMm(neck.qx), y: roundMm(neck.qy) };
    const first: Vec2[] = [];
    for (let k = i; k !== j; k = k + 1 < n ? k + 1 : 0) first.push(ring[k]!);
    first.push(ring[j]!, q);
    const second: Vec2[] = [q];
    for (let k = j + 1 < n ? j + 1 : 0; k !== i; k = k + 1 < n ? k + 1 : 0) second.push(ring[k]!);
    second.push(ring[i]!);
    for (const piece of [first, second]) {
      const clean = cleanRing(piece);
      if (clean.length >= 3 && signedArea(clean) > 0) work.push(clean);
    }
  }
  return out;
}

const NO_HOLES: readonly (readonly Vec2[])[] = Object.freeze([]);

/** All rooms' data, flat; RoomView reads it. */
class RoomStore {
  xs: Float64Array;
  ys: Float64Array;
  /** room r's outline is xs/ys[start[r] .. start[r + 1]) */
  start: Int32Array;
  face: Int32Array;
  areaMm2: Float64Array;
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
    if (this.count === this.face.length) {
      // One face may give several rooms (pinched or cut at a neck): grow.
      const size = 2 * this.face.length + 1;
      const start = new Int32Array(size + 1);
      start.set(this.start);
      this.start = start;
      const faceIds = new Int32Array(size);
      faceIds.set(this.face);
      this.face = faceIds;
      const areas = new Float64Array(size);
      areas.set(this.areaMm2);
      this.areaMm2 = areas;
    }
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
    const { ring, ringStart, ringPos, edgeFrom, edgeTo, dirX, dirY, edgeHalfThickness } = g;
    const { gapCount, gapX, gapY } = j;
    let n = 0;
    for (let i = from; i < to; i++) {
      const incomingTwin = cycles[i === from ? to - 1 : i - 1]! ^ 1;
      const h = cycles[i]!;
      const v = h & 1 ? edgeTo[h >> 1]! : edgeFrom[h >> 1]!;
      const lo = ringStart[v]!;
      const hi = ringStart[v + 1]!;
      if (hi - lo === 1) {
        // A free end (a dangling wall's): round its square end, from the incoming side's face to h's.
        const half = edgeHalfThickness[h >> 1]!;
        n = this.add(n, roundMm(g.nodeX[v]! + dirY[h]! * half), roundMm(g.nodeY[v]! - dirX[h]! * half));
        n = this.add(n, roundMm(g.nodeX[v]! - dirY[h]! * half), roundMm(g.nodeY[v]! + dirX[h]! * half));
        continue;
      }
      // The gaps from h counter-clockwise to the incoming twin run each from its wall's left face
      // to the next one's right face: the outline takes them the other way round, from the twin
      // clockwise to h (all the way round when the face turns back here).
      let q = incomingTwin;
      do {
        const pos = ringPos[q]! - 1;
        q = ring[pos >= lo ? pos : hi - 1]!;
        for (let k = gapCount[q]! - 1; k >= 0; k--) n = this.add(n, gapX[2 * q + k]!, gapY[2 * q + k]!);
      } while (q !== h);
    }
    const xs = this.xs;
    const ys = this.ys;
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

  /** Appends (x, y) after the first n points, dropping a repeat and points it makes redundant; returns the new count. */
  private add(n: number, x: number, y: number): number {
    let xs = this.xs;
    let ys = this.ys;
    if (n > 0 && xs[n - 1] === x && ys[n - 1] === y) return n;
    while (n >= 2 && redundant(xs[n - 2]!, ys[n - 2]!, xs[n - 1]!, ys[n - 1]!, x, y)) n--;
    if (n === xs.length) {
      this.count = n;
      this.grow(n + 1);
      xs = this.xs;
      ys = this.ys;
    }
    xs[n] = x;
    ys[n] = y;
    return n + 1;
  }

  /**
   * The inner outline of a face some of whose wall faces run backwards (walls thicker than the
   * face is long there), by edge events as in a straight skeleton: each face edge is its wall's
   * inner face line; repeatedly the edge that runs most backwards between its neighbours' corners
   * is dropped and its neighbours meet directly, until all run forwards. A dangling wall's free
   * end is a line too, so the outline still goes round it; with `skip` (walls on cycles), the
   * walls it marks 0 are left out instead. A face too small for its
   * walls ends with fewer than 3 edges: no outline. Steps between walls of different thickness
   * are not kept on this path (it only runs for such degenerate faces).
   */
  collapse(g: WallGraph, cycles: Int32Array, from: number, to: number, skip: Uint8Array | null): void {
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
      if (skip && !skip[h >> 1]) continue;
      if (!skip && g.ringStart[v + 1]! - g.ringStart[v]! === 1) {
        // A dangling wall's free end: its square end is a line through the node, across the wall.
        px.push(g.nodeX[v]!);
        py.push(g.nodeY[v]!);
        dx.push(-uy);
        dy.push(ux);
      }
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
    this.load(cleanRing(corners.map((c) => ({ x: roundMm(c![0]), y: roundMm(c![1]) }))));
  }

  /** Makes room for at least n points, keeping the first count. */
  grow(n: number): void {
    if (n <= this.xs.length) return;
    const size = Math.max(n, 2 * this.xs.length);
    const xs = new Float64Array(size);
    const ys = new Float64Array(size);
    xs.set(this.xs.subarray(0, this.count));
    ys.set(this.ys.subarray(0, this.count));
    this.xs = xs;
    this.ys = ys;
  }

  /** Takes the ring as it is. */
  load(points: readonly Vec2[]): void {
    this.count = 0;
    this.grow(points.length);
    for (const p of points) {
      this.xs[this.count] = p.x;
      this.ys[this.count] = p.y;
      this.count++;
    }
  }

  signedArea(): number {
    let sum = 0;
    for (let i = 0, j = this.count - 1; i < this.count; j = i++) sum += this.xs[j]! * this.ys[i]! - this.xs[i]! * this.ys[j]!;
    return sum / 2;
  }

  perimeter(): number {
    let sum = 0;
    for (let i = 0, j = this.count - 1; i < this.count; j = i++) {
      const dx = this.xs[i]! - this.xs[j]!;
      const dy = this.ys[i]! - this.ys[j]!;
      sum += Math.sqrt(dx * dx + dy * dy);
    }
    return sum;
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
  const { ring, ringStart, ringPos, edgeFrom, edgeTo, dirX, dirY, nodeX, nodeY, edgeHalfThickness } = g;
  for (let i = from; i < to; i++) {
    const h = cycles[i]!;
    const e = h >> 1;
    const ux = dirX[h]!;
    const uy = dirY[h]!;
    // Start: the first corner of h's own gap at its origin (its left face's corner at a free end).
    // End: the last corner of the gap just before h's twin around its target (h's left face
    // meets the next wall there), or h's left face at a free end.
    const v = h & 1 ? edgeTo[e]! : edgeFrom[e]!;
    const w = h & 1 ? edgeFrom[e]! : edgeTo[e]!;
    const freeStart = ringStart[v + 1]! - ringStart[v]! === 1;
    const freeEnd = ringStart[w + 1]! - ringStart[w]! === 1;
    let along: number;
    if (!freeStart && !freeEnd) {
      if (gapCount[h] === 0) return false;
      const pos = ringPos[h ^ 1]!;
      const before = ring[pos > ringStart[w]! ? pos - 1 : ringStart[w + 1]! - 1]!;
      const n = gapCount[before]!;
      if (n === 0) return false;
      along = (gapX[2 * before + n - 1]! - gapX[2 * h]!) * ux + (gapY[2 * before + n - 1]! - gapY[2 * h]!) * uy;
    } else {
      const half = edgeHalfThickness[e]!;
      let sx = nodeX[v]! - uy * half;
      let sy = nodeY[v]! + ux * half;
      if (!freeStart) {
        if (gapCount[h] === 0) return false;
        sx = gapX[2 * h]!;
        sy = gapY[2 * h]!;
      }
      let ex = nodeX[w]! - uy * half;
      let ey = nodeY[w]! + ux * half;
      if (!freeEnd) {
        const pos = ringPos[h ^ 1]!;
        const before = ring[pos > ringStart[w]! ? pos - 1 : ringStart[w + 1]! - 1]!;
        const n = gapCount[before]!;
        if (n === 0) return false;
        ex = gapX[2 * before + n - 1]!;
        ey = gapY[2 * before + n - 1]!;
      }
      along = (ex - sx) * ux + (ey - sy) * uy;
    }
    if (along < -1e-6) return false;
  }
  return true;
}
