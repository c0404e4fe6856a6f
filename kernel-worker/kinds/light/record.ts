import { LIGHT_KINDS } from '../../../protocol/records';
import { finite, oneOf, string } from '../../document/check';
import { id, literal, position } from '../fields';
import type { RecordKind } from '../record-kind';

export const lightRecordKind = {
  type: 'light',
  scope: 'document',
  shape: {
    id,
    type: literal('light'),
    storeyId: id,
    kind: oneOf(LIGHT_KINDS),
    position,
    color: string({ pattern: /^#[0-9a-f]{6}$/ }),
    intensity: finite({ min: 0, max: 1_000_000 }),
  },
  refersTo: ['storey'],
  references: (l) => [{ field: 'storeyId', id: l.storeyId, type: 'storey' }],
  defaults: { kind: 'point', color: '#ffffff', intensity: 1 },
} satisfies RecordKind<'light'>;
