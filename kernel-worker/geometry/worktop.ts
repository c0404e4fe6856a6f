import {
  DEFAULT_WORKTOP_MATERIAL,
  fittingCutout,
  WORKTOP_KINDS,
  WORKTOP_MAX_PIECE,
  WORKTOP_OVERHANG,
  WORKTOP_THICKNESS,
  type FittingCutout,
  type SinkType,
} from '../../protocol/cabinets';
import type { WorktopMaterial } from '../../protocol/price-list';
import type { CabinetRecord, Vec2 } from '../../protocol/records';

// Kitchen worktops (台面), derived from the base units every time they are asked for: nothing about
// a worktop is stored but the designer's choices on its units, so moving or resizing a unit moves
// its worktop and nothing can go stale. Pure; millimetres, plan coordinates.
//
// How a worktop is found:
// - units: base and blind-corner units, and the fillers between them (a run of fillers alone has
//   none); a unit whose worktopMaterial is 'none' has none and splits the run there;
// - a leg: units facing the same way with their backs on one line (within LINE_TOLERANCE), the same
//   top height (within HEIGHT_TOLERANCE) and touching side by side (gaps up to GAP_TOLERANCE); a
//   wider gap, a step in height or a different storey starts another leg;
// - legs at right angles join into one worktop where one leg's end meets the other's front (an L,
//   a U: the leg running into the corner is the one whose units' fronts the other butts against,
//   as a blind corner unit is set);
// - its slab stands WORKTOP_OVERHANG out past the deepest front of each leg, flush with the backs
//   (against the wall) and with the ends; the leg that butts against another is cut to start at the
//   other's overhanging edge, so the corner square belongs to the leg running into it, once;
// - pieces: each leg's slab, split into equal pieces no longer than WORKTOP_MAX_PIECE, a seam that
//   would run through a sink or hob moved to the nearer side of it (SEAM_CLEARANCE clear);
// - running metres (延米): the pieces' lengths along their wall (back) side, added: an L of
//   2400 + 1200 mm of units is 2400 plus 1200 - 20 (the butting leg starts at the overhang's edge);
// - backsplash (后挡水): along each piece's back and outer ends where a wall's face stands within
//   WALL_TOLERANCE behind it, for as long as the wall runs beside it;
// - its material and backsplash height are those of the lowest-id unit that has them (a unit added to
//   a run says nothing and follows it); cabinet.setWorktop writes them on every unit of the worktop,
//   so they agree once set. Its owner, which draws it, is the lowest-id unit that is not a filler.

export const GAP_TOLERANCE = 5;
export const LINE_TOLERANCE = 3;
export const HEIGHT_TOLERANCE = 2;
/** A wall's face counts as behind an edge up to this far away (units stand 1 mm off a wall). */
export const WALL_TOLERANCE = 15;
/** The least stone a seam leaves beside a cut-out. */
export const SEAM_CLEARANCE = 50;
/** Backsplash strip thickness. */
export const BACKSPLASH_THICKNESS = 12;

export type WorktopUnit = Pick<
  CabinetRecord,
  'id' | 'storeyId' | 'cabinetKind' | 'position' | 'rotation' | 'width' | 'depth' | 'height' | 'plinth' | 'board' | 'worktopMaterial' | 'backsplash' | 'fitting' | 'sinkType'
>;

export interface WorktopWall {
  readonly start: Vec2;
  readonly end: Vec2;
  readonly thickness: number;
}

export interface WorktopPiece {
  /** back-start, back-end, front-end, front-start (start/end along the leg's units' +x) */
  readonly corners: readonly [Vec2, Vec2, Vec2, Vec2];
  /** along the wall side */
  readonly length: number;
  /** back to front, overhang included */
  readonly depth: number;
  /** the rotation of the units it covers (their fronts face the same way) */
  readonly rotation: number;
}

export interface WorktopCutout {
  readonly cabinetId: string;
  readonly kind: 'sink' | 'hob';
  readonly sinkType: SinkType | null;
  /** the cut-out's centre */
  readonly centre: Vec2;
  readonly rotation: number;
  readonly size: FittingCutout;
}

export interface BacksplashRun {
  readonly start: Vec2;
  readonly end: Vec2;
  readonly length: number;
  /** unit vector from the wall into the worktop */
  readonly inward: Vec2;
}

/** The part of a worktop over one unit: what that unit's view draws (so a click on it picks the unit). */
export interface WorktopPortion {
  readonly unitId: string;
  /** stretches of pieces (index into pieces), u from the piece's start along its back edge */
  readonly spans: readonly { readonly piece: number; readonly u0: number; readonly u1: number }[];
  /** the backsplash over it */
  readonly backsplash: readonly BacksplashRun[];
}

export interface Worktop {
  /** the lowest-id unit (not a filler): it speaks for the worktop, and its view draws it */
  readonly ownerId: string;
  readonly storeyId: string;
  readonly unitIds: readonly string[];
  readonly material: WorktopMaterial;
  readonly thickness: number;
  /** the slab's underside above the storey's floor (the units' tops) */
  readonly base: number;
  /** backsplash height; 0: none */
  readonly backsplashHeight: number;
  readonly pieces: readonly WorktopPiece[];
  readonly cutouts: readonly WorktopCutout[];
  /** along walls; empty when backsplashHeight is 0 */
  readonly backsplash: readonly BacksplashRun[];
  /** running length (延米), mm: the pieces' lengths added */
  readonly length: number;
  /** backsplash length, mm */
  readonly backsplashLength: number;
  /** the worktop split by unit: each up to half way to its neighbours, the leg's ends to its end units */
  readonly portions: readonly WorktopPortion[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const dot = (a: Vec2, b: Vec2) => a.x * b.x + a.y * b.y;

interface Leg {
  readonly units: WorktopUnit[];
  readonly rotation: number;
  /** along the units' +x */
  readonly d: Vec2;
  /** towards their backs */
  readonly b: Vec2;
  a0: number;
  a1: number;
  /** the backs' offset along b */
  readonly back: number;
  /** the deepest front's offset along b (the units' fronts, no overhang) */
  readonly front: number;
  readonly top: number;
  /** ends cut short where the leg butts against another (no backsplash there) */
  butt0: boolean;
  butt1: boolean;
}

function frameOf(u: WorktopUnit) {
  const d = { x: Math.cos(u.rotation), y: Math.sin(u.rotation) };
  const b = { x: -d.y, y: d.x };
  const along = dot(u.position, d);
  const across = dot(u.position, b);
  return { d, b, a0: along - u.width / 2, a1: along + u.width / 2, back: across + u.depth / 2, front: across - u.depth / 2, top: u.position.z + u.plinth + u.height };
}

const normalAngle = (r: number) => ((r % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
const sameAngle = (a: number, b: number) => {
  const diff = Math.abs(normalAngle(a) - normalAngle(b));
  return Math.min(diff, 2 * Math.PI - diff) < 1e-3;
};

/** The storey's units grouped into legs (see the header). */
function legsOf(units: readonly WorktopUnit[]): Leg[] {
  const legs: Leg[] = [];
  // Units sorted along their own direction, each joined to a leg it continues, else a new one.
  const framed = units.map((u) => ({ u, f: frameOf(u) }));
  framed.sort((p, q) => p.f.a0 - q.f.a0 || byId(p.u, q.u));
  const open: Leg[] = [];
  for (const { u, f } of framed) {
    const leg = open.find(
      (l) =>
        sameAngle(l.rotation, u.rotation) &&
        Math.abs(l.back - f.back) <= LINE_TOLERANCE &&
        Math.abs(l.top - f.top) <= HEIGHT_TOLERANCE &&
        f.a0 <= l.a1 + GAP_TOLERANCE &&
        f.a0 >= l.a1 - GAP_TOLERANCE - 1,
    );
    if (leg) {
      leg.units.push(u);
      leg.a1 = Math.max(leg.a1, f.a1);
      (leg as { front: number }).front = Math.min(leg.front, f.front);
      continue;
    }
    const fresh: Leg = { units: [u], rotation: u.rotation, d: f.d, b: f.b, a0: f.a0, a1: f.a1, back: f.back, front: f.front, top: f.top, butt0: false, butt1: false };
    open.push(fresh);
    legs.push(fresh);
  }
  return legs.filter((l) => l.units.some((u) => WORKTOP_KINDS.includes(u.cabinetKind)));
}

/**
 * Whether leg `b` butts with one end against leg `a`'s fronts (at right angles, same top, b's
 * depth within a's length): which end (0 start, 1 end), or null.
 */
function buttEnd(a: Leg, b: Leg): 0 | 1 | null {
  if (Math.abs(dot(a.d, b.d)) > 1e-3 || Math.abs(a.top - b.top) > HEIGHT_TOLERANCE) return null;
  // b's across range, measured along a's direction.
  const s = dot(b.b, a.d);
  const across = [b.back * s, b.front * s].sort((p, q) => p - q) as [number, number];
  const overlap = Math.min(across[1], a.a1) - Math.max(across[0], a.a0);
  if (overlap < (b.back - b.front) / 2) return null;
  // b's ends, measured along a's depth (towards a's backs).
  const t = dot(b.d, a.b);
  for (const end of [0, 1] as const) {
    const at = (end === 0 ? b.a0 : b.a1) * t;
    // The end stands at a's fronts (touching, or a few mm off), on the front side of a's backs.
    if (Math.abs(at - a.front) <= GAP_TOLERANCE) {
      // And b runs away from a (its other end further out in front).
      const other = (end === 0 ? b.a1 : b.a0) * t;
      if (other < at) return end;
    }
  }
  return null;
}

function point(leg: Leg, along: number, across: number): Vec2 {
  return { x: leg.d.x * along + leg.b.x * across, y: leg.d.y * along + leg.b.y * across };
}

/** Where a wall's face runs behind the edge p→q (outward normal n): the stretch of the edge it covers. */
function wallBehind(p: Vec2, q: Vec2, n: Vec2, walls: readonly WorktopWall[]): [number, number][] {
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  if (len <= 0) return [];
  const e = { x: (q.x - p.x) / len, y: (q.y - p.y) / len };
  const out: [number, number][] = [];
  for (const w of walls) {
    const wl = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
    if (wl <= 0) continue;
    const wd = { x: (w.end.x - w.start.x) / wl, y: (w.end.y - w.start.y) / wl };
    if (Math.abs(wd.x * e.y - wd.y * e.x) > 1e-3) continue;
    // The wall's centre line this far behind the edge: its face half a thickness nearer.
    const behind = dot({ x: w.start.x - p.x, y: w.start.y - p.y }, n);
    const gap = behind - w.thickness / 2;
    if (gap < -2 || gap > WALL_TOLERANCE) continue;
    // The wall's extent along the edge; a joint's corner reaches half a thickness past its ends.
    const s0 = dot({ x: w.start.x - p.x, y: w.start.y - p.y }, e);
    const s1 = dot({ x: w.end.x - p.x, y: w.end.y - p.y }, e);
    const from = Math.max(0, Math.min(s0, s1) - w.thickness / 2);
    const to = Math.min(len, Math.max(s0, s1) + w.thickness / 2);
    if (to - from > 10) out.push([from, to]);
  }
  // Merged, so two walls meeting behind one edge give one run.
  out.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of out) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The worktops of one storey's units (any others are ignored), in owner id order. */
export function worktops(units: readonly WorktopUnit[], walls: readonly WorktopWall[]): Worktop[] {
  const candidates = units.filter((u) => (WORKTOP_KINDS.includes(u.cabinetKind) || u.cabinetKind === 'filler') && u.worktopMaterial !== 'none');
  const byStorey = new Map<string, WorktopUnit[]>();
  for (const u of candidates) {
    const list = byStorey.get(u.storeyId);
    if (list) list.push(u);
    else byStorey.set(u.storeyId, [u]);
  }
  const out: Worktop[] = [];
  for (const [storeyId, storeyUnits] of byStorey) {
    const legs = legsOf(storeyUnits);
    // Union-find over legs joined at corners.
    const parent = legs.map((_, i) => i);
    const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
    for (let i = 0; i < legs.length; i++) {
      for (let j = 0; j < legs.length; j++) {
        if (i === j) continue;
        const end = buttEnd(legs[i]!, legs[j]!);
        if (end === null) continue;
        const a = legs[i]!;
        const b = legs[j]!;
        // b starts at a's overhanging edge.
        const t = dot(b.d, a.b);
        const edge = (a.front - WORKTOP_OVERHANG) / t;
        if (end === 0) {
          b.a0 = edge;
          b.butt0 = true;
        } else {
          b.a1 = edge;
          b.butt1 = true;
        }
        parent[find(j)] = find(i);
      }
    }
    const groups = new Map<number, Leg[]>();
    for (let i = 0; i < legs.length; i++) {
      const root = find(i);
      const list = groups.get(root);
      if (list) list.push(legs[i]!);
      else groups.set(root, [legs[i]!]);
    }
    for (const group of groups.values()) out.push(worktopOf(storeyId, group, walls));
  }
  return out.sort((a, b) => (a.ownerId < b.ownerId ? -1 : a.ownerId > b.ownerId ? 1 : 0));
}

function worktopOf(storeyId: string, legs: readonly Leg[], walls: readonly WorktopWall[]): Worktop {
  const units = legs.flatMap((l) => l.units).sort(byId);
  const owner = units.find((u) => u.cabinetKind !== 'filler') ?? units[0]!;
  // The first unit that says (a unit added to a run says nothing and follows it).
  const said = units.find((u) => u.worktopMaterial !== undefined && u.worktopMaterial !== 'none')?.worktopMaterial;
  const material = said && said !== 'none' ? said : DEFAULT_WORKTOP_MATERIAL;
  const backsplashHeight = units.find((u) => u.backsplash !== undefined)?.backsplash ?? 0;
  const pieces: WorktopPiece[] = [];
  const cutouts: WorktopCutout[] = [];
  const backsplash: BacksplashRun[] = [];
  const portions: WorktopPortion[] = [];
  // The legs running into corners first (those others butt against), then by their lowest unit
  // id: the same order every time, and an L lists its long side's piece first.
  const lowest = (l: Leg) => l.units.reduce((m, u) => (u.id < m ? u.id : m), l.units[0]!.id);
  const butts = (l: Leg) => Number(l.butt0) + Number(l.butt1);
  const ordered = [...legs].sort((p, q) => butts(p) - butts(q) || (lowest(p) < lowest(q) ? -1 : 1));
  for (const leg of ordered) {
    const front = leg.front - WORKTOP_OVERHANG;
    const length = leg.a1 - leg.a0;
    const n = Math.max(1, Math.ceil(length / WORKTOP_MAX_PIECE - 1e-9));
    const step = length / n;
    // Seams at equal steps, moved out of any cut-out (and SEAM_CLEARANCE round it) to its nearer side.
    const holes = leg.units.flatMap((u) => {
      const size = fittingCutout(u);
      const at = dot(u.position, leg.d);
      return size ? [[at - size.width / 2 - SEAM_CLEARANCE, at + size.width / 2 + SEAM_CLEARANCE] as const] : [];
    });
    const seams = [leg.a0];
    for (let k = 1; k < n; k++) {
      let seam = leg.a0 + k * step;
      const hole = holes.find(([h0, h1]) => seam > h0 && seam < h1);
      if (hole) seam = seam - hole[0] < hole[1] - seam ? hole[0] : hole[1];
      seams.push(seam);
    }
    seams.push(leg.a1);
    const firstPiece = pieces.length;
    for (let k = 0; k < n; k++) {
      const s = seams[k]!;
      const e = seams[k + 1]!;
      pieces.push({ corners: [point(leg, s, leg.back), point(leg, e, leg.back), point(leg, e, front), point(leg, s, front)], length: e - s, depth: leg.back - front, rotation: leg.rotation });
    }
    for (const u of leg.units) {
      const size = fittingCutout(u);
      if (!size || u.fitting === 'none' || u.fitting === undefined) continue;
      cutouts.push({ cabinetId: u.id, kind: u.fitting, sinkType: u.fitting === 'sink' ? (u.sinkType ?? 'single') : null, centre: point(leg, dot(u.position, leg.d), (leg.back + front) / 2), rotation: leg.rotation, size });
    }
    // Each unit's stretch of the leg: half way to its neighbours (closing a few mm's gap), the ends to the leg's.
    const along = leg.units.map((u) => {
      const at = dot(u.position, leg.d);
      return { u, a0: at - u.width / 2, a1: at + u.width / 2 };
    });
    const ranges = along.map((x, i) => ({
      unitId: x.u.id,
      lo: i === 0 ? -Infinity : (along[i - 1]!.a1 + x.a0) / 2,
      hi: i === along.length - 1 ? Infinity : (x.a1 + along[i + 1]!.a0) / 2,
    }));
    const legPortions = ranges.map((r) => {
      const spans: { piece: number; u0: number; u1: number }[] = [];
      for (let k = 0; k < n; k++) {
        const lo = Math.max(r.lo, seams[k]!);
        const hi = Math.min(r.hi, seams[k + 1]!);
        if (hi - lo > 0.5) spans.push({ piece: firstPiece + k, u0: lo - seams[k]!, u1: hi - seams[k]! });
      }
      return { unitId: r.unitId, spans, backsplash: [] as BacksplashRun[], lo: r.lo, hi: r.hi };
    });
    if (backsplashHeight > 0) {
      // The back edge (outward: towards the backs), then each end that does not butt against another leg.
      const edges: { p: Vec2; q: Vec2; n: Vec2; end: 0 | 1 | null }[] = [{ p: point(leg, leg.a0, leg.back), q: point(leg, leg.a1, leg.back), n: leg.b, end: null }];
      if (!leg.butt0) edges.push({ p: point(leg, leg.a0, leg.back), q: point(leg, leg.a0, front), n: { x: -leg.d.x, y: -leg.d.y }, end: 0 });
      if (!leg.butt1) edges.push({ p: point(leg, leg.a1, leg.back), q: point(leg, leg.a1, front), n: leg.d, end: 1 });
      for (const { p, q, n: out, end } of edges) {
        const len = Math.hypot(q.x - p.x, q.y - p.y);
        const e = { x: (q.x - p.x) / len, y: (q.y - p.y) / len };
        const run = (from: number, to: number): BacksplashRun => ({ start: { x: p.x + e.x * from, y: p.y + e.y * from }, end: { x: p.x + e.x * to, y: p.y + e.y * to }, length: to - from, inward: { x: -out.x, y: -out.y } });
        for (const [from, to] of wallBehind(p, q, out, walls)) {
          backsplash.push(run(from, to));
          // An end's backsplash is its end unit's; the back's is split where the units' stretches meet.
          if (end !== null) legPortions[end === 0 ? 0 : legPortions.length - 1]!.backsplash.push(run(from, to));
          else {
            for (const portion of legPortions) {
              const a = Math.max(from, portion.lo - leg.a0);
              const b = Math.min(to, portion.hi - leg.a0);
              if (b - a > 0.5) portion.backsplash.push(run(a, b));
            }
          }
        }
      }
    }
    for (const { lo: _lo, hi: _hi, ...portion } of legPortions) portions.push(portion);
  }
  return {
    ownerId: owner.id,
    storeyId,
    unitIds: units.map((u) => u.id),
    material,
    thickness: WORKTOP_THICKNESS[material],
    base: Math.max(...legs.map((l) => l.top)),
    backsplashHeight,
    pieces,
    cutouts,
    backsplash,
    length: pieces.reduce((s, p) => s + p.length, 0),
    backsplashLength: backsplash.reduce((s, r) => s + r.length, 0),
    portions,
  };
}

/** The worktop over a unit, if it has one. */
export function worktopOfUnit(units: readonly WorktopUnit[], walls: readonly WorktopWall[], unitId: string): Worktop | undefined {
  return worktops(units, walls).find((w) => w.unitIds.includes(unitId));
}
