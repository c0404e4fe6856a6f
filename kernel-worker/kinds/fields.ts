import { OPENING_KINDS, TILE_IMAGE_PATTERN, WALL_COLOR_NAMES, type AppliedMaterial, type SurfaceMaterials, type Vec2, type Vec3 } from '../../protocol/records';
import { CheckError, describeValue, finite, isPlainObject, joinPath, object, oneOf, optional, string, type Check, type Shape } from '../document/check';

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

/** A library material as records embed it (protocol AppliedMaterial). */
export const appliedMaterial = object<AppliedMaterial>({
  id: finite({ integer: true, min: 0, max: 2_147_483_647 }),
  materialId: string({ pattern: /^[A-Za-z0-9_-]{1,64}$/ }),
  name: label,
  color: string({ pattern: /^#[0-9a-fA-F]{6}$/ }),
  roughness: finite({ min: 0, max: 1 }),
  metalness: finite({ min: 0, max: 1 }),
  opacity: optional(finite({ gt: 0, max: 1 })),
  map: optional(tileImage),
  normalMap: optional(tileImage),
  tileSize: finite({ min: 10, max: 10_000 }),
});

/** The materials on a record's faces: an object of `faces`, each optional. */
export function surfaceMaterials<F extends string>(faces: readonly F[]): Check<SurfaceMaterials<F>> {
  const shape = Object.fromEntries(faces.map((f) => [f, optional(appliedMaterial)])) as unknown as Shape<SurfaceMaterials<F>>;
  return object(shape);
}

/** GLB material names, as the furniture generators and uploaded files write them. */
export const PART_NAME_PATTERN = /^[A-Za-z0-9_.:() -]{1,64}$/;
/** More parts than any catalogue model has; keeps a bad file from growing without end. */
const MAX_PARTS = 64;

/** A model's part materials by part name. */
export const partMaterials: Check<{ readonly [part: string]: AppliedMaterial }> = (value, path) => {
  if (!isPlainObject(value)) throw new CheckError(path, `must be an object of part names to materials, got ${describeValue(value)}`);
  const keys = Object.keys(value);
  if (keys.length > MAX_PARTS) throw new CheckError(path, `must name at most ${MAX_PARTS} parts, got ${keys.length}`);
  const out: Record<string, AppliedMaterial> = {};
  for (const key of keys) {
    if (!PART_NAME_PATTERN.test(key)) throw new CheckError(joinPath(path, key), `is not a part name (${String(PART_NAME_PATTERN)})`);
    out[key] = appliedMaterial(value[key], joinPath(path, key));
  }
  return out;
};
