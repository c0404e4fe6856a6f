import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../protocol/records';
import { clipConvex, intersectionArea, unionArea } from '../../kernel-worker/geometry/clip';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { rectangle, signedArea } from '../../kernel-worker/geometry/polygon';
import { matchRooms, type OldRoom } from '../../kernel-worker/geometry/room-match';
import { defaultRoomWalls, loop, wall } from './geometry-kit';

/** An L: the 4000 x 4000 square less its north-east 2000 x 2000 quarter (12 m² in mm²). */
const ell: Vec2[] = [
  { x: 0, y: 0 },
  { x: 4000, y: 0 },
  { x: 4000, y: 2000 },
  { x: 2000, y: 2000 },
  { x: 2000, y: 4000 },
  { x: 0, y: 4000 },
];

describe('polygon clipping', () => {
  it('clips against a convex polygon (Sutherland–Hodgman)', () => {
    const clipped = clipConvex(rectangle(0, 0, 4, 4), rectangle(2, 2, 6, 6));
    expect(signedArea(clipped)).toBe(4);
    expect(clipConvex(rectangle(0, 0, 1, 1), rectangle(2, 2, 3, 3))).toEqual([]);
  });

  it('measures the intersection of concave polygons exactly', () => {
    expect(intersectionArea(ell, ell)).toBeCloseTo(12e6, 3);
    // The missing quarter of the L overlaps nothing of it.
    expect(intersectionArea(ell, rectangle(2000, 2000, 4000, 4000))).toBeCloseTo(0, 3);
    // A band across the L: 4000 x 1000 at the bottom, 2000 x 1000 higher up.
    expect(intersectionArea(ell, rectangle(-500, 500, 4500, 1500))).toBeCloseTo(4e6, 3);
    expect(intersectionArea(ell, rectangle(-500, 2500, 4500, 3500))).toBeCloseTo(2e6, 3);
    // Two concave polygons: the L and the same L turned by 180° about (2000, 2000) meet in two squares.
    const turned = ell.map((p) => ({ x: 4000 - p.x, y: 4000 - p.y }));
    expect(intersectionArea(ell, turned)).toBeCloseTo(8e6, 3);
    expect(unionArea(ell, turned)).toBeCloseTo(16e6, 3);
  });

  it('is symmetric, additive and zero for polygons that only touch', () => {
    const a = [
      { x: 0, y: 0 },
      { x: 3000, y: 500 },
      { x: 2500, y: 3000 },
      { x: 1200, y: 1400 },
      { x: -200, y: 2600 },
    ];
    const left = rectangle(-1000, -1000, 1000, 4000);
    const right = rectangle(1000, -1000, 4000, 4000);
    const whole = rectangle(-1000, -1000, 4000, 4000);
    expect(intersectionArea(a, whole)).toBeCloseTo(signedArea(a), 3);
    expect(intersectionArea(a, left) + intersectionArea(a, right)).toBeCloseTo(signedArea(a), 3);
    expect(intersectionArea(left, a)).toBeCloseTo(intersectionArea(a, left), 3);
    expect(intersectionArea(left, right)).toBe(0);
    expect(intersectionArea(rectangle(0, 0, 1, 1), rectangle(1, 1, 2, 2))).toBe(0);
  });

  it('subtracts holes and takes regions in either orientation', () => {
    const square = rectangle(0, 0, 6000, 6000);
    const hole = rectangle(2000, 2000, 4000, 4000);
    const withHole = { outline: [...square].reverse(), holes: [hole] };
    expect(intersectionArea(withHole, { outline: square })).toBeCloseTo(32e6, 3);
    expect(intersectionArea(withHole, rectangle(1000, 1000, 5000, 5000))).toBeCloseTo(12e6, 3);
    expect(intersectionArea(withHole, { outline: hole })).toBeCloseTo(0, 3);
  });
});

const oldRoom = (id: string, outline: readonly Vec2[]): OldRoom => ({ id, outline });

describe('room matching', () => {
  it('keeps the id of a room whose wall moved', () => {
    const before = analysePlan(defaultRoomWalls()).rooms[0]!;
    // The east wall dragged 1000 mm further east.
    const after = analysePlan(
      loop('w', [
        [0, 0],
        [7000, 0],
        [7000, 5000],
        [0, 5000],
      ]),
    ).rooms;
    const { matches, removed } = matchRooms([oldRoom('kitchen', before.outline)], after);
    expect(matches).toEqual([{ keepId: 'kitchen', sourceId: 'kitchen', overlap: before.areaMm2 }]);
    expect(removed).toEqual([]);
  });

  it('gives both parts of a split room its type; the larger part keeps the id', () => {
    const before = analysePlan(defaultRoomWalls()).rooms;
    const after = analysePlan([...defaultRoomWalls(), wall('p', 3500, 0, 3500, 5000)]).rooms;
    expect(after).toHaveLength(2);
    const { matches, removed } = matchRooms([oldRoom('living', before[0]!.outline)], after);
    const larger = after[0]!.areaMm2 > after[1]!.areaMm2 ? 0 : 1;
    expect(matches[larger]).toMatchObject({ keepId: 'living', sourceId: 'living' });
    expect(matches[1 - larger]).toMatchObject({ keepId: null, sourceId: 'living' });
    expect(removed).toEqual([]);
  });

  it('gives a merged room the larger room’s id and type; the smaller is removed', () => {
    const split = [...defaultRoomWalls(), wall('p', 4000, 0, 4000, 5000)];
    const before = analysePlan(split).rooms;
    const big = before.find((r) => r.outline[0]!.x === 120)!;
    const small = before.find((r) => r.outline[0]!.x !== 120)!;
    const merged = analysePlan(defaultRoomWalls()).rooms;
    const { matches, removed } = matchRooms([oldRoom('small', small.outline), oldRoom('big', big.outline)], merged);
    expect(matches).toEqual([{ keepId: 'big', sourceId: 'big', overlap: expect.closeTo(big.areaMm2, 3) }]);
    expect(removed).toEqual(['small']);
  });

  it('leaves new rooms without a source and ignores slivers', () => {
    const a = oldRoom('a', rectangle(0, 0, 3000, 3000));
    const { matches, removed } = matchRooms(
      [a],
      [
        { outline: rectangle(5000, 0, 8000, 3000) },
        // Overlaps 'a' by 2999 x 2 mm: below MIN_MATCH_AREA (0.01 m²).
        { outline: rectangle(1, 2998, 3000, 6000) },
      ],
    );
    expect(matches.map((m) => [m.keepId, m.sourceId])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(removed).toEqual(['a']);
  });

  it('matches thousands of rooms through the grid index', () => {
    const old: OldRoom[] = [];
    const fresh: { outline: Vec2[] }[] = [];
    for (let i = 0; i < 50; i++) {
      for (let j = 0; j < 50; j++) {
        old.push(oldRoom(`r${i}.${j}`, rectangle(i * 4000, j * 4000, i * 4000 + 3800, j * 4000 + 3800)));
        fresh.push({ outline: rectangle(i * 4000 + 50, j * 4000, i * 4000 + 3850, j * 4000 + 3800) });
      }
    }
    const { matches, removed } = matchRooms(old, fresh);
    expect(removed).toEqual([]);
    expect(matches.every((m, k) => m.keepId === old[k]!.id)).toBe(true);
  });
});
