import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { message, type MessageId, type MessageParams } from '../messages';
import type { AppEnv } from './env';
import { RETCODE } from './retcodes';

/** The body of every /api answer (spec section 7). */
export interface Envelope<T> {
  retcode: number;
  retmsg: string;
  retdata: T;
}

/** The body on /meta20, /account2 and /oms20 (spec section 7: "body code 0 … the data field"). */
export interface CodeEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Marks the routes below it (a family's sub-app) as answering { code, msg, data }, errors
 * included; everything else keeps { retcode, retmsg, retdata }.
 */
export function codeEnvelope(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('envelopeStyle', 'code');
    await next();
  };
}

/** Success in the { code, msg, data } shape. */
export function okData<T>(c: Context<AppEnv>, data: T): Response {
  const body: CodeEnvelope<T> = { code: RETCODE.OK, msg: message('ok', c.get('locale') ?? 'zh'), data };
  return c.json(body, 200);
}

export function ok<T>(c: Context<AppEnv>, retdata: T): Response {
  const body: Envelope<T> = { retcode: RETCODE.OK, retmsg: message('ok', c.get('locale') ?? 'zh'), retdata };
  return c.json(body, 200);
}

/**
 * Thrown anywhere below a route to answer with an error envelope; the app's error handler turns it
 * into the response, translating the message for the request's language.
 */
/** Why a 401 happened, as data the client can test (the message is for people and is translated). */
export const SESSION_END_REASONS = { loggedInElsewhere: 'logged_in_elsewhere' } as const;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly retcode: number,
    readonly messageId: MessageId,
    readonly params?: MessageParams,
    readonly retdata: unknown = null,
    /** seconds for a Retry-After header (429, 503) */
    readonly retryAfterS?: number,
  ) {
    super(messageId);
  }
}

/** An error in the envelope shape of the route: { code, msg, data } under codeEnvelope(). */
export function envelopeBody(c: Context<AppEnv>, code: number, msg: string, data: unknown): Envelope<unknown> | CodeEnvelope<unknown> {
  if (c.get('envelopeStyle') === 'code') return { code, msg, data };
  return { retcode: code, retmsg: msg, retdata: data };
}

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const msg = message(error.messageId, c.get('locale') ?? 'zh', error.params);
  if (error.retryAfterS !== undefined) c.header('Retry-After', String(error.retryAfterS));
  return c.json(envelopeBody(c, error.retcode, msg, error.retdata), error.status);
}

export function badRequest(field: string): ApiError {
  return new ApiError(400, RETCODE.BAD_REQUEST, 'invalidField', { field }, { field });
}

/** 401 for a session ended by a login on another device: retdata { reason: 'logged_in_elsewhere' }. */
export function loggedInElsewhereError(): ApiError {
  return new ApiError(401, RETCODE.UNAUTHORIZED, 'loggedInElsewhere', undefined, { reason: SESSION_END_REASONS.loggedInElsewhere });
}
