import type { CommandArgs } from '../../../protocol/commands';
import type { Vec2, WallFace, WallRecord } from '../../../protocol/records';
import { object, optional } from '../../document/check';
import { chosenIdArg, claimId, removeCommand, requireRecord, updateCommand } from '../../commands/common';
import type { CommandDef } from '../../commands/types';
import type { Transaction } from '../../document/store';
import { pointInRing } from '../../geometry/polygon';
import { besideWall } from '../wall/record';
import { wallPanelRecordKind } from './record';

// `wallPanel.add` takes the kind's field checks and fills in the kind's defaults; update and
// remove are the generic ones (removing a wall takes its panels through the kind's reference).

const { shape, defaults } = wallPanelRecordKind;

/** The face looking into a room, halfway along the wall: the left one when both or neither do. */
export function roomFace(tx: Transaction, wall: WallRecord): WallFace {
  const [left, right] = besideWall(wall, Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y) / 2, false) as [Vec2, Vec2];
  const rooms = tx.referring(wall.storeyId, 'room');
  const inRoom = (p: Vec2) => rooms.some((r) => pointInRing(p, r.outline));
  return !inRoom(left) && inRoom(right) ? 'right' : 'left';
}

export const addWallPanel: CommandDef<'wallPanel.add'> = {
  args: object<CommandArgs<'wallPanel.add'>>({
    id: chosenIdArg,
    wallId: shape.wallId,
    face: optional(shape.face),
    bottom: optional(shape.bottom),
    top: optional(shape.top),
    thickness: optional(shape.thickness),
    start: shape.start,
    end: shape.end,
    color: optional(shape.color),
    style: optional(shape.style),
  }),
  history: 'undoable',
  run(tx, a) {
    const wall = requireRecord(tx, a.wallId, 'wall');
    const id = claimId(tx, 'wallPanel', a.id);
    tx.put({
      id,
      type: 'wallPanel',
      wallId: wall.id,
      face: a.face ?? roomFace(tx, wall),
      bottom: a.bottom ?? defaults.bottom,
      top: a.top ?? defaults.top,
      thickness: a.thickness ?? defaults.thickness,
      // Absent: the panel follows the face's own ends as the walls around it change.
      ...(a.start !== undefined && { start: a.start }),
      ...(a.end !== undefined && { end: a.end }),
      color: a.color ?? defaults.color,
      style: a.style ?? defaults.style,
    });
    return { id };
  },
};

export const updateWallPanel = updateCommand('wallPanel');
export const removeWallPanel = removeCommand('wallPanel');
