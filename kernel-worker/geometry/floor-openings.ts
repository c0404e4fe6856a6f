import { FLOOR_OPENING_MIN_SIZE, type FloorOpeningRefusal } from '../../protocol/errors';
import type { Vec2 } from '../../protocol/records';
import { intersectionArea } from './clip';
import { boundsOf, cleanRing, signedArea } from './polygon';

// Floor openings (stairwells, voids) in plan terms: whether an outline can be one, and the floor a
// room keeps once its storey's openings are taken out.

/** Whether segments a-b and c-d share any point (touching and collinear overlap included). */
function segmentsMeet(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const orient = (p: Vec2, q: Vec2, r: Vec2) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  const onSegment = (p: Vec2, q: Vec2, r: Vec2) => Math.min(p.x, q.x) <= r.x && r.x <= Math.max(p.x, q.x) && Math.min(p.y, q.y) <= r.y && r.y <= Math.max(p.y, q.y);
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** True when no two edges of the ring meet except neighbours at their shared corner. */
export function isSimpleRing(ring: readonly Vec2[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = ring[j]!;
      const d = ring[(j + 1) % n]!;
      if (j === i + 1 || (i === 0 && j === n - 1)) {
        // Neighbours share one corner; they may not fold back over each other.
        const shared = j === i + 1 ? b : a;
        const far1 = j === i + 1 ? a : b;
        const far2 = j === i + 1 ? d : c;
        const cross = (far1.x - shared.x) * (far2.y - shared.y) - (far1.y - shared.y) * (far2.x - shared.x);
        const dot = (far1.x - shared.x) * (far2.x - shared.x) + (far1.y - shared.y) * (far2.y - shared.y);
        if (cross === 0 && dot > 0) return false;
        continue;
      }
      if (segmentsMeet(a, b, c, d)) return false;
    }
  }
  return true;
}

/**
 * Why an outline cannot be a floor opening, or null when it can: fewer than 3 real corners, edges
 * that cross or touch, or less than FLOOR_OPENING_MIN_SIZE across (either side of its bounding
 * box) or in area (FLOOR_OPENING_MIN_SIZE²).
 */
export function floorOpeningProblem(outline: readonly Vec2[]): { reason: FloorOpeningRefusal; detail: string } | null {
  const ring = cleanRing(outline);
  if (ring.length < 3 || ring.length !== outline.length) {
    return { reason: 'FLOOR_OPENING_OUTLINE', detail: `the outline needs at least 3 distinct corners, none repeated or on a straight line between its neighbours (got ${outline.length} points, ${ring.length} real corners)` };
  }
  if (!isSimpleRing(ring)) return { reason: 'FLOOR_OPENING_OUTLINE', detail: 'the outline crosses or touches itself' };
  const box = boundsOf(ring)!;
  const width = box.maxX - box.minX;
  const depth = box.maxY - box.minY;
  const area = Math.abs(signedArea(ring));
  if (width < FLOOR_OPENING_MIN_SIZE || depth < FLOOR_OPENING_MIN_SIZE || area < FLOOR_OPENING_MIN_SIZE ** 2) {
    return { reason: 'FLOOR_OPENING_TOO_SMALL', detail: `the opening is ${Math.round(width)} x ${Math.round(depth)} mm (${Math.round(area)} mm²); it must be at least ${FLOOR_OPENING_MIN_SIZE} mm both ways and ${FLOOR_OPENING_MIN_SIZE ** 2} mm²` };
  }
  return null;
}

/** The outline counter-clockwise (as rooms are stored), the same array when it already is. */
export function counterClockwise(outline: readonly Vec2[]): readonly Vec2[] {
  return signedArea(outline) < 0 ? [...outline].reverse() : outline;
}

/** mm² the two openings' floors share (0 when they only touch). */
export function openingOverlap(a: readonly Vec2[], b: readonly Vec2[]): number {
  return intersectionArea(counterClockwise(a), counterClockwise(b));
}

/**
 * A room's floor in mm² net of floor openings: its outline (a keyhole ring with its islands,
 * counter-clockwise) less the part of each opening inside it. Openings do not overlap each other
 * (the commands refuse it), so their parts add up.
 */
export function netFloorMm2(outline: readonly Vec2[], openings: readonly { readonly outline: readonly Vec2[] }[]): number {
  let area = Math.abs(signedArea(outline));
  for (const o of openings) area -= intersectionArea(outline, counterClockwise(o.outline));
  return Math.max(0, area);
}
