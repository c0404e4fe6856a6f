import type { RoomRecord } from '../../../protocol/records';
import type { RoomSummary } from '../../../protocol/snapshot';
import { arrayOf, optional } from '../../document/check';
import type { RecordReader } from '../../document/store';
import { netFloorMm2 } from '../../geometry/floor-openings';
import { storeyFloorOpenings } from '../floorOpening/record';
import { hasCeiling } from '../ceiling/record';
import { code, id, label, length, literal, surfaceMaterials, vec2 } from '../fields';
import type { RecordKind } from '../record-kind';

/**
 * The room's floor in m², two decimals: inside its walls, less the floor openings (stairwells,
 * voids) of its storey where they lie inside it.
 */
export function roomArea(room: RoomRecord, records: Pick<RecordReader, 'referring'>): number {
  const openings = storeyFloorOpenings(records, room.storeyId);
  return Math.round(netFloorMm2(room.outline, openings) / 10_000) / 100;
}

export function roomSummary(room: RoomRecord, records: RecordReader): RoomSummary {
  // groundArea will differ once columns and flues are deducted.
  const area = roomArea(room, records);
  return { id: room.id, name: room.name, roomType: room.roomType, area, groundArea: area, storeyId: room.storeyId };
}

export const roomRecordKind = {
  type: 'room',
  scope: 'document',
  shape: {
    id,
    type: literal('room'),
    storeyId: id,
    name: label,
    roomType: code,
    outline: arrayOf(vec2, { minLength: 3, maxLength: 100_000 }),
    height: length(100_000),
    materials: optional(surfaceMaterials(['floor', 'ceiling'] as const)),
  },
  refersTo: ['storey'],
  references: (r) => [{ field: 'storeyId', id: r.storeyId, type: 'storey' }],
  defaults: { name: '', roomType: 0 },
  snapshot: {
    entries: {
      part: 'rooms',
      entry: roomSummary,
      // An opening takes floor from the rooms of its storey (both storeys when it moved between them).
      follows: { floorOpening: (o, records) => records.referring(o.storeyId, 'room').map((r) => r.id) },
    },
    selected: (room, records) => {
      const { name, roomType, area, groundArea } = roomSummary(room, records);
      return { kind: 'room', id: room.id, name, roomType, area, groundArea, height: room.height, isHaveCeil: hasCeiling(records, room.id) };
    },
    selectedReads: ['ceiling', 'floorOpening'],
    probeRoom: (room) => ({ room }),
  },
} satisfies RecordKind<'room'>;
