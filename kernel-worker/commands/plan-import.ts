import type { CommandArgs } from '../../protocol/commands';
import type { ImportedRoom, ImportedStorey } from '../../protocol/plan-import';
import type { OpeningRecord, StoreyRecord, WallRecord } from '../../protocol/records';
import { arrayOf, CheckError, object, optional, type Check } from '../document/check';
import { pointInRing } from '../geometry/polygon';
import { code, coord, label, length, vec2 } from '../kinds/fields';
import { claimId } from './common';
import { newOpening } from './opening';
import { joinWallEnds } from '../geometry/wall-join';
import { backAlong, floorOpeningInput, MAX_PLAN_OPENINGS, MAX_PLAN_WALLS, openingInput, putFloorOpening, wallInput } from './plan';
import { KernelRefusal } from '../../protocol/errors';
import { assertOpeningFits, OpeningRefused, openingWallInfo } from './reconcile';
import { storeyName } from './storey';
import type { CommandDef } from './types';
import { newWall } from './wall';

// plan.import: a plan read from another tool's file (kernel-worker/import/), built storey by storey
// as plan.build builds (the same joining of loose ends, the same upkeep splitting the walls and
// finding the rooms), in one undo step. Files are not drawn with this product's rules, so a door
// that lands across a joint or on another door is left out and counted instead of refusing the
// whole building.

/** Storeys per import: a tower, with a bound on runaway input. */
export const MAX_IMPORT_STOREYS = 200;

const roomInput = object<ImportedRoom>({ at: vec2, name: label, roomType: code });

const storeyInput: Check<ImportedStorey> = (value, path) => {
  const s = object<ImportedStorey>({
    name: label,
    elevation: coord,
    height: length(100_000),
    walls: arrayOf(wallInput, { maxLength: MAX_PLAN_WALLS }),
    openings: arrayOf(openingInput, { maxLength: MAX_PLAN_OPENINGS }),
    rooms: arrayOf(roomInput, { maxLength: MAX_PLAN_WALLS }),
    floorOpenings: optional(arrayOf(floorOpeningInput, { maxLength: MAX_PLAN_OPENINGS })),
  })(value, path);
  s.openings.forEach((o, i) => {
    if (typeof o.wall !== 'number' || o.wall >= s.walls.length) {
      throw new CheckError(`${path}.openings[${i}].wall`, `must be an index into this storey's walls (it has ${s.walls.length})`);
    }
  });
  return s;
};

type Args = CommandArgs<'plan.import'>;

/** The storey an imported storey goes into: the existing one at its place when it has no walls yet. */
function targetStorey(tx: Parameters<CommandDef<'plan.import'>['run']>[0], place: number, input: ImportedStorey): StoreyRecord {
  const storeys = tx.ofType('storey').sort((a, b) => a.index - b.index);
  const existing = storeys[place];
  const bare = existing && !tx.referring(existing.id, 'wall').length;
  if (existing && bare) {
    const updated: StoreyRecord = { ...existing, name: input.name || existing.name, layerHeight: input.height };
    tx.put(updated);
    return updated;
  }
  const top = storeys[storeys.length - 1];
  const index = top ? top.index + 1 : 0;
  const storey: StoreyRecord = {
    id: claimId(tx, 'storey', undefined),
    type: 'storey',
    index,
    name: input.name || storeyName(index),
    elevation: top ? top.elevation + top.layerHeight : 0,
    layerHeight: input.height,
  };
  tx.put(storey);
  return storey;
}

export const importPlan: CommandDef<'plan.import'> = {
  args: object<Args>({ storeys: arrayOf(storeyInput, { minLength: 1, maxLength: MAX_IMPORT_STOREYS }) }),
  history: 'undoable',
  run(tx, a, context) {
    const storeyIds: string[] = [];
    let walls = 0;
    let openings = 0;
    let rooms = 0;
    let namedRooms = 0;
    let openingsLeftOut = 0;
    let floorOpenings = 0;
    let floorOpeningsLeftOut = 0;
    a.storeys.forEach((input, place) => {
      const storey = targetStorey(tx, place, input);
      storeyIds.push(storey.id);
      // Files draw walls to each other's faces: joined as plan.build joins (geometry/wall-join.ts).
      const given: WallRecord[] = input.walls.map((w) => newWall(claimId(tx, 'wall', w.id), storey, w));
      const joined = joinWallEnds(given);
      const startShift = new Map<string, number>();
      for (const move of joined.moves) {
        const before = given[move.wall]!;
        if (move.end === 'start') startShift.set(before.id, backAlong(before, move.to));
      }
      const built = joined.walls;
      built.forEach((w) => tx.put(w));
      const { pieces } = context.settle({ storeys: [storey.id] }).reconciled.get(storey.id)!;

      // Each door or window onto the piece of its wall that holds its centre, if it fits there.
      for (const o of input.openings) {
        const wall = built[o.wall as number]!;
        const offset = o.offset + (startShift.get(wall.id) ?? 0);
        const parts = pieces.get(wall.id) ?? (tx.has(wall.id) ? [{ id: wall.id, from: 0, to: Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y) }] : []);
        const piece = parts.find((p) => offset >= p.from - 1e-6 && offset <= p.to + 1e-6);
        if (!piece || !tx.has(piece.id)) {
          openingsLeftOut++;
          continue;
        }
        const opening: OpeningRecord = newOpening(claimId(tx, 'opening', o.id), piece.id, { ...o, offset: offset - piece.from });
        const info = openingWallInfo(tx, piece.id);
        try {
          assertOpeningFits(opening, info.wall, info.length, info.usable, info.openings);
        } catch (e) {
          if (!(e instanceof OpeningRefused)) throw e;
          openingsLeftOut++;
          continue;
        }
        tx.put(opening);
        openings++;
      }

      const { roomIds } = context.settle({ storeys: [storey.id] }).reconciled.get(storey.id)!;
      walls += tx.referring(storey.id, 'wall').length;
      rooms += roomIds.length;
      const named = new Set<string>();
      for (const hint of input.rooms) {
        for (const roomId of roomIds) {
          const room = tx.getOfType(roomId, 'room');
          if (!room || named.has(roomId) || !pointInRing(hint.at, room.outline)) continue;
          tx.put({ ...room, name: hint.name.slice(0, 200), roomType: hint.roomType });
          named.add(roomId);
          break;
        }
      }
      namedRooms += named.size;

      // A stairwell a file gives twice (the slab's opening and the stair under it) is one hole:
      // the second overlaps the first and is left out, as is an outline the kernel refuses.
      for (const o of input.floorOpenings ?? []) {
        try {
          putFloorOpening(tx, storey, o);
          floorOpenings++;
        } catch (e) {
          if (!(e instanceof KernelRefusal)) throw e;
          floorOpeningsLeftOut++;
        }
      }
    });
    return { storeyIds, walls, openings, rooms, namedRooms, openingsLeftOut, floorOpenings, floorOpeningsLeftOut };
  },
};
