import type { BufferGeometry, Vector3 } from 'three';
import { WALL_COLORS, type WallPanelRecord, type WallRecord } from '../../../protocol/records';
import { footprintsFor } from '../../geometry/graph-cache';
import { boxEdges, boxSurface } from '../../render/box-solids';
import { planToWorld } from '../../render/coords';
import { wallAxes, wallPoint, type WallAxes } from '../../render/wall-cut';
import { openingsOfWall } from '../opening/view';
import { viewIndex, type ViewEnv, type ViewKind } from '../view-kind';
import { wallsOfStorey } from '../wall/view';
import { panelBoxes, panelSpans, type PanelBox } from './parts';

// Wainscoting in 3D: its boards (parts.ts) as boxes standing on its wall's face, painted in its
// colour. Built from its wall, the wall's openings and the wall's footprint, so a wall that moves
// or a neighbour that changes the face's ends builds it again; an unchanged result keeps it.

export const panelsOfWall = viewIndex('wallPanel', 'panelsOfWall', (p) => p.wallId);

/** Its boxes' corners in world metres: the eight corners of a box, bottom four then top four. */
function corners(axes: WallAxes, box: PanelBox, elevation: number): Vector3[] {
  const out: Vector3[] = [];
  for (const y of box.height) {
    for (const [a, c] of [[0, 0], [1, 0], [1, 1], [0, 1]] as const) out.push(planToWorld(wallPoint(axes, box.along[a], box.across[c]), elevation + y));
  }
  return out;
}

/** The boxes as one flat-shaded surface and their outlines. */
function boxesGeometry(axes: WallAxes, boxes: readonly PanelBox[], elevation: number, edges: boolean): { surface: BufferGeometry; edges: BufferGeometry | null } {
  const solids = boxes.map((box) => corners(axes, box, elevation));
  return { surface: boxSurface(solids), edges: edges ? boxEdges(solids) : null };
}

interface PanelState {
  readonly key: string;
  readonly boxes: readonly PanelBox[];
  readonly axes: WallAxes;
  readonly elevation: number;
}

function boxesOf(panel: WallPanelRecord, wall: WallRecord, env: ViewEnv): PanelBox[] {
  const footprint = footprintsFor(env.indexed(wallsOfStorey, wall.storeyId)).footprints.get(wall.id) ?? [];
  return panelBoxes(panel, wall, panelSpans(panel, wall, footprint, env.indexed(openingsOfWall, wall.id)));
}

export const wallPanelView: ViewKind<'wallPanel', PanelState> = {
  type: 'wallPanel',
  indexes: [panelsOfWall],
  dependsOn: {
    wall: (w, q) => q.indexed(panelsOfWall, w.id).map((p) => p.id),
    opening: (o, q) => q.indexed(panelsOfWall, o.wallId).map((p) => p.id),
    storey: (s, q) => q.indexed(wallsOfStorey, s.id).flatMap((w) => q.indexed(panelsOfWall, w.id).map((p) => p.id)),
  },
  // A wall meeting the panel's wall moves the face's ends: look again at the storey's panels
  // (update keeps those whose boxes came out the same).
  revisit(touched, env) {
    const out: string[] = [];
    const storeys = new Set<string>();
    for (const r of touched) if (r.type === 'wall' && !storeys.has(r.storeyId)) storeys.add(r.storeyId);
    for (const storeyId of storeys) for (const w of env.indexed(wallsOfStorey, storeyId)) for (const p of env.indexed(panelsOfWall, w.id)) out.push(p.id);
    return out;
  },
  storeyOf: (p, records) => records.getOfType(p.wallId, 'wall')?.storeyId ?? null,
  update(panel, env, old) {
    const wall = env.records.getOfType(panel.wallId, 'wall');
    if (!wall) return null;
    const boxes = boxesOf(panel, wall, env);
    const elevation = env.elevationOf(wall.storeyId);
    const axes = wallAxes(wall);
    const key = JSON.stringify([axes, elevation, panel.color, boxes]);
    if (old?.key === key) return undefined;
    return {
      state: { key, boxes, axes, elevation },
      fill: (group) => {
        if (boxes.length === 0) return;
        const built = boxesGeometry(axes, boxes, elevation, env.edges);
        group.add(env.surfaceMesh(built.surface, env.materials.surface({ kind: 'wall', colour: WALL_COLORS[panel.color], tile: null })));
        if (built.edges) group.add(env.lines(built.edges));
      },
    };
  },
  edges: (_panel, state) => (state.boxes.length > 0 ? boxesGeometry(state.axes, state.boxes, state.elevation, true).edges : null),
};
