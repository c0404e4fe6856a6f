import type { OpeningRecord, Vec2, WallRecord } from '../../protocol/records';
import { pointInRing, signedArea } from '../geometry/polygon';
import type { WallFootprint } from '../geometry/wall-footprint';
import type { PlanContext } from '../kinds/plan-kind';
import { roomBox, storeyRooms } from '../kinds/room/plan';
import { cutWalls, openingsOnWalls } from '../kinds/wall/plan';
import { add, estimateTextWidthPx, left, len, PLAN_COLORS, PLAN_LAYERS, readableAngle, scale, sub, unit, type Painter } from './plan-primitives';
import { wallCoords, wallPoint, type WallAxes } from './wall-cut';

// The plan's dimensions, drawn over the records once the kinds have drawn theirs: they span
// kinds (a facade's chain runs through the openings of all its walls and lines up with the other
// outer faces; the inner ones run along the rooms' edges, which are the walls' faces). Outer ones
// in two tiers, as on a drawing: nearest the wall the chain through the openings' edges, beyond
// it each face's whole length; inner ones along every room edge.

/** Screen sizes, CSS px. */
const PX = {
  text: 12,
  outerOffset: 22,
  /** between the two tiers of outer dimensions */
  tier: 24,
  innerOffset: 12,
  minRoomForInner: 120,
  extensionGap: 3,
  extensionOvershoot: 4,
  tick: 3.5,
  overshoot: 3,
  textGap: 1,
  minLength: 8,
} as const;

type DimensionRole = 'dimension-outer' | 'dimension-chain' | 'dimension-inner';

/**
 * A dimension of the straight distance a-b, drawn `offsetPx` towards `out` (a unit vector): extension
 * lines, the dimension line with architectural ticks, and the length in mm beyond it.
 */
function dimension(paint: Painter, a: Vec2, b: Vec2, out: Vec2, offsetPx: number, role: DimensionRole, id: string): void {
  const length = len(sub(b, a));
  const text = String(Math.round(length));
  const screen = length * paint.pxPerMm;
  // Too short on screen for its number: leave it out rather than clutter (zooming in shows it);
  // a link of a chain keeps its ticks so the chain stays whole.
  const fits = screen >= PX.minLength && screen >= estimateTextWidthPx(text, PX.text) + 6;
  if (!fits && (role !== 'dimension-chain' || screen < 2)) return;
  const dir = unit(sub(b, a));
  const off = paint.px(offsetPx);
  const a1 = add(a, out, off);
  const b1 = add(b, out, off);
  const segments: Vec2[] = [
    add(a, out, paint.px(PX.extensionGap)),
    add(a, out, off + paint.px(PX.extensionOvershoot)),
    add(b, out, paint.px(PX.extensionGap)),
    add(b, out, off + paint.px(PX.extensionOvershoot)),
    add(a1, dir, -paint.px(PX.overshoot)),
    add(b1, dir, paint.px(PX.overshoot)),
  ];
  // Architectural ticks: short 45° strokes through the ends of the dimension line.
  const tick = scale(unit(add(dir, out)), paint.px(PX.tick));
  for (const end of [a1, b1]) segments.push(sub(end, tick), add(end, tick));
  paint.lines.push({ role, id, state: 'normal', color: PLAN_COLORS.dimension, opacity: 1, layer: PLAN_LAYERS.dimension, segments });
  if (!fits) return;
  const mid = scale(add(a1, b1), 0.5);
  paint.texts.push({
    role,
    id,
    state: 'normal',
    color: PLAN_COLORS.dimensionText,
    opacity: 1,
    layer: PLAN_LAYERS.label,
    text,
    at: add(mid, out, paint.px(PX.textGap + PX.text * 0.68)),
    angle: readableAngle(dir.x, dir.y),
    sizePx: PX.text,
    bold: false,
    background: null,
  });
}

interface OuterFace {
  readonly wall: WallRecord;
  readonly axes: WallAxes;
  readonly side: 1 | -1;
  readonly across: number;
  readonly range: [number, number];
  readonly openings: readonly OpeningRecord[];
}

/** The outer and inner dimensions of the storey shown. */
export function drawDimensions(ctx: PlanContext, paint: Painter): void {
  const rooms = storeyRooms(ctx);
  const boxes = rooms.map(roomBox);
  const openings = openingsOnWalls(ctx);
  const splitOf = new Map((ctx.plan?.graph.splits ?? []).map((split) => [split.wallId, split]));
  // Half-edges with a room on their left: which side of each wall faces a room.
  const roomSides = new Set<number>();
  for (const room of ctx.plan?.rooms ?? []) for (const h of room.halfEdges) roomSides.add(h);

  /** Walls the room walk leaves out (dangling walls, islands' outsides) may still stand in a room. */
  const sideInRoom = (axes: WallAxes, wall: WallRecord, side: 1 | -1): boolean => {
    const across = side * (wall.thickness / 2 + 20);
    for (const f of [0.25, 0.5, 0.75]) {
      const p = wallPoint(axes, axes.length * f, across);
      for (let i = 0; i < rooms.length; i++) {
        const b = boxes[i]!;
        if (p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY && pointInRing(p, rooms[i]!.outline)) return true;
      }
    }
    return false;
  };

  // Outer dimension: along each face with no room beside it (a free-standing wall: its right face).
  const outerFaces: OuterFace[] = [];
  for (const { wall, axes, footprint } of cutWalls(ctx).values()) {
    let leftIn = false;
    let rightIn = false;
    for (const piece of splitOf.get(wall.id)?.pieces ?? []) {
      if (piece.coveredBy !== null) continue;
      leftIn ||= roomSides.has(piece.halfEdge);
      rightIn ||= roomSides.has(piece.halfEdge ^ 1);
    }
    leftIn ||= sideInRoom(axes, wall, 1);
    rightIn ||= sideInRoom(axes, wall, -1);
    const sides: (1 | -1)[] = leftIn && rightIn ? [] : leftIn ? [-1] : rightIn ? [1] : [-1];
    for (const side of sides) {
      const across = (side * wall.thickness) / 2;
      const range = faceRange(axes, footprint, across);
      if (range) outerFaces.push({ wall, axes, side, across, range, openings: openings.get(wall.id) ?? [] });
    }
  }

  // Without openings on any outer face the lengths take the first tier, so a facade's dimensions
  // always line up.
  const chained = outerFaces.some((f) => f.openings.length > 0);
  for (const { wall, axes, side, across, range, openings: own } of outerFaces) {
    const out = scale(axes.n, side);
    const at = (along: number) => wallPoint(axes, along, across);
    dimension(paint, at(range[0]), at(range[1]), out, chained ? PX.outerOffset + PX.tier : PX.outerOffset, 'dimension-outer', wall.id);
    if (!own.length) continue;
    const stops = [range[0]];
    for (const o of [...own].sort((a, b) => a.offset - b.offset)) {
      for (const edge of [o.offset - o.width / 2, o.offset + o.width / 2]) {
        if (edge > stops[stops.length - 1]! + 0.5 && edge < range[1] - 0.5) stops.push(edge);
      }
    }
    stops.push(range[1]);
    for (let k = 0; k + 1 < stops.length; k++) dimension(paint, at(stops[k]!), at(stops[k + 1]!), out, PX.outerOffset, 'dimension-chain', wall.id);
  }

  // Inner dimensions along every room edge (the inner wall faces).
  rooms.forEach((room, r) => {
    const box = boxes[r]!;
    // A room this small on screen has no space for its edges' numbers beside its label: zoom in.
    if (Math.min(box.maxX - box.minX, box.maxY - box.minY) * ctx.pxPerMm < PX.minRoomForInner) return;
    const ring = room.outline;
    const ccw = signedArea(ring) >= 0;
    const bridges = bridgeEdges(ring);
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      // A keyhole ring's bridge runs both ways: no wall face there.
      if (bridges?.has(i)) continue;
      const inward = left(unit(sub(q, p)));
      dimension(paint, p, q, ccw ? inward : scale(inward, -1), PX.innerOffset, 'dimension-inner', room.id);
    }
  });
}

/**
 * The edges (by index i: ring[i] -> ring[i + 1]) of a keyhole ring that run both ways (the
 * bridges to its holes), or null when the ring has none (no point repeats: the common case).
 */
function bridgeEdges(ring: readonly Vec2[]): Set<number> | null {
  const n = ring.length;
  const seen = new Set<number>();
  let repeats = false;
  for (const p of ring) {
    // Points are rounded to the micrometre, so equal points hash equal.
    const h = Math.round(p.x * 1000) * 73856093 + Math.round(p.y * 1000);
    if (seen.has(h)) repeats = true;
    seen.add(h);
  }
  if (!repeats) return null;
  const out = new Set<number>();
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % n]!;
    for (let j = 0; j < n; j++) {
      const a = ring[j]!;
      const b = ring[(j + 1) % n]!;
      if (a.x === q.x && a.y === q.y && b.x === p.x && b.y === p.y) {
        out.add(i);
        break;
      }
    }
  }
  return out;
}

/** The face of a wall `across` mm from its centre line: where it starts and ends along the wall. */
function faceRange(axes: WallAxes, footprint: WallFootprint, across: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const polygon of footprint) {
    for (const p of polygon) {
      const c = wallCoords(axes, p);
      if (Math.abs(c.across - across) > 0.5) continue;
      lo = Math.min(lo, c.along);
      hi = Math.max(hi, c.along);
    }
  }
  return hi - lo > 0.5 ? [lo, hi] : null;
}
