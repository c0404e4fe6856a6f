import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../protocol/records';
import { intersectionArea } from '../../kernel-worker/geometry/clip';
import { capPoints, gapPoints } from '../../kernel-worker/geometry/joints';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { signedArea } from '../../kernel-worker/geometry/polygon';
import { MITRE_LIMIT } from '../../kernel-worker/geometry/tolerance';
import type { WallInput } from '../../kernel-worker/geometry/wall-graph';
import { defaultRoomWalls, loop, offsetConvex, polar, wall } from './geometry-kit';

/** Footprints come rounded to a micrometre: overlaps and gaps below this (mm²) are rounding. */
const ROUNDING_AREA = 1;

function footprintsOf(walls: readonly WallInput[]) {
  const plan = analysePlan(walls);
  const polygons = [...plan.footprints.entries()].flatMap(([id, list]) => list.map((polygon) => ({ id, polygon })));
  return { plan, polygons };
}

/** The wall's centre-line rectangle from start to end: what its footprint must cover at least near its middle. */
function band(w: WallInput): Vec2[] {
  const dx = w.end.x - w.start.x;
  const dy = w.end.y - w.start.y;
  const len = Math.hypot(dx, dy);
  const nx = (-dy / len) * (w.thickness / 2);
  const ny = (dx / len) * (w.thickness / 2);
  return [
    { x: w.start.x - nx, y: w.start.y - ny },
    { x: w.end.x - nx, y: w.end.y - ny },
    { x: w.end.x + nx, y: w.end.y + ny },
    { x: w.start.x + nx, y: w.start.y + ny },
  ];
}

function expectNoOverlaps(polygons: readonly { id: string; polygon: readonly Vec2[] }[]): void {
  for (const { polygon } of polygons) expect(signedArea(polygon)).toBeGreaterThan(0);
  for (let i = 0; i < polygons.length; i++) {
    for (let j = i + 1; j < polygons.length; j++) {
      expect(Math.abs(intersectionArea(polygons[i]!.polygon, polygons[j]!.polygon)), `${polygons[i]!.id} / ${polygons[j]!.id}`).toBeLessThan(ROUNDING_AREA);
    }
  }
}

/** Every wall's own band is covered by the footprints (no gap anywhere along or at the joints). */
function expectBandsCovered(walls: readonly WallInput[], polygons: readonly { polygon: readonly Vec2[] }[]): void {
  for (const w of walls) {
    const b = band(w);
    const covered = polygons.reduce((sum, { polygon }) => sum + intersectionArea(b, polygon), 0);
    expect(covered, w.id).toBeCloseTo(signedArea(b), -1);
  }
}

const sharedPoints = (a: readonly Vec2[], b: readonly Vec2[]) => a.filter((p) => b.some((q) => q.x === p.x && q.y === p.y));

describe('mitred L corners', () => {
  for (const angle of [30, 90, 135]) {
    it(`meets at ${angle}° without overlap or gap, on one mitre line through the node`, () => {
      const end = polar(3000, angle);
      const walls = [wall('a', 0, 0, 3000, 0), wall('b', 0, 0, end.x, end.y)];
      const { polygons, plan } = footprintsOf(walls);
      expect(polygons).toHaveLength(2);
      expectNoOverlaps(polygons);
      expectBandsCovered(walls, polygons);
      // The mitre line passes through the node, so each wall keeps exactly length x thickness.
      const total = polygons.reduce((s, p) => s + signedArea(p.polygon), 0);
      expect(total).toBeCloseTo(2 * 3000 * 240, -1);
      // Both walls share the inner and the outer mitre point, on the bisector at h / sin(θ/2).
      const shared = sharedPoints(polygons[0]!.polygon, polygons[1]!.polygon);
      expect(shared).toHaveLength(2);
      const r = 120 / Math.sin(((angle / 2) * Math.PI) / 180);
      const inner = polar(r, angle / 2);
      const outer = polar(r, angle / 2 + 180);
      const near = (p: Vec2, q: Vec2) => Math.hypot(p.x - q.x, p.y - q.y) < 0.01;
      expect(shared.some((p) => near(p, inner))).toBe(true);
      expect(shared.some((p) => near(p, outer))).toBe(true);
      // Openings keep out of the joint: the inner face starts at the inner mitre point.
      expect(plan.usable.get('a')![0]![0]).toBeCloseTo(r * Math.cos(((angle / 2) * Math.PI) / 180), 2);
      expect(plan.usable.get('a')![0]![1]).toBe(3000);
    });
  }

  it(`bevels an outer corner sharper than the mitre limit (${MITRE_LIMIT} half-thicknesses), still without overlap or gap`, () => {
    const end = polar(3000, 10);
    const walls = [wall('a', 0, 0, 3000, 0), wall('b', 0, 0, end.x, end.y)];
    const { polygons } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
    for (const { polygon } of polygons) {
      for (const p of polygon) {
        // Nothing behind the node reaches further than the limit.
        if (p.x < 0) expect(Math.hypot(p.x, p.y)).toBeLessThanOrEqual(MITRE_LIMIT * 120);
      }
    }
    const behind = Math.min(...polygons.flatMap(({ polygon }) => polygon.map((p) => p.x)));
    expect(behind).toBeGreaterThan(-30);
  });

  it('joins walls of different thickness along the line between their face corners', () => {
    const walls = [wall('a', 0, 0, 3000, 0, 240), wall('b', 0, 0, 0, 3000, 120)];
    const { polygons } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
    expect(sharedPoints(polygons[0]!.polygon, polygons[1]!.polygon)).toEqual(
      expect.arrayContaining([
        { x: 60, y: 120 },
        { x: -60, y: -120 },
      ]),
    );
  });

  it('steps between nearly straight walls of different thickness instead of a long spike', () => {
    const end = polar(3000, 1);
    const walls = [wall('a', -3000, 0, 0, 0, 240), wall('b', 0, 0, end.x, end.y, 120)];
    const { polygons } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    for (const { polygon } of polygons) for (const p of polygon) expect(Math.abs(p.y)).toBeLessThan(200);
    // Each face stops where it meets the gap's bisector: the thick wall's band gives up a sliver
    // of floor (~1 mm wide) beyond it, and nothing is left uncovered otherwise.
    for (const w of walls) {
      const b = band(w);
      const covered = polygons.reduce((sum, { polygon }) => sum + intersectionArea(b, polygon), 0);
      expect(signedArea(b) - covered).toBeGreaterThanOrEqual(-ROUNDING_AREA);
      expect(signedArea(b) - covered).toBeLessThan(100);
    }
  });
});

describe('mitred closed rooms', () => {
  const d = polar(3000, 45);
  const cases: [string, Vec2[]][] = [
    [
      '90° (6000 x 5000)',
      [
        { x: 0, y: 0 },
        { x: 6000, y: 0 },
        { x: 6000, y: 5000 },
        { x: 0, y: 5000 },
      ],
    ],
    [
      '135° and 45° (parallelogram)',
      [
        { x: 0, y: 0 },
        { x: 5000, y: 0 },
        { x: 5000 + d.x, y: d.y },
        { x: d.x, y: d.y },
      ],
    ],
    [
      '30°, 60° and 90° (triangle)',
      [
        { x: 0, y: 0 },
        { x: 6000, y: 0 },
        { x: 6000, y: 6000 * Math.tan(Math.PI / 6) },
      ],
    ],
  ];

  for (const [name, corners] of cases) {
    it(`tiles the wall ring exactly: ${name}`, () => {
      const walls = loop('w', corners.map((p) => [p.x, p.y] as const));
      const { polygons, plan } = footprintsOf(walls);
      expect(polygons).toHaveLength(corners.length);
      expectNoOverlaps(polygons);
      const outer = offsetConvex(corners, -120);
      const inner = offsetConvex(corners, 120);
      const walled = polygons.reduce((s, p) => s + signedArea(p.polygon), 0);
      expect(walled).toBeCloseTo(signedArea(outer) - signedArea(inner), -1);
      // The footprints lie within the outer outline: together with the room they fill it.
      const inside = polygons.reduce((s, p) => s + intersectionArea(outer, p.polygon), 0);
      expect(inside).toBeCloseTo(walled, -1);
      expect(plan.rooms).toHaveLength(1);
      const room = plan.rooms[0]!;
      expect(room.areaMm2).toBeCloseTo(signedArea(inner), -1);
      for (const { polygon } of polygons) expect(Math.abs(intersectionArea(room.outline, polygon))).toBeLessThan(ROUNDING_AREA);
      // The room outline's corners are the walls' inner mitre points.
      for (const p of room.outline) expect(polygons.some(({ polygon }) => polygon.some((q) => q.x === p.x && q.y === p.y))).toBe(true);
    });
  }
});

describe('T and X junctions', () => {
  it('butts the stem of a T against the through wall, which stays one rectangle', () => {
    const walls = [wall('through', 0, 0, 6000, 0), wall('stem', 2500, 0, 2500, 3000)];
    const { polygons, plan } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
    expect(plan.footprints.get('through')).toEqual([
      [
        { x: 0, y: -120 },
        { x: 6000, y: -120 },
        { x: 6000, y: 120 },
        { x: 0, y: 120 },
      ],
    ]);
    expect(Math.min(...plan.footprints.get('stem')![0]!.map((p) => p.y))).toBe(120);
    // No opening in the through wall where the stem meets it.
    expect(plan.usable.get('through')).toEqual([
      [0, 2380],
      [2620, 6000],
    ]);
  });

  it('butts a slanted stem and several stems on one side', () => {
    const a = polar(3000, 60);
    const b = polar(3000, 120);
    const walls = [wall('through', -3000, 0, 3000, 0), wall('s1', 0, 0, a.x, a.y, 120), wall('s2', 0, 0, b.x, b.y, 120), wall('s3', 0, 0, 0, -3000, 100)];
    const { polygons } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
  });

  it('runs one wall straight through an X of four walls; the others butt on both sides', () => {
    const walls = [wall('e', 0, 0, 3000, 0), wall('n', 0, 0, 0, 3000), wall('w', 0, 0, -3000, 0), wall('s', 0, 0, 0, -3000)];
    const { polygons, plan } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
    const squareAtNode = (id: string) => plan.footprints.get(id)![0]!.some((p) => p.x === 0 || p.y === 0);
    const through = ['e', 'n', 'w', 's'].filter(squareAtNode);
    expect(through.length).toBe(2);
    expect(['e,w', 'n,s']).toContain(through.join(','));
  });

  it('cuts an unsplit wall crossed by a through wall into two footprints', () => {
    const walls = [wall('a', -3000, 0, 3000, 0, 240), wall('b', 0, -3000, 0, 3000, 120)];
    const { polygons, plan } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
    // The thicker wall runs through; the thinner one stops at its faces on both sides.
    expect(plan.footprints.get('a')).toHaveLength(1);
    expect(plan.footprints.get('b')).toHaveLength(2);
    expect(plan.usable.get('b')).toEqual([
      [0, 2880],
      [3120, 6000],
    ]);
  });

  it('fans three walls meeting at 120° around the node', () => {
    const walls = [0, 120, 240].map((deg, i) => {
      const p = polar(3000, deg);
      return wall(`y${i}`, 0, 0, p.x, p.y);
    });
    const { polygons } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
    for (const { polygon } of polygons) expect(polygon).toContainEqual({ x: 0, y: 0 });
  });

  it('handles T with through walls of different thickness (a step) and stems of their own', () => {
    const walls = [wall('a', -2000, 0, 0, 0, 240), wall('b', 0, 0, 2000, 0, 120), wall('c', 0, 0, 0, 2000, 100), wall('d', 0, 0, 1000, 1000, 100)];
    const { polygons } = footprintsOf(walls);
    expectNoOverlaps(polygons);
    expectBandsCovered(walls, polygons);
  });
});

describe('joint data', () => {
  it('exposes the gap corner and the cap of each wall end', () => {
    const plan = analysePlan(defaultRoomWalls());
    // w0 leaves the origin eastwards; the next end counter-clockwise there is w3 going north.
    const east = plan.splits[0]!.pieces[0]!.halfEdge;
    expect(gapPoints(plan.joints, east)).toEqual([{ x: 120, y: 120 }]);
    expect(capPoints(plan.caps, east)).toEqual([
      { x: 120, y: 120 },
      { x: -120, y: -120 },
    ]);
    expect(plan.joints.straight[east]).toBe(-1);
    expect(plan.caps.reach[east]).toBe(120);
  });
});
