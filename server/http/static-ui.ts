import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { message } from '../messages';
import type { AppEnv } from './env';
import { isApiPath } from './paths';

// vite puts content-hashed files under /assets: they never change, so browsers may keep them a
// year. Everything else (index.html above all) is revalidated so a deploy shows up at once.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function withCacheControl(inner: MiddlewareHandler<AppEnv>, value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const res = await inner(c, next);
    if (res instanceof Response) {
      res.headers.set('Cache-Control', value);
      return res;
    }
    return undefined;
  };
}

/**
 * Serves the built UI from distDir: real files first, then index.html for any other GET that is
 * not an API path, so the router (history mode) can handle deep links such as /personcenter.
 * Mount after every API route.
 */
export function mountStaticUi(app: Hono<AppEnv>, distDir: string): void {
  const root = path.resolve(distDir);
  // Created on first use: the UI may be built after the server started (and serveStatic
  // complains on stderr about a missing root).
  let served: MiddlewareHandler<AppEnv> | null = null;
  const files: MiddlewareHandler<AppEnv> = (c, next) => {
    if (!served) {
      if (!existsSync(root)) return next();
      served = serveStatic<AppEnv>({ root });
    }
    return served(c, next);
  };

  app.use('/assets/*', withCacheControl(files, IMMUTABLE));
  // A missing hashed asset is a stale page asking for an old build: answer 404, never index.html,
  // or the browser would try to run HTML as JavaScript.
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });

  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    return withCacheControl(files, REVALIDATE)(c, next);
  });

  app.get('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    let html: string;
    try {
      html = await readFile(path.join(root, 'index.html'), 'utf8');
    } catch {
      return c.text(message('uiNotBuilt', c.get('locale')), 404);
    }
    c.header('Cache-Control', REVALIDATE);
    return c.html(html);
  });
}
