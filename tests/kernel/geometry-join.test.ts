import { describe, expect, it } from 'vitest';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { rectangle } from '../../kernel-worker/geometry/polygon';
import { joinWallEnds } from '../../kernel-worker/geometry/wall-join';
import type { WallInput } from '../../kernel-worker/geometry/wall-graph';
import { gridPlan } from '../bench/geometry-plans';
import { mulberry32 } from '../fixtures/prng';
import { wall } from './geometry-kit';

// Tolerant joining of wall ends (geometry/wall-join.ts): synthetic plans with exact answers.

const ends = (walls: readonly WallInput[]) => walls.map((w) => [w.id, w.start.x, w.start.y, w.end.x, w.end.y]);

describe('joinWallEnds', () => {
  it('extends a T that stops at the face of a 550 wall (275 short) to its centre line', () => {
    const through = wall('through', 0, 0, 6000, 0, 550);
    const stem = wall('stem', 3000, 3000, 3000, 275, 124);
    const { walls, moves } = joinWallEnds([through, stem]);
    expect(ends(walls)).toEqual([
      ['through', 0, 0, 6000, 0],
      ['stem', 3000, 3000, 3000, 0],
    ]);
    expect(walls[0]).toBe(through);
    expect(moves).toEqual([{ wall: 1, end: 'end', to: { x: 3000, y: 0 }, kind: 'T', target: 0 }]);
    // The graph then splits the through wall: a T node of degree 3.
    const plan = analysePlan(walls);
    expect(plan.splits[0]!.pieces.map((p) => [p.from, p.to])).toEqual([
      [0, 3000],
      [3000, 6000],
    ]);
  });

  it('extends a 550 stem that stops at the face of a 124 wall (62 short), from either side', () => {
    const through = wall('through', 0, 0, 0, 5000, 124);
    for (const [sx, ex, want] of [
      [3000, 62, 0],
      [-3000, -62, 0],
    ] as const) {
      const { walls, moves } = joinWallEnds([through, wall('stem', sx, 2000, ex, 2000, 550)]);
      expect(ends(walls)[1]).toEqual(['stem', sx, 2000, want, 2000]);
      expect(moves.map((m) => m.kind)).toEqual(['T']);
    }
  });

  it('trims an end drawn to the far face (or a little through) back to the centre line', () => {
    const through = wall('through', 0, 0, 6000, 0, 240);
    for (const past of [-120, -200, -239]) {
      const { walls } = joinWallEnds([through, wall('stem', 2500, 3000, 2500, past, 240)]);
      expect(walls[1]!.end).toEqual({ x: 2500, y: 0 });
    }
    // Past the reach (120 + 120 + 1 mm): a wall that crosses, not a T.
    const { walls, moves } = joinWallEnds([through, wall('stem', 2500, 3000, 2500, -242, 240)]);
    expect(walls[1]!.end).toEqual({ x: 2500, y: -242 });
    expect(moves).toEqual([]);
  });

  it('joins an L meeting on the face: both ends go to the crossing of the centre lines', () => {
    // south runs to the inner face of east (x = 5880); east starts at the outer face of south (y = -120).
    const south = wall('south', 0, 0, 5880, 0, 240);
    const east = wall('east', 6000, -120, 6000, 4000, 240);
    const { walls, moves } = joinWallEnds([south, east]);
    expect(ends(walls)).toEqual([
      ['south', 0, 0, 6000, 0],
      ['east', 6000, 0, 6000, 4000],
    ]);
    expect(moves).toEqual([
      { wall: 0, end: 'end', to: { x: 6000, y: 0 }, kind: 'L', target: 1 },
      { wall: 1, end: 'start', to: { x: 6000, y: 0 }, kind: 'L', target: 0 },
    ]);
  });

  it('joins a near miss at a corner (both ends short of the other wall)', () => {
    const a = wall('a', 0, 0, 3850, 0, 240);
    const b = wall('b', 4000, 150, 4000, 3000, 120);
    const { walls } = joinWallEnds([a, b]);
    expect(walls[0]!.end).toEqual({ x: 4000, y: 0 });
    expect(walls[1]!.start).toEqual({ x: 4000, y: 0 });
    const plan = analysePlan(walls);
    expect(plan.graph.nodeCount).toBe(3);
  });

  it('merges collinear ends a little apart into one node', () => {
    const { walls, moves } = joinWallEnds([wall('a', 0, 0, 3000, 0), wall('b', 3200, 0, 6000, 0)]);
    expect(ends(walls)).toEqual([
      ['a', 0, 0, 3200, 0],
      ['b', 3200, 0, 6000, 0],
    ]);
    expect(moves.map((m) => m.kind)).toEqual(['end']);
  });

  it('leaves loose ends beyond the reach loose', () => {
    const through = wall('through', 0, 0, 6000, 0, 240);
    // 120 + 62 + 1 = 183 is the reach for a 124 stem; 184 short stays loose.
    const { walls, moves } = joinWallEnds([through, wall('stem', 3000, 3000, 3000, 184, 124)]);
    expect(walls[1]!.end).toEqual({ x: 3000, y: 184 });
    expect(moves).toEqual([]);
    expect(joinWallEnds([through, wall('stem', 3000, 3000, 3000, 183, 124)]).walls[1]!.end).toEqual({ x: 3000, y: 0 });
    // Collinear ends 481 apart (reach 241): loose.
    expect(joinWallEnds([wall('a', 0, 0, 3000, 0), wall('b', 3481, 0, 6000, 0)]).moves).toEqual([]);
  });

  it('does not join parallel walls close together, nor ends already joined', () => {
    // Two parallel walls 200 apart (closer than their thicknesses), ends side by side.
    const parallel = [wall('a', 0, 0, 3000, 0), wall('b', 0, 200, 3000, 200), wall('c', 100, 400, 2900, 400, 100)];
    expect(joinWallEnds(parallel).moves).toEqual([]);
    // A shallow angle (10°): the end is 100 from the other line but 576 along its own axis.
    const shallow = [wall('a', 0, 0, 6000, 0), wall('b', 3000 - 567 * 2, 100 + 100 * 2, 3000, 100)];
    expect(joinWallEnds(shallow).moves).toEqual([]);
    const square = [wall('s', 0, 0, 6000, 0), wall('e', 6000, 0, 6000, 5000), wall('t', 3000, 0, 3000, 3000)];
    expect(joinWallEnds(square).moves).toEqual([]);
  });

  it('moves only joining walls, and partners only when movable', () => {
    const south = wall('south', 0, 0, 5880, 0, 240);
    const east = wall('east', 6000, -120, 6000, 4000, 240);
    expect(joinWallEnds([south, east], { joining: (i) => i === 1 }).walls[0]!.end).toEqual({ x: 6000, y: 0 });
    // East may not move: south's end lies past east's start, so it stops on east's line (a T with a
    // 120 stub below, which the graph marks as an overshoot).
    const fixed = joinWallEnds([south, east], { joining: (i) => i === 0, movable: (i) => i === 0 });
    expect(ends(fixed.walls)).toEqual([
      ['south', 0, 0, 6000, 0],
      ['east', 6000, -120, 6000, 4000],
    ]);
    expect(fixed.moves.map((m) => m.kind)).toEqual(['T']);
  });

  it('joins only the ends joinsEnd allows (a drag joins the end let go, not the other)', () => {
    const through = wall('through', 0, 0, 6000, 0, 240);
    const other = wall('other', 0, 4000, 6000, 4000, 240);
    // Both ends of the stem stop 100 short of a centre line.
    const stem = wall('stem', 3000, 3900, 3000, 100, 240);
    expect(ends(joinWallEnds([through, other, stem]).walls)[2]).toEqual(['stem', 3000, 4000, 3000, 0]);
    const endOnly = joinWallEnds([through, other, stem], { joinsEnd: (i, end) => i === 2 && end === 'end' });
    expect(ends(endOnly.walls)[2]).toEqual(['stem', 3000, 3900, 3000, 0]);
    expect(endOnly.moves).toEqual([{ wall: 2, end: 'end', to: { x: 3000, y: 0 }, kind: 'T', target: 0 }]);
  });
});

/** Inner faces of the rooms, sorted, as comparable data. */
const roomsOf = (walls: readonly WallInput[]) =>
  analysePlan(walls)
    .rooms.map((r) => ({ outline: r.outline, holes: r.holes, areaMm2: r.areaMm2 }))
    .sort((a, b) => a.areaMm2 - b.areaMm2 || a.outline[0]!.x - b.outline[0]!.x || a.outline[0]!.y - b.outline[0]!.y);

describe('plans from files: ends at faces', () => {
  it('four walls each ending at the faces of the next give exactly one room, 5760 x 4760', () => {
    // The 6000 x 5000 centre-line room, each wall stopping at the inner face of the next.
    const walls = [wall('s', 0, 0, 5880, 0), wall('e', 6000, 120, 6000, 4880), wall('n', 6000 - 120, 5000, 120, 5000), wall('w', 0, 4880, 0, 120)];
    expect(analysePlan(walls).rooms).toHaveLength(0);
    const joined = joinWallEnds(walls).walls;
    const rooms = analysePlan(joined).rooms;
    expect(rooms).toHaveLength(1);
    expect(rooms[0]!.outline).toEqual(rectangle(120, 120, 5880, 4880));
    expect(rooms[0]!.areaMm2).toBe(5760 * 4760);
    expect(rooms[0]!.area).toBe(27.42);
  });

  it('random ends pulled back to faces (or a little through) rebuild the same rooms, at any angle', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const rnd = mulberry32(seed);
      // A grid plan: outer frame and inner walls that span between frame walls (T at both ends),
      // some stopping at another inner wall. Spacings >= 1500, thicknesses 100..550.
      const thick = () => rnd.pick([100, 120, 124, 180, 240, 370, 550]);
      const nx = rnd.int(2, 4);
      const ny = rnd.int(2, 3);
      const xs = [0];
      for (let k = 0; k < nx; k++) xs.push(xs[k]! + rnd.int(1500, 5000));
      const ys = [0];
      for (let k = 0; k < ny; k++) ys.push(ys[k]! + rnd.int(1500, 5000));
      const X = xs[nx]!;
      const Y = ys[ny]!;
      const walls: WallInput[] = [wall('S', 0, 0, X, 0, thick()), wall('E', X, 0, X, Y, thick()), wall('N', X, Y, 0, Y, thick()), wall('W', 0, Y, 0, 0, thick())];
      for (let k = 1; k < nx; k++) walls.push(wall(`v${k}`, xs[k]!, 0, xs[k]!, Y, thick()));
      // Horizontal inner walls run from the frame or a vertical wall to another.
      for (let k = 1; k < ny; k++) {
        const a = rnd.int(0, nx - 1);
        const b = rnd.int(a + 1, nx);
        walls.push(wall(`h${k}`, xs[a]!, ys[k]!, xs[b]!, ys[k]!, thick()));
      }
      const expected = roomsOf(walls);
      expect(expected.length).toBeGreaterThan(0);
      // Which wall each end meets, for the pull-back distance (the face of that wall).
      const halfAt = (p: { x: number; y: number }, self: WallInput): number => {
        let h = 0;
        for (const w of walls) {
          if (w === self) continue;
          const onV = w.start.x === w.end.x && p.x === w.start.x && p.y >= Math.min(w.start.y, w.end.y) && p.y <= Math.max(w.start.y, w.end.y);
          const onH = w.start.y === w.end.y && p.y === w.start.y && p.x >= Math.min(w.start.x, w.end.x) && p.x <= Math.max(w.start.x, w.end.x);
          if ((onV || onH) && !(w.start.x === self.start.x && w.end.x === self.end.x && w.start.x === w.end.x) && !(w.start.y === self.start.y && w.end.y === self.end.y && w.start.y === w.end.y)) h = Math.max(h, w.thickness / 2);
        }
        return h;
      };
      const perturbed = walls.map((w) => {
        const len = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
        const ux = (w.end.x - w.start.x) / len;
        const uy = (w.end.y - w.start.y) / len;
        const pull = (p: { x: number; y: number }, sign: number) => {
          const h = halfAt(p, w);
          // Back to the face of the wall it meets, and up to half its own thickness further
          // (a near miss), or through to the far face: all within the reach.
          const d = rnd.pick([h, h + rnd.next() * (w.thickness / 2), -rnd.next() * h, 0]);
          return { x: p.x - sign * ux * d, y: p.y - sign * uy * d };
        };
        return { ...w, start: pull(w.start, -1), end: pull(w.end, 1) };
      });
      const rebuilt = roomsOf(joinWallEnds(perturbed).walls);
      expect(rebuilt, `seed ${seed}`).toEqual(expected);
      // The same plan turned by any angle: walls at any slope join the same way (areas to 1 mm²).
      const turn = rnd.next() * 2 * Math.PI;
      const c = Math.cos(turn);
      const s = Math.sin(turn);
      const rot = (list: readonly WallInput[]) =>
        list.map((w) => ({ ...w, start: { x: w.start.x * c - w.start.y * s, y: w.start.x * s + w.start.y * c }, end: { x: w.end.x * c - w.end.y * s, y: w.end.x * s + w.end.y * c } }));
      // (Compared with the turned plan: outline points are rounded to a micrometre, which moves an
      // area by a few mm² once the walls are not on the axes.)
      const want = roomsOf(rot(walls)).map((r) => r.areaMm2);
      const turned = roomsOf(joinWallEnds(rot(perturbed)).walls).map((r) => r.areaMm2);
      expect(want).toHaveLength(expected.length);
      expect(turned, `seed ${seed}, turned ${turn}`).toHaveLength(want.length);
      turned.forEach((a, k) => expect(Math.abs(a - want[k]!), `seed ${seed}, turned ${turn}`).toBeLessThan(1));
    }
  });
});

describe('plans from files: a jittered grid', () => {
  it('every end of a 500-wall grid (ends off by up to 0.4 mm) pulled back to the faces rebuilds the same rooms', () => {
    const walls = gridPlan({ cols: 16, rows: 15, remove: 11, jitter: 0.4, seed: 7 });
    const pulled = walls.map((w) => {
      const len = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
      const ux = ((w.end.x - w.start.x) / len) * 120;
      const uy = ((w.end.y - w.start.y) / len) * 120;
      return { ...w, start: { x: w.start.x + ux, y: w.start.y + uy }, end: { x: w.end.x - ux, y: w.end.y - uy } };
    });
    expect(analysePlan(pulled).rooms).toHaveLength(0);
    const areas = (list: readonly WallInput[]) =>
      analysePlan(list)
        .rooms.map((r) => r.area)
        .sort((a, b) => a - b);
    const expected = areas(walls);
    expect(expected).toHaveLength(229);
    // Corners land on the crossings of the (slightly skewed) centre lines, not on the jittered
    // points: areas agree to the hundredth of a m² they are given in, within one step.
    const rebuilt = areas(joinWallEnds(pulled).walls);
    expect(rebuilt).toHaveLength(expected.length);
    rebuilt.forEach((a, i) => expect(Math.abs(a - expected[i]!)).toBeLessThanOrEqual(0.01 + 1e-9));
  });
});
