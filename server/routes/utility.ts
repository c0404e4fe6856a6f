// POST /api/admin/utility: one address, many actions. This module answers the account actions
// (minhuaAccountLogout and the reqac2s wrapper around the account service); any other action is
// passed on with next(), so another family can register the same path for its own actions. When
// nobody takes it, the answer is a 400 naming the action.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { authenticate } from '../auth/middleware';
import { revokeSession } from '../auth/sessions';
import { ApiError, errorResponse, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { parseJsonBytes, parseWith, readBodyBytes } from '../http/input';
import { limitByAddress } from '../http/rate-limit';
import { RETCODE } from '../http/retcodes';
import { message } from '../messages';
import { isAdminByFlags } from '../users/roles';
import { findUserById, toUserProfile, type UserProfile, type UserRow } from '../users/users';

const ActionOnly = z.object({ action: z.string().min(1).max(64) });

const UserIdParam = z.union([z.number().int().min(1).max(2_147_483_647), z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number)]);

const Reqac2sBody = z.object({
  action: z.literal('reqac2s'),
  url: z.literal('/client/user'),
  method: z.string().toLowerCase().pipe(z.literal('get')),
  params: z.discriminatedUnion('action', [
    z.object({ action: z.literal('checkSimplePassword') }),
    z.object({
      action: z.literal('getUserByUserId'),
      user_id: UserIdParam.optional(),
      userId: UserIdParam.optional(),
      id: UserIdParam.optional(),
    }),
  ]),
});

/** The inner answer of getUserByUserId: the account service's own envelope inside retdata. */
export interface InnerEnvelope<T> {
  retcode: number;
  retmsg: string;
  retdata: T;
}

const ACCOUNT_ACTIONS = new Set(['minhuaAccountLogout', 'reqac2s']);

export function utilityRoutes({ db, config, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  async function signedIn(c: Context<AppEnv>): Promise<UserRow> {
    const found = await authenticate(db, c);
    if (found instanceof ApiError) throw found;
    c.set('auth', found);
    return found.user;
  }

  async function getUserByUserId(c: Context<AppEnv>, me: UserRow, wanted: number | undefined): Promise<InnerEnvelope<UserProfile | null>> {
    const locale = c.get('locale');
    const target = wanted === undefined || wanted === me.id ? me : await findUserById(db, wanted);
    // Another user: same project, and only for its admins. Anything else looks like "no such user".
    const mayRead =
      target !== null &&
      (target.id === me.id || (target.project_code === me.project_code && (me.is_project_admin || isAdminByFlags(me.admin_flags))));
    if (!target || !mayRead) return { retcode: RETCODE.NOT_FOUND, retmsg: message('userNotFound', locale), retdata: null };
    return { retcode: RETCODE.OK, retmsg: message('ok', locale), retdata: toUserProfile(target) };
  }

  // The body is read and parsed before any session check (minhuaAccountLogout needs none): per address.
  routes.post('/', limitByAddress(limits.utility, config.trustProxy), async (c, next) => {
    const value = parseJsonBytes(await readBodyBytes(c, config.jsonBodyLimit));
    const { action } = parseWith(ActionOnly, value);
    if (!ACCOUNT_ACTIONS.has(action)) {
      await next();
      if (c.get('unmatched')) {
        c.res = undefined;
        c.res = errorResponse(c, new ApiError(400, RETCODE.BAD_REQUEST, 'unknownAction', { action: action.slice(0, 64) }, { field: 'action' }));
      }
      return;
    }

    if (action === 'minhuaAccountLogout') {
      // Like DELETE /account2/session: ending a session that is already gone is still a success.
      const found = await authenticate(db, c);
      if (!(found instanceof ApiError)) await revokeSession(db, found.tokenHash, 'logout');
      return ok(c, null);
    }

    const me = await signedIn(c);
    const body = parseWith(Reqac2sBody, value);
    if (body.params.action === 'checkSimplePassword') return ok(c, { isSimplePassword: me.password_is_simple });
    const params = body.params;
    const wanted = params.user_id ?? params.userId ?? params.id;
    return ok(c, await getUserByUserId(c, me, wanted));
  });

  return routes;
}

