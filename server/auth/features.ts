// Module-gated endpoints (core.md §6: a missing module shows the authority tip). The UI hides the
// way in; this refuses the call itself, so a user without the module gets the reason, never data.
// Runs after requireAuth, before the body is read.
import type { MiddlewareHandler } from 'hono';
import { FEATURE_MODULES, type Feature } from '../../protocol/access';
import { ApiError } from '../http/envelope';
import type { AppEnv } from '../http/env';
import { RETCODE } from '../http/retcodes';
import { userHasFeature } from '../users/roles';

export function moduleNotLicensed(feature: Feature): ApiError {
  return new ApiError(403, RETCODE.MODULE_NOT_LICENSED, 'moduleNotLicensed', undefined, { feature, modules: [...FEATURE_MODULES[feature]] });
}

export function requireFeature(feature: Feature): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!userHasFeature(c.get('auth').user, feature)) throw moduleNotLicensed(feature);
    await next();
  };
}
