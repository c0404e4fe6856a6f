import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, removeCommand, updateCommand } from './common';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.paving;

/** Grout joint when none is given, mm. */
export const DEFAULT_PAVING_GAP = 2;

export const addPaving: CommandDef<'paving.add'> = {
  args: object<CommandArgs<'paving.add'>>({
    id: chosenIdArg,
    surface: shape.surface,
    tileCode: shape.tileCode,
    tileWidth: shape.tileWidth,
    tileHeight: shape.tileHeight,
    gap: optional(shape.gap),
    rotation: optional(shape.rotation),
    offset: optional(shape.offset),
    mode: optional(shape.mode),
  }),
  history: 'undoable',
  run(tx, a) {
    const id = claimId(tx, 'paving', a.id);
    // The surface (room or wall, by face) is checked as a reference when the transaction commits.
    tx.put({
      id,
      type: 'paving',
      surface: a.surface,
      tileCode: a.tileCode,
      tileWidth: a.tileWidth,
      tileHeight: a.tileHeight,
      gap: a.gap ?? DEFAULT_PAVING_GAP,
      rotation: a.rotation ?? 0,
      offset: a.offset ?? { x: 0, y: 0 },
      mode: a.mode ?? '0',
    });
    return { id };
  },
};

export const updatePaving = updateCommand('paving');
export const removePaving = removeCommand('paving');
