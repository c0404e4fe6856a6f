// /api/admin/model-room (core.md §7): sample rooms.
//   GET    ?action=scheme&page=1&pageSize=8&order_by=desc&order_field=created_at[&scene_id=]  one page
//   GET    /{id}?action=scheme                       one sample room
//   POST   {action:'favor', scheme_id, scheme_brand} add to the user's favourites
//   DELETE /{scheme_id}?action=favor                 remove from them
//   POST   {action:'viewed_count', id}               count a view (not the owner's own)
//   POST   {action:'scheme', scene_id}               制作样板间 from the caller's own saved scene
//   PATCH  /{id} {action:'scheme', scheme:{model_list_url}, room}   owner or project admin only
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { ApiError, ok } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import type { AppDeps, AppEnv } from '../http/env';
import { findBadText, jsonDepth, MAX_JSON_DEPTH, parseWith, readQuery } from '../http/input';
import {
  forbidden,
  Id,
  intParam,
  notFound,
  optionalText,
  PAGE_PARAMS,
  pagedResult,
  paging,
  pathId,
  readActionBody,
  unknownAction,
} from '../catalogues/http';
import {
  countModelRoomView,
  favorModelRoom,
  getModelRoom,
  listModelRooms,
  ORDER_FIELDS,
  patchModelRoom,
  unfavorModelRoom,
} from '../catalogues/model-rooms';
import { makeModelRoomFromScene } from '../catalogues/model-room-make';
import { viewerOf } from '../catalogues/viewer';

/** core.md §9: sample-room lookup page size 8. */
export const MODEL_ROOM_PAGE_SIZE = 8;

const blank = (v: unknown) => (v === '' ? undefined : v);

const ListQuery = z.object({
  action: z.string().max(64).optional(),
  ...PAGE_PARAMS,
  order_by: z.preprocess(blank, z.enum(['asc', 'desc']).optional()),
  order_field: z.preprocess(blank, z.enum(ORDER_FIELDS).optional()),
  scene_id: z.preprocess(blank, Id.optional()),
  keyword: optionalText(100),
  room_type: z.preprocess(blank, intParam(0, 100_000).optional()),
  style: optionalText(32),
  favor: z.preprocess(blank, z.enum(['0', '1']).optional()),
  mine: z.preprocess(blank, z.enum(['0', '1']).optional()),
});

/** An address the client may load: site-relative or http(s); '' clears it. */
const Address = z
  .string()
  .max(2048)
  .regex(/^(|\/(?!\/)\S*|https?:\/\/\S+)$/);

const RoomObject = z.record(z.string(), z.unknown());
const Room = z.union([
  RoomObject,
  // some clients send the room info JSON-encoded
  z.string().transform((s, ctx) => {
    try {
      // the checks readJson makes on the body, made again on the text it carried
      if (jsonDepth(new TextEncoder().encode(s), MAX_JSON_DEPTH) <= MAX_JSON_DEPTH) {
        const parsed: unknown = JSON.parse(s);
        const checked = RoomObject.safeParse(parsed);
        if (checked.success && !findBadText(checked.data)) return checked.data;
      }
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'room must be an object' });
    return z.NEVER;
  }),
]);

const PatchBody = z.object({
  scheme: z
    .object({
      model_list_url: Address.optional(),
      name: z.string().trim().min(1).max(100).optional(),
      cover_url: Address.optional(),
      scene_file: Address.optional(),
    })
    .optional(),
  room: Room.optional(),
});

const FavorBody = z.object({ scheme_id: Id, scheme_brand: z.string().max(64).optional() });
const ViewBody = z.object({ id: Id });
const MakeBody = z.object({ scene_id: Id });

export function modelRoomRoutes({ db, config, storage, logger }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));

  routes.get('/', async (c) => {
    const q = readQuery(c, ListQuery);
    if (q.action !== undefined && q.action !== 'scheme') throw unknownAction(q.action);
    const page = paging(q, MODEL_ROOM_PAGE_SIZE);
    const found = await listModelRooms(
      db,
      viewerOf(c),
      {
        sceneId: q.scene_id,
        keyword: q.keyword,
        roomType: q.room_type,
        style: q.style,
        favorOnly: q.favor === '1',
        ownProjectOnly: q.mine === '1',
      },
      { field: q.order_field ?? 'created_at', desc: (q.order_by ?? 'desc') === 'desc' },
      page,
    );
    return ok(c, pagedResult(page, found.total, found.data));
  });

  routes.get('/:id', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64).optional() }));
    if (action !== undefined && action !== 'scheme') throw unknownAction(action);
    const room = await getModelRoom(db, viewerOf(c), pathId(c));
    if (!room) throw notFound();
    return ok(c, room);
  });

  routes.post('/', async (c) => {
    const { action, body } = await readActionBody(c, config.jsonBodyLimit);
    const viewer = viewerOf(c);
    if (action === 'favor') {
      // scheme_brand is the client's copy of the owning project; the stored one is the room's own
      const b = parseWith(FavorBody, body);
      if (!(await favorModelRoom(db, viewer, b.scheme_id))) throw notFound();
      return ok(c, { scheme_id: b.scheme_id, favor: 1 });
    }
    if (action === 'viewed_count') {
      const b = parseWith(ViewBody, body);
      const counted = await countModelRoomView(db, viewer, b.id);
      if (!counted) throw notFound();
      return ok(c, { id: b.id, ...counted });
    }
    if (action === 'scheme') {
      const b = parseWith(MakeBody, body);
      const made = await makeModelRoomFromScene({ db, storage, logger }, viewer, b.scene_id);
      switch (made.kind) {
        case 'made':
          return ok(c, made.room);
        case 'not-found':
          throw notFound();
        case 'exists':
          throw new ApiError(409, RETCODE.MODEL_ROOM_EXISTS, 'modelRoomExists');
        case 'no-room':
          throw new ApiError(400, RETCODE.MODEL_ROOM_SCENE_UNFIT, 'modelRoomNoRoom');
        case 'untyped-room':
          throw new ApiError(400, RETCODE.MODEL_ROOM_SCENE_UNFIT, 'modelRoomUntypedRoom');
      }
    }
    throw unknownAction(action);
  });

  routes.delete('/:id', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64).optional() }));
    if (action !== undefined && action !== 'favor') throw unknownAction(action);
    const id = pathId(c);
    if (!(await unfavorModelRoom(db, viewerOf(c), id))) throw notFound();
    return ok(c, { scheme_id: id, favor: 0 });
  });

  routes.patch('/:id', async (c) => {
    const { action, body } = await readActionBody(c, config.jsonBodyLimit);
    if (action !== 'scheme') throw unknownAction(action);
    const id = pathId(c);
    const b = parseWith(PatchBody, body);
    const result = await patchModelRoom(db, viewerOf(c), id, { ...b.scheme, room: b.room });
    if (result === null) throw notFound();
    if (result === 'forbidden') throw forbidden();
    return ok(c, result);
  });

  return routes;
}
