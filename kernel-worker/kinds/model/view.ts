import { Box3, Vector3 } from 'three';
import type { ModelRecord } from '../../../protocol/records';
import { appliedKey } from '../../render/materials';
import { modelMatrix } from '../../render/models';
import { viewIndex, type ViewKind } from '../view-kind';

// A furniture model: an instance in the model layer's one InstancedMesh of boxes, or of its GLB's
// furniture set once the file has loaded, plus a proxy box for picking and highlight
// (render/models.ts), placed from its position, turn and size.

export const modelsOfStorey = viewIndex('model', 'modelsOfStorey', (m) => m.storeyId);

const UNIT = new Box3(new Vector3(-0.5, 0, -0.5), new Vector3(0.5, 1, 0.5));

/** What of the dressed parts changes the drawing (the layer keys its furniture sets the same way). */
function partsKey(model: ModelRecord): string {
  const m = model.materials;
  return m ? Object.keys(m).sort().map((p) => `${p}=${appliedKey(m[p]!)}`).join(',') : '';
}

export const modelView: ViewKind<'model', string> = {
  type: 'model',
  indexes: [modelsOfStorey],
  dependsOn: {
    storey: (s, q) => q.indexed(modelsOfStorey, s.id).map((m) => m.id),
  },
  instanced: true,
  storeyOf: (model) => model.storeyId,
  update(model, env, old) {
    const elevation = env.elevationOf(model.storeyId);
    const key = [model.modelId, model.gltfUrl, model.lowGltfUrl, model.position.x, model.position.y, model.position.z, model.rotation, model.size.x, model.size.y, model.size.z, elevation, partsKey(model)].join(':');
    if (old === key) return undefined;
    // The model layer gives a changed model a new group (in the layer's container).
    const group = env.models.set(model, elevation);
    group.name = model.id;
    group.userData.recordId = model.id;
    return { state: key, group, box: UNIT.clone().applyMatrix4(modelMatrix(model, elevation)), edges: true };
  },
  release: (id, env) => env.models.remove(id),
};
