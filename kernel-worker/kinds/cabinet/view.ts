import { BufferGeometry, Float32BufferAttribute, Vector3 } from 'three';
import { CABINET_MATERIALS } from '../../../protocol/cabinets';
import type { CabinetRecord } from '../../../protocol/records';
import { cabinetParts, type BoxLook, type CabinetBox } from '../../geometry/cabinet-parts';
import { planToWorld } from '../../render/coords';
import { hashOf } from '../../render/materials';
import { viewIndex, type ViewKind } from '../view-kind';

// A cabinet in 3D: its boards, fronts and handles (geometry/cabinet-parts.ts) as real boxes, one
// mesh per look (carcass material, door material, metal). The looks are shared materials, so the
// static batches merge every cabinet's meshes per material: a kitchen of 30 units in two
// colours costs three draw calls, not ninety.

export const cabinetsOfStorey = viewIndex('cabinet', 'cabinetsOfStorey', (c) => c.storeyId);

const TONES = [0xe9e4da, 0xcfc8bc, 0xb38d66, 0x8b6648, 0x5d5e60, 0xd9cbb3];

/** The colour a material code is drawn in: the palette's, else a tone picked from the code. */
export function materialColour(code: string): number {
  return CABINET_MATERIALS.find((m) => m.code === code)?.colour ?? TONES[hashOf(code) % TONES.length]!;
}

/** The six faces of a box as corner indexes (corners: bottom four then top four, counter-clockwise from min). */
const FACES = [
  [0, 1, 2, 3],
  [4, 7, 6, 5],
  [0, 4, 5, 1],
  [1, 5, 6, 2],
  [2, 6, 7, 3],
  [3, 7, 4, 0],
] as const;
const EDGES = [0, 1, 1, 2, 2, 3, 3, 0, 4, 5, 5, 6, 6, 7, 7, 4, 0, 4, 1, 5, 2, 6, 3, 7] as const;

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
  const position: number[] = [];
  const normal: number[] = [];
  const a = new Vector3();
  const b = new Vector3();
  const centre = new Vector3();
  for (const box of boxes) {
    const p = corners(f, box);
    centre.set(0, 0, 0);
    for (const q of p) centre.addScaledVector(q, 1 / 8);
    for (const face of FACES) {
      const [q0, q1, q2, q3] = face.map((i) => p[i]!) as [Vector3, Vector3, Vector3, Vector3];
      const n = a.subVectors(q1, q0).cross(b.subVectors(q2, q0)).normalize();
      // planToWorld mirrors plan y, so which way round a face runs is settled per face.
      const out = n.dot(b.subVectors(q0, centre)) >= 0;
      if (!out) n.negate();
      for (const q of out ? [q0, q1, q2, q0, q2, q3] : [q0, q2, q1, q0, q3, q2]) {
        position.push(q.x, q.y, q.z);
        normal.push(n.x, n.y, n.z);
      }
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(position, 3));
  g.setAttribute('normal', new Float32BufferAttribute(normal, 3));
  return g;
}

function edgesOf(f: Frame, boxes: readonly CabinetBox[]): BufferGeometry {
  const lines: number[] = [];
  for (const box of boxes) {
    const p = corners(f, box);
    for (const i of EDGES) lines.push(p[i]!.x, p[i]!.y, p[i]!.z);
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(lines, 3));
  return g;
}

interface CabinetState {
  readonly key: string;
  readonly frame: Frame;
  readonly boxes: readonly CabinetBox[];
}

const LOOKS: readonly BoxLook[] = ['carcass', 'front', 'metal'];

export const cabinetView: ViewKind<'cabinet', CabinetState> = {
  type: 'cabinet',
  indexes: [cabinetsOfStorey],
  // A storey's elevation lifts its cabinets.
  dependsOn: { storey: (s, q) => q.indexed(cabinetsOfStorey, s.id).map((c) => c.id) },
  storeyOf: (c) => c.storeyId,
  update(c, env, old) {
    const elevation = env.elevationOf(c.storeyId);
    const { id: _id, name: _name, ...shape } = c;
    const key = JSON.stringify([shape, elevation]);
    if (old?.key === key) return undefined;
    const frame = frameOf(c, elevation);
    const { boxes } = cabinetParts(c);
    return {
      state: { key, frame, boxes },
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
        if (env.edges) group.add(env.lines(edgesOf(frame, boxes)));
      },
    };
  },
  edges: (_c, state) => edgesOf(state.frame, state.boxes),
};
