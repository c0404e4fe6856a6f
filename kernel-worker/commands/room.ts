import type { CommandArgs } from '../../protocol/commands';
import type { RoomRecord } from '../../protocol/records';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { signedArea } from '../geometry/polygon';
import { chosenIdArg, claimId, removeCommand, storeyFor, updateCommand } from './common';
import type { CommandDef } from './types';

// Rooms are normally made by the walls (reconcile.ts: the faces of the wall graph, kept by the
// upkeep pass, which also keeps meta.roomType); these commands name and type them. room.add makes a free-standing room from an outline (imports without walls);
// the next wall change on its storey keeps it only where it overlaps a face.

const shape = RECORD_SHAPES.room;

/** A room needs a floor: an outline enclosing at least 1 cm². */
function assertHasArea(_tx: unknown, room: RoomRecord): void {
  if (Math.abs(signedArea(room.outline)) < 100) throw new Error(`room ${room.id}: outline encloses no area`);
}

export const addRoom: CommandDef<'room.add'> = {
  args: object<CommandArgs<'room.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    name: optional(shape.name),
    roomType: optional(shape.roomType),
    outline: shape.outline,
    height: optional(shape.height),
  }),
  history: 'undoable',
  run(tx, a) {
    const storey = storeyFor(tx, a.storeyId);
    const room: RoomRecord = {
      id: claimId(tx, 'room', a.id),
      type: 'room',
      storeyId: storey.id,
      name: a.name ?? '',
      roomType: a.roomType ?? 0,
      outline: a.outline,
      height: a.height ?? storey.layerHeight,
    };
    assertHasArea(tx, room);
    tx.put(room);
    return { id: room.id };
  },
};

export const updateRoom = updateCommand('room', assertHasArea);

export const removeRoom = removeCommand('room');

export { DEFAULT_FLOOR_TILE, DEFAULT_FLOOR_TILES, defaultFloorTile, OUTDOOR_ROOM_TYPES, type TileSize } from '../kinds/room/defaults';
