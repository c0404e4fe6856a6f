import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES, tileImage } from '../document/validators';
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
    image: optional(tileImage),
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
      ...(a.image === undefined ? {} : { image: a.image }),
    });
    return { id };
  },
};

export const layPaving: CommandDef<'paving.lay'> = {
  args: object<CommandArgs<'paving.lay'>>({
    surface: shape.surface,
    tileCode: shape.tileCode,
    tileWidth: shape.tileWidth,
    tileHeight: shape.tileHeight,
    image: optional(tileImage),
    mode: optional(shape.mode),
  }),
  history: 'undoable',
  run(tx, a, context) {
    const { surface } = a;
    const existing = tx.ofType('paving').find((p) => p.surface.id === surface.id && p.surface.face === surface.face);
    if (!existing) return addPaving.run(tx, a, context);
    // A texture left over from the previous tile would dress the new one in its picture.
    const { image: _previous, ...kept } = existing;
    tx.put({
      ...kept,
      tileCode: a.tileCode,
      tileWidth: a.tileWidth,
      tileHeight: a.tileHeight,
      mode: a.mode ?? existing.mode,
      ...(a.image === undefined ? {} : { image: a.image }),
    });
    return { id: existing.id };
  },
};

export const updatePaving = updateCommand('paving');
export const removePaving = removeCommand('paving');
