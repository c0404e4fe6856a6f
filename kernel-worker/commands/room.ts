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

/** A floor tile size, mm. */
export interface TileSize {
  readonly width: number;
  readonly height: number;
}

/** catalogues.md §3: default tile size 1800 x 1800 (master bedroom 3041 x 3000). */
export const DEFAULT_FLOOR_TILE: TileSize = { width: 1800, height: 1800 };

/**
 * Room types that are outdoors (catalogues.md §3: terrace, outdoor, exterior, entrance garden).
 * The spec lists the names of 201-227 in order without numbers; counted from both ends of that
 * list: terrace 201, outdoor 222, exterior 223, entrance garden 224.
 */
export const OUTDOOR_ROOM_TYPES: readonly number[] = [201, 222, 223, 224];

/**
 * The room types with a default floor tile of their own (catalogues.md §3: guest room, kitchen,
 * master bedroom, hallway, restroom and the outdoor types). Only the master bedroom's size differs
 * from the default in the spec; the others are listed so the table says which types have one.
 */
export const DEFAULT_FLOOR_TILES: ReadonlyMap<number, TileSize> = new Map<number, TileSize>([
  [2, { width: 3041, height: 3000 }], // master bedroom
  [3, DEFAULT_FLOOR_TILE], // guest bedroom
  [7, DEFAULT_FLOOR_TILE], // kitchen
  [8, DEFAULT_FLOOR_TILE], // bathroom (restroom)
  [10, DEFAULT_FLOOR_TILE], // entrance (hallway)
  ...OUTDOOR_ROOM_TYPES.map((type) => [type, DEFAULT_FLOOR_TILE] as const),
]);

/** The floor tile a room of this type is paved with by default (renderer, plan view). */
export function defaultFloorTile(roomType: number): TileSize {
  return DEFAULT_FLOOR_TILES.get(roomType) ?? DEFAULT_FLOOR_TILE;
}
