import type { CommandArgs } from '../../../protocol/commands';
import { KernelRefusal } from '../../../protocol/errors';
import type { FloorOpeningRecord, Vec2 } from '../../../protocol/records';
import { object, optional } from '../../document/check';
import { addOnStorey, chosenIdArg, removeCommand, updateCommand } from '../../commands/common';
import type { CommandDef } from '../../commands/types';
import type { Transaction } from '../../document/store';
import { counterClockwise, floorOpeningProblem, openingOverlap } from '../../geometry/floor-openings';
import { floorOpeningRecordKind } from './record';

// floorOpening.add / update / remove. Every command asks the same questions first and refuses with
// a reason the UI words (FLOOR_OPENING_REFUSALS): an outline that is not a simple polygon, one too
// small, one overlapping another opening of its storey (room areas subtract openings one by one).

const { shape, defaults } = floorOpeningRecordKind;

/** Overlaps smaller than this (mm²) are openings drawn edge to edge, rounded: not an overlap. */
const OVERLAP_TOLERANCE = 1;

/** Refuses an outline that cannot be a floor opening; returns it counter-clockwise. */
export function checkedOutline(outline: readonly Vec2[]): readonly Vec2[] {
  const problem = floorOpeningProblem(outline);
  if (problem) throw new KernelRefusal(problem.reason, problem.detail);
  return counterClockwise(outline);
}

/** Refuses an opening that overlaps another one on its storey. */
export function assertNoOverlap(tx: Transaction, opening: FloorOpeningRecord): void {
  for (const other of tx.referring(opening.storeyId, 'floorOpening')) {
    if (other.id === opening.id) continue;
    const shared = openingOverlap(opening.outline, other.outline);
    if (shared > OVERLAP_TOLERANCE) throw new KernelRefusal('FLOOR_OPENING_OVERLAP', `floor opening ${opening.id} overlaps ${other.id} by ${Math.round(shared)} mm²`);
  }
}

export const addFloorOpening: CommandDef<'floorOpening.add'> = {
  args: object<CommandArgs<'floorOpening.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    outline: shape.outline,
    kind: optional(shape.kind),
    name: shape.name,
  }),
  history: 'undoable',
  run(tx, a) {
    const outline = checkedOutline(a.outline);
    const added = addOnStorey(tx, 'floorOpening', a, () => ({ outline, kind: a.kind ?? defaults.kind, ...(a.name !== undefined && { name: a.name }) }));
    assertNoOverlap(tx, tx.getOfType(added.id, 'floorOpening')!);
    return added;
  },
};

const generic = updateCommand('floorOpening', assertNoOverlap);

export const updateFloorOpening: CommandDef<'floorOpening.update'> = {
  ...generic,
  run(tx, a) {
    return generic.run(tx, a.outline === undefined ? a : { ...a, outline: checkedOutline(a.outline) });
  },
};

export const removeFloorOpening = removeCommand('floorOpening');
