import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import { localeFromAcceptLanguage } from '../messages';
import { clientGone } from './connection';
import type { AppEnv } from './env';
import { isEnvelopePath } from './paths';

/**
 * The page needs module workers from its own origin and blob: (three.js/Comlink helpers), images
 * from data:/blob: (previews, thumbnails) and inline style attributes (React style props); nothing
 * else is allowed to run. frame-ancestors is configurable because partner sites embed the editor.
 */
export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    // WebAssembly may compile (web-ifc reads IFC plans in the worker); JavaScript eval stays off.
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "connect-src 'self' blob: data:",
    "media-src 'self' blob: data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * The frame-ancestors of one HTML page when it differs from the global one (the page's tenant
 * embeds the editor: server/routes/embed.ts), or null.
 */
export type PageFrameAncestors = (c: Context<AppEnv>) => Promise<string | null>;

export function securityHeaders(frameAncestors: string, pageFrameAncestors?: PageFrameAncestors): MiddlewareHandler<AppEnv> {
  const csp = contentSecurityPolicy(frameAncestors);
  return async (c, next) => {
    await next();
    // Only documents are framed, so only an HTML answer pays for finding its tenant.
    const isPage = pageFrameAncestors !== undefined && c.res.headers.get('Content-Type')?.startsWith('text/html') === true;
    const perPage = isPage ? await pageFrameAncestors(c) : null;
    // The header now depends on the login cookie: no cache may hand one tenant's page to another.
    if (isPage) c.res.headers.append('Vary', 'Cookie');
    // X-Frame-Options is left out on purpose: it cannot express a list of partner origins and
    // would override frame-ancestors in old browsers.
    c.res.headers.set('Content-Security-Policy', perPage === null ? csp : contentSecurityPolicy(perPage));
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // The editor needs none of these; an injected script or a hostile frame gets none either.
    c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    // API answers carry sessions' data: no shared cache or browser history may keep them. Routes
    // that set their own Cache-Control (files) keep it.
    if (isEnvelopePath(c.req.path) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Request id (reused from a proxy's X-Request-Id when sane), language, and one log line. */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const reqId = incoming && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('reqId', reqId);
    c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')));
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // Nobody reads the answer of a request whose client went away: 499 (nginx's "client closed
    // request") in the log, whatever the route made of its half-read body.
    if (clientGone(c)) {
      logger.info('request aborted', { reqId, method: c.req.method, path: c.req.path, status: 499, ms });
      return;
    }
    c.res.headers.set('X-Request-Id', reqId);
    logger.info('request', { reqId, method: c.req.method, path: c.req.path, status: c.res.status, ms });
  };
}
