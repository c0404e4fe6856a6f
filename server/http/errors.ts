import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { message } from '../messages';
import { ApiError, badRequest, envelopeBody, errorResponse } from './envelope';
import { ClientGoneError, clientGone, isAbortError } from './connection';
import type { AppEnv } from './env';
import { isEnvelopePath } from './paths';
import { RETCODE } from './retcodes';

export const notFoundHandler: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) => {
  c.set('unmatched', true);
  if (isEnvelopePath(c.req.path)) return errorResponse(c, new ApiError(404, RETCODE.NOT_FOUND, 'notFound'));
  return c.text('Not found', 404);
};

/**
 * SQLSTATE class 22 ("data exception": number out of range, invalid text for a type, bad bytes)
 * can only come from a value the client sent that no validator caught. It is still the client's
 * input, so it answers 400 rather than 500; the warning tells developers a validator is missing.
 */
function isDataException(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = (err as { code: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** ApiError -> its envelope; anything unexpected -> logged, and a 500 envelope without details. */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    const locale = c.get('locale') ?? 'zh';
    if (err instanceof HTTPException && err.status < 500) {
      const status = err.status as ContentfulStatusCode;
      return c.json(envelopeBody(c, status, err.message || String(status), null), status);
    }
    // The client went away mid-request (its body stream broke off): not a server fault, and
    // nobody is there to read an answer. requestContext logs it once, as an abort.
    if (err instanceof ClientGoneError || (isAbortError(err) && clientGone(c))) return new Response(null, { status: 499 });
    if (isDataException(err)) {
      logger.warn('database refused a value: a validator is missing', { reqId: c.get('reqId'), method: c.req.method, path: c.req.path, error: err });
      return errorResponse(c, badRequest('body'));
    }
    logger.error('unhandled error', { reqId: c.get('reqId'), method: c.req.method, path: c.req.path, error: err });
    return c.json(envelopeBody(c, RETCODE.INTERNAL, message('internalError', locale), null), 500);
  };
}
