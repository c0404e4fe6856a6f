import type { RoomInfo, SavedFileData } from '../../protocol/scene-file';
import { getMeta } from '../document/session-records';
import type { RecordReader } from '../document/store';
import { roomArea } from '../kinds/room/record';

// The saved-file data of core.md §3, derived from the document. The previews (imageData,
// imageList) come from the renderer's capture, which does not exist yet; they stay empty.

/** roomInfoList entries describe rooms; `type` names the kind of entry. */
export const ROOM_INFO_TYPE = 'room';

export function roomInfoList(records: RecordReader): RoomInfo[] {
  return records.ofType('room').map((room) => {
    // Same figures as the snapshot's room summary: the floor inside the walls, less floor openings.
    const area = roomArea(room, records);
    return { type: ROOM_INFO_TYPE, roomType: room.roomType, area, groundArea: area, name: room.name };
  });
}

/** Sum of the listed room areas, so the total always equals what the list adds up to. */
export function totalArea(rooms: readonly RoomInfo[]): number {
  let hundredths = 0;
  for (const room of rooms) hundredths += Math.round(room.area * 100);
  return hundredths / 100;
}

export function savedFileData(records: RecordReader, sceneJson: string, sceneCode: string): SavedFileData {
  const rooms = roomInfoList(records);
  return {
    sceneCode,
    sceneJson,
    imageData: '',
    imageList: [],
    area: totalArea(rooms),
    isUseStackWall: getMeta(records)?.isUseStackWall ?? 0,
    roomInfoList: rooms,
  };
}
