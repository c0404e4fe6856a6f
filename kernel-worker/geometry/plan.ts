import { computeCaps, computeJoints, type Caps, type Joints } from './joints';
import { detectRooms, type DetectedRoom } from './rooms';
import { footprintsFromGraph, usableIntervalsFromGraph, type WallFootprint } from './wall-footprint';
import { buildWallGraph, type WallGraph, type WallInput, type WallSplit } from './wall-graph';

// One storey's walls in, everything the floor plan derives from them out: the split plan, the
// mitred footprints, the rooms and where openings may go.

export interface FloorPlan {
  readonly graph: WallGraph;
  readonly joints: Joints;
  readonly caps: Caps;
  /** per input wall, in input order: how to rewrite it so walls meet only at their ends */
  readonly splits: readonly WallSplit[];
  readonly footprints: ReadonlyMap<string, WallFootprint>;
  /** per wall id: the intervals along it (mm from its start) where both faces are whole */
  readonly usable: ReadonlyMap<string, readonly (readonly [number, number])[]>;
  readonly rooms: readonly DetectedRoom[];
  /** per graph edge: 1 when it bounds a room face, 0 for dangling walls and bridges */
  readonly bounding: Uint8Array;
}

export function analysePlan(walls: readonly WallInput[], tolerance?: number): FloorPlan {
  const graph = buildWallGraph(walls, tolerance);
  const joints = computeJoints(graph);
  const caps = computeCaps(graph, joints);
  const { rooms, bounding } = detectRooms(graph, joints);
  return {
    graph,
    joints,
    caps,
    splits: graph.splits,
    footprints: footprintsFromGraph(graph, joints, caps),
    usable: usableIntervalsFromGraph(graph, joints, caps),
    rooms,
    bounding,
  };
}
