import type { FloorOpeningRecord, StoreyRecord, Vec2 } from '../../../protocol/records';
import { outlineEdges, wellSidesGeometry } from '../../render/room-mesh';
import { sameBuild } from '../room/view';
import { viewIndex, type ViewKind, type ViewQuery } from '../view-kind';

// A floor opening in 3D is a hole: the floors of its storey's rooms and the ceilings of the rooms
// of the storey right below (by elevation) leave it out (kinds/room/view.ts, ceiling/view.ts).
// Its own view is the edge of the floor round the hole, a band facing into it, so the hole reads
// as one from any side.

export const floorOpeningsOfStorey = viewIndex('floorOpening', 'floorOpeningsOfStorey', (o) => o.storeyId);

/** mm: how deep the floor's edge round a hole is drawn (a slab's thickness). */
export const WELL_EDGE_DEPTH = 150;

/** The storey right above (the lowest higher elevation), or undefined. */
export function storeyAbove(records: ViewQuery['records'], storeyId: string): StoreyRecord | undefined {
  const own = records.getOfType(storeyId, 'storey');
  if (!own) return undefined;
  let best: StoreyRecord | undefined;
  for (const s of records.ofType('storey')) if (s.elevation > own.elevation && (!best || s.elevation < best.elevation)) best = s;
  return best;
}

/**
 * The storey right below (the highest lower elevation), or undefined. Given the storey record
 * itself (as a diff has it: a removed storey too), else its id.
 */
export function storeyBelow(records: ViewQuery['records'], storey: string | StoreyRecord): StoreyRecord | undefined {
  const own = typeof storey === 'string' ? records.getOfType(storey, 'storey') : storey;
  if (!own) return undefined;
  let best: StoreyRecord | undefined;
  for (const s of records.ofType('storey')) if (s.id !== own.id && s.elevation < own.elevation && (!best || s.elevation > best.elevation)) best = s;
  return best;
}

/** The outlines of a storey's floor openings: holes in its floors. */
export function floorCuts(q: ViewQuery, storeyId: string): readonly (readonly Vec2[])[] {
  return q.indexed(floorOpeningsOfStorey, storeyId).map((o) => o.outline);
}

/** The outlines of the floor openings of the storey above: holes in this storey's ceilings. */
export function ceilingCuts(q: ViewQuery, storeyId: string): readonly (readonly Vec2[])[] {
  const above = storeyAbove(q.records, storeyId);
  return above ? floorCuts(q, above.id) : [];
}

/** A key for a list of cut outlines: equal lists, equal keys (build states compare it). */
export function cutsKey(cuts: readonly (readonly Vec2[])[]): string {
  return cuts.length === 0 ? '' : JSON.stringify(cuts);
}

interface OpeningState {
  readonly outline: readonly Vec2[];
  readonly elevation: number;
}

export const floorOpeningView: ViewKind<'floorOpening', OpeningState> = {
  type: 'floorOpening',
  indexes: [floorOpeningsOfStorey],
  dependsOn: {
    storey: (s, q) => q.indexed(floorOpeningsOfStorey, s.id).map((o) => o.id),
  },
  storeyOf: (o: FloorOpeningRecord) => o.storeyId,
  update(o, env, old) {
    const elevation = env.elevationOf(o.storeyId);
    const state: OpeningState = { outline: o.outline, elevation };
    if (sameBuild(old, state)) return undefined;
    return {
      state,
      fill: (group) => {
        const sides = wellSidesGeometry(o.outline, elevation + 1, WELL_EDGE_DEPTH);
        if (sides) group.add(env.surfaceMesh(sides, env.materials.ceiling, false));
        if (env.edges) group.add(env.lines(outlineEdges(o.outline, elevation + 1)));
      },
    };
  },
  edges: (o, _state, group, env) => (group.children.length > 0 ? outlineEdges(o.outline, env.elevationOf(o.storeyId) + 1) : null),
};
