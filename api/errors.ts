// Errors of the HTTP client (core.md §8). The zh texts are the library's default message so that
// a log line or a Node caller reads like the product; the UI translates from `kind` instead.

export const NETWORK_ERROR_TEXT = '网络错误!';
export const RESPONSE_ERROR_TEXT = '接口出错！';

/**
 * network: no response came back (connection refused, DNS, CORS, timeout, abort).
 * response: a response came back but it is not a success (HTTP error, or retcode/code not 0).
 */
export type ApiErrorKind = 'network' | 'response';

export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly url: string;
  readonly status?: number | null;
  readonly code?: number | string | null;
  readonly serverMessage?: string;
  readonly timeout?: boolean;
  readonly sessionExpired?: boolean;
  readonly body?: unknown;
  readonly cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly method: string;
  /** the address that was called, without its query */
  readonly url: string;
  /** HTTP status; null when no response came back */
  readonly status: number | null;
  /** the server's retcode (or code) from the body, kept as sent; null when the body had none */
  readonly code: number | string | null;
  /** the server's retmsg (or msg / message); '' when none */
  readonly serverMessage: string;
  /** the request ran past its timeout */
  readonly timeout: boolean;
  /** HTTP 401 or a body retcode/code 401: the session is no longer valid */
  readonly sessionExpired: boolean;
  /** the parsed response body, for callers that need more than code and message */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    const serverMessage = init.serverMessage ?? '';
    super(
      init.kind === 'network'
        ? `${NETWORK_ERROR_TEXT} ${init.url}`
        : [RESPONSE_ERROR_TEXT, init.url, serverMessage].filter(Boolean).join(' '),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = 'ApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.serverMessage = serverMessage;
    this.timeout = init.timeout ?? false;
    this.sessionExpired = init.sessionExpired ?? false;
    this.body = init.body;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
