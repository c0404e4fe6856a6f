import { string } from '../../document/check';
import { angle, id, label, literal, position, size3 } from '../fields';
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
  },
  refersTo: ['storey'],
  references: (m) => [{ field: 'storeyId', id: m.storeyId, type: 'storey' }],
  defaults: { name: '', rotation: 0 },
  snapshot: {
    selected: (m) => ({ kind: 'model', id: m.id, name: m.name }),
    // The room under its base centre.
    probeRoom: (m) => ({ storeyId: m.storeyId, points: [m.position] }),
  },
} satisfies RecordKind<'model'>;
