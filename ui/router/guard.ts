import { ROUTE_PATHS, isPublicPath, normalizePath, projectLoginPath } from './paths';

// The access guard of core.md §2 as a pure function of (path, user, remembered project), so it is
// unit-tested without a browser. The router calls it in the root route's beforeLoad.

export interface GuardUser {
  readonly project: string;
  readonly username: string;
}

export interface GuardInput {
  /** location pathname (no query) */
  readonly path: string;
  /** the stored user; null when nobody is signed in */
  readonly user: GuardUser | null;
  /** the remembered login project; null when none */
  readonly loginProject: string | null;
}

/** A rule answers a redirect path, or null to let the next rule decide. */
type GuardRule = (input: GuardInput) => string | null;

export function loginPathFor(loginProject: string | null): string {
  return loginProject ? projectLoginPath(loginProject) : ROUTE_PATHS.Login;
}

const requireUser: GuardRule = ({ path, user, loginProject }) => {
  if (user || isPublicPath(path)) return null;
  return loginPathFor(loginProject);
};

// Rules run in order; the first redirect wins. The project rules of core.md §2 (chuangmi entry,
// the deson special list) go after requireUser, as they only apply to a signed-in user.
const RULES: readonly GuardRule[] = [requireUser];

/** Where the visitor must go instead of `path`, or null when `path` may be shown. */
export function guardRedirect(input: GuardInput): string | null {
  for (const rule of RULES) {
    const target = rule(input);
    // A rule that sends the visitor where they already are would loop.
    if (target !== null && normalizePath(target) !== normalizePath(input.path)) return target;
  }
  return null;
}

/**
 * Where to go once signed in (core.md §2): the redirect query parameter when it is a path on this
 * site; otherwise the site root, or ChuangmiEntryCheck for project chuangmi.
 */
export function afterLoginPath(redirect: string | null | undefined, project: string): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) {
    return redirect;
  }
  return project === 'chuangmi' ? ROUTE_PATHS.ChuangmiEntryCheck : ROUTE_PATHS.Home;
}
