import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, removeCommand, storeyFor, updateCommand } from './common';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.light;

export const addLight: CommandDef<'light.add'> = {
  args: object<CommandArgs<'light.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    kind: optional(shape.kind),
    position: shape.position,
    color: optional(shape.color),
    intensity: optional(shape.intensity),
  }),
  history: 'undoable',
  run(tx, a) {
    const storey = storeyFor(tx, a.storeyId);
    const id = claimId(tx, 'light', a.id);
    tx.put({
      id,
      type: 'light',
      storeyId: storey.id,
      kind: a.kind ?? 'point',
      position: a.position,
      color: a.color ?? '#ffffff',
      intensity: a.intensity ?? 1,
    });
    return { id };
  },
};

export const updateLight = updateCommand('light');
export const removeLight = removeCommand('light');
