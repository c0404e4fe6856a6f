// The account service family (/account2, { code, msg, data } envelope): the profile and logout.
import { Hono } from 'hono';
import { z } from 'zod';
import { authenticate, requireAuth } from '../auth/middleware';
import { revokeSession } from '../auth/sessions';
import { ApiError, codeEnvelope, okData } from '../http/envelope';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/input';
import { limitByAddress } from '../http/rate-limit';
import { PROFILE_SECTIONS, buildProfile, type ProfileSection } from '../users/profile';
import { USER_CONFIG_DEFAULTS, applyHotkeyChange, applyUserConfigChange, userConfigFromStored } from '../../protocol/preferences';
import { hashPassword, verifyPassword } from '../auth/password';
import { accountKey, claimLoginAttempt, loginAddress, recordLoginSuccess, throttledError } from '../auth/throttle';
import { RETCODE } from '../http/retcodes';
import { storageUsage } from '../storage/quota';
import { isSimplePassword, setPasswordSimple, updatePasswordHash } from '../users/users';
import { configDiff, configProblemError, hotkeyProblemError, preferencesOf, readStored, writeStored } from '../users/preferences';

// A change names only the values it changes; the schemas check the shape, protocol/preferences.ts the values.
const ConfigChange = z.object({ config: z.record(z.string().max(64), z.unknown()) });
const HotkeyChange = z.object({ hotkeys: z.record(z.string().max(64), z.unknown()) });
/** The longest new password accepted: argon2 takes any length, this only bounds the work. */
export const PASSWORD_MAX_LENGTH = 64;
const PasswordBody = z.object({ oldPassword: z.string().min(1).max(256), newPassword: z.string().min(1).max(256) });

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

export function account2Routes({ db, config, logger, limits }: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', codeEnvelope());

  routes.get('/x/user/profile', requireAuth(db), async (c) => {
    const { include } = readQuery(c, ProfileQuery);
    return okData(c, await buildProfile(db, c.get('auth').user, include));
  });

  routes.get('/preferences', requireAuth(db), async (c) => okData(c, preferencesOf(await readStored(db, c.get('auth').user.id))));

  /** What the caller and their project store, and the quotas (bytes; a quota of 0 = no limit). */
  routes.get('/storage', requireAuth(db), async (c) => {
    const { user } = c.get('auth');
    const usage = await storageUsage(db, { projectCode: user.project_code, userId: user.id });
    return okData(c, { used: usage.userBytes, quota: config.userStorageQuotaBytes, projectUsed: usage.projectBytes, projectQuota: config.projectStorageQuotaBytes });
  });

  routes.put('/preferences/config', requireAuth(db), async (c) => {
    const { config: change } = await readJson(c, ConfigChange, config.jsonBodyLimit);
    const userId = c.get('auth').user.id;
    const saved = await db.transaction(async (tx) => {
      const stored = await readStored(tx, userId, true);
      const step = applyUserConfigChange(userConfigFromStored(stored.config), change);
      if (!step.ok) throw configProblemError(step.problem, c.get('locale'));
      const next = { ...stored, config: configDiff(step.config, USER_CONFIG_DEFAULTS) };
      await writeStored(tx, userId, next);
      return next;
    });
    return okData(c, preferencesOf(saved));
  });

  routes.put('/preferences/hotkeys', requireAuth(db), async (c) => {
    const { hotkeys: change } = await readJson(c, HotkeyChange, config.jsonBodyLimit);
    const userId = c.get('auth').user.id;
    const saved = await db.transaction(async (tx) => {
      const stored = await readStored(tx, userId, true);
      const step = applyHotkeyChange(stored.hotkeys, change);
      if (!step.ok) throw hotkeyProblemError(step.problem, c.get('locale'));
      const next = { ...stored, hotkeys: step.overrides };
      await writeStored(tx, userId, next);
      return next;
    });
    return okData(c, preferencesOf(saved));
  });

  /**
   * Password change. The current password is checked like a login (and counts against the same
   * throttle, so a stolen session cannot guess it). After the change every other session of the
   * account is revoked: whoever knew the old password is signed out, the person changing it stays.
   */
  routes.post('/password', requireAuth(db), async (c) => {
    const body = await readJson(c, PasswordBody, config.jsonBodyLimit);
    const { user, tokenHash } = c.get('auth');
    const key = accountKey(user.project_code, user.account);
    const address = loginAddress(c, config.trustProxy, logger);
    const verdict = await claimLoginAttempt(db, key, address, config.loginThrottle);
    if (!verdict.allowed) throw throttledError(verdict.retryAfterS);
    if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'passwordWrong', undefined, { field: 'oldPassword' });
    }
    await recordLoginSuccess(db, key, address);
    const next = body.newPassword;
    if (next.length > PASSWORD_MAX_LENGTH) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'passwordTooLong', { max: PASSWORD_MAX_LENGTH }, { field: 'newPassword' });
    }
    if (next === body.oldPassword) throw new ApiError(400, RETCODE.BAD_REQUEST, 'passwordSame', undefined, { field: 'newPassword' });
    if (isSimplePassword(next, user.account)) {
      throw new ApiError(400, RETCODE.BAD_REQUEST, 'passwordTooSimple', undefined, { field: 'newPassword' });
    }
    const hash = await hashPassword(next);
    await db.transaction(async (tx) => {
      await updatePasswordHash(tx, user.id, hash);
      await setPasswordSimple(tx, user.id, false);
      await tx.query(
        `update sessions set revoked_at = now(), revoke_reason = 'password_changed'
         where user_id = $1 and token_hash <> $2 and revoked_at is null`,
        [user.id, tokenHash],
      );
      await tx.query('update login_tokens set used_at = now() where user_id = $1 and used_at is null', [user.id]);
    });
    return okData(c, null);
  });

  // Logout must always succeed for the client: a token that is already revoked or expired has
  // nothing left to end, and a 401 here would only start the session-expired handler again.
  routes.delete('/session', limitByAddress(limits.publicRead, config.trustProxy), async (c) => {
    const found = await authenticate(db, c);
    if (!(found instanceof ApiError)) await revokeSession(db, found.tokenHash, 'logout');
    return okData(c, null);
  });

  return routes;
}
