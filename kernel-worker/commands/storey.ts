import type { CommandArgs } from '../../protocol/commands';
import type { StoreyRecord } from '../../protocol/records';
import { object, optional } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { chosenIdArg, claimId, removeCommand, updateCommand } from './common';
import type { CommandDef } from './types';

/** Storey height when the scene has none to copy (core.md: walls 2800 high by default). */
export const DEFAULT_LAYER_HEIGHT = 2800;

const shape = RECORD_SHAPES.storey;

/** Storeys are told apart by index (1F, 2F, B1…): two on one index would be ambiguous. */
function assertUniqueIndex(tx: Transaction, storey: StoreyRecord): void {
  const clash = tx.ofType('storey').find((s) => s.index === storey.index && s.id !== storey.id);
  if (clash) throw new Error(`index: storey "${clash.id}" already has index ${storey.index}`);
}

/** 1F, 2F … above ground, B1, B2 … below. */
export function storeyName(index: number): string {
  return index >= 0 ? `${index + 1}F` : `B${-index}`;
}

export const addStorey: CommandDef<'storey.add'> = {
  args: object<CommandArgs<'storey.add'>>({
    id: chosenIdArg,
    index: optional(shape.index),
    name: optional(shape.name),
    elevation: optional(shape.elevation),
    layerHeight: optional(shape.layerHeight),
  }),
  history: 'undoable',
  run(tx, a) {
    const top = tx.ofType('storey').sort((x, y) => y.index - x.index)[0];
    const index = a.index ?? (top ? top.index + 1 : 0);
    const storey: StoreyRecord = {
      id: claimId(tx, 'storey', a.id),
      type: 'storey',
      index,
      name: a.name ?? storeyName(index),
      elevation: a.elevation ?? (top ? top.elevation + top.layerHeight : 0),
      layerHeight: a.layerHeight ?? top?.layerHeight ?? DEFAULT_LAYER_HEIGHT,
    };
    assertUniqueIndex(tx, storey);
    tx.put(storey);
    return { id: storey.id };
  },
};

export const updateStorey = updateCommand('storey', assertUniqueIndex);
export const removeStorey = removeCommand('storey');
