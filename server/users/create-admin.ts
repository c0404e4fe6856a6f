// The first project admin of an install (npm run admin:create, scripts/admin-create.ts): a
// production server seeds no account, so the operator creates one with a password of their own.
// The admin gets the roles the seed gives the demo project admins (server/seed.ts, yfang/admin).
import { hashPassword } from '../auth/password';
import type { Db } from '../db/types';
import { message } from '../messages';
import { PASSWORD_MAX_LENGTH } from '../routes/account';
import { SEED_PROJECTS } from '../seed';
import { ORG_ADMIN_ROLE_ID } from '../../protocol/access';
import { MODULES } from './roles';
import { isSimplePassword } from './users';

/** The projects table's own check (server/db/migrations.ts). */
export const PROJECT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The login form's limit on account names (routes/session.ts LoginBody). */
export const ACCOUNT_MAX_LENGTH = 128;
/** What `allModules` grants: every module but office, as the demo admins have, until this day. */
export const ALL_MODULES_UNTIL = '2099-12-31';

export type AdminRefusal = 'projectInvalid' | 'accountInvalid' | 'passwordTooSimple' | 'passwordTooLong' | 'accountExists';

/** CLI messages: Chinese first, then English, as the product's messages are. */
export function refusalText(code: AdminRefusal, project: string, account: string): string {
  switch (code) {
    case 'projectInvalid':
      return (
        `项目代码无效："${project}"。只能使用字母、数字、_ 和 -，1 到 64 个字符。\n` +
        `Invalid project code "${project}": use letters, digits, _ and - only, 1 to 64 characters.`
      );
    case 'accountInvalid':
      return (
        `账号名无效："${account}"。需要 1 到 ${ACCOUNT_MAX_LENGTH} 个字符，不能含空白或控制字符。\n` +
        `Invalid account name "${account}": 1 to ${ACCOUNT_MAX_LENGTH} characters, no spaces or control characters.`
      );
    case 'passwordTooSimple':
      return `${message('passwordTooSimple', 'zh')}\n${message('passwordTooSimple', 'en')}`;
    case 'passwordTooLong':
      return `${message('passwordTooLong', 'zh', { max: PASSWORD_MAX_LENGTH })}\n${message('passwordTooLong', 'en', { max: PASSWORD_MAX_LENGTH })}`;
    case 'accountExists':
      return (
        `项目 ${project} 中已有账号 ${account}，未做任何更改。\n` +
        `The account ${account} already exists in project ${project}; nothing was changed.`
      );
  }
}

export class AdminRefusedError extends Error {
  override name = 'AdminRefusedError';
  constructor(
    readonly code: AdminRefusal,
    project: string,
    account: string,
  ) {
    super(refusalText(code, project, account));
  }
}

export interface NewAdmin {
  project: string;
  account: string;
  password: string;
  /** display name; the account name when empty */
  username?: string;
  /** the name of a project that is created here; a seeded project code keeps its seeded name and logo */
  projectName?: string;
  /** license every module but office until ALL_MODULES_UNTIL (the demo admins' grant) */
  allModules?: boolean;
}

export interface CreatedAdmin {
  userId: number;
  projectCreated: boolean;
}

/** The checks that need no database, in the order the CLI asks for things (names, then password). */
export function checkAdminNames(project: string, account: string): AdminRefusal | null {
  if (!PROJECT_CODE_PATTERN.test(project)) return 'projectInvalid';
  // The login form trims the account name, so one with outer spaces could never log in.
  if (account.length === 0 || account.length > ACCOUNT_MAX_LENGTH || /[\s\p{Cc}]/u.test(account)) return 'accountInvalid';
  return null;
}

/** The rules of a password change (routes/account.ts): not too long, not simple (checkSimplePassword). */
export function checkAdminPassword(password: string, account: string): AdminRefusal | null {
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  if (isSimplePassword(password, account)) return 'passwordTooSimple';
  return null;
}

/**
 * Creates the project when it does not exist and the admin in it. Refuses (AdminRefusedError,
 * nothing changed) a bad name, a weak password and an account that exists.
 */
export async function createAdmin(db: Db, input: NewAdmin): Promise<CreatedAdmin> {
  const { project, account, password } = input;
  const refusal = checkAdminNames(project, account) ?? checkAdminPassword(password, account);
  if (refusal) throw new AdminRefusedError(refusal, project, account);
  const passwordHash = await hashPassword(password);
  const seeded = SEED_PROJECTS.findIndex((p) => p.code === project);
  const modules = input.allModules
    ? Object.fromEntries(MODULES.filter((m) => m !== 'office').map((m) => [m, ALL_MODULES_UNTIL]))
    : {};

  return db.transaction(async (tx) => {
    const created = await tx.query(
      `insert into projects (code, name, logo, position)
       values ($1, $2, $3, coalesce($4::int, (select coalesce(max(position), -1) + 1 from projects)))
       on conflict (code) do nothing returning code`,
      [
        project,
        seeded >= 0 ? SEED_PROJECTS[seeded]!.name : input.projectName?.trim() || project,
        seeded >= 0 ? SEED_PROJECTS[seeded]!.logo : '',
        seeded >= 0 ? seeded : null,
      ],
    );
    const rows = await tx.query<{ id: number }>(
      `insert into users (project_code, account, password_hash, username, is_project_admin, admin_flags,
         project_role_ids, order_roles, modules, password_is_simple)
       values ($1, $2, $3, $4, true, $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb, false)
       on conflict (project_code, account) do nothing returning id`,
      [
        project,
        account,
        passwordHash,
        input.username?.trim() || account,
        // serviceAdmin (is_project_admin), project admin (isCorpAdmin), organisational admin (role 1)
        JSON.stringify({ isCorpAdmin: true }),
        JSON.stringify([ORG_ADMIN_ROLE_ID]),
        JSON.stringify({ designer: true, auditer: true, reviewer: true, onlyRead: false }),
        JSON.stringify(modules),
      ],
    );
    // Thrown inside the transaction, so a project made just now for this admin is rolled back too.
    if (rows.length === 0) throw new AdminRefusedError('accountExists', project, account);
    return { userId: rows[0]!.id, projectCreated: created.length > 0 };
  });
}
