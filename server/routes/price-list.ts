// /api/admin/price-list (issue 14): the signed-in user's project's quotation price list.
//   GET  [?version=n]                        the newest version, or version n
//   GET  /history                            every version, newest first, with what each changed
//   PUT  {base_version, list, note?}         save a new version (project admins only); POST alike
// The list prices wardrobes and cupboards, so it needs one of those modules (core.md §6).
// Every signed-in user of the project with it may read (a designer's quote is priced from it); only the
// project admin (core.md §6: any admin flag) may save, anyone else gets 该账号无访问权限！.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireFeature } from '../auth/features';
import { requireAuth } from '../auth/middleware';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/input';
import { RETCODE } from '../http/retcodes';
import { getPriceList, priceListHistory, savePriceList } from '../pricing/price-lists';
import { isAdminByFlags } from '../users/roles';
import { describeProblems, MAX_NOTE_LENGTH, validatePriceList } from '../../protocol/price-list';

/** A list of a few thousand items stays far below this. */
const BODY_LIMIT = 1024 * 1024;

const MAX_VERSION = 2_147_483_647;
const VersionParam = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_VERSION));

const SaveBody = z.object({
  base_version: z.number().int().min(1).max(MAX_VERSION),
  list: z.unknown(),
  note: z.string().max(MAX_NOTE_LENGTH).optional(),
});

export function priceListRoutes({ db }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireAuth(db));
  routes.use('*', requireFeature('cabinets')); // core.md §6: the module's authority tip, never data

  routes.get('/', async (c) => {
    const { version } = readQuery(c, z.object({ version: VersionParam.optional() }).loose());
    const found = await getPriceList(db, c.get('auth').user.project_code, version);
    if (!found) throw new ApiError(404, RETCODE.NOT_FOUND, 'priceListVersionNotFound', { version: version ?? '' });
    return ok(c, found);
  });

  routes.get('/history', async (c) => ok(c, await priceListHistory(db, c.get('auth').user.project_code)));

  const save = async (c: Context<AppEnv>) => {
    const { user } = c.get('auth');
    // Checked before the body is read: a refused caller learns nothing about what a valid list is.
    if (!isAdminByFlags(user.admin_flags)) throw new ApiError(403, RETCODE.FORBIDDEN, 'noAccess');
    const body = await readJson(c, SaveBody, BODY_LIMIT);
    const check = validatePriceList(body.list);
    if (!check.ok) {
      const reason = describeProblems(check.problems, c.get('locale') ?? 'zh');
      throw new ApiError(400, RETCODE.PRICE_LIST_INVALID, 'priceListInvalid', { reason }, { field: 'list', problems: check.problems });
    }
    const author = { id: user.id, name: user.username || user.account };
    const result = await savePriceList(db, user.project_code, author, body.base_version, check.list, body.note?.trim() ?? '');
    if (result.status === 'conflict') {
      throw new ApiError(409, RETCODE.PRICE_LIST_VERSION_CONFLICT, 'priceListVersionConflict', { current: result.current, base: body.base_version }, {
        current_version: result.current,
      });
    }
    if (result.status === 'unchanged') throw new ApiError(400, RETCODE.PRICE_LIST_UNCHANGED, 'priceListUnchanged');
    return ok(c, result.version);
  };
  routes.put('/', save);
  routes.post('/', save);
  return routes;
}
