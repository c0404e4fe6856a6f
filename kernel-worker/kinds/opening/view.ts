import { Box3, Vector3, type BufferGeometry, type Material, type Object3D } from 'three';
import type { OpeningRecord, Vec2, WallRecord } from '../../../protocol/records';
import { MM } from '../../render/coords';
import { boxOf } from '../../render/parts';
import { wallAxes } from '../../render/wall-cut';
import { buildOpeningMesh } from '../../render/wall-mesh';
import { wallsOfStorey } from '../wall/view';
import { viewIndex, type ViewEnv, type ViewKind } from '../view-kind';

// A door or window: its frame, leaves, glass and the like in its wall's hole (the wall's view
// cuts the hole). Built again when its shape or its wall's section changes; when only its place
// along a wall running the same way changed (the wall slid or stretched), the parts are kept and moved.

export const openingsOfWall = viewIndex('opening', 'openingsOfWall', (o) => o.wallId);

interface OpeningPart {
  readonly geometry: BufferGeometry;
  readonly material: Material;
  readonly castShadow: boolean;
  readonly lines: boolean;
}

interface OpeningState {
  /** everything of the opening's geometry but where along its wall it sits */
  readonly shape: string;
  /** plan point (mm) of the opening's centre on its wall's centre line: now, and when its geometry was built */
  readonly anchor: Vec2;
  readonly builtAt: Vec2;
  /** the parts, reused when it only moves */
  readonly parts: readonly OpeningPart[];
  /** world box of the parts where they were built */
  readonly builtBox: Box3;
}

function openingParts(wall: WallRecord, opening: OpeningRecord, elevation: number, env: ViewEnv): OpeningPart[] {
  const { materials } = env;
  const parts = buildOpeningMesh(wall, opening, elevation);
  const frameMaterial = parts.frameKind === 'window' ? materials.windowFrame : materials.doorFrame;
  const out: OpeningPart[] = [];
  for (const [geometry, material] of [
    [parts.frame, frameMaterial],
    [parts.leaf, materials.leaf],
    [parts.metal, materials.metal],
    [parts.stone, materials.stone],
    [parts.glass, materials.glass],
  ] as const) {
    if (geometry) out.push({ geometry, material, castShadow: material !== materials.glass, lines: false });
  }
  // An opening's few edges are built with it whatever the view mode.
  if (parts.edges) out.push({ geometry: parts.edges, material: materials.edge, castShadow: false, lines: true });
  return out;
}

function fillOpening(group: Object3D, parts: readonly OpeningPart[], offset: Vector3, env: ViewEnv): void {
  for (const part of parts) group.add(part.lines ? env.lines(part.geometry) : env.surfaceMesh(part.geometry, part.material, part.castShadow));
  group.position.copy(offset);
}

export const openingView: ViewKind<'opening', OpeningState> = {
  type: 'opening',
  indexes: [openingsOfWall],
  dependsOn: {
    wall: (w, q) => q.indexed(openingsOfWall, w.id).map((o) => o.id),
    storey: (s, q) => q.indexed(wallsOfStorey, s.id).flatMap((w) => q.indexed(openingsOfWall, w.id).map((o) => o.id)),
  },
  storeyOf: (o, records) => records.getOfType(o.wallId, 'wall')?.storeyId ?? null,
  update(opening, env, old) {
    const wall = env.records.getOfType(opening.wallId, 'wall');
    if (!wall) return null;
    const elevation = env.elevationOf(wall.storeyId);
    const axes = wallAxes(wall);
    const shape = [opening.kind, opening.width, opening.height, opening.elevation, opening.flipSide, opening.flipHinge, wall.thickness, wall.height, elevation, axes.u.x, axes.u.y].join(':');
    const anchor = { x: wall.start.x + axes.u.x * opening.offset, y: wall.start.y + axes.u.y * opening.offset };
    if (old?.shape === shape) {
      if (old.anchor.x === anchor.x && old.anchor.y === anchor.y) return undefined;
      // Same parts, another place along a wall running the same way: new meshes over the same geometries, moved.
      const { builtAt, parts, builtBox } = old;
      const offset = new Vector3((anchor.x - builtAt.x) * MM, 0, -(anchor.y - builtAt.y) * MM);
      return {
        state: { ...old, anchor },
        fill: (group) => fillOpening(group, parts, offset, env),
        keepGeometry: true,
        box: builtBox.clone().translate(offset),
        edges: true,
        moved: true,
      };
    }
    const parts = openingParts(wall, opening, elevation, env);
    const builtBox = new Box3();
    return {
      state: { shape, anchor, builtAt: anchor, parts, builtBox },
      fill: (group) => {
        fillOpening(group, parts, new Vector3(), env);
        builtBox.copy(boxOf(group));
      },
      edges: true,
    };
  },
};
