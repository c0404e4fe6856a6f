import type { CommandArgs } from '../../protocol/commands';
import type { SceneRecord, StoreyRecord } from '../../protocol/records';
import { object, optional } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { DEFAULT_LAYER_HEIGHT } from '../kinds/storey/record';
import { chosenIdArg, claimId, idArg, removeWithDependents, requireRecord, updateCommand } from './common';
import { syncMetaRoomType } from './reconcile';
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

export const removeStorey: CommandDef<'storey.remove'> = {
  args: object<CommandArgs<'storey.remove'>>({ id: idArg }),
  history: 'undoable',
  run(tx, { id }) {
    requireRecord(tx, id, 'storey');
    removeWithDependents(tx, [id]);
    syncMetaRoomType(tx);
    return null;
  },
};

/**
 * A new storey on top of the others with copies (new ids) of the source storey's walls, openings,
 * rooms (names and types kept), models, lights, ceilings and the pavings on any of them. The
 * copies keep the source's geometry, so the rooms need no re-detection.
 */
export const copyStorey: CommandDef<'storey.copy'> = {
  args: object<CommandArgs<'storey.copy'>>({ id: chosenIdArg, sourceId: idArg, name: optional(shape.name) }),
  history: 'undoable',
  run(tx, a) {
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
    const walls = tx.ofType('wall').filter((w) => w.storeyId === source.id);
    for (const w of walls) tx.put({ ...w, id: copy(w), storeyId: storey.id });
    for (const o of tx.ofType('opening')) {
      const wallId = copied.get(o.wallId);
      if (wallId) tx.put({ ...o, id: copy(o), wallId });
    }
    for (const r of tx.ofType('room')) if (r.storeyId === source.id) tx.put({ ...r, id: copy(r), storeyId: storey.id });
    for (const c of tx.ofType('ceiling')) {
      const roomId = copied.get(c.roomId);
      if (roomId) tx.put({ ...c, id: copy(c), roomId });
    }
    for (const m of tx.ofType('model')) if (m.storeyId === source.id) tx.put({ ...m, id: copy(m), storeyId: storey.id });
    for (const l of tx.ofType('light')) if (l.storeyId === source.id) tx.put({ ...l, id: copy(l), storeyId: storey.id });
    for (const p of tx.ofType('paving')) {
      const surfaceId = copied.get(p.surface.id);
      if (surfaceId) tx.put({ ...p, id: copy(p), surface: { id: surfaceId, face: p.surface.face } });
    }
    syncMetaRoomType(tx);
    return { id: storey.id };
  },
};
