// One place that turns environment variables into a typed config, so the rest of the server never
// reads process.env and tests can build a config from a plain object.
import path from 'node:path';
import type { LogLevel } from './logger';
import { scaledRateLimits, type RateLimits } from './http/rate-limit';
import { parseEmbedOrigins, type EmbedOrigins } from './http/embed-origins';

export interface ServerConfig {
  port: number;
  host: string;
  /** root of everything the server writes to disk (PGlite data, later uploaded files) */
  dataDir: string;
  /** when set, a real PostgreSQL server is used instead of the embedded PGlite */
  databaseUrl: string | null;
  /**
   * Server processes sharing the port (Node cluster). More than one needs databaseUrl: the
   * database is the only state they share, and PGlite serves one process only.
   */
  processes: number;
  /** built UI (vite build output) */
  distDir: string;
  /** CSP frame-ancestors sources: the product is embedded in iframes of partner sites */
  frameAncestors: string;
  /**
   * Per tenant, the exact origins of partner pages that may embed the editor and drive it by
   * postMessage (EMBED_ORIGINS; docs/embedding.md): added to that tenant's frame-ancestors and
   * answered by GET /api/embed/origins
   */
  embedOrigins: EmbedOrigins;
  logLevel: LogLevel;
  /** largest JSON request body in bytes */
  jsonBodyLimit: number;
  sessionTtlMs: number;
  /** NODE_ENV=production is production; anything else (unset included) is development */
  mode: ServerMode;
  /**
   * insert the demo accounts (known passwords, README) at start when they are missing: on by
   * default in development (SEED_DEMO=0 turns it off), off in production unless SEED_DEMO=1
   */
  seedDemo: boolean;
  /** take the client address from the last X-Forwarded-For hop (behind a reverse proxy) */
  trustProxy: boolean;
  /** progressive login delays (server/auth/throttle.ts; README "Login throttling") */
  loginThrottle: LoginThrottleRules;
  /** largest file accepted by POST /api/static, in bytes */
  uploadMaxBytes: number;
  /** storage a user may fill (scene files, uploads, models; docs/scenes.md "Storage quotas"); 0 = no limit */
  userStorageQuotaBytes: number;
  /** storage a project (tenant) may fill, all its users together; 0 = no limit */
  projectStorageQuotaBytes: number;
  /** largest model file (GLB, glTF or zip) accepted by POST /api/admin/model action upload, in bytes */
  modelUploadMaxBytes: number;
  /** worker threads converting model uploads, per server process (MODEL_UPLOAD_WORKERS, default 1) */
  modelUploadWorkers: number;
  /** worker threads preparing large inline scene bodies, per server process (SCENE_WORKERS, default 2) */
  sceneWorkers: number;
  /** how long one model conversion may run before it is stopped and the upload refused (MODEL_UPLOAD_TIMEOUT_S, default 30: under the client's 60 s) */
  modelUploadTimeoutMs: number;
  /** AES-256-GCM key of /bigdata/acquisition/event-log payloads, base64 (32 bytes) */
  eventLogKey: string;
  /** request-rate buckets of the anonymous and cheap routes (server/http/rate-limit.ts), RATE_LIMIT_FACTOR times the defaults */
  rateLimits: RateLimits;
  /** how long stored usage rows live and how many a tenant keeps (server/usage/retention.ts) */
  retention: RetentionConfig;
  /** render worker loops this server runs, each with its render process (RENDER_WORKERS, default 1; 0 = none: workers run elsewhere) */
  renderWorkers: number;
  /** attempts of one render job before it fails and its coupon is refunded (RENDER_ATTEMPTS, default 3) */
  renderAttempts: number;
  /** longest one render attempt may run; on PostgreSQL also how long a dead worker's job waits before its retry (RENDER_TIMEOUT_S, default 1800) */
  renderTimeoutS: number;
  /** time budget of an immediate render job in s (RENDER_BUDGET_S, default 240); a leisure job gets 5x. Past it, with one sample traced, the picture so far is the result */
  renderBudgetS: number;
  /** a module whose startRenderer() replaces the headless path tracer (RENDERER_MODULE; tests and e2e) */
  rendererModule: string | null;
  /** where render processes fetch catalogue models and pictures (/files/catalogue/…) from (RENDER_ASSET_ORIGIN, default this server on 127.0.0.1:PORT) */
  renderAssetOrigin: string;
}

export interface RetentionConfig {
  /** event_logs rows older than this are deleted (EVENT_LOG_MAX_AGE_DAYS, default 30) */
  eventLogMaxAgeMs: number;
  /** event_logs rows kept per tenant, the newest (EVENT_LOG_MAX_ROWS, default 200,000; rows without a session are one tenant) */
  eventLogMaxRows: number;
  /** usage and statistics rows older than this are deleted (USAGE_MAX_AGE_DAYS, default 400) */
  usageMaxAgeMs: number;
  /** rows kept per tenant in each usage and statistics table (USAGE_MAX_ROWS, default 2,000,000) */
  usageMaxRows: number;
}

/**
 * The development key of the event-log payloads (base64 of "yfang-dev-event-log-key-32-bytes").
 * api/usage.ts carries the same default; production sets EVENT_LOG_KEY on both sides.
 */
export const DEV_EVENT_LOG_KEY = 'eWZhbmctZGV2LWV2ZW50LWxvZy1rZXktMzItYnl0ZXM=';

function eventLogKeyFrom(env: Record<string, string | undefined>): string {
  const raw = env.EVENT_LOG_KEY?.trim();
  if (!raw) return DEV_EVENT_LOG_KEY;
  if (!/^[A-Za-z0-9+/]{43}=$/.test(raw) || Buffer.from(raw, 'base64').length !== 32) {
    throw new ConfigError('EVENT_LOG_KEY must be 32 bytes in base64 (44 characters ending in =)');
  }
  return raw;
}

export type ServerMode = 'production' | 'development';

/** NODE_ENV=production means production; anything else, unset included, is development. */
export function serverModeFrom(env: Record<string, string | undefined>): ServerMode {
  return env.NODE_ENV?.trim().toLowerCase() === 'production' ? 'production' : 'development';
}

/**
 * Whether the demo accounts are seeded. A production server never gets accounts with published
 * passwords by accident: only an explicit SEED_DEMO=1 (or true) seeds them there. A value that is
 * neither yes nor no is refused rather than guessed.
 */
export function seedDemoFrom(env: Record<string, string | undefined>, mode: ServerMode): boolean {
  const raw = env.SEED_DEMO?.trim().toLowerCase() ?? '';
  if (raw === '') return mode === 'development';
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`SEED_DEMO must be 1 or 0 (true or false), got "${env.SEED_DEMO}"`);
}

/**
 * One scope of the login throttle: after `free` failures each further failure doubles the wait
 * before the next attempt (from baseMs up to capMs); one failure is forgotten every leakMs, so a
 * patient caller gets one guess per leakMs, or one per capMs where the cap is shorter.
 */
export interface DelayRule {
  free: number;
  baseMs: number;
  capMs: number;
  leakMs: number;
}

export interface LoginThrottleRules {
  /** one account from one address */
  pair: DelayRule;
  /** one account from addresses that never signed in to it (a soft limit: the owner's usual address skips it) */
  account: DelayRule;
  /** one address, over the accounts it never signed in to (many users may share it behind NAT) */
  address: DelayRule;
  /** how long a successful login makes its address "usual" for the account */
  knownAddressMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function intFrom(env: Record<string, string | undefined>, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${key} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return n;
}

function loginThrottleFrom(env: Record<string, string | undefined>): LoginThrottleRules {
  // The hard hourly limits they set locked the owner out too (issue 17); say so rather than ignore them.
  for (const gone of ['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'LOGIN_MAX_FAILURES_PER_ADDRESS']) {
    if (env[gone]?.trim()) {
      throw new ConfigError(`${gone} is no longer used: logins are slowed by progressive delays instead (see LOGIN_FREE_FAILURES and LOGIN_MAX_DELAY_S in the README)`);
    }
  }
  return {
    pair: {
      free: intFrom(env, 'LOGIN_FREE_FAILURES', 5, 1, 1000),
      baseMs: 1000,
      capMs: intFrom(env, 'LOGIN_MAX_DELAY_S', 300, 1, 86_400) * 1000,
      leakMs: 10 * 60_000,
    },
    // 100 guesses an hour at most against one account from addresses it never used (ASVS 2.2.1)
    account: { free: intFrom(env, 'LOGIN_ACCOUNT_FREE_FAILURES', 20, 1, 100_000), baseMs: 1000, capMs: 60_000, leakMs: 36_000 },
    address: { free: intFrom(env, 'LOGIN_ADDRESS_FREE_FAILURES', 100, 1, 1_000_000), baseMs: 1000, capMs: 30_000, leakMs: 10_000 },
    knownAddressMs: 90 * DAY_MS,
  };
}

function factorFrom(env: Record<string, string | undefined>, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1000) throw new ConfigError(`${key} must be a number between 0 and 1000, got "${raw}"`);
  return n;
}

function originFrom(env: Record<string, string | undefined>, key: string, fallback: string): string {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${key} must be an http(s) origin such as http://10.0.0.5:8080, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`${key} must be an http(s) origin such as http://10.0.0.5:8080, got "${raw}"`);
  }
  return url.origin;
}

function embedOriginsFrom(env: Record<string, string | undefined>, mode: ServerMode): EmbedOrigins {
  try {
    return parseEmbedOrigins(env.EMBED_ORIGINS, mode);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): ServerConfig {
  const logLevelRaw = (env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info')).toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevelRaw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevelRaw}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null;
  const processes = intFrom(env, 'SERVER_PROCESSES', 1, 1, 256);
  if (processes > 1 && !databaseUrl) {
    throw new ConfigError('SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded PGlite database serves one process only');
  }
  const mode = serverModeFrom(env);
  return {
    port: intFrom(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    processes,
    distDir: path.resolve(cwd, env.DIST_DIR?.trim() || './dist'),
    frameAncestors: env.FRAME_ANCESTORS?.trim() || "'self'",
    embedOrigins: embedOriginsFrom(env, mode),
    logLevel: logLevelRaw as LogLevel,
    jsonBodyLimit: intFrom(env, 'JSON_BODY_LIMIT', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    sessionTtlMs: intFrom(env, 'SESSION_TTL_DAYS', 365, 1, 3650) * DAY_MS,
    mode,
    seedDemo: seedDemoFrom(env, mode),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    loginThrottle: loginThrottleFrom(env),
    uploadMaxBytes: intFrom(env, 'UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    userStorageQuotaBytes: intFrom(env, 'USER_STORAGE_QUOTA_MB', 50 * 1024, 0, 1024 * 1024 * 1024) * 1024 * 1024,
    projectStorageQuotaBytes: intFrom(env, 'PROJECT_STORAGE_QUOTA_MB', 1024 * 1024, 0, 1024 * 1024 * 1024) * 1024 * 1024,
    modelUploadMaxBytes: intFrom(env, 'MODEL_UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    modelUploadWorkers: intFrom(env, 'MODEL_UPLOAD_WORKERS', 1, 1, 64),
    sceneWorkers: intFrom(env, 'SCENE_WORKERS', 2, 1, 64),
    modelUploadTimeoutMs: intFrom(env, 'MODEL_UPLOAD_TIMEOUT_S', 30, 1, 3600) * 1000,
    eventLogKey: eventLogKeyFrom(env),
    rateLimits: scaledRateLimits(factorFrom(env, 'RATE_LIMIT_FACTOR', 1)),
    retention: {
      eventLogMaxAgeMs: intFrom(env, 'EVENT_LOG_MAX_AGE_DAYS', 30, 1, 3650) * DAY_MS,
      eventLogMaxRows: intFrom(env, 'EVENT_LOG_MAX_ROWS', 200_000, 100, 1_000_000_000),
      usageMaxAgeMs: intFrom(env, 'USAGE_MAX_AGE_DAYS', 400, 1, 3650) * DAY_MS,
      usageMaxRows: intFrom(env, 'USAGE_MAX_ROWS', 2_000_000, 100, 1_000_000_000),
    },
    renderWorkers: intFrom(env, 'RENDER_WORKERS', 1, 0, 64),
    renderAttempts: intFrom(env, 'RENDER_ATTEMPTS', 3, 1, 20),
    renderTimeoutS: intFrom(env, 'RENDER_TIMEOUT_S', 1800, 30, 86_400),
    renderBudgetS: intFrom(env, 'RENDER_BUDGET_S', 240, 1, 86_400),
    rendererModule: env.RENDERER_MODULE?.trim() ? path.resolve(cwd, env.RENDERER_MODULE.trim()) : null,
    renderAssetOrigin: originFrom(env, 'RENDER_ASSET_ORIGIN', `http://127.0.0.1:${intFrom(env, 'PORT', 8080, 0, 65535)}`),
  };
}

/**
 * A config for tests and tools: defaults without reading the environment. The request-rate limits
 * are off: tests and benchmarks send hundreds of requests a second from one in-process "address";
 * tests/server/anonymous-limits.test.ts turns on the production table (scaledRateLimits(1)).
 */
export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '0' }), ...overrides };
}

/** The configuration of a process entry point (server, render worker): a bad setting prints why and exits 2. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): ServerConfig {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(2);
    }
    throw e;
  }
}
