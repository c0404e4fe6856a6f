// The login form's tenant choice: only catalogue tenants are offered; an unknown code falls back.
import { describe, expect, it } from 'vitest';
import { chooseTenant, DEFAULT_LOGIN_PROJECT } from '../../ui/auth/tenants';

const tenant = (code: string) => ({ code, name: code.toUpperCase(), logo: '' });
const CATALOGUE = [tenant('yfang'), tenant('yfang_corp'), tenant('deson')];

describe('chooseTenant', () => {
  it.each<[readonly ReturnType<typeof tenant>[] | null, string, string, boolean]>([
    [CATALOGUE, 'deson', 'deson', false], // a real tenant stands
    [CATALOGUE, 'nosuchproj', 'yfang', true], // unknown: the default project
    [CATALOGUE, 'DESON', 'yfang', true], // codes are exact
    [[tenant('deson'), tenant('mnls')], 'nosuchproj', 'deson', true], // no default in the catalogue: the first tenant
    [null, 'nosuchproj', 'nosuchproj', false], // still loading: nothing is decided (and nothing shown)
    [[], 'nosuchproj', 'nosuchproj', false], // the catalogue failed: the server decides at login
  ])('%j, wanted %s -> %s (fell back %s)', (tenants, wanted, code, fellBack) => {
    expect(chooseTenant(tenants, wanted)).toEqual({ code, fellBack });
  });

  it('falls back to yfang by default', () => {
    expect(DEFAULT_LOGIN_PROJECT).toBe('yfang');
  });
});
