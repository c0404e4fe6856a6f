import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { TOKEN_COOKIE, requireAuth } from '../auth/middleware';
import { lookupSession } from '../auth/sessions';
import { hashToken, looksLikeToken } from '../auth/tokens';
import { frameAncestorsFor } from '../http/embed-origins';
import { ok } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import type { PageFrameAncestors } from '../http/middleware';
import type { EmbedOriginsData } from '../../protocol/embed';


/** GET /api/embed/origins (protocol/embed.ts EMBED_ORIGINS_PATH): the host page origins of the signed-in user's project (EMBED_ORIGINS). */
export function embedRoutes({ db, config }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/origins', requireAuth(db), (c) => {
    const answer: EmbedOriginsData = { origins: [...(config.embedOrigins.get(c.get('auth').user.project_code) ?? [])] };
    return ok(c, answer);
  });
  return routes;
}

const PROJECT_LOGIN_PATH = /^\/([A-Za-z0-9_-]{1,64})\/login\/?$/;

/**
 * The tenant whose allow-list frames this page. A signed-in session (its login cookie) decides:
 * a page of tenant B must never be drawn in a host page of tenant A. Before sign-in, the first page
 * a host loads (the editor, which shows the login page) names its tenant in the address:
 * `?project=code`, or the project login path `/code/login`.
 */
async function pageTenant(deps: AppDeps, c: Context<AppEnv>): Promise<string | null> {
  const token = getCookie(c, TOKEN_COOKIE);
  if (token && looksLikeToken(token)) {
    try {
      const found = await lookupSession(deps.db, hashToken(token));
      if (found.status === 'active') return found.user.project_code;
    } catch (e) {
      // Unknown whose page this is: the global frame-ancestors, never the one the address names.
      deps.logger.warn('page tenant lookup failed', { reqId: c.get('reqId'), error: e });
      return null;
    }
  }
  return c.req.query('project') ?? PROJECT_LOGIN_PATH.exec(c.req.path)?.[1] ?? redirectProject(c.req.query('redirect')) ?? null;
}

/** The login page the guard sent a signed-out visitor to keeps the address in ?redirect=. */
function redirectProject(redirect: string | undefined): string | undefined {
  if (!redirect?.startsWith('/')) return undefined;
  try {
    return new URL(redirect, 'http://page.invalid').searchParams.get('project') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The per-page frame-ancestors of securityHeaders, or undefined when no tenant embeds the editor. */
export function pageFrameAncestors(deps: AppDeps): PageFrameAncestors | undefined {
  const { embedOrigins, frameAncestors } = deps.config;
  if (embedOrigins.size === 0) return undefined;
  return async (c) => {
    const tenant = await pageTenant(deps, c);
    const origins = tenant === null ? undefined : embedOrigins.get(tenant);
    return origins ? frameAncestorsFor(frameAncestors, origins) : null;
  };
}
