// Where a door or window may sit along its wall. Positions are along the wall's centre line from
// its start, in mm, as OpeningRecord stores them: `offset` is the opening's centre. An opening must
// lie within one usable interval of the wall (where both faces are whole: not in a mitred corner,
// not across a wall butting against it; see usableIntervalsFromGraph), kept `endClearance` from
// that interval's ends, and `gap` away from every other opening on the wall (touching is allowed
// with the default 0).

export interface OpeningSpan {
  /** the opening's id; others with the candidate's id are skipped (a moved opening) */
  readonly id?: string;
  readonly offset: number;
  readonly width: number;
}

export interface OpeningWall {
  /** centre-line length, mm */
  readonly length: number;
  /** where both faces are whole (mm from the wall's start), in order; default the whole length */
  readonly usable?: readonly (readonly [number, number])[];
}

export interface OpeningRules {
  /** kept free at the ends of each usable interval, mm (default 0) */
  readonly endClearance?: number;
  /** kept free between two openings, mm (default 0: they may touch) */
  readonly gap?: number;
}

/**
 * Why an opening does not fit: INVALID_SIZE (width not > 0, or not finite), TOO_WIDE (wider than
 * any usable stretch of the wall), PAST_START / PAST_END (runs past the wall's first / last usable
 * point), ACROSS_JOINT (runs into a wall butting against this one, or a crossing), OVERLAP (with
 * another opening, named in otherId).
 */
export const OPENING_PROBLEMS = ['INVALID_SIZE', 'TOO_WIDE', 'PAST_START', 'PAST_END', 'ACROSS_JOINT', 'OVERLAP'] as const;
export type OpeningProblem = (typeof OPENING_PROBLEMS)[number];

export type OpeningCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: OpeningProblem;
      /** the opening in the way (OVERLAP) */
      readonly otherId: string | null;
      /** the stretch the opening had to stay within, when there is one (PAST_*, ACROSS_JOINT, OVERLAP) */
      readonly allowed: { readonly from: number; readonly to: number } | null;
    };

/** Slack for positions computed in floating point (mm). */
const EPS = 1e-6;

function stretches(wall: OpeningWall, clearance: number): [number, number][] {
  const usable = wall.usable ?? [[0, wall.length]];
  const out: [number, number][] = [];
  for (const [a, b] of usable) if (b - a - 2 * clearance >= 0) out.push([a + clearance, b - clearance]);
  return out;
}

const fail = (reason: OpeningProblem, allowed: readonly [number, number] | null = null, otherId: string | null = null): OpeningCheck => ({
  ok: false,
  reason,
  otherId,
  allowed: allowed ? { from: allowed[0], to: allowed[1] } : null,
});

export function checkOpening(wall: OpeningWall, others: readonly OpeningSpan[], candidate: OpeningSpan, rules: OpeningRules = {}): OpeningCheck {
  const { width, offset } = candidate;
  if (!(width > 0) || !Number.isFinite(width) || !Number.isFinite(offset)) return fail('INVALID_SIZE');
  const list = stretches(wall, rules.endClearance ?? 0);
  if (!list.some(([a, b]) => b - a >= width - EPS)) return fail('TOO_WIDE');
  const from = offset - width / 2;
  const to = offset + width / 2;
  const within = list.find(([a, b]) => from >= a - EPS && to <= b + EPS);
  if (!within) {
    // Judge by the stretch the centre is in, or the nearest one.
    let best = 0;
    let bestDistance = Infinity;
    list.forEach(([a, b], i) => {
      const d = offset < a ? a - offset : offset > b ? offset - b : 0;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    const [a, b] = list[best]!;
    if (from < a - EPS) return fail(best === 0 ? 'PAST_START' : 'ACROSS_JOINT', list[best]);
    if (to > b + EPS) return fail(best === list.length - 1 ? 'PAST_END' : 'ACROSS_JOINT', list[best]);
    return fail('ACROSS_JOINT', list[best]);
  }
  const gap = rules.gap ?? 0;
  for (const other of others) {
    if (candidate.id !== undefined && other.id === candidate.id) continue;
    const oFrom = other.offset - other.width / 2 - gap;
    const oTo = other.offset + other.width / 2 + gap;
    if (from < oTo - EPS && oFrom < to - EPS) return fail('OVERLAP', within, other.id ?? null);
  }
  return { ok: true };
}

/**
 * The stretches (mm from the wall's start) where an opening of `width` may have its centre: the
 * usable intervals less clearances and the other openings, each at least `width` long.
 */
export function freeCentreRanges(wall: OpeningWall, others: readonly OpeningSpan[], candidate: OpeningSpan, rules: OpeningRules = {}): [number, number][] {
  const gap = rules.gap ?? 0;
  const blocked = others
    .filter((o) => candidate.id === undefined || o.id !== candidate.id)
    .map((o) => [o.offset - o.width / 2 - gap, o.offset + o.width / 2 + gap] as const)
    .sort((p, q) => p[0] - q[0]);
  const half = candidate.width / 2;
  const out: [number, number][] = [];
  for (const [a, b] of stretches(wall, rules.endClearance ?? 0)) {
    let cursor = a;
    for (const [bFrom, bTo] of blocked) {
      if (bTo <= cursor || bFrom >= b) continue;
      if (bFrom - cursor >= candidate.width - EPS) out.push([cursor + half, bFrom - half]);
      cursor = Math.max(cursor, bTo);
    }
    if (b - cursor >= candidate.width - EPS) out.push([cursor + half, b - half]);
  }
  return out.map(([p, q]) => [p, Math.max(p, q)]);
}

/**
 * For dragging: the allowed centre nearest to `candidate.offset` (the opening slides along the
 * wall and stops at ends, joints and other openings; past one it jumps to the far side once that
 * is nearer), or null when it fits nowhere on the wall.
 */
export function clampOpening(wall: OpeningWall, others: readonly OpeningSpan[], candidate: OpeningSpan, rules: OpeningRules = {}): number | null {
  if (!(candidate.width > 0) || !Number.isFinite(candidate.offset)) return null;
  let best: number | null = null;
  let bestDistance = Infinity;
  for (const [p, q] of freeCentreRanges(wall, others, candidate, rules)) {
    const at = Math.min(q, Math.max(p, candidate.offset));
    const d = Math.abs(at - candidate.offset);
    if (d < bestDistance) {
      bestDistance = d;
      best = at;
    }
  }
  return best;
}
