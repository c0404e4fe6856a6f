import type { CommandArgs } from '../../protocol/commands';
import type { RoomRecord, Vec2 } from '../../protocol/records';
import { object, optional } from '../document/check';
import type { Transaction } from '../document/store';
import { RECORD_SHAPES } from '../document/validators';
import { boundsOf, placeModel, signedArea, snapFootprint, surfaceHeight, WALL_SNAP_MM } from '../geometry';
import { chosenIdArg, claimId, idArg, removeCommand, requireRecord, storeyFor, updateCommand } from './common';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.model;

/** The storey's room of largest area, if any. */
function largestRoom(tx: Transaction, storeyId: string): RoomRecord | undefined {
  let best: RoomRecord | undefined;
  let bestArea = 0;
  // Through the store's referrer index: the storey's rooms, not every room of the house.
  for (const room of tx.referring(storeyId, 'room')) {
    const area = Math.abs(signedArea(room.outline));
    if (area > bestArea) {
      best = room;
      bestArea = area;
    }
  }
  return best;
}

/** The middle of the storey's walls (the plan's centre), else the origin. */
function planCentre(tx: Transaction, storeyId: string): Vec2 {
  const points = tx.referring(storeyId, 'wall').flatMap((w) => [w.start, w.end]);
  const b = boundsOf(points);
  return b ? { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 } : { x: 0, y: 0 };
}

export const addModel: CommandDef<'model.add'> = {
  args: object<CommandArgs<'model.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    modelId: shape.modelId,
    name: optional(shape.name),
    position: optional(shape.position),
    rotation: optional(shape.rotation),
    size: shape.size,
    gltfUrl: shape.gltfUrl,
    lowGltfUrl: shape.lowGltfUrl,
    mount: shape.mount,
    resizable: shape.resizable,
    roomId: optional(idArg),
  }),
  history: 'undoable',
  run(tx, a) {
    const room = a.roomId !== undefined ? requireRecord(tx, a.roomId, 'room') : undefined;
    const storey = storeyFor(tx, a.storeyId ?? room?.storeyId);
    const id = claimId(tx, 'model', a.id);
    const placed =
      a.position === undefined
        ? placeModel(room ?? largestRoom(tx, storey.id) ?? null, a.size, a.mount ?? 'floor', planCentre(tx, storey.id), storey.layerHeight)
        : { position: a.position, rotation: 0 };
    tx.put({
      id,
      type: 'model',
      storeyId: storey.id,
      modelId: a.modelId,
      name: a.name ?? '',
      position: placed.position,
      rotation: a.rotation ?? placed.rotation,
      size: a.size,
      ...(a.gltfUrl !== undefined ? { gltfUrl: a.gltfUrl } : {}),
      ...(a.lowGltfUrl !== undefined ? { lowGltfUrl: a.lowGltfUrl } : {}),
      ...(a.mount !== undefined ? { mount: a.mount } : {}),
      ...(a.resizable !== undefined ? { resizable: a.resizable } : {}),
    });
    return { id };
  },
};

export const updateModel = updateCommand('model');
export const removeModel = removeCommand('model');

export const settleModel: CommandDef<'model.settle'> = {
  args: object<CommandArgs<'model.settle'>>({ id: idArg }),
  history: 'undoable',
  run(tx, { id }) {
    const model = requireRecord(tx, id, 'model');
    // Through the referrer index: the storey's walls and models, not the whole house's.
    const walls = tx.referring(model.storeyId, 'wall');
    const pieces = tx.referring(model.storeyId, 'model').filter((m) => m.id !== id && !m.hidden);
    // Its neighbours do not pull it: a replacement stays where the replaced piece stood.
    const { center } = snapFootprint({ center: model.position, rotation: model.rotation, size: model.size }, walls, [], { wallSnap: WALL_SNAP_MM, edgeSnap: 0 });
    const x = Math.round(center.x);
    const y = Math.round(center.y);
    const z = model.mount === 'surface' ? surfaceHeight(pieces, { x, y }) : model.position.z;
    if (x === model.position.x && y === model.position.y && z === model.position.z) return null;
    tx.put({ ...model, position: { x, y, z } });
    return null;
  },
};
