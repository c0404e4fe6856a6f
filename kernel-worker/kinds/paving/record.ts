import { PAVING_FACES, PAVING_MODES, type PavingRecord } from '../../../protocol/records';
import { finite, object, oneOf, optional, string } from '../../document/check';
import { angle, id, length, literal, tileImage, vec2 } from '../fields';
import type { RecordKind } from '../record-kind';

export const pavingRecordKind = {
  type: 'paving',
  scope: 'document',
  shape: {
    id,
    type: literal('paving'),
    surface: object<PavingRecord['surface']>({ id, face: oneOf(PAVING_FACES) }),
    tileCode: string({ maxLength: 200 }),
    tileWidth: length(100_000),
    tileHeight: length(100_000),
    gap: finite({ min: 0, max: 1_000 }),
    rotation: angle,
    offset: vec2,
    mode: oneOf(PAVING_MODES),
    image: optional(tileImage),
  },
  // A wall's sides (left, right) or a room's floor and ceiling.
  refersTo: ['wall', 'room'],
  references: (p) => [
    { field: 'surface.id', id: p.surface.id, type: p.surface.face === 'left' || p.surface.face === 'right' ? 'wall' : 'room' },
  ],
  defaults: { rotation: 0, mode: '0' },
} satisfies RecordKind<'paving'>;
