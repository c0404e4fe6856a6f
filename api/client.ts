import { ofetch, type FetchResponse } from 'ofetch';
import { ApiError } from './errors';

// The generic client rules of core.md §7 in one place. Everything environment-specific (where the
// token lives, what the locale is, what happens when the session expires) is injected, so the same
// client runs in the browser and in Node tests.

export const DEFAULT_BASE_URL = '/api';
/** core.md §9: request timeout 60000 ms. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;
/** A JSON-serialisable object, or anything fetch accepts as a body (FormData for uploads). */
export type RequestBody = object | string | FormData | Blob | URLSearchParams;

/** Where the session token is kept (browser: the stored user info; tests: memory). */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export interface SessionExpiredEvent {
  readonly method: HttpMethod;
  readonly url: string;
  readonly status: number;
  readonly code: number | string | null;
  /** the server's retmsg (or msg), translated for people */
  readonly serverMessage?: string;
  /** why the session ended, from the body's data (e.g. 'logged_in_elsewhere'); absent when not given */
  readonly reason?: string;
}

export interface ApiClientOptions {
  /** Prefix that relative paths resolve against; default /api. May be absolute (http://host/api). */
  readonly baseURL?: string;
  /** Default request timeout in ms; default 60000. */
  readonly timeout?: number;
  readonly tokenStore?: TokenStore;
  /** A fixed token that is always sent, whatever the store holds (embedded and server-side use). */
  readonly staticToken?: string;
  /** Value of Accept-Language; the UI passes its active locale. */
  readonly getLocale?: () => string | null | undefined;
  /** Called once per request that finds the session expired (HTTP 401, or retcode/code 401). */
  readonly onSessionExpired?: (event: SessionExpiredEvent) => void;
  /** True while the app shows a route on which an expired session must not interrupt the user. */
  readonly isExemptRoute?: () => boolean;
  /** Called for every rejected request unless it asked to be silent: the UI's notice sink. */
  readonly onError?: (error: ApiError) => void;
  /** fetch implementation; default globalThis.fetch. */
  readonly fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  readonly query?: Query;
  readonly body?: RequestBody;
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeout?: number;
  readonly signal?: AbortSignal;
  /** Do not raise the session-expired event for this call (login: a wrong password answers 401). */
  readonly skipSessionExpired?: boolean;
  /** Clear the stored token before sending, as calls whose path contains 'login' do. */
  readonly clearToken?: boolean;
  /** Do not report a failure to onError: the caller shows it itself. */
  readonly silent?: boolean;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: RequestBody, options?: RequestOptions): Promise<T>;
  /** The address a path resolves to, as used in error messages. */
  resolve(path: string): string;
}

const SESSION_EXPIRED_CODE = 401;
const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

/**
 * Paths resolve like URLs against `${baseURL}/`: 'session' -> /api/session, '/api/session' ->
 * /api/session, '/meta20/x/scene' -> /meta20/x/scene (other services share the origin), and an
 * absolute http(s) address is used as it is.
 */
export function resolveApiUrl(baseURL: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  const base = baseURL.replace(/\/+$/, '') + '/';
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(base)) return new URL(path, base).href;
  // A relative base ('/api'): resolve against a placeholder origin and strip it again.
  const origin = 'http://relative.invalid';
  const resolved = new URL(path, origin + (base.startsWith('/') ? base : '/' + base));
  return resolved.href.slice(origin.length);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bodyCode(body: unknown): number | string | null {
  if (!isRecord(body)) return null;
  const code = 'retcode' in body ? body.retcode : 'code' in body ? body.code : undefined;
  return typeof code === 'number' || typeof code === 'string' ? code : null;
}

/** retdata.reason (or data.reason) of an error body: a machine-readable cause. */
function bodyReason(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const data = isRecord(body.retdata) ? body.retdata : isRecord(body.data) ? body.data : null;
  return data && typeof data.reason === 'string' ? data.reason : undefined;
}

function bodyMessage(body: unknown): string {
  if (!isRecord(body)) return typeof body === 'string' ? body.slice(0, 200) : '';
  for (const key of ['retmsg', 'msg', 'message'] as const) {
    const v = body[key];
    if (typeof v === 'string' && v) return v;
  }
  return '';
}

function isZero(v: unknown): boolean {
  return v === 0 || v === '0';
}

/** Success is retcode 0 (data in retdata) or code 0 (data in data); codes may arrive as strings. */
function unwrapSuccess(body: unknown): { ok: true; data: unknown } | { ok: false } {
  if (!isRecord(body)) return { ok: false };
  if ('retcode' in body) return isZero(body.retcode) ? { ok: true, data: body.retdata } : { ok: false };
  if ('code' in body) return isZero(body.code) ? { ok: true, data: body.data } : { ok: false };
  return { ok: false };
}

function readTimeoutFlag(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    if (e.name === 'TimeoutError') return true;
    e = e.cause;
  }
  return false;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? DEFAULT_BASE_URL;
  const defaultTimeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const $fetch = ofetch.create(
    {
      retry: 0,
      credentials: 'include',
      // The client classifies every response itself, so ofetch must hand back 4xx/5xx too.
      ignoreResponseError: true,
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  function headersFor(path: string, opts: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    if (opts.clearToken || path.includes('login')) options.tokenStore?.clear();
    const token = options.staticToken ?? options.tokenStore?.get() ?? null;
    if (token) headers.Authorization = `Bearer ${token}`;
    const locale = options.getLocale?.();
    if (locale) headers['Accept-Language'] = locale;
    return { ...headers, ...opts.headers };
  }

  function fail(error: ApiError, opts: RequestOptions): never {
    if (!opts.silent) options.onError?.(error);
    throw error;
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = resolveApiUrl(baseURL, path);
    let response: FetchResponse<unknown>;
    try {
      response = await $fetch.raw<unknown>(url, {
        method,
        headers: headersFor(path, opts),
        query: opts.query,
        body: opts.body,
        timeout: opts.timeout ?? defaultTimeout,
        signal: opts.signal,
      });
    } catch (cause) {
      fail(new ApiError({ kind: 'network', method, url, timeout: readTimeoutFlag(cause), cause }), opts);
    }

    const authHeader = response.headers.get('authorization');
    const renewed = authHeader ? BEARER_RE.exec(authHeader)?.[1] : undefined;
    if (renewed && !options.staticToken) options.tokenStore?.set(renewed);

    const body = response._data;
    const code = bodyCode(body);
    if (response.ok) {
      const result = unwrapSuccess(body);
      if (result.ok) return result.data as T;
    }

    const sessionExpired = response.status === SESSION_EXPIRED_CODE || Number(code) === SESSION_EXPIRED_CODE;
    const error = new ApiError({
      kind: 'response',
      method,
      url,
      status: response.status,
      code,
      serverMessage: bodyMessage(body) || (response.ok ? '' : response.statusText),
      sessionExpired,
      body,
    });
    if (sessionExpired && !opts.skipSessionExpired && !(options.isExemptRoute?.() ?? false)) {
      const reason = bodyReason(body);
      options.onSessionExpired?.({
        method,
        url,
        status: response.status,
        code,
        serverMessage: error.serverMessage,
        ...(reason === undefined ? {} : { reason }),
      });
    }
    fail(error, opts);
  }

  return {
    request,
    get: (path, query, opts) => request('GET', path, { ...opts, query: query ?? opts?.query }),
    delete: (path, query, opts) => request('DELETE', path, { ...opts, query: query ?? opts?.query }),
    post: (path, body, opts) => request('POST', path, { ...opts, body: body ?? opts?.body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body: body ?? opts?.body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body: body ?? opts?.body }),
    resolve: (path) => resolveApiUrl(baseURL, path),
  };
}

/** A token store held in memory (Node callers, tests, embedded clients). */
export function createMemoryTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (t) => {
      token = t;
    },
    clear: () => {
      token = null;
    },
  };
}
