// One place that turns environment variables into a typed config, so the rest of the server never
// reads process.env and tests can build a config from a plain object.
import path from 'node:path';
import type { LogLevel } from './logger';

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
  logLevel: LogLevel;
  /** largest JSON request body in bytes */
  jsonBodyLimit: number;
  sessionTtlMs: number;
  /** insert the demo projects and accounts at start when they are missing */
  seedDemo: boolean;
  /** take the client address from the last X-Forwarded-For hop (behind a reverse proxy) */
  trustProxy: boolean;
  /** failed logins per account (project + account) per hour before logins are refused */
  loginMaxFailuresPerAccount: number;
  /** failed logins per client address per hour before logins are refused */
  loginMaxFailuresPerAddress: number;
  /** largest file accepted by POST /api/static, in bytes */
  uploadMaxBytes: number;
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
  return {
    port: intFrom(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    processes,
    distDir: path.resolve(cwd, env.DIST_DIR?.trim() || './dist'),
    frameAncestors: env.FRAME_ANCESTORS?.trim() || "'self'",
    logLevel: logLevelRaw as LogLevel,
    jsonBodyLimit: intFrom(env, 'JSON_BODY_LIMIT', 1024 * 1024, 1024, 1024 * 1024 * 1024),
    sessionTtlMs: intFrom(env, 'SESSION_TTL_DAYS', 365, 1, 3650) * DAY_MS,
    seedDemo: env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    loginMaxFailuresPerAccount: intFrom(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 100, 1, 1_000_000),
    loginMaxFailuresPerAddress: intFrom(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 300, 1, 1_000_000),
    uploadMaxBytes: intFrom(env, 'UPLOAD_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    modelUploadMaxBytes: intFrom(env, 'MODEL_UPLOAD_MAX_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    modelUploadWorkers: intFrom(env, 'MODEL_UPLOAD_WORKERS', 1, 1, 64),
    sceneWorkers: intFrom(env, 'SCENE_WORKERS', 2, 1, 64),
    modelUploadTimeoutMs: intFrom(env, 'MODEL_UPLOAD_TIMEOUT_S', 30, 1, 3600) * 1000,
    eventLogKey: eventLogKeyFrom(env),
  };
}

/** A config for tests and tools: defaults without reading the environment. */
export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
}
