// /api/admin/tile (core.md §7, catalogues.md §7): the tile catalogue, its filters and favourites.
//   GET    ?action=filters|favorfilters|privateFilters  filters + one page (default 8 a page)
//   GET    ?action=list[&scope=all|public|private|favor] one page (default 9999 a page)
//   GET    ?action=filters_brand_initial[&genre=]       brands grouped by initial
//   GET    /{id}[?code=]                                one tile (by code when code is given)
//   POST   {action:'favor', id}                         add to the user's favourites
//   POST   {action:'multi_delete_tile_favor', id_list}  remove several favourites
//   DELETE /{id}[?action=favor]                         remove one favourite
import { Hono } from 'hono';
import { z } from 'zod';
import { requireFeature } from '../auth/features';
import { requireAuth } from '../auth/middleware';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseWith, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { TILE_GENRES } from '../catalogues/catalogue-data';
import { Id, notFound, optionalText, PAGE_PARAMS, pagedResult, paging, pathId, readActionBody, unknownAction } from '../catalogues/http';
import {
  brandsByInitial,
  favorTile,
  getTile,
  listTiles,
  tileFacets,
  unfavorTile,
  unfavorTiles,
  type TileFilters,
  type TileScope,
} from '../catalogues/tiles';
import { viewerOf } from '../catalogues/viewer';

/** core.md §9: tile page size 8 on the catalogue screen; the favourites and library list use 9999. */
export const TILE_PAGE_SIZE = 8;
export const TILE_LIST_PAGE_SIZE = 9999;

const blank = (v: unknown) => (v === '' ? undefined : v);

const TileQuery = z.object({
  action: z.string().max(64).optional(),
  ...PAGE_PARAMS,
  project: optionalText(64),
  keyword: optionalText(100),
  type: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-5](,[0-5]){0,5}$/)
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .optional(),
  ),
  brand: optionalText(100),
  series: optionalText(100),
  spec: optionalText(32),
  genre: z.preprocess(blank, z.enum(TILE_GENRES).optional()),
  scope: z.preprocess(blank, z.enum(['all', 'public', 'private', 'favor']).optional()),
});

const FILTER_SCOPES: Record<string, TileScope> = { filters: 'public', favorfilters: 'favor', privateFilters: 'private' };

const FavorBody = z.object({ id: Id.optional(), tile_id: Id.optional() }).refine((b) => b.id !== undefined || b.tile_id !== undefined, {
  path: ['id'],
});
const MultiDeleteBody = z.object({ id_list: z.array(Id).min(1).max(1000) });

export function tileRoutes({ db, config }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));
  routes.use('*', requireFeature('tileWork')); // core.md §6: the module's authority tip, never data

  routes.get('/', async (c) => {
    const q = readQuery(c, TileQuery);
    const viewer = viewerOf(c);
    // The tenant comes from the session; a client naming another project is told so, not served.
    if (q.project && q.project !== viewer.project) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'projectMismatch', undefined, { field: 'project' });
    }
    const filters: TileFilters = { keyword: q.keyword, types: q.type, brand: q.brand, series: q.series, spec: q.spec, genre: q.genre };
    const action = q.action ?? 'list';
    const filterScope = FILTER_SCOPES[action];
    if (filterScope) {
      const page = paging(q, TILE_PAGE_SIZE);
      const found = await listTiles(db, viewer, filterScope, filters, page);
      const facets = await tileFacets(db, viewer, filterScope, filters, c.get('locale'));
      return ok(c, { filters: facets, ...pagedResult(page, found.total, found.data) });
    }
    if (action === 'list') {
      const page = paging(q, TILE_LIST_PAGE_SIZE);
      const found = await listTiles(db, viewer, q.scope ?? 'all', filters, page);
      return ok(c, pagedResult(page, found.total, found.data));
    }
    if (action === 'filters_brand_initial') return ok(c, await brandsByInitial(db, viewer, q.genre));
    throw unknownAction(action);
  });

  routes.get('/:id', async (c) => {
    const { code } = readQuery(c, z.object({ code: optionalText(64) }));
    const viewer = viewerOf(c);
    // With a code the path id is the client's own reference (often old_id or 0) and is not checked.
    const tile = code ? await getTile(db, viewer, { code }) : await getTile(db, viewer, { id: pathId(c) });
    if (!tile) throw notFound();
    return ok(c, tile);
  });

  routes.post('/', async (c) => {
    const { action, body } = await readActionBody(c, config.jsonBodyLimit);
    const viewer = viewerOf(c);
    if (action === 'favor') {
      const b = parseWith(FavorBody, body);
      const id = (b.id ?? b.tile_id)!;
      if (!(await favorTile(db, viewer, id))) throw notFound();
      return ok(c, { id, tile_favor: 1 });
    }
    if (action === 'multi_delete_tile_favor') {
      const b = parseWith(MultiDeleteBody, body);
      return ok(c, { deleted: await unfavorTiles(db, viewer, b.id_list) });
    }
    throw unknownAction(action);
  });

  routes.delete('/:id', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64).optional() }));
    if (action !== undefined && action !== 'favor') throw unknownAction(action);
    const id = pathId(c);
    if (!(await unfavorTile(db, viewerOf(c), id))) throw notFound();
    return ok(c, { id, tile_favor: 0 });
  });

  return routes;
}
