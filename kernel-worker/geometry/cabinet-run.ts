import type { Vec2 } from '../../protocol/records';

// Filling a stretch of wall with a run of standard-width cabinets (cabinet.fillRun): which widths,
// and what filler closes the rest. Pure; millimetres.

/** Standard unit widths by kind: kitchen units in the 50 mm steps kitchens are sold in, wardrobes wider. */
export const RUN_WIDTHS = {
  base: [900, 800, 600, 500, 450, 400, 300],
  wall: [900, 800, 600, 500, 450, 400, 300],
  tall: [600, 450],
  wardrobe: [1200, 1000, 900, 800, 600, 500, 450, 400],
} as const;

/** Narrower than this the rest is left as scribing room against the wall, not a filler board. */
export const MIN_FILLER = 10;

export interface RunFill {
  /** the units' widths in order along the run */
  readonly units: readonly number[];
  /** filler widths: at the run's start, at its end (0: none) */
  readonly fillers: readonly [number, number];
  /** what is left over, under MIN_FILLER, unfilled */
  readonly gap: number;
}

export type FillerAt = 'start' | 'end' | 'both';

/**
 * The run covering most of `length` with `widths` (each any number of times), then with the
 * fewest units, then the widest first (so the choice is the same every time); the rest is a
 * filler where it says, split in two halves for 'both'. null when not even the narrowest fits.
 * An exact search over whole millimetres (a dynamic programme: length x widths steps), not a
 * greedy one: greedy 900s leave 700 of a 2500 run (900 + 900 + 600 is better, and found).
 */
export function fillRun(length: number, widths: readonly number[], at: FillerAt = 'end'): RunFill | null {
  const ws = [...new Set(widths.map((w) => Math.round(w)).filter((w) => w > 0))].sort((a, b) => b - a);
  const L = Math.floor(length + 1e-6);
  if (ws.length === 0 || L < ws[ws.length - 1]!) return null;
  // fewest[v]: the fewest units summing exactly to v; via[v]: the widest width that achieves it.
  const fewest = new Int32Array(L + 1).fill(-1);
  const via = new Int32Array(L + 1);
  fewest[0] = 0;
  for (let v = 1; v <= L; v++) {
    for (const w of ws) {
      if (w > v || fewest[v - w]! < 0) continue;
      const n = fewest[v - w]! + 1;
      if (fewest[v]! < 0 || n < fewest[v]!) {
        fewest[v] = n;
        via[v] = w;
      }
    }
  }
  let best = L;
  while (fewest[best]! < 0) best--;
  const units: number[] = [];
  for (let v = best; v > 0; v -= via[v]!) units.push(via[v]!);
  units.sort((a, b) => b - a);
  const rest = length - best;
  if (rest < MIN_FILLER) return { units, fillers: [0, 0], gap: rest };
  if (at === 'both' && rest / 2 >= MIN_FILLER) return { units, fillers: [rest / 2, rest / 2], gap: 0 };
  return { units, fillers: at === 'start' ? [rest, 0] : [0, rest], gap: 0 };
}

/**
 * The stretches of [0, length] left free by the taken intervals (each [from, to], any order,
 * overlapping or reaching past the ends), in order. Intervals overlapping by MIN_FILLER or less
 * take nothing (a unit touching the run's end is no obstacle).
 */
export function freeStretches(length: number, taken: readonly (readonly [number, number])[]): [number, number][] {
  const cuts = taken
    .map(([a, b]) => [Math.max(0, Math.min(a, b)), Math.min(length, Math.max(a, b))] as [number, number])
    .filter(([a, b]) => b - a > MIN_FILLER)
    .sort((p, q) => p[0] - q[0]);
  const out: [number, number][] = [];
  let at = 0;
  for (const [a, b] of cuts) {
    if (a > at) out.push([at, a]);
    at = Math.max(at, b);
  }
  if (at < length) out.push([at, length]);
  return out;
}

/** A wall's body for the open-end test: its centre line and thickness. */
interface RunWall {
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
}

/** How near (mm) a wall's face must come to a run's end for the end to stand against it. */
export const END_AGAINST_WALL = 30;

/**
 * True when a run's end is in the open: no wall body reaches within END_AGAINST_WALL of `p`
 * (the end, taken half the units' depth in front of the wall line, so the wall behind the run
 * does not count). There a dealer closes the exposed side with an end panel (见光板); against
 * a wall the side is hidden and a filler takes up the wall's unevenness instead.
 */
export function runEndOpen(p: Vec2, walls: readonly RunWall[]): boolean {
  for (const w of walls) {
    const ex = w.end.x - w.start.x;
    const ey = w.end.y - w.start.y;
    const len2 = ex * ex + ey * ey;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - w.start.x) * ex + (p.y - w.start.y) * ey) / len2));
    const d = Math.hypot(p.x - (w.start.x + ex * t), p.y - (w.start.y + ey * t));
    if (d <= w.thickness / 2 + END_AGAINST_WALL) return false;
  }
  return true;
}
