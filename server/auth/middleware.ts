import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../db/types';
import { ApiError, loggedInElsewhereError } from '../http/envelope';
import type { AppEnv, AuthContext } from '../http/env';
import { RETCODE } from '../http/retcodes';
import { lookupSession } from './sessions';
import { bearerToken, hashToken, looksLikeToken } from './tokens';

/** The login cookie the UI writes (ui/auth/storage.ts): the session token, for 1 year. */
export const TOKEN_COOKIE = 'token';

export interface AuthOptions {
  /**
   * Also accept the login cookie. Only for GETs of files (an <img src> sends no Authorization
   * header); never for calls that change something, which would open them to cross-site requests.
   */
  allowCookie?: boolean;
}

function requestToken(c: Context<AppEnv>, options: AuthOptions): string | null {
  const fromHeader = bearerToken(c.req.header('authorization'));
  if (fromHeader) return fromHeader;
  if (!options.allowCookie) return null;
  return getCookie(c, TOKEN_COOKIE) ?? null;
}

/**
 * The session of the request, or the error that explains why there is none. Any failure is HTTP
 * 401 with retcode 401, which the client treats as "session expired" (spec section 8). A session
 * revoked because the account logged in elsewhere says so.
 */
export async function authenticate(db: Db, c: Context<AppEnv>, options: AuthOptions = {}): Promise<AuthContext | ApiError> {
  const token = requestToken(c, options);
  if (!token || !looksLikeToken(token)) return new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
  const found = await lookupSession(db, hashToken(token));
  if (found.status !== 'active') {
    const elsewhere = found.status === 'revoked' && found.reason === 'logged_in_elsewhere';
    return elsewhere ? loggedInElsewhereError() : new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
  }
  if (found.user.no_access) return new ApiError(403, RETCODE.NO_ACCESS, 'noAccess');
  return { user: found.user, tokenHash: found.tokenHash };
}

/** Guards a route with the session; on success c.get('auth') holds the user. */
export function requireAuth(db: Db, options: AuthOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await authenticate(db, c, options);
    if (result instanceof ApiError) throw result;
    c.set('auth', result);
    await next();
  };
}
