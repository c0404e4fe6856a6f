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

/**
 * An office storey as real buildings have it (issue 18), about 260 walls: a 60 x 20 m floor with
 * a bowed south facade of 80 segments (the open-plan room along it has 73 corners), ten
 * 200 mm niches in the north facade (narrower than its 300 mm walls), a corridor, 20 offices
 * with a 60 mm lining wall from the facade along one partition, stopping short of the corridor (a channel
 * narrower than the walls), meeting rooms, ten column casings and ten free-standing walls.
 */
export function officeStorey(seed = 5): WallInput[] {
  const rnd = mulberry32(seed);
  const walls: WallInput[] = [];
  const add = (sx: number, sy: number, ex: number, ey: number, thickness: number) =>
    walls.push({ id: `o${walls.length}`, start: { x: sx, y: sy }, end: { x: ex, y: ey }, thickness });
  const bow = (x: number) => Math.round(-1500 * Math.sin((Math.PI * x) / 60000));
  for (let i = 0; i < 80; i++) add(750 * i, bow(750 * i), 750 * (i + 1), bow(750 * (i + 1)), 300);
  add(60000, 0, 60000, 20000, 300);
  add(0, 20000, 0, 0, 300);
  // North facade, east to west, with a 200 x 300 niche in each of the ten west offices.
  let x = 60000;
  for (let k = 9; k >= 0; k--) {
    const nx = 3000 * k + 1600;
    add(x, 20000, nx, 20000, 300);
    add(nx, 20000, nx, 20300, 300);
    add(nx, 20300, nx - 200, 20300, 300);
    add(nx - 200, 20300, nx - 200, 20000, 300);
    x = nx - 200;
  }
  add(x, 20000, 0, 20000, 300);
  // The corridor, drawn office by office.
  for (let i = 0; i < 20; i++) {
    add(3000 * i, 8000, 3000 * (i + 1), 8000, 200);
    add(3000 * (i + 1), 10000, 3000 * i, 10000, 200);
  }
  // Offices: partitions, each with a lining wall 100 mm off it that stops 100 mm short of the corridor wall's face.
  for (let k = 1; k < 20; k++) {
    add(3000 * k, 10000, 3000 * k, 20000, 120);
    add(3000 * k + 190, 20000, 3000 * k + 190, 10200, 60);
  }
  // Meeting rooms against the corridor in the west of the open plan.
  add(0, 4500, 18000, 4500, 120);
  for (const mx of [6000, 12000, 18000]) add(mx, 4500, mx, 8000, 120);
  // Column casings: 500 x 500 centre lines, 100 mm board.
  for (let c = 0; c < 10; c++) {
    const cx = 20000 + 4000 * c;
    const cy = 4000;
    add(cx, cy, cx + 500, cy, 100);
    add(cx + 500, cy, cx + 500, cy + 500, 100);
    add(cx + 500, cy + 500, cx, cy + 500, 100);
    add(cx, cy + 500, cx, cy, 100);
  }
  // Free-standing walls (screens, a reception counter) at random in the open plan.
  for (let f = 0; f < 10; f++) {
    const fx = 20500 + 3800 * f + rnd.int(0, 10) * 50;
    const fy = 1500 + rnd.int(0, 10) * 50;
    add(fx, fy, fx + rnd.int(8, 20) * 100, fy + rnd.int(0, 4) * 100, 100);
  }
  return walls;
}
