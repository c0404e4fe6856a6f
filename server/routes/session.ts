import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { requireAuth } from '../auth/middleware';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { LOGIN_TOKEN_TTL_MS, consumeLoginToken, createLoginToken, revokeSession, startExclusiveSession } from '../auth/sessions';
import { accountKey, claimLoginAttempt, loginAddress, recordLoginSuccess, throttledError } from '../auth/throttle';
import { looksLikeToken } from '../auth/tokens';
import { ApiError, ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson } from '../http/input';
import { enforceRate, limitByAddress } from '../http/rate-limit';
import { RETCODE } from '../http/retcodes';
import {
  findUserByAccount,
  findUserById,
  isSimplePassword,
  setPasswordSimple,
  toUserInfo,
  toUserProfile,
  updatePasswordHash,
  type UserRow,
} from '../users/users';

const LoginBody = z.object({
  action: z.literal('login'),
  account: z.string().trim().min(1).max(128),
  // argon2 accepts any length; the cap only stops people from making us hash megabytes
  password: z.string().min(1).max(256),
  project: z.string().trim().min(1).max(64),
});

const LoginWithTokenBody = z.object({
  action: z.literal('loginWithToken'),
  token: z.string().refine(looksLikeToken),
});

// One endpoint, several actions (spec: login and loginWithToken); the action picks the shape.
const SessionBody = z.discriminatedUnion('action', [LoginBody, LoginWithTokenBody]);

/** What GET /api/session/get-login-token answers. */
export interface LoginTokenAnswer {
  login_token: string;
  /** ISO time after which loginWithToken refuses it */
  expires_at: string;
  expires_in_s: number;
}

export function sessionRoutes({ db, config, logger, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(db);

  /** Opens the account's one live session and answers the user info the client stores. */
  async function signIn(c: Context<AppEnv>, user: UserRow, how: string): Promise<Response> {
    const token = await startExclusiveSession(db, user.id, config.sessionTtlMs);
    logger.info(how, { reqId: c.get('reqId'), userId: user.id, project: user.project_code });
    // The client takes a Bearer value from this response header as its new token (spec section 7).
    c.header('Authorization', `Bearer ${token}`);
    return ok(c, toUserInfo(user, token));
  }

  async function login(c: Context<AppEnv>, body: z.infer<typeof LoginBody>): Promise<Response> {
    // Every attempt costs an argon2 hash: a tenant's whole sign-in traffic has a ceiling, on top
    // of the per-address one, so many addresses together cannot spend the server's CPU on it.
    enforceRate(limits.loginProject, body.project.trim().toLowerCase());
    const key = accountKey(body.project, body.account);
    const address = loginAddress(c, config.trustProxy, logger);
    // Checked before the password (a refusal says nothing about it), and the same way for
    // accounts that do not exist, so the delays neither let guessing go on nor tell which are real.
    // The attempt counts as a failure from here on, until the password proves right.
    const verdict = await claimLoginAttempt(db, key, address, config.loginThrottle);
    if (!verdict.allowed) {
      logger.warn('login throttled', { reqId: c.get('reqId'), address, retryAfterS: verdict.retryAfterS });
      throw throttledError(verdict.retryAfterS);
    }

    const user = await findUserByAccount(db, body.project, body.account);
    // Unknown account, wrong project and wrong password look the same, and take as long.
    const passwordOk = user ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstDummy(body.password);
    if (!user || !passwordOk) throw new ApiError(401, RETCODE.LOGIN_FAILED, 'loginFailed');
    await recordLoginSuccess(db, key, address);
    if (user.no_access) throw new ApiError(403, RETCODE.NO_ACCESS, 'noAccess');
    if (needsRehash(user.password_hash)) {
      await updatePasswordHash(db, user.id, await hashPassword(body.password));
    }
    // Only now is the plain password at hand: remember whether checkSimplePassword should nag.
    await setPasswordSimple(db, user.id, isSimplePassword(body.password, user.account));
    return signIn(c, user, 'login');
  }

  async function loginWithToken(c: Context<AppEnv>, token: string): Promise<Response> {
    const userId = await consumeLoginToken(db, token);
    const user = userId === null ? null : await findUserById(db, userId);
    if (!user) throw new ApiError(401, RETCODE.LOGIN_TOKEN_INVALID, 'loginTokenInvalid');
    if (user.no_access) throw new ApiError(403, RETCODE.NO_ACCESS, 'noAccess');
    return signIn(c, user, 'login with token');
  }

  // A generic request rate per address, before the body is read; the failed-login throttle
  // (auth/throttle.ts) counts failures per account and address on top.
  routes.post('/', limitByAddress(limits.login, config.trustProxy), async (c) => {
    const body = await readJson(c, SessionBody, config.jsonBodyLimit);
    if (body.action === 'login') return login(c, body);
    return loginWithToken(c, body.token);
  });

  /**
   * A single-use token for loginWithToken, valid LOGIN_TOKEN_TTL_MS: how a signed-in page hands its
   * user to another window or app without passing the session token itself around.
   */
  routes.get('/get-login-token', auth, async (c) => {
    const { token, expiresAt } = await createLoginToken(db, c.get('auth').user.id);
    const answer: LoginTokenAnswer = {
      login_token: token,
      expires_at: expiresAt.toISOString(),
      expires_in_s: Math.round(LOGIN_TOKEN_TTL_MS / 1000),
    };
    return ok(c, answer);
  });

  routes.get('/me', auth, (c) => ok(c, toUserProfile(c.get('auth').user)));

  routes.delete('/', auth, async (c) => {
    await revokeSession(db, c.get('auth').tokenHash, 'logout');
    return ok(c, null);
  });

  return routes;
}
