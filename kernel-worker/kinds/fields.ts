import { OPENING_KINDS, TILE_IMAGE_PATTERN, WALL_COLOR_NAMES, type Vec2, type Vec3 } from '../../protocol/records';
import { finite, object, oneOf, string, type Check } from '../document/check';

// Field checks that several record kinds (and command arguments) share.

/** Plan coordinates and lengths are millimetres; a kilometre is far beyond any building. */
export const COORD_LIMIT = 1_000_000;

export const RECORD_ID_PATTERN = /^[A-Za-z0-9_.:/-]{1,128}$/;
export const id = string({ pattern: RECORD_ID_PATTERN });
export const coord = finite({ min: -COORD_LIMIT, max: COORD_LIMIT });
export const vec2 = object<Vec2>({ x: coord, y: coord });
export const length = (max: number) => finite({ gt: 0, max });
export const code = finite({ integer: true, min: 0, max: 100_000 });
export const label = string({ maxLength: 200 });
export const position = object<Vec3>({ x: coord, y: coord, z: coord });
export const size3 = object<Vec3>({ x: length(100_000), y: length(100_000), z: length(100_000) });
export const angle = finite({ min: -100, max: 100 });
export const wallType = oneOf(['normal', 'loadBearing', 'partition'] as const);
export const wallColor = oneOf(WALL_COLOR_NAMES);
export const tileImage = string({ pattern: TILE_IMAGE_PATTERN });
export const openingKind = oneOf(OPENING_KINDS);

export function literal<T extends string>(value: T): Check<T> {
  return oneOf([value] as const) as Check<T>;
}
