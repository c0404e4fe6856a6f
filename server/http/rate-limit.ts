// Request-rate limits of the routes anyone can reach without a session (issue 17): token buckets
// per client address and per tenant, kept in this process's memory.
//
// Why memory and not the database: these limits guard the hot paths (event log, catalogue files,
// share reads) against floods; a database write per request would double the load they exist to
// cap, and a flood would then fill a counting table instead of the event log. The cost is that
// each server process counts on its own: with N processes (SERVER_PROCESSES, or N machines behind
// a load balancer) a client spreading its requests over all of them gets at most N times the
// limit. What must hold across processes is held by the database itself: the event log's row cap
// (server/usage/retention.ts) and the failed-login counts (server/auth/throttle.ts).
import { isIPv6 } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress } from '../auth/throttle';
import { ApiError } from './envelope';
import type { AppEnv } from './env';
import { RETCODE } from './retcodes';

/** A token bucket: `burst` requests at once, refilled at `perMinute`. */
export interface RateLimit {
  readonly burst: number;
  readonly perMinute: number;
}

/**
 * Every bucket the server keeps, with what it counts. The numbers are sized so that honest use
 * never meets them (README "Request limits" gives the reasoning per row); RATE_LIMIT_FACTOR scales
 * them all.
 */
export const DEFAULT_RATE_LIMITS = {
  /** POST /api/session (login, loginWithToken), per address: an office behind one NAT signing in at 9:00 */
  login: { burst: 60, perMinute: 60 },
  /** POST /api/session action login, per project named in the body: argon2 work one tenant can draw */
  loginProject: { burst: 600, perMinute: 600 },
  /** POST /bigdata/acquisition/event-log, requests per address (the spec's usage batch is one per 10 s per page) */
  eventLog: { burst: 300, perMinute: 600 },
  /** event-log entries stored per tenant (the session's project), each request costs its entry count */
  eventLogRows: { burst: 12_000, perMinute: 6_000 },
  /** event-log entries stored without a session (errors before login), all such requests together */
  eventLogAnonymousRows: { burst: 1_200, perMinute: 600 },
  /** GET /meta20/scene-share/get-by-share-code and /files/share/..., per address */
  share: { burst: 120, perMinute: 300 },
  /** the same, per share code: everyone opening one shared scene together */
  shareCode: { burst: 600, perMinute: 1_200 },
  /** GET /api/projects (the login page's brand list) and DELETE /account2/session, per address */
  publicRead: { burst: 120, perMinute: 240 },
  /** POST /api/admin/utility and /api/client/utility (body parsed before the session check), per address */
  utility: { burst: 300, perMinute: 600 },
  /** GET /files/catalogue/... (public pictures and models), per address: a house of 200 model kinds loads ~1,000 files */
  catalogueFiles: { burst: 3_000, perMinute: 6_000 },
  /** POST /api/admin/statistics and /api/admin/source/*-use-record, per user */
  usage: { burst: 300, perMinute: 600 },
  /** the same, per tenant: rows those calls add to the usage tables */
  usageProject: { burst: 6_000, perMinute: 6_000 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
/** null: that bucket is off */
export type RateLimits = Record<RateLimitName, RateLimit | null>;

/** The defaults times `factor` (RATE_LIMIT_FACTOR); 0 turns every limit off (a proxy in front limits instead). */
export function scaledRateLimits(factor: number): RateLimits {
  const out = {} as Record<RateLimitName, RateLimit | null>;
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]) {
    const d = DEFAULT_RATE_LIMITS[name];
    out[name] = factor > 0 ? { burst: Math.max(1, Math.round(d.burst * factor)), perMinute: Math.max(1, Math.round(d.perMinute * factor)) } : null;
  }
  return out;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Allowed, or refused with the seconds until the request would pass. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * One limit over many keys. The key map is bounded: past `maxKeys`, buckets that have refilled
 * (they hold nothing a fresh bucket would not) go first, then the least recently used, so a
 * flood of new addresses costs memory up to the bound and no more.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = limit.perMinute / 60_000;
  }

  /** Takes `cost` tokens from `key`'s bucket when it holds them; a cost above the burst needs a full bucket. */
  take(key: string, cost = 1): RateVerdict {
    const now = this.now();
    const want = Math.min(Math.max(cost, 0), this.limit.burst);
    const found = this.buckets.get(key);
    let tokens = this.limit.burst;
    if (found) {
      tokens = Math.min(this.limit.burst, found.tokens + Math.max(0, now - found.at) * this.perMs);
      this.buckets.delete(key); // re-inserted below: the map's order is least recently used first
    }
    if (tokens >= want) {
      this.buckets.set(key, { tokens: tokens - want, at: now });
      if (this.buckets.size > this.maxKeys) this.evict(now);
      return { allowed: true };
    }
    this.buckets.set(key, { tokens, at: now });
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((want - tokens) / this.perMs / 1000)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private evict(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.limit.burst) this.buckets.delete(key);
    }
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= target) break;
      this.buckets.delete(key);
    }
  }
}

/** One limiter per bucket of the table (null where the bucket is off), shared by every route of one app. */
export type RateLimiters = Record<RateLimitName, RateLimiter | null>;

export function createRateLimiters(limits: RateLimits, now: () => number = Date.now): RateLimiters {
  const out = {} as Record<RateLimitName, RateLimiter | null>;
  for (const name of Object.keys(limits) as RateLimitName[]) {
    const limit = limits[name];
    out[name] = limit ? new RateLimiter(limit, now) : null;
  }
  return out;
}

export function tooManyRequests(retryAfterS: number): ApiError {
  return new ApiError(429, RETCODE.TOO_MANY_REQUESTS, 'tooManyRequests', { seconds: retryAfterS }, null, retryAfterS);
}

/** Throws the 429 when `key`'s bucket cannot pay `cost`. */
export function enforceRate(limiter: RateLimiter | null, key: string, cost = 1): void {
  if (!limiter) return;
  const verdict = limiter.take(key, cost);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterS);
}

/**
 * The bucket key of a client address. An IPv6 client usually holds a whole /64 and can pick any
 * address in it, so IPv6 counts by its /64; IPv4 (also written as ::ffff:a.b.c.d) counts as is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!.toLowerCase();
  if (!isIPv6(bare)) return address;
  const halves = bare.split('::');
  const partsOf = (text: string | undefined) => (text ? text.split(':') : []);
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0);
  const left = partsOf(halves[0]);
  const right = partsOf(halves[1]);
  const zeros = halves.length > 1 ? Array.from({ length: 8 - width(left) - width(right) }, () => '0') : [];
  const groups = [...left, ...zeros, ...right].slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${groups.join(':')}::/64`;
}

/** Middleware: one token per request from the client's address (TRUST_PROXY aware), before any other work. */
export function limitByAddress(limiter: RateLimiter | null, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    enforceRate(limiter, addressKey(clientAddress(c, trustProxy)));
    await next();
  };
}
