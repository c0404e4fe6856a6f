import type { Vec2 } from '../../protocol/records';
import { MITRE_LIMIT, roundMm, STRAIGHT_ANGLE_TOLERANCE } from './tolerance';
import type { WallGraph } from './wall-graph';

// How wall ends meet at each node of the wall graph. Around a node the wall ends are taken
// counter-clockwise; between two neighbouring ends lies a gap (open floor, or outside), and the
// corner of that gap is where the left face of the one meets the right face of the other: the
// intersection of their offset lines (a mitre). Every wall end's outline at the node (its cap) is
// built from the corners of the gaps on either side, so neighbouring footprints share their
// boundary exactly: no gaps, no overlaps, at any angle and any number of walls. Rules:
// - two ends running straight through the node (opposite within STRAIGHT_ANGLE_TOLERANCE; the
//   preferred pair: both pieces of one wall, then the thickest; each piece long enough for the
//   other walls' faces to meet it) get square ends, and every other end at the node butts
//   against their faces: the usual look of a T, and of an X where one wall runs through and the
//   other stops at it on both sides;
// - otherwise two ends get one mitre line between them; three or more (or two with a fallback
//   below) fan out from the node;
// - an outer mitre (a gap wider than 180°) further than MITRE_LIMIT half-thicknesses from the
//   node becomes a bevel: the two walls' corners at the node joined straight, the triangle it
//   leaves going to the end before the gap;
// - an inner mitre (a gap under 180°) between walls of different thickness that would run past
//   the far end of either wall piece (nearly straight walls: the faces meet metres away) is
//   replaced by a cut along the gap's bisector: each face stops where it meets the bisector, the
//   step between them faces the gap;
// - otherwise inner mitres are kept even past a piece's far end (a short piece between two
//   crossings, walls meeting at a few degrees): the piece's footprint then folds over itself and
//   positiveLoops (polygon.ts) keeps the part that is not already the neighbours' (an exact
//   partition: each point goes to the wall on its side of the mitre lines), possibly nothing;
//   room outlines fold the same way and keep their largest positive loop.
// A free end (a node with one wall) is square.
//
// Points are stored flat (this runs over every node of the plan on each change): gap g of
// half-edge h has gapCount[h] (0 to 2) points at gapX/gapY[2h + i]; cap of h has capCount[h]
// (up to CAP_STRIDE) points at capX/capY[CAP_STRIDE·h + i]. All points are rounded (roundMm), so
// a corner shared by two walls and a room is the same number everywhere.

export const CAP_STRIDE = 6;

/** The corners at every node: what rooms need. */
export interface Joints {
  /**
   * Per half-edge h: the corner points of the gap between h and the next end counter-clockwise
   * around h's origin, from h's left face to the other's right face. A room's inner outline is
   * the sequence of these along its face.
   */
  readonly gapCount: Uint8Array;
  readonly gapX: Float64Array;
  readonly gapY: Float64Array;
  /** Per half-edge: the half-edge it runs straight through its origin with (both square there), or -1. */
  readonly straight: Int32Array;
}

/** The wall ends at every node, built from the joints' corners: what footprints need. */
export interface Caps {
  /** Per half-edge: the outline of its wall's end at its origin, from the wall's left face (seen leaving the node) to its right. */
  readonly capCount: Uint8Array;
  readonly capX: Float64Array;
  readonly capY: Float64Array;
  /** Per half-edge: how far along it, from its origin, the joint reaches into either face (>= 0). */
  readonly reach: Float64Array;
}

export function gapPoints(j: Joints, h: number): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i < j.gapCount[h]!; i++) out.push({ x: j.gapX[2 * h + i]!, y: j.gapY[2 * h + i]! });
  return out;
}

export function capPoints(c: Caps, h: number): Vec2[] {
  const out: Vec2[] = [];
  const base = CAP_STRIDE * h;
  for (let i = 0; i < c.capCount[h]!; i++) out.push({ x: c.capX[base + i]!, y: c.capY[base + i]! });
  return out;
}

const STRAIGHT_COS = Math.cos(STRAIGHT_ANGLE_TOLERANCE);

export function computeJoints(g: WallGraph): Joints {
  const halfEdges = 2 * g.edgeCount;
  const gapCount = new Uint8Array(halfEdges);
  const gapX = new Float64Array(2 * halfEdges);
  const gapY = new Float64Array(2 * halfEdges);
  const straight = new Int32Array(halfEdges).fill(-1);
  const { dirX, dirY, edgeHalfThickness: half, edgeLength, ring, ringStart, edgeWall } = g;
  let vx = 0;
  let vy = 0;

  const gapPush = (h: number, x: number, y: number): void => {
    const n = gapCount[h]!;
    x = roundMm(x);
    y = roundMm(y);
    if (n > 0 && gapX[2 * h + n - 1] === x && gapY[2 * h + n - 1] === y) return;
    gapX[2 * h + n] = x;
    gapY[2 * h + n] = y;
    gapCount[h] = n + 1;
  };
  const leftX = (h: number) => roundMm(vx - dirY[h]! * half[h >> 1]!);
  const leftY = (h: number) => roundMm(vy + dirX[h]! * half[h >> 1]!);
  const rightX = (h: number) => roundMm(vx + dirY[h]! * half[h >> 1]!);
  const rightY = (h: number) => roundMm(vy - dirX[h]! * half[h >> 1]!);

  /** Writes the corner of the gap from a's left face to b's right face (b next counter-clockwise) as gap a. */
  const corner = (a: number, b: number): void => {
    gapCount[a] = 0;
    const ax = dirX[a]!;
    const ay = dirY[a]!;
    const bx = dirX[b]!;
    const by = dirY[b]!;
    const ha = half[a >> 1]!;
    const hb = half[b >> 1]!;
    const sin = ax * by - ay * bx;
    const cos = ax * bx + ay * by;
    const reflex = sin < 0 || (Math.abs(sin) < 1e-9 && cos < 0);
    if (Math.abs(sin) >= 1e-9) {
      // a.left: v + La·ha + t·a and b.right: v - Lb·hb + s·b, with L the left normal (-y, x).
      const wx = by * hb + ay * ha;
      const wy = -bx * hb - ax * ha;
      const t = (wx * by - wy * bx) / sin;
      const s = (wx * ay - wy * ax) / sin;
      const cx = vx - ay * ha + ax * t;
      const cy = vy + ax * ha + ay * t;
      const limit = MITRE_LIMIT * Math.max(ha, hb);
      if (reflex ? (cx - vx) * (cx - vx) + (cy - vy) * (cy - vy) <= limit * limit : (t <= edgeLength[a >> 1]! && s <= edgeLength[b >> 1]!) || ha === hb) {
        gapPush(a, cx, cy);
        return;
      }
      if (!reflex) {
        // Along the bisector: at distance h / sin(φ/2), h / tan(φ/2) along each wall.
        const mx = ax + bx;
        const my = ay + by;
        const m = Math.sqrt(mx * mx + my * my);
        const sinHalf = Math.sqrt(Math.max(0, (1 - cos) / 2));
        const cosHalf = Math.sqrt(Math.max(0, (1 + cos) / 2));
        if (m > 1e-9 && sinHalf > 1e-9 && (ha / sinHalf) * cosHalf <= edgeLength[a >> 1]! && (hb / sinHalf) * cosHalf <= edgeLength[b >> 1]!) {
          gapPush(a, vx + (mx / m) * (ha / sinHalf), vy + (my / m) * (ha / sinHalf));
          gapPush(a, vx + (mx / m) * (hb / sinHalf), vy + (my / m) * (hb / sinHalf));
          return;
        }
        // A short piece: the true mitre, which folds its footprint; positiveLoops keeps what is left.
        gapPush(a, cx, cy);
        return;
      }
    }
    // A bevel (outer), or square ends for walls running the same way (cannot happen once merged).
    gapPush(a, leftX(a), leftY(a));
    gapPush(a, rightX(b), rightY(b));
  };

  /** Corners on the side between two straight-through ends x and y (counter-clockwise from x): the other ends butt against their faces. */
  const side = (lo: number, k: number, from: number, to: number): void => {
    const x = ring[lo + from]!;
    const y = ring[lo + (to % k)]!;
    const count = (to > from ? to : to + k) - from - 1;
    if (count === 0) {
      gapCount[x] = 0;
      gapPush(x, leftX(x), leftY(x));
      gapPush(x, rightX(y), rightY(y));
      return;
    }
    // The ends between x and y, in order: ring positions from + 1 .. from + count (wrapping).
    let before = x;
    for (let i = 1; i <= count + 1; i++) {
      const s = i <= count ? ring[lo + ((from + i) % k)]! : y;
      corner(before, s);
      before = s;
    }
  };

  /**
   * Whether the through piece t is long enough for every other end at the node to butt against
   * it: each one's far face must meet t's face before t's piece ends (a wall overshooting another
   * by a few cm cannot be the one that runs through).
   */
  const coversStems = (t: number, lo: number, k: number): boolean => {
    const tx = dirX[t]!;
    const ty = dirY[t]!;
    const ht = half[t >> 1]!;
    for (let i = 0; i < k; i++) {
      const s = ring[lo + i]!;
      if (s === t) continue;
      const cos = tx * dirX[s]! + ty * dirY[s]!;
      const sin = Math.abs(tx * dirY[s]! - ty * dirX[s]!);
      if (sin < 1e-9) continue;
      if ((ht * cos + half[s >> 1]!) / sin > edgeLength[t >> 1]!) return false;
    }
    return true;
  };

  for (let v = 0; v < g.nodeCount; v++) {
    const lo = ringStart[v]!;
    const k = ringStart[v + 1]! - lo;
    if (k === 0) continue;
    vx = g.nodeX[v]!;
    vy = g.nodeY[v]!;
    if (k === 1) continue;

    // The straight-through pair, if any.
    let bestA = -1;
    let bestB = -1;
    let bestSame = -1;
    let bestHalf = -1;
    for (let i = 0; i < k; i++) {
      const a = ring[lo + i]!;
      for (let j = i + 1; j < k; j++) {
        const b = ring[lo + j]!;
        if (dirX[a]! * dirX[b]! + dirY[a]! * dirY[b]! > -STRAIGHT_COS) continue;
        const same = edgeWall[a >> 1] === edgeWall[b >> 1] ? 1 : 0;
        const thick = Math.min(half[a >> 1]!, half[b >> 1]!);
        if ((same > bestSame || (same === bestSame && thick > bestHalf)) && coversStems(a, lo, k) && coversStems(b, lo, k)) {
          bestA = i;
          bestB = j;
          bestSame = same;
          bestHalf = thick;
        }
      }
    }

    if (bestA >= 0) {
      const a = ring[lo + bestA]!;
      const b = ring[lo + bestB]!;
      straight[a] = b;
      straight[b] = a;
      side(lo, k, bestA, bestB);
      side(lo, k, bestB, bestA);
    } else {
      for (let i = 0; i < k; i++) corner(ring[lo + i]!, ring[lo + ((i + 1) % k)]!);
    }
  }
  return { gapCount, gapX, gapY, straight };
}

/**
 * The wall ends at every node, from the corners (rules in the header); or only at the given nodes
 * (the caps of half-edges leaving other nodes stay empty): the footprints of a few walls need the
 * caps at their own nodes only.
 */
export function computeCaps(g: WallGraph, j: Joints, nodes?: Iterable<number>): Caps {
  const halfEdges = 2 * g.edgeCount;
  const capCount = new Uint8Array(halfEdges);
  const capX = new Float64Array(CAP_STRIDE * halfEdges);
  const capY = new Float64Array(CAP_STRIDE * halfEdges);
  const reach = new Float64Array(halfEdges);
  const { dirX, dirY, edgeHalfThickness: half, ring, ringStart } = g;
  const { gapCount, gapX, gapY, straight } = j;
  let vx = 0;
  let vy = 0;

  /** Appends an already rounded point to h's cap, skipping a repeat of the last one. */
  const push = (h: number, x: number, y: number): void => {
    const n = capCount[h]!;
    const at = CAP_STRIDE * h + n;
    if (n > 0 && capX[at - 1] === x && capY[at - 1] === y) return;
    capX[at] = x;
    capY[at] = y;
    capCount[h] = n + 1;
  };
  const pushGap = (h: number, of: number): void => {
    for (let i = 0; i < gapCount[of]!; i++) push(h, gapX[2 * of + i]!, gapY[2 * of + i]!);
  };
  const pushLastOfGap = (h: number, of: number): void => {
    const n = gapCount[of]!;
    if (n > 0) push(h, gapX[2 * of + n - 1]!, gapY[2 * of + n - 1]!);
  };
  const leftX = (h: number) => roundMm(vx - dirY[h]! * half[h >> 1]!);
  const leftY = (h: number) => roundMm(vy + dirX[h]! * half[h >> 1]!);
  const rightX = (h: number) => roundMm(vx + dirY[h]! * half[h >> 1]!);
  const rightY = (h: number) => roundMm(vy - dirX[h]! * half[h >> 1]!);
  const square = (h: number) => {
    push(h, leftX(h), leftY(h));
    push(h, rightX(h), rightY(h));
  };

  /** Caps of the ends between straight-through ends x and y (ring positions from..to, counter-clockwise). */
  const side = (lo: number, k: number, from: number, to: number): void => {
    const x = ring[lo + from]!;
    const y = ring[lo + (to % k)]!;
    const count = (to > from ? to : to + k) - from - 1;
    if (count === 0) return;
    const bxX = leftX(x);
    const bxY = leftY(x);
    const byX = rightX(y);
    const byY = rightY(y);
    // Several ends on one side fan out from the base point of the thicker through wall; a step
    // between two through walls of different thickness goes to the end next to the thinner one.
    const hubIsX = half[x >> 1]! >= half[y >> 1]!;
    let before = x;
    for (let i = 0; i < count; i++) {
      const s = ring[lo + ((from + 1 + i) % k)]!;
      pushGap(s, s);
      if (count === 1) {
        push(s, byX, byY);
        push(s, bxX, bxY);
      } else if (i === 0) {
        if (!hubIsX) push(s, byX, byY);
        push(s, bxX, bxY);
      } else if (i === count - 1) {
        push(s, byX, byY);
        if (hubIsX) push(s, bxX, bxY);
      } else if (hubIsX) push(s, bxX, bxY);
      else push(s, byX, byY);
      pushLastOfGap(s, before);
      before = s;
    }
  };

  const capsAt = (v: number): void => {
    const lo = ringStart[v]!;
    const k = ringStart[v + 1]! - lo;
    if (k === 0) return;
    vx = g.nodeX[v]!;
    vy = g.nodeY[v]!;
    if (k === 1) {
      square(ring[lo]!);
      return;
    }
    let through = -1;
    for (let i = 0; i < k && through < 0; i++) if (straight[ring[lo + i]!]! >= 0) through = i;
    if (through >= 0) {
      const a = ring[lo + through]!;
      const b = straight[a]!;
      const other = g.ringPos[b]! - lo;
      square(a);
      square(b);
      side(lo, k, through, other);
      side(lo, k, other, through);
    } else {
      // Two plain mitres: one straight mitre line. Otherwise the caps fan out from the node, which
      // also hands a bevel's triangle to the end before it.
      const fan = !(k === 2 && gapCount[ring[lo]!] === 1 && gapCount[ring[lo + 1]!] === 1);
      const cx = roundMm(vx);
      const cy = roundMm(vy);
      for (let i = 0; i < k; i++) {
        const h = ring[lo + i]!;
        pushGap(h, h);
        if (fan) push(h, cx, cy);
        pushLastOfGap(h, ring[lo + ((i + k - 1) % k)]!);
      }
    }

    for (let i = 0; i < k; i++) {
      const h = ring[lo + i]!;
      const dx = dirX[h]!;
      const dy = dirY[h]!;
      let r = 0;
      for (let c = 0; c < capCount[h]!; c++) r = Math.max(r, (capX[CAP_STRIDE * h + c]! - vx) * dx + (capY[CAP_STRIDE * h + c]! - vy) * dy);
      if (gapCount[h]! > 0) r = Math.max(r, (gapX[2 * h]! - vx) * dx + (gapY[2 * h]! - vy) * dy);
      const before = ring[lo + ((i + k - 1) % k)]!;
      const n = gapCount[before]!;
      if (n > 0) r = Math.max(r, (gapX[2 * before + n - 1]! - vx) * dx + (gapY[2 * before + n - 1]! - vy) * dy);
      reach[h] = r;
    }
  };
  if (nodes) {
    const done = new Uint8Array(g.nodeCount);
    for (const v of nodes) {
      if (done[v]) continue;
      done[v] = 1;
      capsAt(v);
    }
  } else {
    for (let v = 0; v < g.nodeCount; v++) capsAt(v);
  }
  return { capCount, capX, capY, reach };
}
