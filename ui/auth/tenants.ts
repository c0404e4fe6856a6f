import type { ProjectInfo } from '../../api';

// Which tenant (project) the login form works with (core.md §1, §2): the project catalogue lists
// the real tenants; a code from the path (/{loginProject}/login) or the remembered login project
// that is not among them falls back to the default project, so an unknown code is never offered.

export const DEFAULT_LOGIN_PROJECT = 'yfang';

export interface TenantChoice {
  /** the project the form signs in to */
  readonly code: string;
  /** the wanted code named no tenant, so another one was chosen */
  readonly fellBack: boolean;
}

/**
 * The tenant for a wanted code. Before the catalogue is in (null) the wanted code stands, unshown;
 * an empty catalogue (it failed to load) cannot tell, so the wanted code stands too and the server
 * decides at login.
 */
export function chooseTenant(tenants: readonly ProjectInfo[] | null, wanted: string, fallback: string = DEFAULT_LOGIN_PROJECT): TenantChoice {
  if (tenants === null || tenants.length === 0) return { code: wanted, fellBack: false };
  if (tenants.some((p) => p.code === wanted)) return { code: wanted, fellBack: false };
  const code = tenants.some((p) => p.code === fallback) ? fallback : tenants[0]!.code;
  return { code, fellBack: true };
}
