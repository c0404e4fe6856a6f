import type { BufferGeometry, Vector3 } from 'three';
import { CABINET_MATERIALS } from '../../../protocol/cabinets';
import type { CabinetRecord } from '../../../protocol/records';
import { cabinetParts, type BoxLook, type CabinetBox } from '../../geometry/cabinet-parts';
import { boxEdges, boxSurface } from '../../render/box-solids';
import { planToWorld } from '../../render/coords';
import { hashOf } from '../../render/materials';
import { viewIndex, type ViewKind } from '../view-kind';
import { bowlSurface, HOB_GLASS_COLOUR, portionOf, SINK_BOWL_COLOUR, storeyWorktops, WORKTOP_COLOURS, worktopSolids, type WorktopSolids } from './worktop-view';

// A cabinet in 3D: its boards, fronts and handles (geometry/cabinet-parts.ts) as real boxes, one
// mesh per look (carcass material, door material, metal). The looks are shared materials, so the
// static batches merge every cabinet's meshes per material: a kitchen of 30 units in two
// colours costs three draw calls, not ninety. A kitchen's worktop (geometry/worktop.ts) is drawn
// unit by unit, each the part over it (worktop-view.ts): any unit's change revisits its storey's
// units, and only those whose own boxes or part of the worktop changed are rebuilt.

export const cabinetsOfStorey = viewIndex('cabinet', 'cabinetsOfStorey', (c) => c.storeyId);

const TONES = [0xe9e4da, 0xcfc8bc, 0xb38d66, 0x8b6648, 0x5d5e60, 0xd9cbb3];

/** The colour a material code is drawn in: the palette's, else a tone picked from the code. */
export function materialColour(code: string): number {
  return CABINET_MATERIALS.find((m) => m.code === code)?.colour ?? TONES[hashOf(code) % TONES.length]!;
}

interface Frame {
  readonly x: number;
  readonly y: number;
  /** world height of the cabinet's z 0 (mm) */
  readonly base: number;
  readonly cos: number;
  readonly sin: number;
}

function frameOf(c: CabinetRecord, elevation: number): Frame {
  return { x: c.position.x, y: c.position.y, base: elevation + c.position.z, cos: Math.cos(c.rotation), sin: Math.sin(c.rotation) };
}

function corners(f: Frame, b: CabinetBox): Vector3[] {
  const out: Vector3[] = [];
  for (const z of [b.min[2], b.max[2]]) {
    for (const [x, y] of [
      [b.min[0], b.min[1]],
      [b.max[0], b.min[1]],
      [b.max[0], b.max[1]],
      [b.min[0], b.max[1]],
    ] as const) {
      out.push(planToWorld({ x: f.x + x * f.cos - y * f.sin, y: f.y + x * f.sin + y * f.cos }, f.base + z));
    }
  }
  return out;
}

/** The boxes as one flat-shaded surface (faces turned out of each box). */
function surfaceOf(f: Frame, boxes: readonly CabinetBox[]): BufferGeometry {
  return boxSurface(boxes.map((box) => corners(f, box)));
}

/** The boards' edges and the hob's; not the worktop's, whose parts meet over every unit joint where the stone has no seam. */
function edgesOf(f: Frame, boxes: readonly CabinetBox[], worktop: WorktopSolids | null): BufferGeometry {
  return boxEdges([...boxes.map((box) => corners(f, box)), ...(worktop?.boxes.glass ?? [])]);
}

interface CabinetState {
  readonly key: string;
  readonly frame: Frame;
  readonly boxes: readonly CabinetBox[];
  /** its part of the worktop over it, as boxes; null: none */
  readonly worktop: WorktopSolids | null;
}

const LOOKS: readonly BoxLook[] = ['carcass', 'front', 'metal'];

export const cabinetView: ViewKind<'cabinet', CabinetState> = {
  type: 'cabinet',
  indexes: [cabinetsOfStorey],
  // A storey's elevation lifts its cabinets.
  dependsOn: {
    storey: (s, q) => q.indexed(cabinetsOfStorey, s.id).map((c) => c.id),
    // A worktop runs over several units and butts against walls: its owner must hear of them.
    cabinet: (c, q) => q.indexed(cabinetsOfStorey, c.storeyId).map((u) => u.id),
    wall: (w, q) => q.indexed(cabinetsOfStorey, w.storeyId).map((u) => u.id),
  },
  storeyOf: (c) => c.storeyId,
  update(c, env, old) {
    const elevation = env.elevationOf(c.storeyId);
    const { id: _id, name: _name, ...shape } = c;
    const over = storeyWorktops(env.indexed(cabinetsOfStorey, c.storeyId), env.records.referring(c.storeyId, 'wall')).find((w) => w.unitIds.includes(c.id));
    const owned = over ? portionOf(over, c.id) : null;
    const key = JSON.stringify([shape, elevation, owned]);
    if (old?.key === key) return undefined;
    const frame = frameOf(c, elevation);
    const { boxes } = cabinetParts(c);
    const worktop = owned ? worktopSolids(owned, elevation) : null;
    return {
      state: { key, frame, boxes, worktop },
      fill: (group) => {
        for (const look of LOOKS) {
          const mine = boxes.filter((b) => b.look === look);
          if (mine.length === 0) continue;
          const material =
            look === 'metal'
              ? env.materials.metal
              : env.materials.surface({ kind: 'wall', colour: materialColour(look === 'carcass' ? c.matCode : c.doorColor), tile: null });
          group.add(env.surfaceMesh(surfaceOf(frame, mine), material));
        }
        if (worktop && owned) {
          const stone = owned.material === 'stainless' ? env.materials.metal : env.materials.surface({ kind: 'wall', colour: WORKTOP_COLOURS[owned.material], tile: null });
          if (worktop.boxes.slab.length) group.add(env.surfaceMesh(boxSurface(worktop.boxes.slab), stone));
          if (worktop.boxes.glass.length) group.add(env.surfaceMesh(boxSurface(worktop.boxes.glass), env.materials.surface({ kind: 'wall', colour: HOB_GLASS_COLOUR, tile: null })));
          if (worktop.boxes.metal.length) group.add(env.surfaceMesh(boxSurface(worktop.boxes.metal), env.materials.metal));
          if (worktop.bowls.length) group.add(env.surfaceMesh(bowlSurface(worktop.bowls), env.materials.surface({ kind: 'wall', colour: SINK_BOWL_COLOUR, tile: null })));
        }
        if (env.edges) group.add(env.lines(edgesOf(frame, boxes, worktop)));
      },
    };
  },
  edges: (_c, state) => edgesOf(state.frame, state.boxes, state.worktop),
};
