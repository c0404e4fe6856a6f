// /meta20/x/house-type: the tenant's house-type library (户型入库, issue 16). { code, msg, data }.
//   GET    /?pageNumber=1&pageSize=20&keyword=   one page, newest first (keyword: name, city, building)
//   GET    /{id}                                  one entry
//   POST   / { sceneId, name?, style?, roomNumber, bedroomNumber, parlourNumber, bathroomNumber,
//              city?, cityName?, building? }        stores the scheme's current saved version
//   DELETE /{id}                                  the owner or a project admin
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { codeEnvelope, okData } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/input';
import { createHouseType, deleteHouseType, getHouseType, listHouseTypes } from '../scenes/house-types';
import { actorOf, answerData, idFrom, readWriteBody } from '../scenes/http';
import { LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX, NAME_MAX_CHARS } from '../scenes/limits';
import type { SceneDeps } from '../scenes/write';
import { quotaOf } from '../storage/quota';

const ID = z.union([z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,15}$/).transform(Number)]);
const count = (max: number) => z.number().int().min(0).max(max);
const TEXT = z.string().trim().max(100);

const CreateBody = z.object({
  sceneId: ID,
  name: z.string().trim().min(1).max(NAME_MAX_CHARS).optional(),
  style: z.string().trim().max(32).default(''),
  roomNumber: count(999),
  bedroomNumber: count(99),
  parlourNumber: count(99),
  bathroomNumber: count(99),
  city: z.string().regex(/^([0-9]{6})?$/).default(''),
  cityName: TEXT.default(''),
  building: TEXT.default(''),
});

const ListQuery = z.object({
  pageNumber: z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number).optional(),
  pageSize: z.string().regex(/^[1-9][0-9]{0,2}$/).transform(Number).pipe(z.number().max(LIST_PAGE_SIZE_MAX)).optional(),
  keyword: z.string().max(100).optional(),
});

const BODY_LIMIT = 16 * 1024;

export function houseTypeRoutes({ db, storage, logger, config }: AppDeps): Hono<AppEnv> {
  const sd: SceneDeps = { db, storage, logger, quota: quotaOf(config) };
  const routes = new Hono<AppEnv>();
  routes.use('*', codeEnvelope());
  routes.use('*', requireAuth(db));

  routes.get('/', async (c) => {
    const q = readQuery(c, ListQuery);
    return okData(
      c,
      await listHouseTypes(db, actorOf(c), { pageNumber: q.pageNumber ?? 1, pageSize: q.pageSize ?? LIST_PAGE_SIZE, keyword: q.keyword?.trim() || undefined }),
    );
  });

  routes.get('/:id', async (c) => okData(c, await getHouseType(db, actorOf(c), idFrom(c.req.param('id')))));

  routes.post('/', async (c) => {
    const { value, scope } = await readWriteBody(c, CreateBody, BODY_LIMIT);
    return answerData(c, await createHouseType(sd, actorOf(c), scope, value));
  });

  routes.delete('/:id', async (c) => okData(c, await deleteHouseType(sd, actorOf(c), idFrom(c.req.param('id')))));

  return routes;
}
