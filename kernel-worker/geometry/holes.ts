import type { Vec2 } from '../../protocol/records';
import { signedArea } from './polygon';

// A room with holes (islands of walls inside it) as one ring, for stores that keep a single
// outline (RoomRecord.outline): each hole is joined to the outline by a zero-width cut, the
// "keyhole". Shoelace areas and triangulators (three's ShapeUtils/earcut) treat the result as the
// outline minus the holes. The cut runs from each hole's rightmost point to the nearest outline
// point it can see, so it crosses no edge.

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o = (p: Vec2, q: Vec2, r: Vec2) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = o(a, b, c);
  const d2 = o(a, b, d);
  const d3 = o(c, d, a);
  const d4 = o(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

const same = (a: Vec2, b: Vec2) => a.x === b.x && a.y === b.y;

/** The outline (counter-clockwise) with every hole (clockwise) cut in; both orientations are fixed if needed. */
export function keyholeRing(outline: readonly Vec2[], holes: readonly (readonly Vec2[])[]): Vec2[] {
  let ring: Vec2[] = signedArea(outline) >= 0 ? [...outline] : [...outline].reverse();
  const pending = holes.map((h) => (signedArea(h) <= 0 ? [...h] : [...h].reverse())).filter((h) => h.length >= 3);
  // Rightmost holes first, so later cuts may run to the ones already joined.
  pending.sort((p, q) => Math.max(...q.map((v) => v.x)) - Math.max(...p.map((v) => v.x)));
  for (let k = 0; k < pending.length; k++) {
    const hole = pending[k]!;
    let m = 0;
    for (let i = 1; i < hole.length; i++) if (hole[i]!.x > hole[m]!.x) m = i;
    const from = hole[m]!;
    const blockers = [ring, ...pending.slice(k)];
    const visible = (to: Vec2): boolean =>
      blockers.every((r) =>
        r.every((p, i) => {
          const q = r[(i + 1) % r.length]!;
          if (same(p, to) || same(q, to) || same(p, from) || same(q, from)) return true;
          return !segmentsCross(from, to, p, q);
        }),
      );
    let best = -1;
    let bestDistance = Infinity;
    ring.forEach((v, i) => {
      const d = Math.hypot(v.x - from.x, v.y - from.y);
      if (d < bestDistance && visible(v)) {
        best = i;
        bestDistance = d;
      }
    });
    if (best < 0) continue;
    const loop = [...hole.slice(m), ...hole.slice(0, m), from];
    ring = [...ring.slice(0, best + 1), ...loop, ring[best]!, ...ring.slice(best + 1)];
  }
  return ring;
}
