import { DESON_SPECIAL_PATHS, ROUTE_PATHS, isPublicPath, normalizePath, projectLoginPath } from './paths';

// The access guard of core.md §2 as one pure function of (path, user, remembered project), so it is
// table-tested without a browser. The router calls it in the root route's beforeLoad, before any
// route of the tree (the splat route included) decides anything.

export interface GuardUser {
  readonly id: number;
  readonly project: string;
  readonly username: string;
  /** on the project's special list, as the server's login answer said (special_list 1) */
  readonly specialList: boolean;
}

export interface GuardInput {
  /** location pathname (no query) */
  readonly path: string;
  /** the location's query string with its '?', or '' */
  readonly search: string;
  /** the stored user; null when nobody is signed in */
  readonly user: GuardUser | null;
  /** the remembered login project; null when none */
  readonly loginProject: string | null;
  /** false when no route of the tree matches the path (the router's splat route caught it) */
  readonly known: boolean;
  /** ChuangmiEntryCheck passed for this user in this tab */
  readonly chuangmiEntryChecked: boolean;
}

export const CHUANGMI_PROJECT = 'chuangmi';
export const DESON_PROJECT = 'deson';

export function loginPathFor(loginProject: string | null): string {
  return loginProject ? projectLoginPath(loginProject) : ROUTE_PATHS.Login;
}

/** The login page that comes back to `path + search` once signed in (the root needs no redirect). */
export function loginRedirectFor(loginProject: string | null, path: string, search: string): string {
  const back = path + search;
  const login = loginPathFor(loginProject);
  return back === '/' || back === '' ? login : `${login}?redirect=${encodeURIComponent(back)}`;
}

function isDesonSpecial(user: GuardUser): boolean {
  return user.project === DESON_PROJECT && user.specialList;
}

const DESON_SPECIAL_SET = new Set(DESON_SPECIAL_PATHS.map(normalizePath));

/** Where the visitor must go instead of `path`, or null when `path` may be shown. */
export function guardRedirect(input: GuardInput): string | null {
  const target = decide(input);
  // A rule that sends the visitor where they already are would loop.
  return target !== null && normalizePath(target) !== normalizePath(input.path) ? target : null;
}

function decide({ path, search, user, loginProject, known, chuangmiEntryChecked }: GuardInput): string | null {
  if (!user) return isPublicPath(path) ? null : loginRedirectFor(loginProject, path, search);
  // The deson special list is confined to its three routes, public ones included.
  if (isDesonSpecial(user)) return DESON_SPECIAL_SET.has(normalizePath(path)) ? null : ROUTE_PATHS.DesonDesign;
  if (user.project === CHUANGMI_PROJECT) {
    if (!known) return ROUTE_PATHS.ChuangmiEntryCheck;
    // A deep link into the workspace (/?sceneId=1) waits behind the check as its redirect.
    if (normalizePath(path) === '/' && !chuangmiEntryChecked) {
      return search ? `${ROUTE_PATHS.ChuangmiEntryCheck}?redirect=${encodeURIComponent(`/${search}`)}` : ROUTE_PATHS.ChuangmiEntryCheck;
    }
  }
  if (!known) return ROUTE_PATHS.Home;
  return null;
}

/** A same-site path only: an absolute or protocol-relative redirect would leave the site. */
export function isSameSitePath(redirect: string): boolean {
  return redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\');
}

/**
 * Where to go once signed in (core.md §2): the redirect query parameter when it is a path on this
 * site; otherwise the site root, ChuangmiEntryCheck for project chuangmi, /deson/design for the
 * deson special list (the root is closed to it). The guard still checks wherever this leads.
 */
export function afterLoginPath(redirect: string | null | undefined, user: Pick<GuardUser, 'project' | 'specialList'>): string {
  if (redirect && isSameSitePath(redirect)) return redirect;
  if (user.project === CHUANGMI_PROJECT) return ROUTE_PATHS.ChuangmiEntryCheck;
  if (user.project === DESON_PROJECT && user.specialList) return ROUTE_PATHS.DesonDesign;
  return ROUTE_PATHS.Home;
}
