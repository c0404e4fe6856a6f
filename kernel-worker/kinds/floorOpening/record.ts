import { FLOOR_OPENING_KINDS, type FloorOpeningRecord, type Vec2 } from '../../../protocol/records';
import { arrayOf, CheckError, joinPath, oneOf, optional } from '../../document/check';
import { floorOpeningProblem } from '../../geometry/floor-openings';
import { boundsOf, ringLabelPoint, signedArea } from '../../geometry/polygon';
import { id, label, literal, vec2 } from '../fields';
import type { RecordKind } from '../record-kind';

// A stairwell or void in a storey's floor. It refers to its storey only: the rooms it takes floor
// from and the ceilings below it cut are found by place (rooms are remade by every wall edit), so
// nothing else has to follow it.

/** More corners than any drawn or imported stairwell; keeps a bad file from growing without end. */
export const MAX_FLOOR_OPENING_CORNERS = 1000;

/** The storey's floor openings: what room areas, floors and the ceilings below read. */
export function storeyFloorOpenings(records: { referring(id: string, type: 'floorOpening'): FloorOpeningRecord[] }, storeyId: string): FloorOpeningRecord[] {
  return records.referring(storeyId, 'floorOpening');
}

/** Width (plan x) and depth (plan y) of the outline's box, mm. */
export function openingSize(outline: readonly Vec2[]): { width: number; depth: number } {
  const b = boundsOf(outline);
  return b ? { width: b.maxX - b.minX, depth: b.maxY - b.minY } : { width: 0, depth: 0 };
}

export const floorOpeningRecordKind = {
  type: 'floorOpening',
  scope: 'document',
  shape: {
    id,
    type: literal('floorOpening'),
    storeyId: id,
    outline: arrayOf(vec2, { minLength: 3, maxLength: MAX_FLOOR_OPENING_CORNERS }),
    kind: oneOf(FLOOR_OPENING_KINDS),
    name: optional(label),
  },
  rules: [
    (o, path) => {
      const problem = floorOpeningProblem(o.outline);
      if (problem) throw new CheckError(joinPath(path, 'outline'), `${problem.reason}: ${problem.detail}`);
      if (signedArea(o.outline) < 0) throw new CheckError(joinPath(path, 'outline'), 'must run counter-clockwise');
    },
  ],
  refersTo: ['storey'],
  references: (o) => [{ field: 'storeyId', id: o.storeyId, type: 'storey' }],
  defaults: { kind: 'stair' },
  snapshot: {
    selected: (o) => {
      const { width, depth } = openingSize(o.outline);
      return {
        kind: 'floorOpening',
        id: o.id,
        openingKind: o.kind,
        name: o.name ?? '',
        width,
        depth,
        area: Math.round(Math.abs(signedArea(o.outline)) / 10_000) / 100,
        outline: o.outline,
      };
    },
    // The room round a point well inside its outline.
    probeRoom: (o) => ({ storeyId: o.storeyId, points: [ringLabelPoint(o.outline)] }),
  },
} satisfies RecordKind<'floorOpening'>;
