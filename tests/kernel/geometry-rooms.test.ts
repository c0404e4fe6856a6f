import { describe, expect, it } from 'vitest';
import { intersectionArea } from '../../kernel-worker/geometry/clip';
import { keyholeRing } from '../../kernel-worker/geometry/holes';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { pointInRing, rectangle, signedArea } from '../../kernel-worker/geometry/polygon';
import { gridPlan } from '../bench/geometry-plans';
import { mulberry32 } from '../fixtures/prng';
import { defaultRoomWalls, loop, wall } from './geometry-kit';

const areas = (walls: Parameters<typeof analysePlan>[0]) =>
  analysePlan(walls)
    .rooms.map((r) => r.area)
    .sort((a, b) => a - b);

describe('room detection', () => {
  it('finds the 6000 x 5000 centre-line room with 240 walls: inner 5760 x 4760 = 27.42 m²', () => {
    const [room, ...rest] = analysePlan(defaultRoomWalls()).rooms;
    expect(rest).toEqual([]);
    expect(room!.outline).toEqual(rectangle(120, 120, 5880, 4880));
    expect(room!.areaMm2).toBe(5760 * 4760);
    expect(room!.area).toBe(27.42);
    expect(room!.groundArea).toBe(27.42);
    expect(room!.centreLineArea).toBe(30);
    expect(room!.holes).toEqual([]);
    expect(room!.wallIds).toEqual(['w0', 'w1', 'w2', 'w3']);
    expect(room!.centreLine).toEqual(rectangle(0, 0, 6000, 5000));
  });

  it('gives the same room for walls drawn clockwise, reversed or off by less than the tolerance', () => {
    const clockwise = loop('c', [
      [0, 0],
      [0, 5000],
      [6000, 5000],
      [6000, 0],
    ]);
    const jittered = [wall('s', 0.3, -0.2, 6000, 0), wall('e', 6000.4, 0.5, 6000, 5000), wall('n', 5999.5, 5000.6, 0, 5000), wall('w', 0, 5000.2, 0.1, 0.4)];
    for (const walls of [clockwise, jittered]) {
      const rooms = analysePlan(walls).rooms;
      expect(rooms).toHaveLength(1);
      // Merged ends sit where the earliest wall put them: within the tolerance of the drawn corner.
      rooms[0]!.outline.forEach((p, i) => {
        const q = rectangle(120, 120, 5880, 4880)[i]!;
        expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeLessThan(1);
      });
      expect(rooms[0]!.area).toBe(27.42);
      // Always counter-clockwise from the south-west corner, whichever way the walls ran.
      expect(signedArea(rooms[0]!.outline)).toBeGreaterThan(0);
    }
  });

  it('splits a room in two with a partition (T junctions at both ends)', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('mid', 3000, 0, 3000, 5000)]);
    expect(plan.rooms.map((r) => r.area)).toEqual([13.14, 13.14]);
    expect(plan.rooms.map((r) => r.outline)).toEqual(
      expect.arrayContaining([rectangle(120, 120, 2880, 4880), rectangle(3120, 120, 5880, 4880)]),
    );
    expect(plan.splits.filter((s) => s.changed).map((s) => s.wallId)).toEqual(['w0', 'w2']);
  });

  it('detects two rooms drawn side by side, the shared wall drawn twice', () => {
    const left = loop('l', [
      [0, 0],
      [3000, 0],
      [3000, 5000],
      [0, 5000],
    ]);
    const right = loop('r', [
      [3000, 0],
      [6000, 0],
      [6000, 5000],
      [3000, 5000],
    ]);
    const plan = analysePlan([...left, ...right]);
    expect(plan.rooms.map((r) => r.area)).toEqual([13.14, 13.14]);
    expect(plan.splits.find((s) => s.wallId === 'r3')!.pieces[0]!.coveredBy).toBe('l1');
  });

  it('handles a T junction that makes an L-shaped room', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('p1', 3000, 0, 3000, 2500), wall('p2', 3000, 2500, 6000, 2500)]);
    const byArea = [...plan.rooms].sort((a, b) => a.areaMm2 - b.areaMm2);
    expect(byArea.map((r) => r.area)).toEqual([6.24, 19.92]);
    expect(byArea[0]!.outline).toEqual(rectangle(3120, 120, 5880, 2380));
    // The L: inner faces all round, six corners.
    expect(byArea[1]!.outline).toEqual([
      { x: 120, y: 120 },
      { x: 2880, y: 120 },
      { x: 2880, y: 2620 },
      { x: 5880, y: 2620 },
      { x: 5880, y: 4880 },
      { x: 120, y: 4880 },
    ]);
    expect(byArea[1]!.areaMm2).toBe(5760 * 4760 - 3000 * 2500);
  });

  it('takes dangling walls out of the floor: a stub into the room notches it, a free wall is a hole', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('stub', 3000, 0, 3000, 2000), wall('free', 1000, 1000, 2000, 2000)]);
    expect(plan.rooms).toHaveLength(1);
    const room = plan.rooms[0]!;
    // Round the stub: up its west face, across its square end, down its east face.
    expect(room.outline).toEqual([
      { x: 120, y: 120 },
      { x: 2880, y: 120 },
      { x: 2880, y: 2000 },
      { x: 3120, y: 2000 },
      { x: 3120, y: 120 },
      { x: 5880, y: 120 },
      { x: 5880, y: 4880 },
      { x: 120, y: 4880 },
    ]);
    expect(room.wallIds).toEqual(['w0', 'stub', 'w1', 'w2', 'w3']);
    // The free wall's footprint is a hole (clockwise), the floor is the outline less both walls.
    expect(room.holes).toHaveLength(1);
    expect(signedArea(room.holes[0]!)).toBeCloseTo(-signedArea(plan.footprints.get('free')![0]!), 6);
    // (The free wall's corners are rounded to a micrometre.)
    expect(Math.abs(room.areaMm2 - (5760 * 4760 - 240 * 1880 - Math.hypot(1000, 1000) * 240))).toBeLessThan(2);
    for (const f of [...plan.footprints.values()].flat()) expect(Math.abs(intersectionArea(room, f))).toBeLessThan(1e-6);
    // They still have footprints of their own, and bound no room.
    expect(plan.footprints.get('stub')).toHaveLength(1);
    expect(plan.footprints.get('free')).toHaveLength(1);
    const edgeOf = (id: string) => plan.splits.find((s) => s.wallId === id)!.pieces[0]!.edge;
    expect([plan.bounding[edgeOf('stub')], plan.bounding[edgeOf('free')], plan.bounding[edgeOf('w1')]]).toEqual([0, 0, 1]);
  });

  it('makes an island of walls a room of its own and a hole in the room around it', () => {
    const island = loop('i', [
      [2000, 2000],
      [4000, 2000],
      [4000, 3000],
      [2000, 3000],
    ]);
    const plan = analysePlan([...defaultRoomWalls(), ...island]);
    const [outer, inner] = [...plan.rooms].sort((a, b) => b.areaMm2 - a.areaMm2);
    expect(inner!.outline).toEqual(rectangle(2120, 2120, 3880, 2880));
    expect(inner!.area).toBe(1.34);
    expect(outer!.outline).toEqual(rectangle(120, 120, 5880, 4880));
    expect(outer!.holes).toHaveLength(1);
    // The hole is the island's outer face, clockwise.
    expect(signedArea(outer!.holes[0]!)).toBe(-(2240 * 1240));
    expect(outer!.areaMm2).toBe(5760 * 4760 - 2240 * 1240);
    expect(outer!.area).toBe(24.64);
    // As one ring for a single-outline record: the same area, the island outside it.
    const keyhole = keyholeRing(outer!.outline, outer!.holes);
    expect(signedArea(keyhole)).toBeCloseTo(outer!.areaMm2, 6);
    expect(intersectionArea(keyhole, inner!.outline)).toBeCloseTo(0, 6);
  });

  it("treats a wall joining an island to the outer walls as a bridge: the same rooms, less the bridge's floor", () => {
    const island = loop('i', [
      [2000, 2000],
      [4000, 2000],
      [4000, 3000],
      [2000, 3000],
    ]);
    const bridged = analysePlan([...defaultRoomWalls(), ...island, wall('bridge', 4000, 2500, 6000, 2500)]);
    // The outer room goes round the bridge and the island: its floor is less the bridge's 1760 x 240.
    expect(bridged.rooms.map((r) => r.areaMm2).sort((a, b) => a - b)).toEqual([1760 * 760, 5760 * 4760 - 2240 * 1240 - 1760 * 240]);
    expect(bridged.rooms.map((r) => r.area).sort()).toEqual([1.34, 24.22]);
  });

  it('puts an island in the smallest room around it, in a room nested in another', () => {
    const outerRoom = defaultRoomWalls();
    const middle = loop('m', [
      [1000, 1000],
      [5000, 1000],
      [5000, 4000],
      [1000, 4000],
    ]);
    const core = loop('c', [
      [2500, 2000],
      [3500, 2000],
      [3500, 3000],
      [2500, 3000],
    ]);
    const rooms = analysePlan([...outerRoom, ...middle, ...core]).rooms;
    const holes = rooms.map((r) => r.holes.length);
    expect(rooms).toHaveLength(3);
    expect(holes.sort()).toEqual([0, 1, 1]);
    const middleRoom = rooms.find((r) => r.wallIds.includes('m0'))!;
    expect(pointInRing({ x: 3000, y: 2500 }, middleRoom.holes[0]!)).toBe(true);
  });

  it('handles a collinear overlap: a new room drawn against an existing wall', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('dup', 1000, 0, 8000, 0), wall('e2', 8000, 0, 8000, 5000), wall('n2', 8000, 5000, 6000, 5000)]);
    expect(plan.rooms.map((r) => r.area).sort((a, b) => a - b)).toEqual([8.38, 27.42]);
    const dup = plan.splits.find((s) => s.wallId === 'dup')!;
    expect(dup.pieces.map((p) => [p.from, p.to, p.coveredBy])).toEqual([
      [0, 5000, 'w0'],
      [5000, 7000, null],
    ]);
  });

  it('splits the room into four at an X crossing', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('v', 3000, 0, 3000, 5000), wall('h', 0, 2500, 6000, 2500)]);
    expect(plan.rooms.map((r) => r.area)).toEqual([6.24, 6.24, 6.24, 6.24]);
    expect(plan.rooms.map((r) => r.areaMm2)).toEqual([2760 * 2260, 2760 * 2260, 2760 * 2260, 2760 * 2260]);
    expect(plan.splits.find((s) => s.wallId === 'v')!.pieces).toHaveLength(2);
  });

  it('drops faces whose inner outline has no floor (walls closer than their thickness)', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('x', 0, 2500, 6000, 2500), wall('y', 0, 2700, 6000, 2700)]);
    expect(plan.rooms).toHaveLength(2);
  });

  it('finds nothing in open plans', () => {
    expect(analysePlan([wall('a', 0, 0, 3000, 0), wall('b', 3000, 0, 3000, 3000)]).rooms).toEqual([]);
    expect(analysePlan([]).rooms).toEqual([]);
  });

  it('tiles a generated plan: rooms and walls fill the outer outline with no gap and no overlap', () => {
    const walls = gridPlan({ cols: 5, rows: 4, seed: 3, remove: 2 });
    const plan = analysePlan(walls);
    const footprints = [...plan.footprints.values()].flat();
    const wallArea = footprints.reduce((s, f) => s + signedArea(f), 0);
    const roomArea = plan.rooms.reduce((s, r) => s + r.areaMm2, 0);
    const xs = walls.flatMap((w) => [w.start.x, w.end.x]);
    const ys = walls.flatMap((w) => [w.start.y, w.end.y]);
    const outer = (Math.max(...xs) - Math.min(...xs) + 240) * (Math.max(...ys) - Math.min(...ys) + 240);
    expect(plan.rooms).toHaveLength(18);
    expect(Math.abs(wallArea + roomArea - outer)).toBeLessThan(1);
    for (const room of plan.rooms) {
      for (const f of footprints) expect(Math.abs(intersectionArea(room.outline, f))).toBeLessThan(1);
    }
    for (let i = 0; i < footprints.length; i++) {
      for (let j = i + 1; j < footprints.length; j++) expect(Math.abs(intersectionArea(footprints[i]!, footprints[j]!))).toBeLessThan(1);
    }
  });

  it('finds the same rooms when the generated plan is off by up to 0.4 mm everywhere', () => {
    const exact = analysePlan(gridPlan({ cols: 5, rows: 4, seed: 3, remove: 2 })).rooms;
    const noisy = analysePlan(gridPlan({ cols: 5, rows: 4, seed: 3, remove: 2, jitter: 0.4 })).rooms;
    expect(noisy).toHaveLength(exact.length);
    const sorted = (rooms: typeof exact) => rooms.map((r) => r.areaMm2).sort((a, b) => a - b);
    sorted(noisy).forEach((a, i) => expect(Math.abs(a - sorted(exact)[i]!)).toBeLessThan(0.01 * 1e6));
  });

  it('serialises a room as plain data', () => {
    const room = analysePlan(defaultRoomWalls()).rooms[0]!;
    const data = JSON.parse(JSON.stringify(room)) as Record<string, unknown>;
    expect(data.area).toBe(27.42);
    expect(data.outline).toEqual(rectangle(120, 120, 5880, 4880));
    expect(data.wallIds).toEqual(['w0', 'w1', 'w2', 'w3']);
  });
});

describe('drawn details', () => {
  const noOverlap = (result: ReturnType<typeof analysePlan>) => {
    for (const room of result.rooms) for (const f of [...result.footprints.values()].flat()) expect(Math.abs(intersectionArea(room, f))).toBeLessThan(1);
  };

  it('follows a 100 mm jog in a wall (shorter than the wall is thick)', () => {
    const result = analysePlan(loop('j', [[0, 0], [3000, 0], [3000, 100], [6000, 100], [6000, 5000], [0, 5000]]));
    expect(result.rooms[0]!.outline).toEqual([
      { x: 120, y: 120 },
      { x: 2880, y: 120 },
      { x: 2880, y: 220 },
      { x: 5880, y: 220 },
      { x: 5880, y: 4880 },
      { x: 120, y: 4880 },
    ]);
    expect(result.rooms[0]!.areaMm2).toBe(2760 * 4760 + 3000 * 4660);
    noOverlap(result);
  });

  it('goes round a pilaster and into a bay window', () => {
    const pilaster = analysePlan(loop('p', [[0, 0], [2000, 0], [2000, 100], [2400, 100], [2400, 0], [6000, 0], [6000, 5000], [0, 5000]]));
    expect(pilaster.rooms[0]!.areaMm2).toBe(5760 * 4760 - 640 * 100);
    noOverlap(pilaster);
    const bay = analysePlan(loop('b', [[0, 0], [2000, 0], [2500, -600], [3500, -600], [4000, 0], [6000, 0], [6000, 5000], [0, 5000]]));
    expect(bay.rooms).toHaveLength(1);
    expect(bay.rooms[0]!.area).toBeGreaterThan(27.42);
    noOverlap(bay);
  });

  it('ignores walls drawn a little past the wall they meet', () => {
    for (const past of [50, 200]) {
      const result = analysePlan([...defaultRoomWalls(), wall('a', 3000, -past, 3000, 5000 + past)]);
      expect(result.rooms.map((r) => r.area)).toEqual([13.14, 13.14]);
      noOverlap(result);
    }
  });

  it('drops the floor of a niche narrower than its walls are thick', () => {
    const result = analysePlan(loop('n', [[0, 0], [2000, 0], [2000, -300], [2200, -300], [2200, 0], [6000, 0], [6000, 5000], [0, 5000]]));
    expect(result.rooms[0]!.outline).toEqual(rectangle(120, 120, 5880, 4880));
  });
});

describe('random plans', () => {
  // Walls at any angle on a 250 mm grid, 120 or 240 thick, crossing, touching and overshooting
  // each other at random. Where walls are drawn closer than their thickness they overlap and so
  // may the rooms beside them; every other plan must come out exact: footprints with positive
  // area, and no room overlapping another room or any wall (dangling ones too).
  const plan = (seed: number) => {
    const r = mulberry32(seed);
    const p = () => ({ x: r.int(0, 40) * 250, y: r.int(0, 40) * 250 });
    return Array.from({ length: r.int(3, 12) }, (_, i) => ({ id: `w${i}`, start: p(), end: p(), thickness: r.pick([120, 240]) }));
  };

  it('never overlaps rooms with each other or with the walls around them', () => {
    let clean = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const result = analysePlan(plan(seed));
      const all = [...result.footprints.entries()].flatMap(([id, list]) => list.map((polygon) => ({ id, polygon })));
      for (const { polygon } of all) expect(signedArea(polygon), `seed ${seed}`).toBeGreaterThan(0);
      let wallsOverlap = false;
      for (let i = 0; i < all.length && !wallsOverlap; i++) {
        for (let j = i + 1; j < all.length; j++) if (Math.abs(intersectionArea(all[i]!.polygon, all[j]!.polygon)) > 10) wallsOverlap = true;
      }
      if (wallsOverlap) continue;
      clean++;
      // Dangling walls and bridges included: their footprints are no floor either.
      for (const [i, room] of result.rooms.entries()) {
        for (const other of result.rooms.slice(i + 1)) expect(Math.abs(intersectionArea(room, other)), `seed ${seed}`).toBeLessThan(10);
        for (const { id, polygon } of all) expect(Math.abs(intersectionArea(room, polygon)), `seed ${seed} ${id}`).toBeLessThan(10);
      }
    }
    expect(clean).toBeGreaterThan(50);
  });
});

describe('areas', () => {
  it('rounds to two decimals of m²', () => {
    // 3000 x 3000 centre lines with 100 walls: 2900² = 8.41 m² exactly; with 110 walls 2890² = 8.3521.
    expect(areas(loop('a', [[0, 0], [3000, 0], [3000, 3000], [0, 3000]], 100))).toEqual([8.41]);
    expect(areas(loop('a', [[0, 0], [3000, 0], [3000, 3000], [0, 3000]], 110))).toEqual([8.35]);
  });
});
