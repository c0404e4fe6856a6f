import { boolean, finite } from '../../document/check';
import { COORD_LIMIT, id, length, literal, openingKind } from '../fields';
import type { RecordKind } from '../record-kind';
import { besideWall } from '../wall/record';

// Sizes per opening kind stay with the opening commands (commands/opening.ts DEFAULTS).

export const openingRecordKind = {
  type: 'opening',
  scope: 'document',
  shape: {
    id,
    type: literal('opening'),
    wallId: id,
    kind: openingKind,
    offset: finite({ min: 0, max: COORD_LIMIT }),
    width: length(100_000),
    height: length(100_000),
    elevation: finite({ min: 0, max: 100_000 }),
    flipSide: boolean,
    flipHinge: boolean,
  },
  refersTo: ['wall'],
  references: (o) => [{ field: 'wallId', id: o.wallId, type: 'wall' }],
  defaults: { flipSide: false, flipHinge: false },
  snapshot: {
    selected: (o) => ({
      kind: 'opening',
      id: o.id,
      wallId: o.wallId,
      openingKind: o.kind,
      offset: o.offset,
      width: o.width,
      height: o.height,
      elevation: o.elevation,
      flipSide: o.flipSide,
      flipHinge: o.flipHinge,
    }),
    // The room on the side it opens to, at its centre.
    probeRoom: (o, records) => {
      const wall = records.getOfType(o.wallId, 'wall');
      return wall && { storeyId: wall.storeyId, points: besideWall(wall, o.offset, o.flipSide) };
    },
    probeReads: (o) => [o.wallId],
  },
} satisfies RecordKind<'opening'>;
