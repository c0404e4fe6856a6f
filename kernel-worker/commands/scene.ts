import type { CommandArgs } from '../../protocol/commands';
import type { StoreyRecord, Vec2, WallRecord } from '../../protocol/records';
import { CheckError, finite, object, optional, type Check } from '../document/check';
import { ensureMeta, getView, updateView } from '../document/session-records';
import type { Transaction } from '../document/store';
import { rectangle } from '../geometry/polygon';
import { storeyName } from './storey';
import type { CommandDef } from './types';

/**
 * The default room (spec: "New OEM-mode room 6000 by 5000"). Width and depth are measured on the
 * wall centre lines, the convention walls are stored in, so the inner floor is
 * (width - thickness) x (depth - thickness): 5760 x 4760 mm = 27.42 m² for the defaults.
 */
export const DEFAULT_ROOM = { width: 6000, depth: 5000, wallThickness: 240, wallHeight: 2800 } as const;

type Args = CommandArgs<'scene.createDefaultRoom'>;

const baseArgs = object<Args>({
  width: optional(finite({ gt: 0, max: 100_000 })),
  depth: optional(finite({ gt: 0, max: 100_000 })),
  wallThickness: optional(finite({ min: 10, max: 2_000 })),
  wallHeight: optional(finite({ min: 100, max: 20_000 })),
});

const args: Check<Args> = (value, path) => {
  const a = baseArgs(value, path);
  const thickness = a.wallThickness ?? DEFAULT_ROOM.wallThickness;
  for (const field of ['width', 'depth'] as const) {
    const size = a[field] ?? DEFAULT_ROOM[field];
    // The inner outline must keep at least 100 mm once the walls take their half thickness.
    if (size < thickness + 100) {
      throw new CheckError(field, `must be at least wallThickness + 100 (${thickness + 100}), got ${size}`);
    }
  }
  return a;
};

/**
 * The default room's records have ids derived from their storey, so running the command again
 * updates that room (new size, thickness…) instead of stacking a second one on top of it.
 */
export function defaultRoomIds(storeyId: string) {
  return {
    room: `${storeyId}.default-room`,
    walls: (['south', 'east', 'north', 'west'] as const).map((side) => `${storeyId}.default-wall-${side}`),
  };
}

function targetStorey(tx: Transaction, layerHeight: number): StoreyRecord {
  const storeys = tx.ofType('storey');
  const current = getView(tx).currentStoreyId;
  const existing = storeys.find((s) => s.id === current) ?? [...storeys].sort((a, b) => a.index - b.index)[0];
  if (existing) return existing;
  const storey: StoreyRecord = { id: tx.newId('storey'), type: 'storey', index: 0, name: storeyName(0), elevation: 0, layerHeight };
  tx.put(storey);
  return storey;
}

export const createDefaultRoom: CommandDef<'scene.createDefaultRoom'> = {
  args,
  history: 'undoable',
  run(tx, a, context) {
    const width = a.width ?? DEFAULT_ROOM.width;
    const depth = a.depth ?? DEFAULT_ROOM.depth;
    const thickness = a.wallThickness ?? DEFAULT_ROOM.wallThickness;
    const height = a.wallHeight ?? DEFAULT_ROOM.wallHeight;
    ensureMeta(tx);
    const storey = targetStorey(tx, height);
    const ids = defaultRoomIds(storey.id);

    // Centre lines from the origin, walls running counter-clockwise so each wall's left is inside.
    const centre = rectangle(0, 0, width, depth);
    const walls: WallRecord[] = centre.map((start, i) => ({
      id: ids.walls[i]!,
      type: 'wall',
      storeyId: storey.id,
      start,
      end: centre[(i + 1) % centre.length]!,
      thickness,
      height,
      wallType: 'normal',
    }));
    walls.forEach((w) => tx.put(w));

    // The room comes from the walls like any drawn room (the upkeep pass, settled here to check it).
    // A first run seeds the record under its derived id with the expected inner outline, so the
    // detected face keeps that id.
    if (!tx.getOfType(ids.room, 'room')) {
      const half = thickness / 2;
      const outline: Vec2[] = rectangle(half, half, width - half, depth - half);
      tx.put({ id: ids.room, type: 'room', storeyId: storey.id, name: '', roomType: 0, outline, height });
    }
    context.settle();
    if (!tx.getOfType(ids.room, 'room')) throw new Error(`the default room's walls enclose no room on storey ${storey.id}: other walls run through it`);
    if (getView(tx).currentStoreyId === null) updateView(tx, { currentStoreyId: storey.id });
    return { roomId: ids.room, wallIds: walls.map((w) => w.id) };
  },
};
