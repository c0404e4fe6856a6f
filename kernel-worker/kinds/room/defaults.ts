// A room's defaults that the views read too (the 3D floor, the plan): kept out of commands/ so
// that render/ need not import the commands.

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
