// /api/admin/paving and /api/admin/waterjet (catalogues.md §7): pavings (multi-tile laying
// patterns) and waterjet medallions. Both families answer the same calls:
//   GET    ?action=filters|list   (filters: facets + one page; list: one page), default 8 a page
//   GET    /{id}                  one item
//   POST   {action:'favor', privateId | id}
//   DELETE /{id}[?action=favor]
import { Hono } from 'hono';
import { z } from 'zod';
import { requireFeature } from '../auth/features';
import { requireAuth } from '../auth/middleware';
import { ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseWith, readQuery } from '../http/input';
import { MIX_MODES, type PavingKind } from '../catalogues/catalogue-data';
import { Id, intParam, notFound, optionalText, PAGE_PARAMS, pagedResult, paging, pathId, readActionBody, unknownAction } from '../catalogues/http';
import { favorPaving, getPaving, listPavings, pavingFacets, unfavorPaving, type PavingFilters } from '../catalogues/pavings';
import { viewerOf } from '../catalogues/viewer';

export const PAVING_PAGE_SIZE = 8;

const blank = (v: unknown) => (v === '' ? undefined : v);

export const PavingQuery = z.object({
  action: z.string().max(64).optional(),
  ...PAGE_PARAMS,
  keyword: optionalText(100),
  category: z.preprocess(blank, intParam(1, 2_147_483_647).optional()),
  brand: optionalText(100),
  spec: optionalText(32),
  mode: z.preprocess(blank, z.enum(MIX_MODES).optional()),
  favor: z.preprocess(blank, z.enum(['0', '1']).optional()),
});

export function pavingFilters(q: z.infer<typeof PavingQuery>): PavingFilters {
  return { keyword: q.keyword, category: q.category, brand: q.brand, spec: q.spec, mode: q.mode, favorOnly: q.favor === '1' };
}

const FavorBody = z
  .object({ privateId: Id.optional(), id: Id.optional() })
  .refine((b) => b.privateId !== undefined || b.id !== undefined, { path: ['privateId'] });

export function pavingFamilyRoutes({ db, config }: AppDeps, kind: PavingKind, defaultAction: 'filters' | 'list'): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));
  routes.use('*', requireFeature('tileWork')); // core.md §6: the module's authority tip, never data

  routes.get('/', async (c) => {
    const q = readQuery(c, PavingQuery);
    const viewer = viewerOf(c);
    const filters = pavingFilters(q);
    const page = paging(q, PAVING_PAGE_SIZE);
    const action = q.action ?? defaultAction;
    if (action !== 'filters' && action !== 'list') throw unknownAction(action);
    const found = await listPavings(db, viewer, kind, filters, page);
    const result = pagedResult(page, found.total, found.data);
    if (action === 'list') return ok(c, result);
    return ok(c, { filters: await pavingFacets(db, viewer, kind, filters, c.get('locale')), ...result });
  });

  routes.get('/:id', async (c) => {
    const item = await getPaving(db, viewerOf(c), kind, pathId(c));
    if (!item) throw notFound();
    return ok(c, item);
  });

  routes.post('/', async (c) => {
    const { action, body } = await readActionBody(c, config.jsonBodyLimit);
    if (action !== 'favor') throw unknownAction(action);
    const b = parseWith(FavorBody, body);
    const id = (b.privateId ?? b.id)!;
    if (!(await favorPaving(db, viewerOf(c), kind, id))) throw notFound();
    return ok(c, { id, favor: 1 });
  });

  routes.delete('/:id', async (c) => {
    const { action } = readQuery(c, z.object({ action: z.string().max(64).optional() }));
    if (action !== undefined && action !== 'favor') throw unknownAction(action);
    const id = pathId(c);
    if (!(await unfavorPaving(db, viewerOf(c), kind, id))) throw notFound();
    return ok(c, { id, favor: 0 });
  });

  return routes;
}

export function pavingRoutes(deps: AppDeps): Hono<AppEnv> {
  return pavingFamilyRoutes(deps, 'paving', 'filters');
}
