import type { CommandArgs } from '../../protocol/commands';
import type { OpeningKind, OpeningRecord } from '../../protocol/records';
import { object, optional } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, removeCommand, requireRecord, updateCommand } from './common';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.opening;

/** Window kinds (catalogues.md §3): window 0, bay window 6, model bay window 16. */
const WINDOW_KINDS: readonly OpeningKind[] = [0, 6, 16];

export function openingDefaults(kind: OpeningKind): { height: number; elevation: number } {
  return WINDOW_KINDS.includes(kind) ? { height: 1500, elevation: 900 } : { height: 2100, elevation: 0 };
}

/** An opening lies within its wall: along its length and under its top. */
export function assertFitsWall(tx: Transaction, opening: OpeningRecord): void {
  const wall = requireRecord(tx, opening.wallId, 'wall');
  const length = Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y);
  const from = opening.offset - opening.width / 2;
  const to = opening.offset + opening.width / 2;
  if (from < 0 || to > length) {
    throw new Error(`opening ${opening.id}: spans ${from}..${to} along wall ${wall.id}, which is ${Math.round(length)} long`);
  }
  if (opening.elevation + opening.height > wall.height) {
    throw new Error(`opening ${opening.id}: its top (${opening.elevation + opening.height}) is above wall ${wall.id} (${wall.height})`);
  }
}

export const addOpening: CommandDef<'opening.add'> = {
  args: object<CommandArgs<'opening.add'>>({
    id: chosenIdArg,
    wallId: shape.wallId,
    kind: shape.kind,
    offset: shape.offset,
    width: shape.width,
    height: optional(shape.height),
    elevation: optional(shape.elevation),
    flipSide: optional(shape.flipSide),
    flipHinge: optional(shape.flipHinge),
  }),
  history: 'undoable',
  run(tx, a) {
    const defaults = openingDefaults(a.kind);
    const opening: OpeningRecord = {
      id: claimId(tx, 'opening', a.id),
      type: 'opening',
      wallId: a.wallId,
      kind: a.kind,
      offset: a.offset,
      width: a.width,
      height: a.height ?? defaults.height,
      elevation: a.elevation ?? defaults.elevation,
      flipSide: a.flipSide ?? false,
      flipHinge: a.flipHinge ?? false,
    };
    assertFitsWall(tx, opening);
    tx.put(opening);
    return { id: opening.id };
  },
};

export const updateOpening = updateCommand('opening', assertFitsWall);
export const removeOpening = removeCommand('opening');
