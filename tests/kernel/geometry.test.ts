import { describe, expect, it } from 'vitest';
import type { WallRecord } from '../../protocol/records';
import { areaSquareMetres, rectangle, signedArea } from '../../kernel-worker/geometry/polygon';
import { wallFootprints } from '../../kernel-worker/geometry/wall-footprint';

const wall = (id: string, sx: number, sy: number, ex: number, ey: number, thickness = 240): WallRecord => ({
  id,
  type: 'wall',
  storeyId: 's',
  start: { x: sx, y: sy },
  end: { x: ex, y: ey },
  thickness,
  height: 2800,
  wallType: 'normal',
});

describe('polygons', () => {
  it('measures areas in m² with two decimals', () => {
    expect(areaSquareMetres(rectangle(120, 120, 5880, 4880))).toBe(27.42);
    expect(signedArea(rectangle(0, 0, 2, 3))).toBe(6);
    expect(signedArea([...rectangle(0, 0, 2, 3)].reverse())).toBe(-6);
  });
});

describe('wall footprints', () => {
  it('mitres the corners of a closed rectangle', () => {
    const c = rectangle(0, 0, 6000, 5000);
    const walls = c.map((p, i) => wall(`w${i}`, p.x, p.y, c[(i + 1) % 4]!.x, c[(i + 1) % 4]!.y));
    const [south, ...more] = wallFootprints(walls).get('w0')!;
    expect(more).toEqual([]);
    // start-right, end-right, end-left, start-left: the outer face runs corner to corner outside,
    // the inner face inside, so neighbouring walls meet on the diagonal without overlapping.
    expect(south).toEqual([
      { x: -120, y: -120 },
      { x: 6120, y: -120 },
      { x: 5880, y: 120 },
      { x: 120, y: 120 },
    ]);
    expect(signedArea(south!)).toBeGreaterThan(0);
    const total = [...wallFootprints(walls).values()].flat().reduce((s, f) => s + signedArea(f), 0);
    // Outer rectangle minus inner rectangle, exactly: no overlap, no gap.
    expect(total).toBeCloseTo(6240 * 5240 - 5760 * 4760, 6);
  });

  it('squares off free ends', () => {
    const f = wallFootprints([wall('a', 0, 0, 1000, 0, 200)]).get('a')!;
    expect(f).toEqual([
      [
        { x: 0, y: -100 },
        { x: 1000, y: -100 },
        { x: 1000, y: 100 },
        { x: 0, y: 100 },
      ],
    ]);
  });
});
