// Users of a project (tenant) and the shapes the client stores about them (spec section 3).
import type { Db } from '../db/types';

export type Platform = '' | 'agent' | 'custom_project';

export const ORDER_ROLE_NAMES = ['designer', 'auditer', 'reviewer', 'brokenInspectioner', 'yfshenchaimgt', 'onlyRead'] as const;
export type OrderRoleName = (typeof ORDER_ROLE_NAMES)[number];
export type OrderRoles = Record<OrderRoleName, boolean>;

/** Spec section 3: every flag is false except onlyRead, which defaults to true. */
export const DEFAULT_ORDER_ROLES: OrderRoles = {
  designer: false,
  auditer: false,
  reviewer: false,
  brokenInspectioner: false,
  yfshenchaimgt: false,
  onlyRead: true,
};

export interface UserRow {
  id: number;
  project_code: string;
  account: string;
  password_hash: string;
  username: string;
  phone: string;
  platform: Platform;
  is_project_admin: boolean;
  agent_id: number;
  is_sub: boolean;
  /** 'YYYY-MM-DD' or null */
  member_date_end: string | null;
  modules: Record<string, string>;
  order_roles: Partial<OrderRoles>;
  no_access: boolean;
  /** core.md §6 admin flags (isCorpAdmin …); missing = false */
  admin_flags: Record<string, boolean>;
  /** ids of the project user roles; 1 = organisational admin */
  project_role_ids: number[];
  /** element visibility: ids the user may see, ids hidden from the user */
  permission_list: string[];
  hide_list: string[];
  /** on the project's special list (deson) */
  special_list: boolean;
  password_is_simple: boolean;
}

/** The columns of a UserRow; also read by the session lookup, which fetches the user with the session. */
export const USER_COLUMNS = `id, project_code, account, password_hash, username, phone, platform, is_project_admin,
  agent_id, is_sub, member_date_end, modules, order_roles, no_access, admin_flags, project_role_ids,
  permission_list, hide_list, special_list, password_is_simple`;

export async function findUserByAccount(db: Db, project: string, account: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users where project_code = $1 and account = $2`,
    [project, account],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2 where id = $1', [id, passwordHash]);
}

export async function setPasswordSimple(db: Db, id: number, simple: boolean): Promise<void> {
  await db.query('update users set password_is_simple = $2 where id = $1 and password_is_simple is distinct from $2', [id, simple]);
}

const COMMON_PASSWORDS = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '111111', '000000', '888888', '666666',
  'password', 'password1', 'qwerty', 'qwerty123', 'abc123', 'abcd1234', 'a123456', 'admin', 'admin123',
  'iloveyou', 'woaini', 'woaini1314', '5201314', 'qq123456', '1qaz2wsx', 'aa123456', '123123', '112233',
]);

/**
 * checkSimplePassword: shorter than 8, a well-known password, the account name (plus digits), or
 * fewer than three of the four character classes (lower, upper, digit, other).
 */
export function isSimplePassword(password: string, account: string): boolean {
  if (password.length < 8) return true;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  if (lower.replace(/[0-9]+$/, '') === account.toLowerCase()) return true;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes < 3;
}

/** The public part of a user: what both login and /api/session/me report. */
export interface UserPublic {
  id: number;
  project: string;
  platform: Platform;
  is_project_admin: 0 | 1;
  agent_id: number;
  username: string;
  phone: string;
}

/** Login answer: the "user info" the client keeps in local storage (spec section 3). */
export interface UserInfo extends UserPublic {
  token: string;
  /** older clients read the session under these names; they carry the same token */
  yfang_session: string;
  account2_token: string;
  /**
   * 1 when the user is on the project's special list (deson: only /deson/login, /deson/design and
   * /cloudscreen-deson-raw, core.md §2). The client's route guard needs it before any other call.
   */
  special_list: 0 | 1;
}

/** GET /api/session/me: user info without the token, plus account info for role checks. */
export interface UserProfile extends UserPublic {
  account: string;
  is_sub: 0 | 1;
  user_member: { date_end: string | null };
  /** module name -> last licensed day 'YYYY-MM-DD' */
  modules: Record<string, string>;
  order_roles: OrderRoles;
}

export function toUserPublic(user: UserRow): UserPublic {
  return {
    id: user.id,
    project: user.project_code,
    platform: user.platform,
    is_project_admin: user.is_project_admin ? 1 : 0,
    agent_id: user.agent_id,
    username: user.username,
    phone: user.phone,
  };
}

export function toUserInfo(user: UserRow, token: string): UserInfo {
  return { token, ...toUserPublic(user), yfang_session: token, account2_token: token, special_list: user.special_list ? 1 : 0 };
}

export function toUserProfile(user: UserRow): UserProfile {
  const roles: OrderRoles = { ...DEFAULT_ORDER_ROLES };
  for (const name of ORDER_ROLE_NAMES) {
    const value = user.order_roles[name];
    if (typeof value === 'boolean') roles[name] = value;
  }
  return {
    ...toUserPublic(user),
    account: user.account,
    is_sub: user.is_sub ? 1 : 0,
    user_member: { date_end: user.member_date_end },
    modules: { ...user.modules },
    order_roles: roles,
  };
}
