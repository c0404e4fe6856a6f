import { WALL_FACES, WALL_PANEL_STYLES } from '../../../protocol/records';
import { CheckError, finite, joinPath, oneOf, optional } from '../../document/check';
import { COORD_LIMIT, id, length, literal, wallColor } from '../fields';
import type { RecordKind } from '../record-kind';
import { besideWall } from '../wall/record';

// Wainscoting (护墙板) on one face of a wall. It refers to its wall, so removing the wall removes
// its panels; it stores heights and stretches, not points, so moving the wall carries it along.

const height = finite({ min: 0, max: 100_000 });
const along = optional(finite({ min: 0, max: COORD_LIMIT }));

export const wallPanelRecordKind = {
  type: 'wallPanel',
  scope: 'document',
  shape: {
    id,
    type: literal('wallPanel'),
    wallId: id,
    face: oneOf(WALL_FACES),
    bottom: height,
    top: height,
    thickness: length(500),
    start: along,
    end: along,
    color: wallColor,
    style: oneOf(WALL_PANEL_STYLES),
  },
  rules: [
    (p, path) => {
      if (p.top <= p.bottom) throw new CheckError(joinPath(path, 'top'), `must be above bottom (${p.bottom})`);
      if (p.start !== undefined && p.end !== undefined && p.end <= p.start) throw new CheckError(joinPath(path, 'end'), `must be past start (${p.start})`);
    },
  ],
  refersTo: ['wall'],
  references: (p) => [{ field: 'wallId', id: p.wallId, type: 'wall' }],
  // Dado height and an 18 mm board: the common wainscoting of a Chinese interior; wood-brown.
  defaults: { bottom: 0, top: 1200, thickness: 18, color: 'brown', style: 'flat' },
  snapshot: {
    selected: (p) => ({
      kind: 'wallPanel',
      id: p.id,
      wallId: p.wallId,
      face: p.face,
      bottom: p.bottom,
      top: p.top,
      thickness: p.thickness,
      color: p.color,
      style: p.style,
    }),
    // The room on the face it covers, halfway along the wall.
    probeRoom: (p, records) => {
      const wall = records.getOfType(p.wallId, 'wall');
      if (!wall) return undefined;
      const middle = Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y) / 2;
      return { storeyId: wall.storeyId, points: besideWall(wall, middle, p.face === 'right').slice(0, 1) };
    },
    probeReads: (p) => [p.wallId],
  },
} satisfies RecordKind<'wallPanel'>;
