import type { Vec2 } from '../../protocol/records';

/** Signed area (shoelace); positive when the points run counter-clockwise. Units²of the input. */
export function signedArea(points: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

/** Area in m² rounded to two decimals, from an outline in millimetres (the unit rooms report). */
export function areaSquareMetres(outlineMm: readonly Vec2[]): number {
  return Math.round(Math.abs(signedArea(outlineMm)) / 10_000) / 100;
}

export interface Bounds2 {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function boundsOf(points: Iterable<Vec2>): Bounds2 | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return minX <= maxX ? { minX, minY, maxX, maxY } : null;
}

/** Axis-aligned rectangle as a counter-clockwise outline starting at its south-west corner. */
export function rectangle(minX: number, minY: number, maxX: number, maxY: number): Vec2[] {
  return [
    { x: minX, y: minY },
    { x: maxX, y: minY },
    { x: maxX, y: maxY },
    { x: minX, y: maxY },
  ];
}
