import { describe, expect, it } from 'vitest';
import { afterLoginPath, guardRedirect } from '../../ui/router/guard';
import { PUBLIC_PATHS, isPublicPath } from '../../ui/router/paths';

const user = { project: 'yfang', username: 'designer' };

describe('guardRedirect', () => {
  it('sends a visitor without a stored user on a non-public route to /login', () => {
    for (const path of ['/', '/about', '/personcenter', '/MaterialLib/MaterialBall/CommonLib', '/mall/home', '/no-such-page']) {
      expect(guardRedirect({ path, user: null, loginProject: null })).toBe('/login');
    }
  });

  it('prefixes the login path with the remembered login project', () => {
    expect(guardRedirect({ path: '/', user: null, loginProject: 'deson' })).toBe('/deson/login');
    expect(guardRedirect({ path: '/preview', user: null, loginProject: 'minhua' })).toBe('/minhua/login');
  });

  it('lets every public route of the spec through without a user', () => {
    expect(PUBLIC_PATHS).toHaveLength(18);
    for (const path of PUBLIC_PATHS) {
      expect(guardRedirect({ path, user: null, loginProject: 'deson' })).toBeNull();
    }
  });

  it('treats project login paths as public, and matches case-insensitively with or without a trailing slash', () => {
    expect(guardRedirect({ path: '/yfang/login', user: null, loginProject: null })).toBeNull();
    expect(guardRedirect({ path: '/hck', user: null, loginProject: null })).toBeNull();
    expect(guardRedirect({ path: '/login/', user: null, loginProject: null })).toBeNull();
    expect(isPublicPath('/designislang/DETAIL')).toBe(true);
    expect(isPublicPath('/DesignIsLang')).toBe(false);
    expect(isPublicPath('/a/b/login')).toBe(false);
  });

  it('lets a signed-in user through on any route', () => {
    for (const path of ['/', '/about', '/login', '/mall/person-member']) {
      expect(guardRedirect({ path, user, loginProject: null })).toBeNull();
    }
  });
});

describe('afterLoginPath', () => {
  it('follows a same-site redirect parameter', () => {
    expect(afterLoginPath('/personcenter?tab=1', 'yfang')).toBe('/personcenter?tab=1');
  });

  it('ignores redirects that leave the site', () => {
    expect(afterLoginPath('https://evil.example/', 'yfang')).toBe('/');
    expect(afterLoginPath('//evil.example/', 'yfang')).toBe('/');
  });

  it('goes to the root, or to ChuangmiEntryCheck for project chuangmi', () => {
    expect(afterLoginPath(null, 'yfang')).toBe('/');
    expect(afterLoginPath(undefined, 'chuangmi')).toBe('/chuangmi-entry');
  });
});
