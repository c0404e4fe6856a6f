// The derived roles of core.md §6 for a user row. The rules themselves live in protocol/access.ts,
// shared with the UI; this file only maps the row onto them. The server reports the roles so that
// the seed can be checked to cover each one and so a support person can read them off
// /account2/x/user/profile.
import {
  businessDay as businessDayAt,
  deriveRoles as deriveFromSubject,
  hasFeature,
  type DerivedRoles,
  type Feature,
  type RoleSubject,
} from '../../protocol/access';
import type { UserRow } from './users';

export {
  ADMIN_FLAGS,
  MODULES,
  isAdminByFlags,
  projectKind,
  type AdminFlag,
  type DerivedRoles,
  type Identity,
  type ModuleName,
  type ProjectKind,
} from '../../protocol/access';

/** Project user roles; role id 1 makes the organisational admin (core.md §6). */
export const PROJECT_ROLES: Readonly<Record<number, string>> = {
  1: '组织管理员',
  2: '设计师',
  3: '审单员',
  4: '门店店长',
  5: '销售',
};

/** 'YYYY-MM-DD' of a date in UTC+8, the product's business day. */
export function businessDay(now: Date = new Date()): string {
  return businessDayAt(now);
}

export function roleSubject(user: UserRow): RoleSubject {
  return {
    project: user.project_code,
    modules: user.modules,
    platform: user.platform,
    isProjectAdmin: user.is_project_admin,
    agentId: user.agent_id,
    memberDateEnd: user.member_date_end,
    adminFlags: user.admin_flags,
    projectRoleIds: user.project_role_ids,
  };
}

export function deriveRoles(user: UserRow, today: string = businessDay()): DerivedRoles {
  return deriveFromSubject(roleSubject(user), today);
}

/** Whether the user may use a gated feature today (the same rule the UI's menus ask). */
export function userHasFeature(user: UserRow, feature: Feature, today: string = businessDay()): boolean {
  return hasFeature({ project: user.project_code, modules: user.modules }, feature, today);
}
