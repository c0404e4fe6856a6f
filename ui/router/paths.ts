// Route paths that code outside the route tree needs (the guard, redirects). Pure data, no React.

/** core.md §2: routes a visitor may open without a stored user. */
export const PUBLIC_PATHS = [
  '/login',
  '/deson/login',
  '/shuke_login',
  '/wxlogin',
  '/onlyShowScene',
  '/pano',
  '/popClone',
  '/minhuah5',
  '/orderToMete',
  '/cloudscreen-deson',
  '/cloudscreen-deson-raw',
  '/cloudscreen-minhua',
  '/HCK',
  '/DesignIsLang/detail',
  '/FluidAnimation',
  '/walkPano',
  '/scene-share',
  '/singlePano',
] as const;

/** core.md §2: the only routes a user on deson's special list may open. */
export const DESON_SPECIAL_PATHS = ['/deson/login', '/deson/design', '/cloudscreen-deson-raw'] as const;

/** Named routes the spec refers to by name. */
export const ROUTE_PATHS = {
  Home: '/',
  Login: '/login',
  ChuangmiEntryCheck: '/chuangmi-entry',
  DesonDesign: '/deson/design',
  PersonCenter: '/personcenter',
  PriceList: '/priceList',
} as const;

/** The project-specific login path /{loginProject}/login. */
export function projectLoginPath(loginProject: string): string {
  return `/${encodeURIComponent(loginProject)}/login`;
}

/** Route matching is case-insensitive and ignores a trailing slash, as the router's is. */
export function normalizePath(path: string): string {
  const p = path.split(/[?#]/)[0] ?? '';
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  return (trimmed || '/').toLowerCase();
}

const PUBLIC_SET = new Set(PUBLIC_PATHS.map(normalizePath));
const PROJECT_LOGIN_RE = /^\/[^/]+\/login$/;

export function isPublicPath(path: string): boolean {
  const p = normalizePath(path);
  return PUBLIC_SET.has(p) || PROJECT_LOGIN_RE.test(p);
}
