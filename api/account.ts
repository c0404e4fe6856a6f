import type { ApiClient, RequestOptions } from './client';
import type { OrderRoles, SessionUser } from './session';
import type { HotkeyName, PasswordChange, Preferences, UserConfig } from '../protocol/preferences';
import type { RenderCouponCount } from '../protocol/render-jobs';

// The account calls of core.md §7: the profile (/account2, { code, msg, data }), logout, and the
// reqac2s wrapper of POST /api/admin/utility (checkSimplePassword, getUserByUserId).

/** Sections of GET /account2/x/user/profile; the product asks for all five. */
export type ProfileSection = 'restrictions' | 'projectAdmin' | 'projectUserRoles' | 'project' | 'member';
export const PROFILE_SECTIONS: readonly ProfileSection[] = ['restrictions', 'projectAdmin', 'projectUserRoles', 'project', 'member'];

export type ProjectKind = 'personal' | 'company' | 'special company';

/** The derived roles of core.md §6 as the server computes them. */
export interface DerivedRoles {
  readonly project_kind: ProjectKind;
  readonly member: boolean;
  readonly serviceAdmin: boolean;
  readonly isAgent: boolean;
  readonly agentManager: boolean;
  readonly customizationManager: boolean;
  readonly identity: 'agent' | 'general' | 'custom';
  readonly projectAdmin: boolean;
  readonly orgAdmin: boolean;
  /** modules whose DateEnd is today or later */
  readonly licensed_modules: readonly string[];
  readonly expired_modules: readonly string[];
}

export interface Restrictions {
  readonly no_access: boolean;
  /** element ids the user may see ('all' = everything) */
  readonly permission_list: readonly string[];
  /** element ids hidden from the user */
  readonly hide_list: readonly string[];
  /** on the project's special list (deson: only /deson/design and /cloudscreen-deson-raw) */
  readonly special_list: boolean;
}

export interface ProjectAdmin {
  readonly isCorpAdmin: boolean;
  readonly isYunpingAdmin: boolean;
  readonly isProductAdmin: boolean;
  readonly isKitproductAdmin: boolean;
  readonly isKitquoteAdmin: boolean;
  /** any of the flags */
  readonly is_admin: boolean;
}

export interface ProjectUserRole {
  readonly role_id: number;
  readonly role_name: string;
}

export interface ProjectSection {
  readonly code: string;
  readonly name: string;
  readonly logo: string;
  readonly kind: ProjectKind;
}

export interface MemberInfo {
  readonly date_end: string | null;
  readonly is_member: boolean;
  /** module name -> last licensed day YYYY-MM-DD */
  readonly modules: { readonly [module: string]: string };
  /** every module's DateEnd field (e.g. FDM20DateEnd), null when never licensed */
  readonly date_ends: { readonly [field: string]: string | null };
  readonly order_roles: OrderRoles;
  /** render coupons left, all leisure ones together (the store's leisureRenderNum) */
  readonly leisureRenderNum: number;
  /** render coupons left, all immediate ones together (the store's immediateRenderNum) */
  readonly immediateRenderNum: number;
  /** per resolution and mode, zero included (protocol/render-jobs.ts) */
  readonly render_coupons: readonly RenderCouponCount[];
}

/** GET /account2/x/user/profile: the user, the derived roles and the sections asked for. */
export interface AccountProfile extends SessionUser {
  readonly roles: DerivedRoles;
  readonly restrictions?: Restrictions;
  readonly project_admin?: ProjectAdmin;
  readonly project_user_roles?: readonly ProjectUserRole[];
  readonly is_org_admin?: boolean;
  readonly project_info?: ProjectSection;
  readonly member_info?: MemberInfo;
}

/** Account info of core.md §3 (is_sub, user_member.date_end) as getUserByUserId answers it. */
export type AccountInfo = SessionUser;

/** The account service's own envelope inside retdata (getUserByUserId; errors not auto-handled). */
export interface InnerResult<T> {
  readonly retcode: number;
  readonly retmsg: string;
  readonly retdata: T;
}

export function getProfile(
  client: ApiClient,
  include: readonly ProfileSection[] = PROFILE_SECTIONS,
  options: RequestOptions = {},
): Promise<AccountProfile> {
  return client.get<AccountProfile>('/account2/x/user/profile', { include: include.join(',') }, options);
}

/** DELETE /account2/session: ends the session. Succeeds also when it had ended already. */
export function deleteSession(client: ApiClient, options: RequestOptions = {}): Promise<null> {
  return client.delete<null>('/account2/session', undefined, options);
}

/** POST /api/admin/utility {action:'minhuaAccountLogout'}, sent at logout. */
export function minhuaAccountLogout(client: ApiClient, options: RequestOptions = {}): Promise<null> {
  return client.post<null>('admin/utility', { action: 'minhuaAccountLogout' }, options);
}

/**
 * Logout as the product does it: both calls, and a failure only when both fail (the UI then shows
 * 退出失败!). The caller clears the stored user either way.
 */
export async function logout(client: ApiClient, options: RequestOptions = {}): Promise<void> {
  const results = await Promise.allSettled([deleteSession(client, options), minhuaAccountLogout(client, options)]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason;
}

function reqac2s<T>(client: ApiClient, params: Readonly<Record<string, string | number>>, options: RequestOptions): Promise<T> {
  return client.post<T>('admin/utility', { url: '/client/user', method: 'get', action: 'reqac2s', params }, options);
}

/** Whether the signed-in user's password is weak (decided at the last login). */
export async function checkSimplePassword(client: ApiClient, options: RequestOptions = {}): Promise<boolean> {
  const answer = await reqac2s<{ isSimplePassword: boolean }>(client, { action: 'checkSimplePassword' }, options);
  return answer.isSimplePassword;
}

/**
 * Account info of a user (the signed-in one when userId is left out). The inner retcode is 0 when
 * found; 404 for an unknown user or one the caller may not see. Silent by default: the caller
 * reads the inner result itself.
 */
export function getUserByUserId(client: ApiClient, userId?: number, options: RequestOptions = {}): Promise<InnerResult<AccountInfo | null>> {
  const params: Record<string, string | number> = { action: 'getUserByUserId' };
  if (userId !== undefined) params.user_id = userId;
  return reqac2s<InnerResult<AccountInfo | null>>(client, params, { silent: true, ...options });
}

/** GET /account2/preferences: the user config and the hotkey list, defaults filled in. */
export function getPreferences(client: ApiClient, options: RequestOptions = {}): Promise<Preferences> {
  return client.get<Preferences>('/account2/preferences', undefined, options);
}

/** PUT /account2/preferences/config: changes the named values; refused whole when one is invalid. */
export function saveUserConfig(client: ApiClient, change: Partial<UserConfig>, options: RequestOptions = {}): Promise<Preferences> {
  return client.put<Preferences>('/account2/preferences/config', { config: change }, options);
}

/** PUT /account2/preferences/hotkeys: name -> combination; the default combination resets one. */
export function saveHotkeys(client: ApiClient, change: Partial<Record<HotkeyName, string>>, options: RequestOptions = {}): Promise<Preferences> {
  return client.put<Preferences>('/account2/preferences/hotkeys', { hotkeys: change }, options);
}

/** POST /account2/password: the current password is required; other sessions are signed out. */
export function changePassword(client: ApiClient, body: PasswordChange, options: RequestOptions = {}): Promise<null> {
  return client.post<null>('/account2/password', { ...body }, options);
}
