// Login throttling that an attacker cannot turn against the owner (ASVS 2.2.1): no hard lockout,
// only progressive delays, kept in the database so that every server process sees the same state.
//
// Three scopes count failures: the pair (account key + address), the account key, and the address.
// After a scope's free failures each further failure doubles the wait before its next attempt (up
// to the scope's cap), and failures leak away at a steady rate, so a patient guesser gets a fixed
// number of tries an hour. An attempt that comes too early is refused (429 with Retry-After)
// without checking the password, so a refusal tells nothing about it. One that may go on is
// counted as a failure before its password is checked, and taken back if the password was right.
//
// The pair delay always applies. The account-wide and per-address delays skip "usual" addresses:
// ones that signed in to the account recently. So an attack on an account from elsewhere, or from
// a shared address on other accounts, does not stop the owner from their usual address; from an
// address new to the account the owner waits at most the account cap (a minute) during an attack.
// A success clears the pair's delay and makes the address usual.
//
// Account keys are counted whether or not the account exists, so the throttle itself tells
// nobody which accounts are real.
import type { Context } from 'hono';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import type { DelayRule, LoginThrottleRules } from '../config';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import type { Logger } from '../logger';

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

type Scope = 'pair' | 'account' | 'address';

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

// One logger per server process, so "once per logger" is once per process (and once per test app).
const warnedLoggers = new WeakSet<Logger>();

/**
 * clientAddress for the login throttle. Behind a proxy that TRUST_PROXY does not name, every user
 * has the proxy's address and shares one per-address budget (and one usual address), so the first
 * request that carries X-Forwarded-For tells the operator.
 */
export function loginAddress(c: Context<AppEnv>, trustProxy: boolean, logger: Logger): string {
  if (!trustProxy && c.req.header('x-forwarded-for') !== undefined && !warnedLoggers.has(logger)) {
    warnedLoggers.add(logger);
    logger.warn(
      'requests carry X-Forwarded-For but TRUST_PROXY is off: every client behind the proxy shares one address for login throttling; set TRUST_PROXY=1 when a reverse proxy you run sits in front',
      { reqId: c.get('reqId') },
    );
  }
  return clientAddress(c, trustProxy);
}

/** How long, in ms, a scope with this many failures makes its next attempt wait after the last one. */
export function delayAfter(failures: number, rule: DelayRule): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** (failures - rule.free - 1));
}

/** The answer to an attempt that came too early: 429, Retry-After, and the seconds in the message. */
export function throttledError(retryAfterS: number): ApiError {
  return new ApiError(429, RETCODE.LOGIN_THROTTLED, 'loginThrottled', { seconds: retryAfterS }, null, retryAfterS);
}

const ts = (param: number) => `to_timestamp($${param}::double precision / 1000)`;

/**
 * Decides whether an attempt may go on and, when it may, counts it as a failure at once: the
 * check and the count are one transaction over the scopes' rows (locked in one order, so two
 * attempts cannot deadlock), so a burst of parallel guesses gets one through per opening, not one
 * each. recordLoginSuccess takes the count back when the password was right.
 */
export async function claimLoginAttempt(
  db: Db,
  key: string,
  address: string,
  rules: LoginThrottleRules,
  now: number = Date.now(),
): Promise<ThrottleVerdict> {
  const verdict = await db.transaction(async (tx) => {
    // Rows are created (with nothing counted) so that there is something to lock; values in
    // kind order, the same order as the select below.
    await tx.query(
      `insert into login_throttle (kind, account_key, address, failures, last_failure_at)
       values ('account', $1, '', 0, to_timestamp(0)), ('address', '', $2, 0, to_timestamp(0)), ('pair', $1, $2, 0, to_timestamp(0))
       on conflict (kind, account_key, address) do nothing`,
      [key, address],
    );
    const rows = await tx.query<{ kind: Scope; failures: number; last_ms: number | string }>(
      `select kind, failures, extract(epoch from last_failure_at) * 1000 as last_ms from login_throttle
       where (kind = 'account' and account_key = $1 and address = '')
          or (kind = 'address' and account_key = '' and address = $2)
          or (kind = 'pair' and account_key = $1 and address = $2)
       order by kind
       for update`,
      [key, address],
    );
    const known = await tx.query(
      `select 1 from login_known_addresses where account_key = $1 and address = $2 and last_success_at > ${ts(3)}`,
      [key, address, now - rules.knownAddressMs],
    );
    const usual = known.length > 0;
    let until = now;
    for (const row of rows) {
      if (usual && row.kind !== 'pair') continue;
      // A scope within its free failures makes nobody wait. Its last failure may even lie a few
      // ms after `now`: parallel sign-ins from one address read the clock before queueing on the
      // same row lock, and the one that locked first wrote its later time.
      const delay = delayAfter(Number(row.failures), rules[row.kind]);
      if (delay > 0) until = Math.max(until, Number(row.last_ms) + delay);
    }
    if (until > now) return { allowed: false, retryAfterS: Math.max(1, Math.ceil((until - now) / 1000)) } as const;
    // Each scope's count first leaks what the time since its last failure has forgotten.
    await tx.query(
      `update login_throttle set
         failures = greatest(0, failures - greatest(0, extract(epoch from ${ts(3)} - last_failure_at) * 1000
           / (case kind when 'pair' then $4::double precision when 'account' then $5::double precision else $6::double precision end))) + 1,
         last_failure_at = greatest(last_failure_at, ${ts(3)})
       where (kind = 'account' and account_key = $1 and address = '')
          or (kind = 'address' and account_key = '' and address = $2)
          or (kind = 'pair' and account_key = $1 and address = $2)`,
      [key, address, now, rules.pair.leakMs, rules.account.leakMs, rules.address.leakMs],
    );
    return { allowed: true } as const;
  });
  // An occasional sweep keeps the tables small; it only removes what no longer counts.
  if (Math.random() < 0.02) await pruneLoginThrottle(db, rules, now);
  return verdict;
}

/**
 * A correct password: the pair starts afresh, the account and address scopes take back the
 * failure claimLoginAttempt counted, and the address becomes usual for the account.
 */
export async function recordLoginSuccess(db: Db, key: string, address: string, now: number = Date.now()): Promise<void> {
  await db.query(`delete from login_throttle where kind = 'pair' and account_key = $1 and address = $2`, [key, address]);
  await db.query(
    `update login_throttle set failures = greatest(0, failures - 1)
     where (kind = 'account' and account_key = $1 and address = '') or (kind = 'address' and account_key = '' and address = $2)`,
    [key, address],
  );
  await db.query(
    `insert into login_known_addresses (account_key, address, last_success_at) values ($1, $2, ${ts(3)})
     on conflict (account_key, address) do update set last_success_at = greatest(login_known_addresses.last_success_at, excluded.last_success_at)`,
    [key, address, now],
  );
}

/** Deletes scopes whose failures have all leaked away and usual addresses past their time. */
export async function pruneLoginThrottle(db: Db, rules: LoginThrottleRules, now: number = Date.now()): Promise<void> {
  await db.query(
    `delete from login_throttle
     where last_failure_at + failures * (case kind when 'pair' then $2::double precision when 'account' then $3::double precision else $4::double precision end)
           * interval '1 millisecond' < ${ts(1)}`,
    [now, rules.pair.leakMs, rules.account.leakMs, rules.address.leakMs],
  );
  await db.query(`delete from login_known_addresses where last_success_at < ${ts(1)}`, [now - rules.knownAddressMs]);
}
