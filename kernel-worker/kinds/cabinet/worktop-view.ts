import { type BufferGeometry, Vector3 } from 'three';
import { HOB_TOP } from '../../../protocol/cabinets';
import type { WorktopMaterial } from '../../../protocol/price-list';
import type { CabinetRecord, Vec2, WallRecord } from '../../../protocol/records';
import { BACKSPLASH_THICKNESS, worktops, type Worktop, type WorktopCutout, type WorktopPiece, type WorktopPortion } from '../../geometry/worktop';
import { planToWorld } from '../../render/coords';
import { boxSurface } from '../../render/box-solids';

// A worktop in 3D (geometry/worktop.ts): the slab with its thickness, cut round each sink and hob,
// the sink's bowls sunk below it, the hob's glass on top with its burners, a tap, and the
// backsplash along the walls. Each unit's view draws the part over it (WorktopPortion), so a click
// on the worktop picks the unit under it, whose properties hold the sink, the hob and the
// worktop's choices; the cabinet view revisits a storey's units on any unit's change, and only
// those whose part changed are rebuilt. Boxes in a handful of shared materials: the static batches
// merge every worktop's slab into one draw call per material, as they do the units' boards.

/** A box in a piece's frame: u along it, v from its front to its back, z up from the storey floor. */
interface LocalBox {
  readonly u0: number;
  readonly u1: number;
  readonly v0: number;
  readonly v1: number;
  readonly z0: number;
  readonly z1: number;
}

export type WorktopLook = 'slab' | 'metal' | 'glass';

export interface WorktopSolids {
  /** eight world corners per box, by look */
  readonly boxes: { readonly [K in WorktopLook]: Vector3[][] };
  /** the sinks' bowls: open boxes seen from inside */
  readonly bowls: Vector3[][];
}

/** A slab's colour by material (stainless is drawn in the shared metal). */
export const WORKTOP_COLOURS: Readonly<Record<Exclude<WorktopMaterial, 'stainless'>, number>> = { quartz: 0xf1eee8, sinteredStone: 0x8f8b86 };
export const HOB_GLASS_COLOUR = 0x1c1d20;
/** A brushed steel bowl: drawn matt, as the shiny metal reads black inside a bowl with no reflections to show. */
export const SINK_BOWL_COLOUR = 0x959ba2;

/** The worktops of a storey's units, kept for as long as the units' array and the walls stay the same. */
const memo = new WeakMap<readonly CabinetRecord[], { walls: string; worktops: Worktop[] }>();
export function storeyWorktops(units: readonly CabinetRecord[], walls: readonly WallRecord[]): Worktop[] {
  const wallKey = JSON.stringify(walls.map((w) => [w.start.x, w.start.y, w.end.x, w.end.y, w.thickness]));
  const known = memo.get(units);
  if (known && known.walls === wallKey) return known.worktops;
  const computed = worktops(units, walls);
  memo.set(units, { walls: wallKey, worktops: computed });
  return computed;
}

interface Frame {
  readonly origin: Vec2;
  readonly u: Vec2;
  readonly v: Vec2;
}

function pieceFrame(p: WorktopPiece): Frame {
  const [backStart, backEnd, , frontStart] = p.corners;
  const u = { x: (backEnd.x - backStart.x) / p.length, y: (backEnd.y - backStart.y) / p.length };
  const v = { x: (backStart.x - frontStart.x) / p.depth, y: (backStart.y - frontStart.y) / p.depth };
  return { origin: frontStart, u, v };
}

const at = (f: Frame, u: number, v: number): Vec2 => ({ x: f.origin.x + f.u.x * u + f.v.x * v, y: f.origin.y + f.u.y * u + f.v.y * v });

function corners(f: Frame, b: LocalBox, elevation: number): Vector3[] {
  const out: Vector3[] = [];
  for (const z of [b.z0, b.z1]) {
    for (const [u, v] of [
      [b.u0, b.v0],
      [b.u1, b.v0],
      [b.u1, b.v1],
      [b.u0, b.v1],
    ] as const) {
      out.push(planToWorld(at(f, u, v), elevation + z));
    }
  }
  return out;
}

/** The cut-out in a piece's frame, if its centre lies on the piece. */
function localCutout(f: Frame, p: WorktopPiece, c: WorktopCutout) {
  const d = { x: c.centre.x - f.origin.x, y: c.centre.y - f.origin.y };
  const u = d.x * f.u.x + d.y * f.u.y;
  const v = d.x * f.v.x + d.y * f.v.y;
  if (u < 0 || u > p.length || v < 0 || v > p.depth) return null;
  return { u, v, hw: c.size.width / 2, hd: c.size.depth / 2, cut: c };
}

/** The part of the worktop over one unit, what it draws: its stretches, the cut-outs in them, its backsplash. */
export function portionOf(w: Worktop, unitId: string) {
  const portion = w.portions.find((p) => p.unitId === unitId);
  if (!portion) return null;
  // A unit's cut-out lies within its own stretch (narrower than its inside): its neighbours' are not its concern.
  const cutouts = w.cutouts.filter((c) => c.cabinetId === unitId);
  return { material: w.material, thickness: w.thickness, base: w.base, backsplashHeight: w.backsplashHeight, pieces: portion.spans.map((s) => w.pieces[s.piece]!), portion, cutouts };
}
export type WorktopPart = NonNullable<ReturnType<typeof portionOf>>;

/** A unit's part of its worktop as boxes in world coordinates (the storey's floor at `elevation`). */
export function worktopSolids(part: WorktopPart, elevation: number): WorktopSolids {
  const boxes: { [K in WorktopLook]: Vector3[][] } = { slab: [], metal: [], glass: [] };
  const bowls: Vector3[][] = [];
  const z0 = part.base;
  const z1 = part.base + part.thickness;
  const { portion }: { portion: WorktopPortion } = part;
  portion.spans.forEach((span, i) => {
    const p = part.pieces[i]!;
    const f = pieceFrame(p);
    const holes = part.cutouts.flatMap((c) => localCutout(f, p, c) ?? []).filter((h) => h.u > span.u0 && h.u < span.u1).sort((a, b) => a.u - b.u);
    // The slab in strips along its stretch: full depth between holes, in front of and behind each hole.
    let u = span.u0;
    const slab = (b: LocalBox) => {
      if (b.u1 - b.u0 > 0.5 && b.v1 - b.v0 > 0.5) boxes.slab.push(corners(f, b, elevation));
    };
    for (const h of holes) {
      const a = Math.max(u, h.u - h.hw);
      const e = Math.min(span.u1, h.u + h.hw);
      slab({ u0: u, u1: a, v0: 0, v1: p.depth, z0, z1 });
      slab({ u0: a, u1: e, v0: 0, v1: h.v - h.hd, z0, z1 });
      slab({ u0: a, u1: e, v0: h.v + h.hd, v1: p.depth, z0, z1 });
      u = Math.max(u, e);
      if (h.cut.kind === 'sink') {
        // Bowls below the hole: a double sink's two with a 40 mm bridge between them.
        const bottom = z0 - h.cut.size.bowl;
        const spans = h.cut.sinkType === 'double' ? [[a, a + (e - a - 40) / 2], [a + (e - a + 40) / 2, e]] : [[a, e]];
        for (const [s, t] of spans) bowls.push(corners(f, { u0: s!, u1: t!, v0: h.v - h.hd, v1: h.v + h.hd, z0: bottom, z1: z1 }, elevation));
        if (spans.length === 2) boxes.metal.push(corners(f, { u0: spans[0]![1]!, u1: spans[1]![0]!, v0: h.v - h.hd, v1: h.v + h.hd, z0: z1 - 60, z1: z1 - 2 }, elevation));
        // The tap behind the sink: a post and its spout reaching over the bowl.
        const tv = h.v + h.hd + 45;
        boxes.metal.push(corners(f, { u0: h.u - 15, u1: h.u + 15, v0: tv - 15, v1: tv + 15, z0: z1, z1: z1 + 280 }, elevation));
        boxes.metal.push(corners(f, { u0: h.u - 12, u1: h.u + 12, v0: tv - 190, v1: tv + 15, z0: z1 + 250, z1: z1 + 280 }, elevation));
      } else {
        // The hob's glass over its cut-out, and two burners on it.
        const gz = z1 + HOB_TOP.height;
        boxes.glass.push(corners(f, { u0: h.u - HOB_TOP.width / 2, u1: h.u + HOB_TOP.width / 2, v0: h.v - HOB_TOP.depth / 2, v1: h.v + HOB_TOP.depth / 2, z0: z1, z1: gz }, elevation));
        for (const side of [-1, 1]) {
          const cu = h.u + side * 190;
          boxes.metal.push(corners(f, { u0: cu - 55, u1: cu + 55, v0: h.v - 55, v1: h.v + 55, z0: gz, z1: gz + 18 }, elevation));
        }
      }
    }
    slab({ u0: u, u1: span.u1, v0: 0, v1: p.depth, z0, z1 });
  });
  for (const r of portion.backsplash) {
    // Standing on the slab against the wall, BACKSPLASH_THICKNESS into the worktop.
    const along = { x: (r.end.x - r.start.x) / r.length, y: (r.end.y - r.start.y) / r.length };
    const f: Frame = { origin: r.start, u: along, v: r.inward };
    boxes.slab.push(corners(f, { u0: 0, u1: r.length, v0: 0, v1: BACKSPLASH_THICKNESS, z0: z1, z1: z1 + part.backsplashHeight }, elevation));
  }
  return { boxes, bowls };
}

/** The five inner faces of each bowl (no top), turned to face its inside. */
export function bowlSurface(bowls: readonly (readonly Vector3[])[]): BufferGeometry {
  return boxSurface(bowls, { inside: true });
}
