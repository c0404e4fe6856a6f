import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, removeCommand, requireRecord, updateCommand } from './common';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.ceiling;

export const DEFAULT_CEILING_THICKNESS = 100;

export const addCeiling: CommandDef<'ceiling.add'> = {
  args: object<CommandArgs<'ceiling.add'>>({
    id: chosenIdArg,
    roomId: shape.roomId,
    elevation: optional(shape.elevation),
    thickness: optional(shape.thickness),
  }),
  history: 'undoable',
  run(tx, a) {
    const room = requireRecord(tx, a.roomId, 'room');
    const id = claimId(tx, 'ceiling', a.id);
    tx.put({
      id,
      type: 'ceiling',
      roomId: room.id,
      elevation: a.elevation ?? room.height,
      thickness: a.thickness ?? DEFAULT_CEILING_THICKNESS,
    });
    return { id };
  },
};

export const updateCeiling = updateCommand('ceiling');
export const removeCeiling = removeCommand('ceiling');
