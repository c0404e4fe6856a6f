import type { CommandArgs } from '../../protocol/commands';
import type { SceneRecord, StoreyRecord } from '../../protocol/records';
import { object, optional } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { DEFAULT_LAYER_HEIGHT } from '../kinds/storey/record';
import { chosenIdArg, claimId, idArg, removeCommand, requireRecord, updateCommand } from './common';
import type { CommandDef } from './types';

export { DEFAULT_LAYER_HEIGHT };

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

/**
 * A new storey on top of the others with copies (new ids) of the source storey's walls, openings,
 * rooms (names and types kept), models, lights, ceilings and the pavings on any of them. The
 * copies keep the source's geometry, so the rooms need no re-detection.
 */
export const copyStorey: CommandDef<'storey.copy'> = {
  args: object<CommandArgs<'storey.copy'>>({ id: chosenIdArg, sourceId: idArg, name: optional(shape.name) }),
  history: 'undoable',
  run(tx, a, context) {
    const source = requireRecord(tx, a.sourceId, 'storey');
    const top = tx.ofType('storey').sort((x, y) => y.index - x.index)[0]!;
    const index = top.index + 1;
    const storey: StoreyRecord = {
      id: claimId(tx, 'storey', a.id),
      type: 'storey',
      index,
      name: a.name ?? storeyName(index),
      elevation: top.elevation + top.layerHeight,
      layerHeight: source.layerHeight,
    };
    tx.put(storey);

    // Old id -> new id of everything copied, so references follow (an opening's wall, a paving's surface).
    const copied = new Map<string, string>();
    const copy = (record: SceneRecord) => {
      const id = tx.newId(record.type);
      copied.set(record.id, id);
      return id;
    };
    // What refers to what is looked up record by record (the store's references), so a copy costs
    // the storey it copies, not the scene.
    const walls = tx.referring(source.id, 'wall');
    for (const w of walls) tx.put({ ...w, id: copy(w), storeyId: storey.id });
    for (const w of walls) for (const o of tx.referring(w.id, 'opening')) tx.put({ ...o, id: copy(o), wallId: copied.get(w.id)! });
    const rooms = tx.referring(source.id, 'room');
    for (const r of rooms) tx.put({ ...r, id: copy(r), storeyId: storey.id });
    for (const r of rooms) for (const c of tx.referring(r.id, 'ceiling')) tx.put({ ...c, id: copy(c), roomId: copied.get(r.id)! });
    for (const m of tx.referring(source.id, 'model')) tx.put({ ...m, id: copy(m), storeyId: storey.id });
    for (const l of tx.referring(source.id, 'light')) tx.put({ ...l, id: copy(l), storeyId: storey.id });
    for (const surface of [...walls, ...rooms]) {
      const surfaceId = copied.get(surface.id)!;
      for (const p of tx.referring(surface.id, 'paving')) tx.put({ ...p, id: copy(p), surface: { id: surfaceId, face: p.surface.face } });
    }
    // The copies are as settled as their source: reconciling them would only drop free-standing
    // rooms (room.add) the source keeps. meta.roomType still follows the new rooms.
    context.settle({ copied: [storey.id] });
    return { id: storey.id };
  },
};
