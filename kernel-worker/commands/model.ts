import type { CommandArgs } from '../../protocol/commands';
import { object, optional } from '../document/check';
import { RECORD_SHAPES } from '../document/validators';
import { addOnStorey, chosenIdArg, removeCommand, updateCommand } from './common';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.model;

export const addModel: CommandDef<'model.add'> = {
  args: object<CommandArgs<'model.add'>>({
    id: chosenIdArg,
    storeyId: optional(shape.storeyId),
    modelId: shape.modelId,
    name: optional(shape.name),
    position: shape.position,
    rotation: optional(shape.rotation),
    size: shape.size,
    gltfUrl: shape.gltfUrl,
    lowGltfUrl: shape.lowGltfUrl,
    mount: shape.mount,
  }),
  history: 'undoable',
  run(tx, a) {
    return addOnStorey(tx, 'model', a, () => ({
      modelId: a.modelId,
      name: a.name ?? '',
      position: a.position,
      rotation: a.rotation ?? 0,
      size: a.size,
      // Only the fields given: a record without files stays as it was before they existed.
      ...(a.gltfUrl !== undefined && { gltfUrl: a.gltfUrl }),
      ...(a.lowGltfUrl !== undefined && { lowGltfUrl: a.lowGltfUrl }),
      ...(a.mount !== undefined && { mount: a.mount }),
    }));
  },
};

export const updateModel = updateCommand('model');
export const removeModel = removeCommand('model');
