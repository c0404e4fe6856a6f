import type { ApiClient, RequestOptions } from './client';

// Session calls: login, the project (tenant) catalogue for the login screen, the current user.

/** platform of core.md §3; other values may come from older accounts. */
export type Platform = 'agent' | 'custom_project' | (string & {});

/** What POST /api/session {action:'login'} answers (core.md §3 user info plus name and phone). */
export interface LoginResult {
  readonly token: string;
  readonly project: string;
  readonly platform: Platform;
  readonly is_project_admin: 0 | 1;
  readonly agent_id: number;
  readonly id: number;
  readonly username: string;
  readonly phone: string;
  readonly yfang_session?: string;
  readonly account2_token?: string;
  /** 1: on the project's special list (deson), confined to its three routes (core.md §2) */
  readonly special_list?: 0 | 1;
}

/** Order permission flags of core.md §3. */
export interface OrderRoles {
  readonly designer: boolean;
  readonly auditer: boolean;
  readonly reviewer: boolean;
  readonly brokenInspectioner: boolean;
  readonly yfshenchaimgt: boolean;
  readonly onlyRead: boolean;
}

/** GET /api/session/me: the signed-in user (no token), with account and entitlement details. */
export interface SessionUser extends Omit<LoginResult, 'token' | 'yfang_session' | 'account2_token' | 'special_list'> {
  readonly account: string;
  readonly is_sub: 0 | 1;
  readonly user_member: { readonly date_end: string | null };
  /** module name -> expiry date YYYY-MM-DD */
  readonly modules: { readonly [module: string]: string };
  readonly order_roles: OrderRoles;
}

export interface LoginParams {
  readonly account: string;
  readonly password: string;
  /** project (tenant) code chosen on the login screen, e.g. yfang */
  readonly project: string;
}

/** A tenant of the project catalogue (core.md §1): code, display name and brand logo address. */
export interface ProjectInfo {
  readonly code: string;
  readonly name: string;
  readonly logo: string;
}

/**
 * Signs in. A wrong password answers HTTP 401 (retcode 10001, 账号密码错误), which is a failed
 * login and not an expired session, so the session-expired event is skipped; the call is silent
 * by default because the login screen shows the server's message itself.
 */
export function login(client: ApiClient, params: LoginParams, options: RequestOptions = {}): Promise<LoginResult> {
  return client.post<LoginResult>(
    'session',
    { action: 'login', account: params.account, password: params.password, project: params.project },
    { skipSessionExpired: true, clearToken: true, silent: true, ...options },
  );
}

export function getProjects(client: ApiClient, options: RequestOptions = {}): Promise<ProjectInfo[]> {
  return client.get<ProjectInfo[]>('projects', undefined, options);
}

export function me(client: ApiClient, options: RequestOptions = {}): Promise<SessionUser> {
  return client.get<SessionUser>('session/me', undefined, options);
}

/** GET /api/session/get-login-token: a single-use token that loginWithToken turns into a session. */
export interface LoginToken {
  readonly login_token: string;
  /** ISO time; the token is refused afterwards */
  readonly expires_at: string;
  readonly expires_in_s: number;
}

/**
 * A single-use login token of the signed-in user (valid about two minutes), to hand the user to
 * another window or app (which calls loginWithToken) without passing the session token around.
 *
 * The path contains 'login', and the client clears its token store before any such call (core.md
 * §7). Call it on a client made with `staticToken` (the current session token), which has no store
 * to clear: `getLoginToken(createApiClient({ staticToken: token }))`.
 */
export function getLoginToken(client: ApiClient, options: RequestOptions = {}): Promise<LoginToken> {
  return client.get<LoginToken>('session/get-login-token', undefined, options);
}

/**
 * POST /api/session {action:'loginWithToken'}: opens a session from a get-login-token token. Like a
 * login it ends the account's other sessions (their next call answers 401 您的账号正在其他设备或不同浏览器登录访问).
 * An unknown, used or expired token answers 401 with retcode 10004.
 */
export function loginWithToken(client: ApiClient, token: string, options: RequestOptions = {}): Promise<LoginResult> {
  return client.post<LoginResult>('session', { action: 'loginWithToken', token }, { skipSessionExpired: true, clearToken: true, silent: true, ...options });
}
