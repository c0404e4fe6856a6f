import type { Vec2, WallRecord } from '../../protocol/records';

// The plan outline of each wall: a quadrilateral around its centre line, with mitred ends where
// exactly two walls meet, so corners close without overlapping volumes (overlaps z-fight in the
// transparent and wireframe view modes).

/** Counter-clockwise: start-right, end-right, end-left, start-left (left = left of start→end). */
export type Footprint = readonly [Vec2, Vec2, Vec2, Vec2];

/** Endpoints closer than this (mm) are one joint. */
const JOINT_TOLERANCE = 1;
/** Beyond this many half-thicknesses a mitre spike is worse than a square end. */
const MITRE_LIMIT = 6;

const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });
const scale = (a: Vec2, s: number): Vec2 => ({ x: a.x * s, y: a.y * s });
const cross = (a: Vec2, b: Vec2) => a.x * b.y - a.y * b.x;
const leftNormal = (d: Vec2): Vec2 => ({ x: -d.y, y: d.x });

function unit(v: Vec2): Vec2 {
  const len = Math.hypot(v.x, v.y);
  return { x: v.x / len, y: v.y / len };
}

/** Rounds to a micrometre, so two walls computing their shared corner get the very same point. */
const snap = (v: number) => Math.round(v * 1000) / 1000 + 0;

function intersect(p: Vec2, a: Vec2, q: Vec2, b: Vec2): Vec2 | null {
  const denom = cross(a, b);
  if (Math.abs(denom) < 1e-9) return null;
  const hit = add(p, scale(a, cross(sub(q, p), b) / denom));
  return { x: snap(hit.x), y: snap(hit.y) };
}

interface End {
  readonly point: Vec2;
  /** unit direction along the wall, away from this end */
  readonly away: Vec2;
  readonly half: number;
}

function endsOf(wall: WallRecord): [End, End] {
  const d = unit(sub(wall.end, wall.start));
  const half = wall.thickness / 2;
  return [
    { point: wall.start, away: d, half },
    { point: wall.end, away: scale(d, -1), half },
  ];
}

/** The two corners at one end: [left of `away`, right of `away`]. */
function endCorners(end: End, partner: End | null): [Vec2, Vec2] {
  const n = leftNormal(end.away);
  const left = add(end.point, scale(n, end.half));
  const right = sub(end.point, scale(n, end.half));
  if (!partner) return [left, right];
  // Our left side meets the partner's right side and vice versa, whichever way the corner turns.
  const m = leftNormal(partner.away);
  const mitreLeft = intersect(left, end.away, sub(partner.point, scale(m, partner.half)), partner.away);
  const mitreRight = intersect(right, end.away, add(partner.point, scale(m, partner.half)), partner.away);
  if (!mitreLeft || !mitreRight) return [left, right];
  const limit = MITRE_LIMIT * Math.max(end.half, partner.half);
  const far = (p: Vec2) => Math.hypot(p.x - end.point.x, p.y - end.point.y) > limit;
  if (far(mitreLeft) || far(mitreRight)) return [left, right];
  return [mitreLeft, mitreRight];
}

function near(a: Vec2, b: Vec2): boolean {
  return Math.hypot(a.x - b.x, a.y - b.y) <= JOINT_TOLERANCE;
}

export function wallFootprints(walls: readonly WallRecord[]): Map<string, Footprint> {
  const ends = new Map(walls.map((w) => [w.id, endsOf(w)] as const));
  const partnerOf = (wall: WallRecord, end: End): End | null => {
    const others: End[] = [];
    for (const other of walls) {
      if (other.id === wall.id || other.storeyId !== wall.storeyId) continue;
      for (const e of ends.get(other.id)!) if (near(e.point, end.point)) others.push(e);
    }
    // T-joints and crossings get square ends for now; the wall graph will resolve them later.
    return others.length === 1 ? others[0]! : null;
  };
  const out = new Map<string, Footprint>();
  for (const wall of walls) {
    const [start, end] = ends.get(wall.id)!;
    const [startLeft, startRight] = endCorners(start, partnerOf(wall, start));
    // At the far end `away` points backwards, so its left is the wall's right.
    const [endRight, endLeft] = endCorners(end, partnerOf(wall, end));
    out.set(wall.id, [startRight, endRight, endLeft, startLeft]);
  }
  return out;
}
