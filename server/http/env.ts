import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { Logger } from '../logger';
import type { Locale } from '../messages';
import type { UserRow } from '../users/users';
import type { FileStorage } from '../storage/types';
import type { RateLimiters } from './rate-limit';

export interface AuthContext {
  user: UserRow;
  /** sha256 of the bearer token of this request, the sessions table key */
  tokenHash: string;
}

/** Hono environment of every route: what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    reqId: string;
    locale: Locale;
    /** set by requireAuth; only read it in routes mounted behind that middleware */
    auth: AuthContext;
    /** 'code' under codeEnvelope(): answers and errors are { code, msg, data } */
    envelopeStyle: 'ret' | 'code';
    /** set by the not-found handler, so a route that passed a request on with next() can tell nobody took it */
    unmatched: boolean;
  };
}

/** What createApp receives and hands to every route module. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  logger: Logger;
  /** scene files, previews, uploads (local disk under DATA_DIR/files by default) */
  storage: FileStorage;
  /** this app's request-rate buckets (server/http/rate-limit.ts): one set per app, shared by its routes */
  limits: RateLimiters;
  /** the clock of the rate limits and the retention job's pacing (tests pass a fake one) */
  now: () => number;
}
