import type { Material, Object3D } from 'three';
import { WALL_COLORS, type OpeningRecord, type WallRecord } from '../../../protocol/records';
import { footprintsFor, footprintStats } from '../../geometry/graph-cache';
import { sameFootprint, type WallFootprint } from '../../geometry/wall-footprint';
import { lookKey, materialLook, type SurfaceLook } from '../../render/materials';
import { buildWallMesh } from '../../render/wall-mesh';
import { openingsOfWall } from '../opening/view';
import { surfaceLook } from '../paving/view';
import { viewIndex, type ViewEnv, type ViewKind } from '../view-kind';

// A wall: its footprint (mitred at its joints, geometry/graph-cache.ts) extruded, cut at its
// openings, its sides dressed by the pavings on them. A wall is built again when its footprint
// changed (a wall meeting it moved: the storey's footprints are made again only for the changed
// walls and their neighbours, and an unchanged one is the same object), its height or floor, its
// openings' holes or its looks.

export const wallsOfStorey = viewIndex('wall', 'wallsOfStorey', (w) => w.storeyId);

interface WallState {
  readonly footprint: WallFootprint;
  readonly height: number;
  readonly elevation: number;
  readonly openings: string;
  readonly looks: string;
}

/** The footprints a sync computed, by wall (the sync's env: one per sync). */
const footprintsOfSync = new WeakMap<ViewEnv, Map<string, WallFootprint>>();

/** What of an opening its wall's hole depends on. */
function openingSignature(o: OpeningRecord): string {
  return `${o.id}:${o.kind}:${o.offset}:${o.width}:${o.height}:${o.elevation}`;
}

function footprintOf(wall: WallRecord, env: ViewEnv, old: WallState | undefined): WallFootprint {
  const fresh = footprintsOfSync.get(env)?.get(wall.id);
  if (fresh) return fresh;
  if (old) return old.footprint;
  return footprintsFor(env.indexed(wallsOfStorey, wall.storeyId)).footprints.get(wall.id) ?? [];
}

/** A face's library material, else its paving's look, else none (the wall's paint). */
function faceLook(wall: WallRecord, face: 'left' | 'right', env: ViewEnv): SurfaceLook | null {
  const applied = wall.materials?.[face];
  return applied ? materialLook('wall', applied) : surfaceLook(env, wall.id, face);
}

function fill(group: Object3D, wall: WallRecord, footprint: WallFootprint, own: readonly OpeningRecord[], elevation: number, env: ViewEnv): void {
  // Usually one outline; two for a wall another runs straight across, none for a redundant one.
  const left = faceLook(wall, 'left', env);
  const right = faceLook(wall, 'right', env);
  const sides = left !== null || right !== null;
  const mesh = buildWallMesh(wall, footprint, own, elevation, { sides, edges: env.edges });
  if (!mesh.surface) return;
  const { materials } = env;
  // A painted wall shares one material per colour; pavings still cover its sides.
  const paint = wall.color ? materials.surface({ kind: 'wall', colour: WALL_COLORS[wall.color], tile: null }) : materials.wall;
  let material: Material | Material[] = paint;
  if (sides && mesh.surface.groups.length > 0) material = [paint, left ? materials.surface(left) : paint, right ? materials.surface(right) : paint];
  group.add(env.surfaceMesh(mesh.surface, material));
  if (mesh.edges) group.add(env.lines(mesh.edges));
}

export const wallView: ViewKind<'wall', WallState> = {
  type: 'wall',
  indexes: [wallsOfStorey],
  dependsOn: {
    opening: (o) => [o.wallId],
    paving: (p) => (p.surface.face === 'left' || p.surface.face === 'right' ? [p.surface.id] : []),
    storey: (s, q) => q.indexed(wallsOfStorey, s.id).map((w) => w.id),
  },
  revisit(touched, env, stateOf) {
    const storeys = new Set<string>();
    for (const r of touched) {
      if (r.type === 'wall') storeys.add(r.storeyId);
      else if (r.type === 'storey') storeys.add(r.id);
    }
    const out: string[] = [];
    const computed = new Map<string, WallFootprint>();
    footprintsOfSync.set(env, computed);
    for (const storeyId of storeys) {
      const walls = env.indexed(wallsOfStorey, storeyId);
      if (walls.length === 0) continue;
      footprintStats.computed = 0;
      const { footprints, reused } = footprintsFor(walls);
      if (reused) env.counters.graphsReused += 1;
      env.counters.footprints += footprintStats.computed;
      footprintStats.computed = 0;
      for (const wall of walls) {
        const f = footprints.get(wall.id) ?? [];
        computed.set(wall.id, f);
        if (stateOf(wall.id)?.footprint !== f) out.push(wall.id);
      }
    }
    return out;
  },
  storeyOf: (wall) => wall.storeyId,
  update(wall, env, old) {
    const footprint = footprintOf(wall, env, old);
    const own = env.indexed(openingsOfWall, wall.id);
    const elevation = env.elevationOf(wall.storeyId);
    const openings = own.map(openingSignature).sort().join('|');
    const left = faceLook(wall, 'left', env);
    const right = faceLook(wall, 'right', env);
    const looks = `${wall.color ?? ''}/${left ? lookKey(left) : ''}/${right ? lookKey(right) : ''}`;
    if (old && sameFootprint(old.footprint, footprint) && old.height === wall.height && old.elevation === elevation && old.openings === openings && old.looks === looks) return undefined;
    return {
      state: { footprint, height: wall.height, elevation, openings, looks },
      fill: (group) => fill(group, wall, footprint, own, elevation, env),
    };
  },
  edges(wall, state, _group, env) {
    const mesh = buildWallMesh(wall, state.footprint, env.indexed(openingsOfWall, wall.id), state.elevation, { edges: true });
    mesh.surface?.dispose();
    return mesh.edges;
  },
};
