// Generated floor plans for the geometry benchmark and tests: a grid of rooms with uneven column
// widths and row depths, each room side its own wall record (as drawn room by room), optionally
// with some inner walls taken out (bigger rooms, dangling stubs) and endpoints off by less than
// the merge tolerance (as typed or imported plans are).

import type { WallInput } from '../../kernel-worker/geometry/wall-graph';
import { mulberry32 } from '../fixtures/prng';

export interface GridPlanOptions {
  readonly cols: number;
  readonly rows: number;
  readonly seed?: number;
  /** inner walls to take out */
  readonly remove?: number;
  /** endpoint noise, mm (keep below the merge tolerance) */
  readonly jitter?: number;
  readonly thickness?: number;
}

export function gridPlan(o: GridPlanOptions): WallInput[] {
  const rnd = mulberry32(o.seed ?? 1);
  const xs = [0];
  for (let c = 0; c < o.cols; c++) xs.push(xs[c]! + rnd.int(25, 45) * 100);
  const ys = [0];
  for (let r = 0; r < o.rows; r++) ys.push(ys[r]! + rnd.int(25, 45) * 100);
  const jitter = o.jitter ?? 0;
  // A stream of its own, so the same seed gives the same plan with or without noise.
  const noise = mulberry32((o.seed ?? 1) + 0x9e3779b9);
  const j = (v: number) => (jitter ? v + (noise.next() * 2 - 1) * jitter : v);
  const thickness = o.thickness ?? 240;
  const walls: (WallInput & { inner: boolean })[] = [];
  for (let r = 0; r <= o.rows; r++) {
    for (let c = 0; c < o.cols; c++) {
      walls.push({ id: `h${r}.${c}`, start: { x: j(xs[c]!), y: j(ys[r]!) }, end: { x: j(xs[c + 1]!), y: j(ys[r]!) }, thickness, inner: r > 0 && r < o.rows });
    }
  }
  for (let c = 0; c <= o.cols; c++) {
    for (let r = 0; r < o.rows; r++) {
      walls.push({ id: `v${c}.${r}`, start: { x: j(xs[c]!), y: j(ys[r]!) }, end: { x: j(xs[c]!), y: j(ys[r + 1]!) }, thickness, inner: c > 0 && c < o.cols });
    }
  }
  for (let k = 0; k < (o.remove ?? 0); k++) {
    const inner = walls.map((w, i) => (w.inner ? i : -1)).filter((i) => i >= 0);
    walls.splice(rnd.pick(inner), 1);
  }
  return walls.map(({ inner: _inner, ...w }) => w);
}
