import { describe, expect, it } from 'vitest';
import { centreLineFromFace, snapPoint, type SnapOptions, type SnapWall } from '../../kernel-worker/geometry/snap';

const walls: SnapWall[] = [
  { id: 'south', start: { x: 0, y: 0 }, end: { x: 6000, y: 0 } },
  { id: 'east', start: { x: 6000, y: 0 }, end: { x: 6000, y: 5000 } },
];
const all: SnapOptions = { tolerance: 100, endpoints: true, midpoints: true, lines: true, orthogonal: true, angles: true };

describe('snapping', () => {
  it('snaps to endpoints first, then midpoints, then the nearest point on a wall', () => {
    expect(snapPoint({ x: 5950, y: 40 }, walls, all)).toEqual({ point: { x: 6000, y: 0 }, kind: 'endpoint', wallId: 'south', angle: null });
    expect(snapPoint({ x: 3040, y: -30 }, walls, all)).toEqual({ point: { x: 3000, y: 0 }, kind: 'midpoint', wallId: 'south', angle: null });
    expect(snapPoint({ x: 1500, y: 60 }, walls, all)).toEqual({ point: { x: 1500, y: 0 }, kind: 'line', wallId: 'south', angle: null });
    expect(snapPoint({ x: 1500, y: 160 }, walls, all).kind).toBe('none');
  });

  it('lets each kind be switched off, and all of them', () => {
    expect(snapPoint({ x: 5950, y: 40 }, walls, { ...all, endpoints: false }).kind).toBe('line');
    expect(snapPoint({ x: 3040, y: -30 }, walls, { ...all, midpoints: false }).kind).toBe('line');
    const off = { tolerance: 100, endpoints: false, midpoints: false, lines: false, orthogonal: false, angles: false };
    expect(snapPoint({ x: 5950, y: 40 }, walls, { ...off, from: { x: 0, y: 3000 } })).toEqual({ point: { x: 5950, y: 40 }, kind: 'none', wallId: null, angle: null });
  });

  it('ignores excluded walls (the one being dragged)', () => {
    expect(snapPoint({ x: 5950, y: 40 }, walls, { ...all, exclude: new Set(['south', 'east']) }).kind).toBe('none');
  });

  it('snaps the direction from the start point to 90° and to 15° steps, keeping the distance along it', () => {
    const from = { x: 1000, y: 2000 };
    const ortho = snapPoint({ x: 3000, y: 2050 }, walls, { ...all, from });
    expect(ortho).toEqual({ point: { x: 3000, y: 2000 }, kind: 'orthogonal', wallId: null, angle: 0 });
    const up = snapPoint({ x: 1040, y: 4000 }, walls, { ...all, from });
    expect(up.point).toEqual({ x: 1000, y: 4000 });
    expect(up.kind).toBe('orthogonal');
    // 2000 mm at 31° is 15.8 mm from the 30° ray: snaps to it.
    const p = { x: from.x + 2000 * Math.cos((31 * Math.PI) / 180), y: from.y + 2000 * Math.sin((31 * Math.PI) / 180) };
    const slanted = snapPoint(p, walls, { ...all, from });
    expect(slanted.kind).toBe('angle');
    expect(slanted.angle).toBeCloseTo(Math.PI / 6, 12);
    const along = Math.hypot(slanted.point.x - from.x, slanted.point.y - from.y);
    expect(along).toBeCloseTo(2000 * Math.cos(Math.PI / 180), 6);
    // Orthogonal only: 31° is too far from any axis.
    expect(snapPoint(p, walls, { ...all, angles: false, from }).kind).toBe('none');
  });

  it('puts the point where the angle ray crosses a wall when both apply', () => {
    // From (3000, 2000) straight down to the south wall, the pointer a little off both.
    const hit = snapPoint({ x: 3030, y: 40 }, walls, { ...all, midpoints: false, from: { x: 3000, y: 2000 } });
    expect(hit).toEqual({ point: { x: 3000, y: 0 }, kind: 'line', wallId: 'south', angle: -Math.PI / 2 });
  });
});

describe('drawing along a face', () => {
  it('moves a face line to the centre line by half the thickness', () => {
    expect(centreLineFromFace({ x: 0, y: 0 }, { x: 6000, y: 0 }, 240, 'left')).toEqual({ start: { x: 0, y: 120 }, end: { x: 6000, y: 120 } });
    expect(centreLineFromFace({ x: 0, y: 0 }, { x: 6000, y: 0 }, 240, 'right')).toEqual({ start: { x: 0, y: -120 }, end: { x: 6000, y: -120 } });
  });
});
