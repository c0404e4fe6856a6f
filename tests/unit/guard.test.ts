import { describe, expect, it } from 'vitest';
import { afterLoginPath, guardRedirect, loginRedirectFor, type GuardInput, type GuardUser } from '../../ui/router/guard';
import { DESON_SPECIAL_PATHS, PUBLIC_PATHS, isPublicPath } from '../../ui/router/paths';

// core.md §2, the access guard, as one table: every rule, each with the cases that pass it and the
// cases it redirects. `known: false` is a path no route matches (the router's splat route).

const designer: GuardUser = { id: 1, project: 'yfang', username: 'designer', specialList: false };
const chuangmi: GuardUser = { id: 2, project: 'chuangmi', username: '创米设计师', specialList: false };
const desonSpecial: GuardUser = { id: 3, project: 'deson', username: 'desonsp', specialList: true };
const desonPlain: GuardUser = { id: 4, project: 'deson', username: 'designer', specialList: false };
// The special list is deson's: the same flag on another project confines nothing.
const otherSpecial: GuardUser = { id: 5, project: 'yfang', username: 'x', specialList: true };

const base: GuardInput = { path: '/', search: '', user: null, loginProject: null, known: true, chuangmiEntryChecked: false };

type Case = readonly [rule: string, input: Partial<GuardInput>, expected: string | null];

const CASES: readonly Case[] = [
  // no stored user: public routes pass, everything else goes to the login page with the way back
  ['no user, root', { path: '/' }, '/login'],
  ['no user, deep link', { path: '/personcenter' }, '/login?redirect=%2Fpersoncenter'],
  ['no user, deep link with its query', { path: '/', search: '?sceneId=1' }, '/login?redirect=%2F%3FsceneId%3D1'],
  ['no user, nested route', { path: '/MaterialLib/MaterialBall/CommonLib' }, '/login?redirect=%2FMaterialLib%2FMaterialBall%2FCommonLib'],
  ['no user, unknown path', { path: '/no-such-page', known: false }, '/login?redirect=%2Fno-such-page'],
  ['no user, remembered project prefixes the login path', { path: '/about', loginProject: 'deson' }, '/deson/login?redirect=%2Fabout'],
  ['no user, remembered project, root', { path: '/', loginProject: 'minhua' }, '/minhua/login'],
  ['no user, public /login', { path: '/login' }, null],
  ['no user, public /deson/login', { path: '/deson/login', loginProject: 'deson' }, null],
  ['no user, a project login path is public', { path: '/yfang/login' }, null],
  ['no user, public paths match case-insensitively', { path: '/hck' }, null],
  ['no user, trailing slash', { path: '/login/' }, null],
  ['no user, /deson/design is not public', { path: '/deson/design' }, '/login?redirect=%2Fdeson%2Fdesign'],

  // signed in, an ordinary project
  ['user, root', { path: '/', user: designer }, null],
  ['user, deep link with query', { path: '/', search: '?sceneId=1', user: designer }, null],
  ['user, known route', { path: '/about', user: designer }, null],
  ['user, the login page stays reachable', { path: '/login', user: designer }, null],
  ['user, ChuangmiEntryCheck is a route like any other', { path: '/chuangmi-entry', user: designer }, null],
  ['user, unknown path goes to the root', { path: '/no-such-page', user: designer, known: false }, '/'],

  // chuangmi: the root and unknown paths go to ChuangmiEntryCheck
  ['chuangmi, root', { path: '/', user: chuangmi }, '/chuangmi-entry'],
  ['chuangmi, root with a query: kept as the redirect', { path: '/', search: '?sceneId=1', user: chuangmi }, '/chuangmi-entry?redirect=%2F%3FsceneId%3D1'],
  ['chuangmi, root with a query once checked', { path: '/', search: '?sceneId=1', user: chuangmi, chuangmiEntryChecked: true }, null],
  ['chuangmi, unknown path', { path: '/whatever', user: chuangmi, known: false }, '/chuangmi-entry'],
  ['chuangmi, unknown path even after the check', { path: '/whatever', user: chuangmi, known: false, chuangmiEntryChecked: true }, '/chuangmi-entry'],
  ['chuangmi, on the entry itself', { path: '/chuangmi-entry', user: chuangmi }, null],
  ['chuangmi, another known route', { path: '/personcenter', user: chuangmi }, null],
  ['chuangmi, root once the entry check passed', { path: '/', user: chuangmi, chuangmiEntryChecked: true }, null],

  // the deson special list: its three routes only, everything else to /deson/design
  ['deson special, /deson/design', { path: '/deson/design', user: desonSpecial }, null],
  ['deson special, /deson/login', { path: '/deson/login', user: desonSpecial }, null],
  ['deson special, /cloudscreen-deson-raw', { path: '/cloudscreen-deson-raw', user: desonSpecial }, null],
  ['deson special, case-insensitive', { path: '/Deson/Design/', user: desonSpecial }, null],
  ['deson special, root', { path: '/', user: desonSpecial }, '/deson/design'],
  ['deson special, /personcenter', { path: '/personcenter', user: desonSpecial }, '/deson/design'],
  ['deson special, /about', { path: '/about', user: desonSpecial }, '/deson/design'],
  ['deson special, a public route outside the list', { path: '/cloudscreen-deson', user: desonSpecial }, '/deson/design'],
  ['deson special, /login', { path: '/login', user: desonSpecial }, '/deson/design'],
  ['deson special, unknown path', { path: '/nope', user: desonSpecial, known: false }, '/deson/design'],
  ['deson, not on the list', { path: '/about', user: desonPlain }, null],
  ['deson, not on the list, root', { path: '/', user: desonPlain }, null],
  ['special flag on another project', { path: '/about', user: otherSpecial }, null],
];

describe('guardRedirect (core.md §2)', () => {
  it.each(CASES)('%s', (_rule, input, expected) => {
    expect(guardRedirect({ ...base, ...input })).toBe(expected);
  });

  it('lets every public route of the spec through without a user', () => {
    expect(PUBLIC_PATHS).toHaveLength(18);
    for (const path of PUBLIC_PATHS) expect(guardRedirect({ ...base, path, loginProject: 'deson' })).toBeNull();
  });

  it('confines the deson special list to exactly three routes', () => {
    expect([...DESON_SPECIAL_PATHS].sort()).toEqual(['/cloudscreen-deson-raw', '/deson/design', '/deson/login']);
  });

  it('never redirects a path to itself', () => {
    expect(guardRedirect({ ...base, path: '/deson/design/', user: desonSpecial })).toBeNull();
    expect(guardRedirect({ ...base, path: '/Chuangmi-Entry', user: chuangmi })).toBeNull();
  });

  it('public paths: case-insensitive, only the exact path, project logins one level deep', () => {
    expect(isPublicPath('/designislang/DETAIL')).toBe(true);
    expect(isPublicPath('/DesignIsLang')).toBe(false);
    expect(isPublicPath('/a/b/login')).toBe(false);
  });
});

describe('loginRedirectFor', () => {
  it('keeps path and query, encoded, and leaves the bare root out', () => {
    expect(loginRedirectFor(null, '/quoteDetails', '?a=1&b=2')).toBe('/login?redirect=%2FquoteDetails%3Fa%3D1%26b%3D2');
    expect(loginRedirectFor('BCLS', '/', '')).toBe('/BCLS/login');
  });
});

describe('afterLoginPath (core.md §2, after login)', () => {
  const yfang = { project: 'yfang', specialList: false };
  it.each([
    ['the redirect query is followed', '/personcenter?tab=1', yfang, '/personcenter?tab=1'],
    ['a deep link with its query', '/?sceneId=1', yfang, '/?sceneId=1'],
    ['the redirect wins for chuangmi too', '/about', { project: 'chuangmi', specialList: false }, '/about'],
    ['an absolute redirect leaving the site is ignored', 'https://evil.example/', yfang, '/'],
    ['a protocol-relative redirect is ignored', '//evil.example/', yfang, '/'],
    ['a backslash trick is ignored', '/\\evil.example', yfang, '/'],
    ['no redirect: the root', null, yfang, '/'],
    ['no redirect, chuangmi: ChuangmiEntryCheck', undefined, { project: 'chuangmi', specialList: false }, '/chuangmi-entry'],
    ['no redirect, deson special list: /deson/design', '', { project: 'deson', specialList: true }, '/deson/design'],
    ['no redirect, deson not on the list: the root', null, { project: 'deson', specialList: false }, '/'],
  ] as const)('%s', (_rule, redirect, user, expected) => {
    expect(afterLoginPath(redirect, user)).toBe(expected);
  });
});
