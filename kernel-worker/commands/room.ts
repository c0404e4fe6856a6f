import type { CommandArgs } from '../../protocol/commands';
import type { RoomRecord } from '../../protocol/records';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { signedArea } from '../geometry/polygon';
import { addOnStorey, chosenIdArg, removeCommand, requireRecord, updateCommand } from './common';
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
    const added = addOnStorey(tx, 'room', a, (storey) => ({
      name: a.name ?? '',
      roomType: a.roomType ?? 0,
      outline: a.outline,
      height: a.height ?? storey.layerHeight,
    }));
    assertHasArea(tx, requireRecord(tx, added.id, 'room'));
    return added;
  },
};

export const updateRoom = updateCommand('room', assertHasArea);

export const removeRoom = removeCommand('room');

export { DEFAULT_FLOOR_TILE, DEFAULT_FLOOR_TILES, defaultFloorTile, OUTDOOR_ROOM_TYPES, type TileSize } from '../kinds/room/defaults';
