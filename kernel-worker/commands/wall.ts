import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, removeCommand, storeyFor, updateCommand } from './common';
import { assertFitsWall } from './opening';
import type { CommandDef } from './types';

export const DEFAULT_WALL_THICKNESS = 240;

const shape = RECORD_SHAPES.wall;

export const addWall: CommandDef<'wall.add'> = {
  args: object<CommandArgs<'wall.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    start: shape.start,
    end: shape.end,
    thickness: optional(shape.thickness),
    height: optional(shape.height),
    wallType: optional(shape.wallType),
  }),
  history: 'undoable',
  run(tx, a) {
    const storey = storeyFor(tx, a.storeyId);
    const id = claimId(tx, 'wall', a.id);
    tx.put({
      id,
      type: 'wall',
      storeyId: storey.id,
      start: a.start,
      end: a.end,
      thickness: a.thickness ?? DEFAULT_WALL_THICKNESS,
      height: a.height ?? storey.layerHeight,
      wallType: a.wallType ?? 'normal',
    });
    return { id };
  },
};

/** Moving or shortening a wall must keep its openings inside it (tools move them along first). */
export const updateWall = updateCommand('wall', (tx, wall) => {
  for (const opening of tx.ofType('opening')) if (opening.wallId === wall.id) assertFitsWall(tx, opening);
});
export const removeWall = removeCommand('wall');
