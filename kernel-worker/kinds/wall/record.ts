import type { Vec2 } from '../../../protocol/records';
import { CheckError, joinPath, optional } from '../../document/check';
import { id, length, literal, surfaceMaterials, vec2, wallColor, wallType } from '../fields';
import { MigrationError, type RecordKind } from '../record-kind';

/** catalogues.md §9: wall thickness 240 (user config wallThickness). A new wall's height is its storey's. */
export const DEFAULT_WALL_THICKNESS = 240;

/** Points just off a wall's faces at `offset` along it: its left side first (right first when flipped). */
export function besideWall(wall: { start: Vec2; end: Vec2; thickness: number }, offset: number, flip: boolean): Vec2[] {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const length = Math.hypot(dx, dy) || 1;
  const at = { x: wall.start.x + (dx * offset) / length, y: wall.start.y + (dy * offset) / length };
  // 50 mm past the face: clear of rounding at the face, well inside any room.
  const reach = wall.thickness / 2 + 50;
  const left = { x: at.x - (dy / length) * reach, y: at.y + (dx / length) * reach };
  const right = { x: at.x + (dy / length) * reach, y: at.y - (dx / length) * reach };
  return flip ? [right, left] : [left, right];
}

const wallLength = (wall: { start: Vec2; end: Vec2 }) => Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y);

export const wallRecordKind = {
  type: 'wall',
  scope: 'document',
  shape: {
    id,
    type: literal('wall'),
    storeyId: id,
    start: vec2,
    end: vec2,
    thickness: length(5_000),
    height: length(100_000),
    wallType,
    color: optional(wallColor),
    materials: optional(surfaceMaterials(['left', 'right'] as const)),
  },
  rules: [
    (wall, path) => {
      if (wallLength(wall) < 1) throw new CheckError(joinPath(path, 'end'), 'must be at least 1 mm away from start');
    },
  ],
  refersTo: ['storey'],
  references: (w) => [{ field: 'storeyId', id: w.storeyId, type: 'storey' }],
  migrations: [
    {
      // Files from before partition walls existed marked a wall only as load-bearing or not.
      from: 1,
      to: 2,
      name: 'boolean loadBearing becomes wallType',
      up(record) {
        const { loadBearing, ...rest } = record;
        if (typeof loadBearing !== 'boolean') {
          throw new MigrationError(`loadBearing must be true or false, got ${JSON.stringify(loadBearing) ?? 'nothing'}`);
        }
        return { ...rest, wallType: loadBearing ? 'loadBearing' : 'normal' };
      },
    },
  ],
  defaults: { thickness: DEFAULT_WALL_THICKNESS, wallType: 'normal' },
  snapshot: {
    selected: (wall) => ({
      kind: 'wall',
      id: wall.id,
      length: Math.round(wallLength(wall) * 10) / 10,
      thickness: wall.thickness,
      height: wall.height,
      wallType: wall.wallType,
      color: wall.color ?? null,
    }),
    // The room on its left at its middle, else the one on its right.
    probeRoom: (wall) => ({ storeyId: wall.storeyId, points: besideWall(wall, wallLength(wall) / 2, false) }),
  },
} satisfies RecordKind<'wall'>;
