import { MODEL_MOUNTS } from '../../../protocol/records';
import { boolean, oneOf, optional, string } from '../../document/check';
import { angle, id, label, literal, partMaterials, position, size3, tileImage } from '../fields';
import type { RecordKind } from '../record-kind';

export const modelRecordKind = {
  type: 'model',
  scope: 'document',
  shape: {
    id,
    type: literal('model'),
    storeyId: id,
    modelId: string({ maxLength: 200 }),
    name: label,
    position,
    rotation: angle,
    size: size3,
    // File addresses are checked like a paving's picture: this server's /files/ or http(s).
    gltfUrl: optional(tileImage),
    lowGltfUrl: optional(tileImage),
    mount: optional(oneOf(MODEL_MOUNTS)),
    hidden: optional(boolean),
    resizable: optional(boolean),
    materials: optional(partMaterials),
  },
  refersTo: ['storey'],
  references: (m) => [{ field: 'storeyId', id: m.storeyId, type: 'storey' }],
  defaults: { name: '', rotation: 0 },
  snapshot: {
    selected: (m) => ({ kind: 'model', id: m.id, name: m.name, modelId: m.modelId, size: { ...m.size }, rotation: m.rotation, position: { ...m.position }, mount: m.mount ?? null, gltfUrl: m.gltfUrl ?? null, materials: m.materials ?? {}, resizable: m.resizable ?? true }),
    // The room under its base centre.
    probeRoom: (m) => ({ storeyId: m.storeyId, points: [m.position] }),
  },
} satisfies RecordKind<'model'>;
