// Login rate limits, kept in the database so that every server process counts the same failures.
// Failures are counted per account key (project + account, whether or not the account exists, so
// the limit itself reveals nothing) and per client address, over the last hour.
import type { Context } from 'hono';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';

export const THROTTLE_WINDOW_MS = 3_600_000;

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/** Same key for "Designer" and "designer " so case and spaces do not multiply the attempts. */
export function accountKey(project: string, account: string): string {
  // project codes never contain '/', so the key is unambiguous
  return `${project.trim().toLowerCase()}/${account.trim().toLowerCase()}`;
}

/**
 * The client's address: the last X-Forwarded-For hop when a trusted proxy sits in front (the one
 * our proxy appended; earlier hops are whatever the client claimed), else the socket's peer.
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last.slice(0, 64);
  }
  // @hono/node-server puts the IncomingMessage on c.env; app.request() in tests has no socket.
  const env: unknown = c.env;
  if (typeof env === 'object' && env !== null && 'incoming' in env) {
    const incoming = (env as { incoming?: { socket?: { remoteAddress?: unknown } } }).incoming;
    const address = incoming?.socket?.remoteAddress;
    if (typeof address === 'string' && address) return address;
  }
  return 'unknown';
}

export async function checkLoginThrottle(db: Db, key: string, address: string, limits: ThrottleLimits): Promise<ThrottleVerdict> {
  const rows = await db.query<{ by_account: number; by_address: number; account_oldest: Date | null; address_oldest: Date | null }>(
    `with acc as (
       select count(*) as n, min(created_at) as oldest from login_failures
       where account_key = $1 and created_at > now() - ($3::bigint * interval '1 millisecond')
     ), adr as (
       select count(*) as n, min(created_at) as oldest from login_failures
       where address = $2 and created_at > now() - ($3::bigint * interval '1 millisecond')
     )
     select acc.n as by_account, adr.n as by_address, acc.oldest as account_oldest, adr.oldest as address_oldest
     from acc, adr`,
    [key, address, THROTTLE_WINDOW_MS],
  );
  const row = rows[0];
  if (!row) return { allowed: true };
  const blockedSince: Date[] = [];
  if (Number(row.by_account) >= limits.perAccount && row.account_oldest) blockedSince.push(new Date(row.account_oldest));
  if (Number(row.by_address) >= limits.perAddress && row.address_oldest) blockedSince.push(new Date(row.address_oldest));
  if (blockedSince.length === 0) return { allowed: true };
  // The block lifts once the oldest counted failure leaves the window (at least a minute).
  const until = Math.max(...blockedSince.map((d) => d.getTime() + THROTTLE_WINDOW_MS));
  return { allowed: false, retryAfterS: Math.max(60, Math.ceil((until - Date.now()) / 1000)) };
}

export async function recordLoginFailure(db: Db, key: string, address: string): Promise<void> {
  await db.query('insert into login_failures (account_key, address) values ($1, $2)', [key, address]);
  // Rows older than the window count for nothing; an occasional sweep keeps the table small.
  if (Math.random() < 0.02) {
    await db.query(`delete from login_failures where created_at < now() - ($1::bigint * interval '1 millisecond')`, [THROTTLE_WINDOW_MS]);
  }
}
