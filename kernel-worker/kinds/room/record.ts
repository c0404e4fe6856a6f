import type { RoomRecord } from '../../../protocol/records';
import type { RoomSummary } from '../../../protocol/snapshot';
import { arrayOf, optional } from '../../document/check';
import { areaSquareMetres } from '../../geometry/polygon';
import { hasCeiling } from '../ceiling/record';
import { code, id, label, length, literal, surfaceMaterials, vec2 } from '../fields';
import type { RecordKind } from '../record-kind';

export function roomSummary(room: RoomRecord): RoomSummary {
  // The floor inside the walls; groundArea will differ once columns and flues are deducted.
  const area = areaSquareMetres(room.outline);
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
    entries: { part: 'rooms', entry: roomSummary },
    selected: (room, records) => {
      const { name, roomType, area, groundArea } = roomSummary(room);
      return { kind: 'room', id: room.id, name, roomType, area, groundArea, height: room.height, isHaveCeil: hasCeiling(records, room.id) };
    },
    selectedReads: ['ceiling'],
    probeRoom: (room) => ({ room }),
  },
} satisfies RecordKind<'room'>;
