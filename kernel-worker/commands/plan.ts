import type { CommandArgs, PlanFloorOpeningInput, PlanOpeningInput, PlanWallInput } from '../../protocol/commands';
import type { FloorOpeningRecord, OpeningRecord, StoreyRecord, Vec2, WallRecord } from '../../protocol/records';
import type { Transaction } from '../document/store';
import { assertNoOverlap, checkedOutline } from '../kinds/floorOpening/commands';
import { arrayOf, boolean, CheckError, finite, object, optional, type Check } from '../document/check';
import { RECORD_ID_PATTERN, RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, requireRecord, storeyFor } from './common';
import { newOpening } from './opening';
import { joinWallEnds } from '../geometry/wall-join';
import { OpeningRefused, storeyWalls } from './reconcile';
import type { CommandDef } from './types';
import { newWall, placeWall } from './wall';

// plan.build: a plan as data (docs/plans-as-data.md). Walls and openings go in as one undo step
// and come out exactly as if drawn by hand: the same upkeep pass (reconcile) splits crossings and
// detects rooms.

const wallShape = RECORD_SHAPES.wall;
const openingShape = RECORD_SHAPES.opening;

/** Walls and openings per build: a whole house in one call, with a bound on runaway input. */
export const MAX_PLAN_WALLS = 20_000;
export const MAX_PLAN_OPENINGS = 20_000;

export const wallInput = object<PlanWallInput>({
  id: chosenIdArg,
  start: wallShape.start,
  end: wallShape.end,
  thickness: optional(wallShape.thickness),
  height: optional(wallShape.height),
  wallType: optional(wallShape.wallType),
  color: wallShape.color,
});

const floorOpeningShape = RECORD_SHAPES.floorOpening;

export const floorOpeningInput = object<PlanFloorOpeningInput>({
  id: chosenIdArg,
  outline: floorOpeningShape.outline,
  kind: floorOpeningShape.kind,
  name: floorOpeningShape.name,
});

/** A plan's floor opening on its storey, refused as floorOpening.add refuses it. */
export function putFloorOpening(tx: Transaction, storey: StoreyRecord, input: PlanFloorOpeningInput): FloorOpeningRecord {
  const opening: FloorOpeningRecord = {
    id: claimId(tx, 'floorOpening', input.id),
    type: 'floorOpening',
    storeyId: storey.id,
    outline: checkedOutline(input.outline),
    kind: input.kind,
    ...(input.name !== undefined && { name: input.name }),
  };
  // Checked before it is written: plan.import leaves a refused one out and goes on.
  assertNoOverlap(tx, opening);
  tx.put(opening);
  return opening;
}

const size = finite({ min: -100_000, max: 100_000 });

const wallRef: Check<number | string> = (value, path) => {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && RECORD_ID_PATTERN.test(value)) return value;
  throw new CheckError(path, `must be an index into walls or a wall id, got ${JSON.stringify(value)}`);
};

export const openingInput = object<PlanOpeningInput>({
  id: chosenIdArg,
  wall: wallRef,
  kind: openingShape.kind,
  offset: size,
  width: optional(size),
  height: optional(size),
  elevation: optional(size),
  flipSide: optional(openingShape.flipSide),
  flipHinge: optional(openingShape.flipHinge),
});

type Args = CommandArgs<'plan.build'>;

/** How far `to` lies behind the wall's start, along the wall (negative: ahead of it). */
export function backAlong(w: WallRecord, to: Vec2): number {
  const len = Math.hypot(w.end.x - w.start.x, w.end.y - w.start.y);
  return ((w.start.x - to.x) * (w.end.x - w.start.x) + (w.start.y - to.y) * (w.end.y - w.start.y)) / len;
}

const baseArgs = object<Args>({
  storeyId: optional(wallShape.storeyId),
  walls: arrayOf(wallInput, { maxLength: MAX_PLAN_WALLS }),
  openings: optional(arrayOf(openingInput, { maxLength: MAX_PLAN_OPENINGS })),
  join: optional(boolean),
  floorOpenings: optional(arrayOf(floorOpeningInput, { maxLength: MAX_PLAN_OPENINGS })),
});

const args: Check<Args> = (value, path) => {
  const a = baseArgs(value, path);
  a.openings?.forEach((o, i) => {
    if (typeof o.wall === 'number' && o.wall >= a.walls.length) {
      throw new CheckError(`openings[${i}].wall`, `index ${o.wall} is past the last wall (walls has ${a.walls.length})`);
    }
  });
  const seen = new Set<string>();
  const unique = (id: string | undefined, where: string) => {
    if (id === undefined) return;
    if (seen.has(id)) throw new CheckError(where, `"${id}" is chosen twice`);
    seen.add(id);
  };
  a.walls.forEach((w, i) => unique(w.id, `walls[${i}].id`));
  a.openings?.forEach((o, i) => unique(o.id, `openings[${i}].id`));
  a.floorOpenings?.forEach((o, i) => unique(o.id, `floorOpenings[${i}].id`));
  return a;
};

export const buildPlan: CommandDef<'plan.build'> = {
  args,
  history: 'undoable',
  run(tx, a, context) {
    const storey = storeyFor(tx, a.storeyId);
    const given: WallRecord[] = a.walls.map((w) => newWall(claimId(tx, 'wall', w.id), storey, w));
    // Tolerant joining (geometry/wall-join.ts): the new walls' loose ends go onto the centre lines
    // they stop short of; an existing wall's loose end moves only to make an L with a new one.
    let walls = given;
    /** mm each wall's start moved back along it (openings given on the wall as given move with it) */
    const startShift = new Map<string, number>();
    if (a.join ?? true) {
      const existing = storeyWalls(tx, storey.id);
      const joined = joinWallEnds([...existing, ...given], { joining: (i) => i >= existing.length });
      for (const move of joined.moves) {
        const before = move.wall < existing.length ? existing[move.wall]! : given[move.wall - existing.length]!;
        if (move.end === 'start') startShift.set(before.id, backAlong(before, move.to));
      }
      existing.forEach((w, i) => {
        const after = joined.walls[i]!;
        if (after !== w) placeWall(tx, w, after.start, after.end);
      });
      walls = joined.walls.slice(existing.length);
    }
    walls.forEach((w, i) => {
      try {
        tx.put(w);
      } catch (e) {
        throw new Error(`walls[${i}]: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    });

    // Openings go on the walls as given (offsets along the input wall); the upkeep pass's reconcile
    // then moves each to the piece of its wall that holds it and checks them all (those it adds
    // against the others on their wall, on existing walls too).
    const openings: OpeningRecord[] = (a.openings ?? []).map((o, i) => {
      let wallId: string;
      if (typeof o.wall === 'number') wallId = walls[o.wall]!.id;
      else {
        const wall = requireRecord(tx, o.wall, 'wall');
        if (wall.storeyId !== storey.id) throw new Error(`openings[${i}].wall: wall "${wall.id}" is on storey ${wall.storeyId}, not ${storey.id}`);
        wallId = wall.id;
      }
      return newOpening(claimId(tx, 'opening', o.id), wallId, { ...o, offset: o.offset + (startShift.get(wallId) ?? 0) });
    });
    // Refusals the record validator would otherwise report in its own words.
    openings.forEach((o) => {
      if (o.offset < 0) throw new OpeningRefused('OPENING_PAST_END', `opening ${o.id} spans ${o.offset - o.width / 2}..${o.offset + o.width / 2} along wall ${o.wallId}, before its start`);
      if (!(o.width > 0) || !(o.height > 0) || !(o.elevation >= 0)) {
        throw new OpeningRefused('OPENING_INVALID_SIZE', `opening ${o.id} needs a width and height > 0 and an elevation >= 0, got ${o.width} x ${o.height} at ${o.elevation}`);
      }
      tx.put(o);
    });

    // Settled now for the pieces and rooms it reports; named, so that openings on existing walls
    // are checked even when the plan has no walls.
    const { pieces, roomIds } = context.settle({ storeys: [storey.id] }).reconciled.get(storey.id)!;
    const wallIds = walls.flatMap((w) => (pieces.get(w.id) ?? [{ id: w.id }]).map((p) => p.id));
    openings.forEach((o, i) => {
      if (!tx.has(o.id)) throw new Error(`openings[${i}] (${o.id}): its stretch of wall is covered by an older wall`);
    });
    const floorOpeningIds = (a.floorOpenings ?? []).map((o, i) => {
      try {
        return putFloorOpening(tx, storey, o).id;
      } catch (e) {
        if (e instanceof Error) e.message = `floorOpenings[${i}]: ${e.message}`;
        throw e;
      }
    });
    return { wallIds, openingIds: openings.map((o) => o.id), roomIds: [...roomIds], floorOpeningIds };
  },
};
