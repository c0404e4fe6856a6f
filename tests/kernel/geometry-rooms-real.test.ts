import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../protocol/records';
import { intersectionArea } from '../../kernel-worker/geometry/clip';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { rectangle, signedArea } from '../../kernel-worker/geometry/polygon';
import { isPocket } from '../../kernel-worker/geometry/rooms';
import { MIN_ROOM_AREA, MIN_ROOM_WIDTH } from '../../kernel-worker/geometry/tolerance';
import type { WallInput } from '../../kernel-worker/geometry/wall-graph';
import { mulberry32 } from '../fixtures/prng';
import { officeStorey } from '../bench/geometry-plans';
import { defaultRoomWalls, loop, offsetConvex, wall } from './geometry-kit';
import { TestKernel } from './test-kernel';

// Room geometry on the plans real buildings have (issue 18): rooms of hundreds of corners, niches
// and channels narrower than the walls, walls standing free in rooms, column casings.

const finite = (walls: readonly WallInput[]) => {
  const plan = analysePlan(walls);
  for (const room of plan.rooms) {
    expect(Number.isFinite(room.areaMm2)).toBe(true);
    expect(room.areaMm2).toBeGreaterThan(0);
    for (const p of [...room.outline, ...room.holes.flat()]) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
  }
  return plan;
};

/** A staircase room: `steps` steps of 600 x 600 up the south side, `steps` * 4 + 2 corners... as corners. */
function staircase(steps: number): [number, number][] {
  const corners: [number, number][] = [[0, 0]];
  for (let i = 0; i < steps; i++) corners.push([600 * i + 600, 600 * i], [600 * i + 600, 600 * i + 600]);
  corners.push([600 * steps + 3000, 600 * steps], [600 * steps + 3000, 600 * steps + 3000], [0, 600 * steps + 3000]);
  return corners;
}

/** The same corners with a niche of centre-line width `width`, 600 deep, into the north wall at x = 1000. */
function withNiche(corners: [number, number][], width: number): [number, number][] {
  const [nx, ny] = corners[corners.length - 1]!;
  void nx;
  return [...corners.slice(0, -1), [1000 + width, ny], [1000 + width, ny + 600], [1000, ny + 600], [1000, ny], corners[corners.length - 1]!];
}

const pts = (corners: readonly [number, number][]): Vec2[] => corners.map(([x, y]) => ({ x, y }));

describe('rooms of any size', () => {
  it('builds a room of 500 corners with its exact inner area', () => {
    const corners = staircase(248);
    expect(corners.length).toBe(500);
    const plan = finite(loop('s', corners));
    expect(plan.rooms).toHaveLength(1);
    expect(plan.rooms[0]!.outline).toHaveLength(500);
    // The inner faces: every centre line moved 120 inwards (the steps are longer than the walls are thick).
    expect(plan.rooms[0]!.areaMm2).toBeCloseTo(signedArea(offsetConvex(pts(corners), 120)), 6);
  });

  it('builds it with a niche of any width, down to 1 mm: no floor in a niche narrower than its walls', () => {
    const corners = staircase(248);
    const plain = signedArea(offsetConvex(pts(corners), 120));
    for (const width of [1, 2, 10, 100, 200, 239, 240, 241, 300, 400, 479]) {
      const plan = finite(loop('n', withNiche(corners, width)));
      expect(plan.rooms, `niche ${width}`).toHaveLength(1);
      // Its walls' faces meet or pass (< 240), or leave a channel narrower than the walls (< 480).
      expect(plan.rooms[0]!.areaMm2, `niche ${width}`).toBeCloseTo(plain, 6);
    }
    // Wider than its walls: its floor counts, 600 deep from the north wall's face.
    const wide = finite(loop('n', withNiche(corners, 600)));
    expect(wide.rooms[0]!.areaMm2).toBeCloseTo(plain + 360 * 600, 6);
  });

  it('adds the walls of a 74-corner room with a narrow niche one wall.add at a time (the 54th was refused)', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    const corners = withNiche(staircase(33), 200);
    expect(corners.length).toBe(74);
    corners.forEach(([x, y], i) => {
      const [ex, ey] = corners[(i + 1) % corners.length]!;
      tk.exec('wall.add', { start: { x, y }, end: { x: ex, y: ey } });
    });
    const rooms = tk.ofType('room');
    expect(rooms).toHaveLength(1);
    expect(signedArea(rooms[0]!.outline)).toBeCloseTo(signedArea(offsetConvex(pts(staircase(33)), 120)), 6);
  });

  it('builds a 250-wall office storey', () => {
    const walls = officeStorey();
    expect(walls.length).toBeGreaterThanOrEqual(250);
    const plan = finite(walls);
    // 20 offices (their lining-wall channels are pockets), the corridor, 3 meeting rooms, the
    // open plan round the column casings (pockets, so holes) and the free-standing walls.
    expect(plan.rooms).toHaveLength(25);
    const open = plan.rooms.reduce((a, b) => (a.areaMm2 > b.areaMm2 ? a : b));
    expect(open.outline.length).toBeGreaterThan(64);
    expect(plan.rooms.filter((r) => r !== open).every((r) => r.holes.length === 0)).toBe(true);
    expect(open.holes).toHaveLength(20);
  });
});

describe('net floor areas', () => {
  it('takes a stub wall out of the room however far it reaches in', () => {
    for (const length of [121, 130, 500, 2000, 4500]) {
      const plan = finite([...defaultRoomWalls(), wall('stub', 3000, 0, 3000, length, 120)]);
      expect(plan.rooms).toHaveLength(1);
      expect(plan.rooms[0]!.areaMm2, `stub ${length}`).toBeCloseTo(5760 * 4760 - 120 * (length - 120), 6);
    }
  });

  it('takes free-standing walls out: a straight one, an L, one at an angle', () => {
    const free = [wall('a', 1000, 1000, 1000, 3000, 100), wall('b', 2000, 1000, 4000, 1000, 200), wall('c', 4000, 1000, 4000, 2000, 200), wall('d', 2000, 3000, 3000, 4000, 120)];
    const plan = finite([...defaultRoomWalls(), ...free]);
    expect(plan.rooms).toHaveLength(1);
    const footprints = ['a', 'b', 'c', 'd'].flatMap((id) => plan.footprints.get(id)!);
    const wallsArea = footprints.reduce((s, f) => s + signedArea(f), 0);
    expect(signedArea(plan.footprints.get('a')![0]!)).toBe(100 * 2000);
    // Its corners rounded to a micrometre.
    expect(Math.abs(signedArea(plan.footprints.get('d')![0]!) - 120 * Math.hypot(1000, 1000))).toBeLessThan(2);
    expect(plan.rooms[0]!.holes).toHaveLength(3);
    expect(plan.rooms[0]!.areaMm2).toBeCloseTo(5760 * 4760 - wallsArea, 6);
    for (const f of footprints) expect(Math.abs(intersectionArea(plan.rooms[0]!, f))).toBeLessThan(1e-6);
  });
});

describe('rooms touching through a narrow gap', () => {
  // An 8000 x 5000 house split by a party wall that stops `gap` short of the north wall's face:
  // one face of the wall graph, two rooms joined by a channel as wide as the gap.
  const pair = (gap: number) => [
    ...loop('o', [
      [0, 0],
      [8000, 0],
      [8000, 5000],
      [0, 5000],
    ]),
    wall('party', 4000, 0, 4000, 4880 - gap),
  ];

  it('keeps them two rooms when the gap is narrower than the walls, the channel no floor', () => {
    for (const gap of [1, 20, 100, 239]) {
      const plan = finite(pair(gap));
      expect(plan.rooms.map((r) => r.areaMm2), `gap ${gap}`).toEqual([3760 * 4760, 3760 * 4760]);
      expect(plan.rooms.map((r) => r.outline)).toEqual(expect.arrayContaining([rectangle(120, 120, 3880, 4880), rectangle(4120, 120, 7880, 4880)]));
    }
  });

  it('keeps both rooms when the wall runs into the north wall short of its centre line (a face pinched in two)', () => {
    for (const end of [4880, 4900, 4990]) {
      const plan = finite([...pair(0).slice(0, 4), wall('party', 4000, 0, 4000, end)]);
      expect(plan.rooms.map((r) => r.areaMm2), `end ${end}`).toEqual([3760 * 4760, 3760 * 4760]);
    }
  });

  it('joins them through a gap wider than the walls', () => {
    const plan = finite(pair(500));
    expect(plan.rooms).toHaveLength(1);
    expect(plan.rooms[0]!.areaMm2).toBe(7760 * 4760 - 240 * (4760 - 500));
  });
});

describe('pockets', () => {
  it('makes a column casing or a duct a solid, not a room', () => {
    const column = loop('c', [
      [2000, 2000],
      [2600, 2000],
      [2600, 2600],
      [2000, 2600],
    ], 100);
    const plan = finite([...defaultRoomWalls(), ...column]);
    // The casing's 500 x 500 inside is no room; the room around it has it as a hole.
    expect(plan.rooms).toHaveLength(1);
    expect(plan.rooms[0]!.areaMm2).toBe(5760 * 4760 - 700 * 700);
    // A shaft of 700 x 720 inside is a room (0.504 m²); a 300 x 3000 chase (0.9 m², 273 mean width) too, a 250 x 3000 one not.
    const shaft = loop('s', [[2000, 2000], [2800, 2000], [2800, 2820], [2000, 2820]], 100);
    expect(finite([...defaultRoomWalls(), ...shaft]).rooms).toHaveLength(2);
    const chase = (w: number) => loop('h', [[1000, 1000], [1100 + w, 1000], [1100 + w, 4100], [1000, 4100]], 100);
    expect(finite([...defaultRoomWalls(), ...chase(300)]).rooms).toHaveLength(2);
    expect(finite([...defaultRoomWalls(), ...chase(250)]).rooms).toHaveLength(1);
  });

  it('draws the line at MIN_ROOM_AREA and MIN_ROOM_WIDTH', () => {
    const square = (s: number) => isPocket(s * s, 4 * s);
    expect(square(Math.sqrt(MIN_ROOM_AREA) - 0.01)).toBe(true);
    expect(square(Math.sqrt(MIN_ROOM_AREA) + 0.01)).toBe(false);
    const strip = (w: number, l: number) => isPocket(w * l, 2 * (w + l));
    expect(strip(MIN_ROOM_WIDTH * 1.1, 1e6)).toBe(false);
    expect(strip(MIN_ROOM_WIDTH * 0.99, 1e6)).toBe(true);
    expect(isPocket(Number.NaN, 1)).toBe(true);
  });
});

describe('random plans of overlapping and nearly touching walls', () => {
  // Axis-aligned and angled walls that overlap, nearly touch (0 to 3 mm apart) and run side by
  // side closer than their thickness: every plan builds, with finite non-negative areas that
  // never add up to more than the floor the walls enclose. (Where walls overlap, the rooms beside
  // them may too: README, Known limits.)
  const plan = (seed: number) => {
    const r = mulberry32(seed);
    const walls: WallInput[] = loop('b', [
      [0, 0],
      [12000, 0],
      [12000, 9000],
      [0, 9000],
    ]);
    const n = r.int(5, 40);
    for (let i = 0; i < n; i++) {
      const thickness = r.pick([60, 100, 120, 240, 370]);
      const x = r.int(0, 48) * 250 + r.pick([0, 0, 0.5, 1, 3, thickness / 2, thickness]);
      const y = r.int(0, 36) * 250 + r.pick([0, 0, 0.5, 1, 3, thickness / 2]);
      const along = r.chance(0.5);
      const length = r.int(1, 30) * 250;
      const end = r.chance(0.8) ? (along ? { x: Math.min(12000, x + length), y } : { x, y: Math.min(9000, y + length) }) : { x: r.int(0, 48) * 250, y: r.int(0, 36) * 250 };
      if (Math.hypot(end.x - x, end.y - y) < 2) continue;
      walls.push({ id: `w${i}`, start: { x, y }, end, thickness });
    }
    return walls;
  };

  it('builds every plan: finite, non-negative areas, total no more than the enclosed floor', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const walls = plan(seed);
      const result = finite(walls);
      const total = result.rooms.reduce((s, r) => s + r.areaMm2, 0);
      expect(total, `seed ${seed}`).toBeLessThanOrEqual(11760 * 8760 + 1e-6);
    }
  });
});

