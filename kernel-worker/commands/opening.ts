import type { CommandArgs, PlanOpeningInput, UpdateArgs } from '../../protocol/commands';
import type { OpeningKind, OpeningRecord } from '../../protocol/records';
import { finite, object, optional, type Check } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, idArg, removeCommand, requireRecord } from './common';
import { assertOpeningFits, openingWallInfo } from './reconcile';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.opening;

export interface OpeningSize {
  readonly width: number;
  readonly height: number;
  /** sill height above the storey floor */
  readonly elevation: number;
}

/**
 * Default sizes per element kind (catalogues.md §3 numbering, §9 door defaults). §9 gives them per
 * opening-assembly type (0 window, 1 single door, 2 double door, 3-4 wider door, 5 large opening);
 * the element kinds map onto those as follows:
 *
 * | kind | element              | as assembly      | width x height | elevation |
 * |------|----------------------|------------------|----------------|-----------|
 * | 0    | window               | 0 window         | 1200 x 1500    | 800       |
 * | 6    | bay window           | 0 window         | 1200 x 1500    | 800       |
 * | 16   | model bay window     | 0 window         | 1200 x 1500    | 800       |
 * | 1    | single door          | 1 single door    | 800 x 2000     | 0         |
 * | 2    | double door          | 2 double door    | 1200 x 2000    | 0         |
 * | 12   | son-mother door      | 2 double door    | 1200 x 2000    | 0         |
 * | 3    | sliding door         | 3-4 wider door   | 1600 x 2000    | 0         |
 * | 4    | folding door         | 3-4 wider door   | 1600 x 2000    | 0         |
 * | 5    | balcony door         | 5 large opening  | 3200 x 2300    | 0         |
 * | 7    | wall hole (垭口)      | 5 large opening  | 3200 x 2300    | 0         |
 * | 8-11, 13-15 | other doors, niche, barrier, glass walls, door frame | none | 900 x 2000 | 0 |
 *
 * §9 leaves the elevation of types 1-4 unstated: doors stand on the floor.
 */
const WINDOW: OpeningSize = { width: 1200, height: 1500, elevation: 800 };
const SINGLE_DOOR: OpeningSize = { width: 800, height: 2000, elevation: 0 };
const DOUBLE_DOOR: OpeningSize = { width: 1200, height: 2000, elevation: 0 };
const WIDER_DOOR: OpeningSize = { width: 1600, height: 2000, elevation: 0 };
const LARGE_OPENING: OpeningSize = { width: 3200, height: 2300, elevation: 0 };
const OTHER_DOOR: OpeningSize = { width: 900, height: 2000, elevation: 0 };

const DEFAULTS: { readonly [K in OpeningKind]: OpeningSize } = {
  0: WINDOW,
  1: SINGLE_DOOR,
  2: DOUBLE_DOOR,
  3: WIDER_DOOR,
  4: WIDER_DOOR,
  5: LARGE_OPENING,
  6: WINDOW,
  7: LARGE_OPENING,
  8: OTHER_DOOR,
  9: OTHER_DOOR,
  10: OTHER_DOOR,
  11: OTHER_DOOR,
  12: DOUBLE_DOOR,
  13: OTHER_DOOR,
  14: OTHER_DOOR,
  15: OTHER_DOOR,
  16: WINDOW,
};

/** Width, height and sill elevation a new opening of this kind gets when the caller gives none. */
export function openingDefaults(kind: OpeningKind): OpeningSize {
  return DEFAULTS[kind];
}

/** A new opening record from a command's input; what it leaves out comes from the kind's defaults. */
export function newOpening(id: string, wallId: string, a: Omit<PlanOpeningInput, 'id' | 'wall'>): OpeningRecord {
  const defaults = openingDefaults(a.kind);
  return {
    id,
    type: 'opening',
    wallId,
    kind: a.kind,
    offset: a.offset,
    width: a.width ?? defaults.width,
    height: a.height ?? defaults.height,
    elevation: a.elevation ?? defaults.elevation,
    flipSide: a.flipSide ?? false,
    flipHinge: a.flipHinge ?? false,
  };
}

/** Window kinds (catalogues.md §3): window 0, bay window 6, model bay window 16. */
export function isWindowKind(kind: OpeningKind): boolean {
  return kind === 0 || kind === 6 || kind === 16;
}

/**
 * Any finite size passes the args check; a size of 0 or less is then refused as
 * OPENING_INVALID_SIZE (COMMAND_FAILED), so the UI can say why in its own words.
 */
const size = finite({ min: -100_000, max: 100_000 });

/** The opening fits its wall: along it (usable stretches, clear of the others) and under its top. */
export function assertFitsWall(tx: Transaction, opening: OpeningRecord): void {
  requireRecord(tx, opening.wallId, 'wall');
  const info = openingWallInfo(tx, opening.wallId);
  const others = info.openings.filter((o) => o.id !== opening.id);
  assertOpeningFits(opening, info.wall, info.length, info.usable, others);
}

export const addOpening: CommandDef<'opening.add'> = {
  args: object<CommandArgs<'opening.add'>>({
    id: chosenIdArg,
    wallId: shape.wallId,
    kind: shape.kind,
    offset: size,
    width: optional(size),
    height: optional(size),
    elevation: optional(size),
    flipSide: optional(shape.flipSide),
    flipHinge: optional(shape.flipHinge),
  }),
  history: 'undoable',
  run(tx, a) {
    const opening = newOpening(claimId(tx, 'opening', a.id), requireRecord(tx, a.wallId, 'wall').id, a);
    assertFitsWall(tx, opening);
    tx.put(opening);
    return { id: opening.id };
  },
};

const updateArgs: Check<UpdateArgs<'opening'>> = object<UpdateArgs<'opening'>>({
  id: idArg,
  wallId: optional(shape.wallId),
  kind: optional(shape.kind),
  offset: optional(size),
  width: optional(size),
  height: optional(size),
  elevation: optional(size),
  flipSide: optional(shape.flipSide),
  flipHinge: optional(shape.flipHinge),
});

/** Moves (along its wall or to another), resizes or flips an opening; refused where it would not fit. */
export const updateOpening: CommandDef<'opening.update'> = {
  args: updateArgs,
  history: 'undoable',
  run(tx, args) {
    const record = requireRecord(tx, args.id, 'opening');
    const next: OpeningRecord = { ...record, ...args };
    assertFitsWall(tx, next);
    tx.put(next);
    return null;
  },
};

export const removeOpening = removeCommand('opening');

/** For tools placing or sliding an opening (clampOpening): the wall's length, usable stretches, openings. */
export { openingWallInfo, type OpeningWallInfo } from './reconcile';
