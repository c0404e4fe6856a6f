import { isApiError, type ModelRoom, type SchemeUpdate } from '../../api';

// 制作样板间 from the open scheme (core.md §5, §7; issue 16). The checks run in the spec's order as
// one pure function; the server then makes the sample room from a copy of the stored scene (its
// plan drawn as the cover) and the client PATCHes it with the room info, as the spec's call does.

export type MakeModelRoomRefusal = 'no-room' | 'untyped-room' | 'save-first' | 'made-before';

export interface MakeModelRoomCheck {
  readonly rooms: readonly { readonly roomType: number }[];
  /** the stored scene's id (core.md's pid); null for a scheme never saved */
  readonly sceneId: number | null;
  /**
   * changes on screen the server does not hold: the sample room is made from the stored file, so
   * these must be saved first, or the sample room would silently lack them
   */
  readonly unsaved: boolean;
}

/**
 * core.md §5 in its order: at least one room (该场景没有发现房间，无法进行样板间制作), every room typed
 * (请先设置房间类型), the scene saved (请先保存场景). 'made-before' needs the server (madeBefore).
 */
export function modelRoomRefusal(check: MakeModelRoomCheck): Exclude<MakeModelRoomRefusal, 'made-before'> | null {
  if (check.rooms.length === 0) return 'no-room';
  if (check.rooms.some((r) => r.roomType === 0)) return 'untyped-room';
  if (check.sceneId === null || check.unsaved) return 'save-first';
  return null;
}

/** The server calls the flow makes (the browser binds them to the API client). */
export interface MakeModelRoomServer {
  /** GET api/admin/model-room with action scheme and scene_id: how many were made from the scene */
  countForScene(sceneId: number): Promise<number>;
  make(sceneId: number): Promise<ModelRoom>;
  patch(id: number, update: SchemeUpdate): Promise<ModelRoom>;
}

export interface RoomInfo {
  readonly name: string;
  readonly roomType: number;
  readonly area: number;
}

export type MakeModelRoomOutcome =
  | { readonly kind: 'made'; readonly room: ModelRoom }
  | { readonly kind: 'refused'; readonly reason: MakeModelRoomRefusal }
  | { readonly kind: 'failed'; readonly error: unknown };

/** retcode of 该场景已制作过样板间！ (server/http/retcodes.ts MODEL_ROOM_EXISTS). */
export const MODEL_ROOM_EXISTS_RETCODE = 30031;

/** The PATCH of core.md §7: the list picture (the drawn plan) and the rooms with their types and areas. */
export function schemeUpdateOf(room: ModelRoom, wholeRoomType: number, rooms: readonly RoomInfo[]): SchemeUpdate {
  let hundredths = 0;
  for (const r of rooms) hundredths += Math.round(r.area * 100);
  return {
    scheme: { model_list_url: room.cover_url },
    room: { roomType: wholeRoomType, area: hundredths / 100, rooms: rooms.map((r) => ({ name: r.name, roomType: r.roomType, area: r.area })) },
  };
}

export async function makeModelRoomFromScheme(
  server: MakeModelRoomServer,
  check: MakeModelRoomCheck,
  info: { readonly wholeRoomType: number; readonly rooms: readonly RoomInfo[] },
): Promise<MakeModelRoomOutcome> {
  const refusal = modelRoomRefusal(check);
  if (refusal) return { kind: 'refused', reason: refusal };
  const sceneId = check.sceneId!;
  try {
    // core.md §5's optional last check, asked the way §7 lists it; the server checks again.
    if ((await server.countForScene(sceneId)) > 0) return { kind: 'refused', reason: 'made-before' };
    const made = await server.make(sceneId);
    try {
      return { kind: 'made', room: await server.patch(made.id, schemeUpdateOf(made, info.wholeRoomType, info.rooms)) };
    } catch (error) {
      // The sample room exists with its cover and the scene's own room type and area; only the
      // room list is missing. It is made: say so rather than invite a second (refused) try.
      console.error('[model-room] the room info PATCH failed', error);
      return { kind: 'made', room: made };
    }
  } catch (error) {
    if (isApiError(error) && Number(error.code) === MODEL_ROOM_EXISTS_RETCODE) return { kind: 'refused', reason: 'made-before' };
    return { kind: 'failed', error };
  }
}
