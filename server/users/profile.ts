// GET /account2/x/user/profile: the signed-in user with the sections the client asks for
// (core.md §7: restrictions, project admin, project user roles, project and member info).
import type { Db } from '../db/types';
import {
  ADMIN_FLAGS,
  MODULES,
  PROJECT_ROLES,
  deriveRoles,
  isAdminByFlags,
  projectKind,
  type AdminFlag,
  type DerivedRoles,
  type ProjectKind,
} from './roles';
import { couponsOf } from '../render/coupons';
import type { RenderCouponCount } from '../../protocol/render-jobs';
import { toUserProfile, type OrderRoles, type UserProfile, type UserRow } from './users';

export const PROFILE_SECTIONS = ['restrictions', 'projectAdmin', 'projectUserRoles', 'project', 'member'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export interface Restrictions {
  /** false: the account would have been refused (该账号无访问权限！) before reaching here */
  no_access: boolean;
  /** element ids the user may see ('all' = everything) */
  permission_list: string[];
  /** element ids hidden from the user */
  hide_list: string[];
  /** on the project's special list (deson: only /deson/design and /cloudscreen-deson-raw) */
  special_list: boolean;
}

export type ProjectAdmin = Record<AdminFlag, boolean> & { is_admin: boolean };

export interface ProjectUserRole {
  role_id: number;
  role_name: string;
}

export interface ProjectInfoSection {
  code: string;
  name: string;
  logo: string;
  kind: ProjectKind;
}

export interface MemberInfo {
  date_end: string | null;
  is_member: boolean;
  /** module name -> last licensed day 'YYYY-MM-DD' (only modules ever licensed) */
  modules: Record<string, string>;
  /** every module's DateEnd field (core.md §3), null when never licensed */
  date_ends: Record<string, string | null>;
  order_roles: OrderRoles;
  /** render coupons left (catalogues.md §3; the store's leisureRenderNum and immediateRenderNum) */
  leisureRenderNum: number;
  immediateRenderNum: number;
  /** per resolution and mode, zero included */
  render_coupons: RenderCouponCount[];
}

export interface AccountProfile extends UserProfile {
  roles: DerivedRoles;
  restrictions?: Restrictions;
  project_admin?: ProjectAdmin;
  project_user_roles?: ProjectUserRole[];
  /** organisational admin: the project user roles include role id 1 */
  is_org_admin?: boolean;
  project_info?: ProjectInfoSection;
  member_info?: MemberInfo;
}

export async function buildProfile(db: Db, user: UserRow, sections: readonly ProfileSection[]): Promise<AccountProfile> {
  const base = toUserProfile(user);
  const roles = deriveRoles(user);
  const profile: AccountProfile = { ...base, roles };
  const want = new Set(sections);
  if (want.has('restrictions')) {
    profile.restrictions = {
      no_access: user.no_access,
      permission_list: [...user.permission_list],
      hide_list: [...user.hide_list],
      special_list: user.special_list,
    };
  }
  if (want.has('projectAdmin')) {
    const flags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, user.admin_flags[f] === true])) as Record<AdminFlag, boolean>;
    profile.project_admin = { ...flags, is_admin: isAdminByFlags(user.admin_flags) };
  }
  if (want.has('projectUserRoles')) {
    profile.project_user_roles = user.project_role_ids.map((id) => ({ role_id: id, role_name: PROJECT_ROLES[id] ?? String(id) }));
    profile.is_org_admin = roles.orgAdmin;
  }
  if (want.has('project')) {
    const rows = await db.query<{ code: string; name: string; logo: string }>('select code, name, logo from projects where code = $1', [
      user.project_code,
    ]);
    const row = rows[0] ?? { code: user.project_code, name: user.project_code, logo: '' };
    profile.project_info = { ...row, kind: projectKind(row.code) };
  }
  if (want.has('member')) {
    const coupons = await couponsOf(db, user.id);
    profile.member_info = {
      date_end: user.member_date_end,
      is_member: roles.member,
      modules: { ...user.modules },
      date_ends: Object.fromEntries(MODULES.map((m) => [`${m}DateEnd`, user.modules[m] ?? null])),
      order_roles: base.order_roles,
      leisureRenderNum: coupons.leisureRenderNum,
      immediateRenderNum: coupons.immediateRenderNum,
      render_coupons: [...coupons.detail],
    };
  }
  return profile;
}
