// Who may call auto_save_scene. An active session may, as for any call. A session revoked because
// the account logged in elsewhere may too, once, within AUTO_SAVE_GRACE_MS of the revocation: the
// old browser saves the work on its screen before it shows the login page (core.md §4, forced
// logout). Everything else is refused like requireAuth refuses it.
import { hashToken, looksLikeToken } from '../auth/tokens';
import type { Db } from '../db/types';
import { ApiError, loggedInElsewhereError } from '../http/envelope';
import type { AuthContext } from '../http/env';
import { RETCODE } from '../http/retcodes';
import { findUserById } from '../users/users';
import { AUTO_SAVE_GRACE_MS } from './limits';

export interface AutoSaveAuth {
  auth: AuthContext;
  /** set when this call uses the grace of a revoked session; spent in the save's transaction */
  graceTokenHash: string | null;
}

export async function authenticateAutoSave(db: Db, token: string | null): Promise<AutoSaveAuth> {
  if (!token || !looksLikeToken(token)) throw new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
  const tokenHash = hashToken(token);
  const rows = await db.query<{ user_id: number; revoked: boolean; revoke_reason: string | null; live: boolean; in_grace: boolean; grace_used: boolean }>(
    `select s.user_id, s.revoked_at is not null as revoked, s.revoke_reason, s.expires_at > now() as live,
       coalesce(s.revoked_at > now() - ($2::bigint * interval '1 millisecond'), false) as in_grace,
       exists (select 1 from session_grace_uses g where g.token_hash = s.token_hash) as grace_used
     from sessions s where s.token_hash = $1`,
    [tokenHash, AUTO_SAVE_GRACE_MS],
  );
  const session = rows[0];
  if (!session) throw new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
  const elsewhere = session.revoked && session.revoke_reason === 'logged_in_elsewhere';
  let graceTokenHash: string | null = null;
  if (session.revoked) {
    if (!elsewhere) throw new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
    if (!session.in_grace || session.grace_used) throw loggedInElsewhereError();
    graceTokenHash = tokenHash;
  } else if (!session.live) {
    throw new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
  }
  const user = await findUserById(db, session.user_id);
  if (!user) throw new ApiError(401, RETCODE.UNAUTHORIZED, 'sessionExpired');
  if (user.no_access) throw new ApiError(403, RETCODE.NO_ACCESS, 'noAccess');
  return { auth: { user, tokenHash }, graceTokenHash };
}
