import type { Db } from '../db/types';
import { USER_COLUMNS, type UserRow } from '../users/users';
import { hashToken, newSessionToken } from './tokens';

/**
 * Why a session stopped working; 'logged_in_elsewhere' shows the spec's dedicated message.
 * 'password_changed' is written by POST /account2/password (routes/account.ts) for the other sessions.
 */
export type RevokeReason = 'logout' | 'logged_in_elsewhere' | 'admin' | 'password_changed';

export async function createSession(db: Db, userId: number, ttlMs: number): Promise<string> {
  const token = newSessionToken();
  await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     values ($1, $2, now() + ($3::bigint * interval '1 millisecond'))`,
    [hashToken(token), userId, ttlMs],
  );
  return token;
}

/**
 * A new login: every other live session of the account is revoked ('logged_in_elsewhere', so the
 * old client is told why) and the new one created, in one transaction. The user row is locked
 * first, so two logins racing each other still leave exactly one live session.
 */
export async function startExclusiveSession(db: Db, userId: number, ttlMs: number): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    await tx.query(
      `update sessions set revoked_at = now(), revoke_reason = 'logged_in_elsewhere'
       where user_id = $1 and revoked_at is null and expires_at > now()`,
      [userId],
    );
    return createSession(tx, userId, ttlMs);
  });
}

/** How long a get-login-token token may wait for its loginWithToken. */
export const LOGIN_TOKEN_TTL_MS = 120_000;

/** A single-use token that opens a session for `userId` (loginWithToken). Only its hash is kept. */
export async function createLoginToken(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const rows = await db.query<{ expires_at: Date }>(
    `insert into login_tokens (token_hash, user_id, expires_at)
     values ($1, $2, now() + ($3::bigint * interval '1 millisecond')) returning expires_at`,
    [hashToken(token), userId, LOGIN_TOKEN_TTL_MS],
  );
  // Expired tokens of this user are useless; dropping them here keeps the table small.
  await db.query(`delete from login_tokens where user_id = $1 and expires_at < now() - interval '1 day'`, [userId]);
  return { token, expiresAt: new Date(rows[0]!.expires_at) };
}

/** Marks the token used and answers its user id; null when unknown, used or expired. */
export async function consumeLoginToken(db: Db, token: string): Promise<number | null> {
  const rows = await db.query<{ user_id: number }>(
    `update login_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now()
     returning user_id`,
    [hashToken(token)],
  );
  return rows[0]?.user_id ?? null;
}

export type SessionLookup =
  | { status: 'active'; user: UserRow; tokenHash: string }
  | { status: 'revoked'; reason: string | null }
  | { status: 'expired' }
  | { status: 'unknown' };

interface SessionJoinRow extends UserRow {
  session_revoked_at: Date | null;
  session_revoke_reason: string | null;
  session_live: boolean;
}

/**
 * Every authenticated request runs this, so it is one round trip: the session with its user
 * (scoped in a lateral subquery, so the user's columns can never clash with the session's).
 */
export async function lookupSession(db: Db, tokenHash: string): Promise<SessionLookup> {
  const rows = await db.query<SessionJoinRow>(
    `select s.revoked_at as session_revoked_at, s.revoke_reason as session_revoke_reason,
       s.expires_at > now() as session_live, u.*
     from sessions s left join lateral (select ${USER_COLUMNS} from users where users.id = s.user_id) u on true
     where s.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return { status: 'unknown' };
  const { session_revoked_at: revokedAt, session_revoke_reason: reason, session_live: live, ...user } = row;
  if (revokedAt) return { status: 'revoked', reason };
  if (!live) return { status: 'expired' };
  // no user row (the join is outer so that revoked and expired are told apart first, as before)
  if (user.id === null || user.id === undefined) return { status: 'unknown' };
  return { status: 'active', user, tokenHash };
}

export async function revokeSession(db: Db, tokenHash: string, reason: RevokeReason): Promise<void> {
  await db.query(
    'update sessions set revoked_at = now(), revoke_reason = $2 where token_hash = $1 and revoked_at is null',
    [tokenHash, reason],
  );
}
