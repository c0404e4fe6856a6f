// The account service family (/account2, { code, msg, data } envelope): the profile and logout.
import { Hono } from 'hono';
import { z } from 'zod';
import { authenticate, requireAuth } from '../auth/middleware';
import { revokeSession } from '../auth/sessions';
import { ApiError, codeEnvelope, okData } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/input';
import { PROFILE_SECTIONS, buildProfile, type ProfileSection } from '../users/profile';

const ProfileQuery = z.object({
  /**
   * Comma-separated sections: restrictions, projectAdmin, projectUserRoles, project, member.
   * Absent = all of them (the product always asks for all five).
   */
  include: z
    .string()
    .max(200)
    .optional()
    .transform((raw, ctx): ProfileSection[] => {
      if (raw === undefined || raw.trim() === '') return [...PROFILE_SECTIONS];
      const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
      const known = new Set<string>(PROFILE_SECTIONS);
      if (names.some((n) => !known.has(n))) {
        ctx.addIssue({ code: 'custom', message: 'unknown section' });
        return z.NEVER;
      }
      return names as ProfileSection[];
    }),
});

export function account2Routes({ db }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', codeEnvelope());

  routes.get('/x/user/profile', requireAuth(db), async (c) => {
    const { include } = readQuery(c, ProfileQuery);
    return okData(c, await buildProfile(db, c.get('auth').user, include));
  });

  // Logout must always succeed for the client: a token that is already revoked or expired has
  // nothing left to end, and a 401 here would only start the session-expired handler again.
  routes.delete('/session', async (c) => {
    const found = await authenticate(db, c);
    if (!(found instanceof ApiError)) await revokeSession(db, found.tokenHash, 'logout');
    return okData(c, null);
  });

  return routes;
}
