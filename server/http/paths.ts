// Path prefixes that belong to the API (spec section 7 names /api, /meta20, /account2 …; vite's dev
// proxy forwards the same list). They never fall back to the UI's index.html.
export const API_PREFIXES = ['/api', '/meta20', '/account2', '/oms20', '/bigdata', '/files', '/healthz'] as const;

/** Answered with the { retcode, retmsg, retdata } envelope, errors included. */
export const ENVELOPE_PREFIXES = ['/api', '/meta20', '/account2', '/oms20', '/bigdata'] as const;

function under(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(p + '/'));
}

export function isApiPath(path: string): boolean {
  return under(path, API_PREFIXES);
}

export function isEnvelopePath(path: string): boolean {
  return under(path, ENVELOPE_PREFIXES);
}
