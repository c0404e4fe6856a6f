import type { CeilingRecord, RoomRecord, Vec2 } from '../../../protocol/records';
import { lookKey, materialLook } from '../../render/materials';
import { outlineEdges, suspendedCeilingGeometry } from '../../render/room-mesh';
import { surfaceLook } from '../paving/view';
import { roomsOfStorey, sameBuild } from '../room/view';
import { ceilingCuts, cutsKey, storeyBelow } from '../floorOpening/view';
import { viewIndex, type ViewKind, type ViewQuery } from '../view-kind';

// A suspended ceiling hung in a room (the room then has no ceiling of its own), dressed by the
// library material or paving on the room's ceiling face.

export const ceilingsOfRoom = viewIndex('ceiling', 'ceilingsOfRoom', (c) => c.roomId);

function roomOf(ceiling: CeilingRecord, q: ViewQuery): RoomRecord | undefined {
  return q.records.getOfType(ceiling.roomId, 'room');
}

/** What a ceiling was built from (compared field by field, as a room's is). */
interface CeilingState {
  readonly outline: readonly Vec2[];
  readonly elevation: number;
  readonly hangs: number;
  readonly thickness: number;
  readonly look: string;
  readonly cuts: string;
}

export const ceilingView: ViewKind<'ceiling', CeilingState> = {
  type: 'ceiling',
  indexes: [ceilingsOfRoom],
  dependsOn: {
    room: (r, q) => q.indexed(ceilingsOfRoom, r.id).map((c) => c.id),
    paving: (p, q) => (p.surface.face === 'ceiling' ? q.indexed(ceilingsOfRoom, p.surface.id).map((c) => c.id) : []),
    storey: (s, q) => [s.id, storeyBelow(q.records, s)?.id].flatMap((id) => (id ? q.indexed(roomsOfStorey, id).flatMap((r) => q.indexed(ceilingsOfRoom, r.id).map((c) => c.id)) : [])),
    // The openings of the storey above cut the ceilings below them.
    floorOpening: (o, q) => {
      const below = storeyBelow(q.records, o.storeyId);
      return below ? q.indexed(roomsOfStorey, below.id).flatMap((r) => q.indexed(ceilingsOfRoom, r.id).map((c) => c.id)) : [];
    },
  },
  storeyOf: (c, records) => records.getOfType(c.roomId, 'room')?.storeyId ?? null,
  update(ceiling, env, old) {
    const room = roomOf(ceiling, env);
    if (!room) return null;
    const elevation = env.elevationOf(room.storeyId);
    // the room's ceiling material dresses the suspended ceiling that stands in for its own
    const look = room.materials?.ceiling ? materialLook('ceiling', room.materials.ceiling) : surfaceLook(env, room.id, 'ceiling');
    const cuts = ceilingCuts(env, room.storeyId);
    const state: CeilingState = { outline: room.outline, elevation, hangs: ceiling.elevation, thickness: ceiling.thickness, look: look ? lookKey(look) : '', cuts: cutsKey(cuts) };
    if (sameBuild(old, state)) return undefined;
    return {
      state,
      fill: (group) => {
        const geometry = suspendedCeilingGeometry(room.outline, elevation, ceiling.elevation, cuts);
        if (!geometry) return;
        group.add(env.surfaceMesh(geometry, look ? env.materials.surface(look) : env.materials.ceiling, false));
        if (env.edges) group.add(env.lines(outlineEdges(room.outline, elevation + ceiling.elevation)));
      },
    };
  },
  edges(ceiling, _key, group, env) {
    const room = roomOf(ceiling, env);
    return room && group.children.length > 0 ? outlineEdges(room.outline, env.elevationOf(room.storeyId) + ceiling.elevation) : null;
  },
};
