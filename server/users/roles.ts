// The derived roles of core.md §6, computed from a user row. The client derives the same flags
// from the profile; the server reports them too so that the seed can be checked to cover each one
// and so a support person can read them off /account2/x/user/profile.
import type { UserRow } from './users';

/** core.md §3 module entitlements: module name -> its DateEnd field. */
export const MODULES = [
  'customerService',
  'cloudRender',
  'cupboard',
  'showerCabinet',
  'office',
  'wardrobe',
  'kitchenDoor',
  'tileWork',
  'diatomMud',
  'cloudScreenClient',
  'coating',
  'wallpaper',
  'cloudScreenMaker',
  'wallboard',
  'FDM20',
  'FDM20Production',
  'DLITE',
  'BIM',
  'Studio',
  'superTool',
] as const;
export type ModuleName = (typeof MODULES)[number];

/** core.md §6 admin flags: any of them makes the project admin. */
export const ADMIN_FLAGS = ['isCorpAdmin', 'isYunpingAdmin', 'isProductAdmin', 'isKitproductAdmin', 'isKitquoteAdmin'] as const;
export type AdminFlag = (typeof ADMIN_FLAGS)[number];

/** Project user roles; role id 1 makes the organisational admin (core.md §6). */
export const PROJECT_ROLES: Readonly<Record<number, string>> = {
  1: '组织管理员',
  2: '设计师',
  3: '审单员',
  4: '门店店长',
  5: '销售',
};

/** Projects whose tests get FDM20 and DLITE whatever their entitlements say (core.md §6). */
const FDM20_TEST_PROJECTS = new Set(['fdm20cs', 'fdm20cs01']);

export type ProjectKind = 'personal' | 'company' | 'special company';
export type Identity = 'agent' | 'general' | 'custom';

export interface DerivedRoles {
  project_kind: ProjectKind;
  /** yfang membership: user_member.date_end is in the future (after today) */
  member: boolean;
  /** is_project_admin is 1 */
  serviceAdmin: boolean;
  /** platform agent or custom_project */
  isAgent: boolean;
  agentManager: boolean;
  customizationManager: boolean;
  identity: Identity;
  /** any admin flag */
  projectAdmin: boolean;
  /** project user roles include role id 1 */
  orgAdmin: boolean;
  /** modules whose DateEnd is today or later, in MODULES order */
  licensed_modules: ModuleName[];
  /** modules with a DateEnd in the past */
  expired_modules: ModuleName[];
}

export function projectKind(code: string): ProjectKind {
  if (code === 'yfang') return 'personal';
  if (code === 'yfang_corp') return 'company';
  return 'special company';
}

/** 'YYYY-MM-DD' of a date in UTC+8, the product's business day. */
export function businessDay(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export function isAdminByFlags(flags: Readonly<Record<string, boolean>>): boolean {
  return ADMIN_FLAGS.some((f) => flags[f] === true);
}

export function deriveRoles(user: UserRow, today: string = businessDay()): DerivedRoles {
  const isAgent = user.platform === 'agent' || user.platform === 'custom_project';
  const licensed: ModuleName[] = [];
  const expired: ModuleName[] = [];
  for (const name of MODULES) {
    const end = user.modules[name];
    if (typeof end !== 'string') continue;
    // 'YYYY-MM-DD' strings compare like dates; access runs through the end day itself.
    (end >= today ? licensed : expired).push(name);
  }
  if (FDM20_TEST_PROJECTS.has(user.project_code)) {
    for (const name of ['FDM20', 'DLITE'] as const) {
      if (!licensed.includes(name)) licensed.push(name);
      const at = expired.indexOf(name);
      if (at >= 0) expired.splice(at, 1);
    }
  }
  return {
    project_kind: projectKind(user.project_code),
    member: user.member_date_end !== null && user.member_date_end > today,
    serviceAdmin: user.is_project_admin,
    isAgent,
    agentManager: user.platform === 'agent' && user.is_project_admin,
    customizationManager: user.platform === 'custom_project' && user.is_project_admin,
    identity: user.agent_id !== 0 ? 'agent' : user.project_code.includes('yfang') ? 'general' : 'custom',
    projectAdmin: isAdminByFlags(user.admin_flags),
    orgAdmin: user.project_role_ids.includes(1),
    licensed_modules: licensed,
    expired_modules: expired,
  };
}
