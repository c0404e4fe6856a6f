import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { addOnStorey, chosenIdArg, removeCommand, updateCommand } from './common';
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
    return addOnStorey(tx, 'light', a, () => ({
      kind: a.kind ?? 'point',
      position: a.position,
      color: a.color ?? '#ffffff',
      intensity: a.intensity ?? 1,
    }));
  },
};

export const updateLight = updateCommand('light');
export const removeLight = removeCommand('light');
