// protocol/access.ts: every rule of core.md §6 as a table of cases.
import { describe, expect, it } from 'vitest';
import {
  AUTHORITY_TIP,
  MODULES,
  NO_ACCESS_MESSAGE,
  PLANNER_FIXED_ELEVATION,
  brandHandling,
  businessDay,
  deriveRoles,
  elementVisible,
  exportBaseName,
  hasFeature,
  isAdminByFlags,
  isOrgAdmin,
  isSimpleDesignAccount,
  keyRuleAllows,
  menuAccess,
  moduleState,
  moduleSummary,
  parseSimpleDesignAccounts,
  permitted,
  plannerElevation,
  projectKind,
  projectRuleAllows,
  treasureEnabled,
  type ModuleGrant,
  type ModuleName,
  type RoleSubject,
} from '../../protocol/access';

const TODAY = '2026-11-26';

describe('module access by DateEnd (today or later is valid)', () => {
  it.each<[string | undefined, ReturnType<typeof moduleState>]>([
    ['2026-11-27', 'licensed'],
    ['2026-11-26', 'licensed'], // the end day itself still counts
    ['2026-11-25', 'expired'],
    ['2024-06-30', 'expired'],
    ['2099-12-31', 'licensed'],
    ['2026-11-26 23:59:59', 'licensed'], // a time part is ignored
    [undefined, 'never'],
    ['', 'never'],
    ['garbage', 'expired'], // not a day: grants nothing
  ])('tileWork DateEnd %s -> %s', (end, state) => {
    expect(moduleState({ project: 'yfang', modules: end === undefined ? {} : { tileWork: end } }, 'tileWork', TODAY)).toBe(state);
  });

  it.each<[string, ModuleName, ModuleGrant, boolean]>([
    ['yfang', 'office', 'all', true],
    ['yfang', 'tileWork', 'all', true],
    ['yfang', 'office', 'all-but-office', false],
    ['yfang', 'wardrobe', 'all-but-office', true],
    ['yfang', 'wardrobe', 'dated', false],
    ['fdm20cs', 'FDM20', 'dated', true], // test projects get FDM20 and DLITE
    ['fdm20cs', 'DLITE', 'dated', true],
    ['fdm20cs01', 'FDM20', 'dated', true],
    ['fdm20cs01', 'DLITE', 'dated', true],
    ['fdm20cs', 'FDM20Production', 'dated', false], // only those two
    ['fdm20cs02', 'FDM20', 'dated', false],
  ])('project %s, %s under grant %s (no entitlements) -> %s', (project, module, grant, expected) => {
    expect(moduleState({ project, modules: {} }, module, TODAY, grant) === 'licensed').toBe(expected);
  });

  it('the test projects override an expired FDM20 too', () => {
    expect(moduleState({ project: 'fdm20cs', modules: { FDM20: '2020-01-01' } }, 'FDM20', TODAY)).toBe('licensed');
  });

  it('summarises licensed and expired in module order, leaving never-licensed out', () => {
    const s = { project: 'yfang', modules: { wallpaper: '2020-01-01', tileWork: TODAY, cupboard: '2030-01-01', office: '2026-11-25' } };
    expect(moduleSummary(s, TODAY)).toEqual({ licensed: ['cupboard', 'tileWork'], expired: ['office', 'wallpaper'] });
    expect(MODULES).toHaveLength(20);
  });

  it('the business day is UTC+8', () => {
    expect(businessDay(new Date('2026-11-26T15:59:59Z'))).toBe('2026-11-26');
    expect(businessDay(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
  });
});

describe('features', () => {
  it.each<[Record<string, string>, 'tileWork' | 'cabinets' | 'wardrobe' | 'cupboard' | 'orderReview', boolean]>([
    [{ tileWork: TODAY }, 'tileWork', true],
    [{ tileWork: '2026-01-01' }, 'tileWork', false],
    [{ wardrobe: TODAY }, 'cabinets', true], // either cabinet module opens 定制
    [{ cupboard: TODAY }, 'cabinets', true],
    [{ cupboard: '2026-01-01', wardrobe: '2026-01-01' }, 'cabinets', false],
    [{ cupboard: TODAY }, 'wardrobe', false],
    [{ cupboard: TODAY }, 'cupboard', true],
    [{ wardrobe: TODAY }, 'wardrobe', true],
    [{ wardrobe: TODAY }, 'cupboard', false],
    [{ DLITE: TODAY }, 'orderReview', true],
    [{}, 'orderReview', false],
  ])('%j: %s -> %s', (modules, feature, expected) => {
    expect(hasFeature({ project: 'yfang', modules }, feature, TODAY)).toBe(expected);
  });

  it('has the authority tip and the no-access message in both languages', () => {
    expect(AUTHORITY_TIP.zh).toBe('您的账号暂未开通该功能模块或授权已过期，请联系管理员开通');
    expect(AUTHORITY_TIP.en).toMatch(/licence/);
    expect(NO_ACCESS_MESSAGE.zh).toBe('该账号无访问权限！');
  });
});

describe('derived roles', () => {
  const base: RoleSubject = {
    project: 'yfang',
    modules: {},
    platform: '',
    isProjectAdmin: false,
    agentId: 0,
    memberDateEnd: null,
    adminFlags: {},
    projectRoleIds: [],
  };
  const roles = (over: Partial<RoleSubject>) => deriveRoles({ ...base, ...over }, TODAY);

  it.each([
    ['yfang', 'personal'],
    ['yfang_corp', 'company'],
    ['deson', 'special company'],
    ['yfang2', 'special company'],
  ] as const)('project %s is %s', (code, kind) => {
    expect(projectKind(code)).toBe(kind);
    expect(roles({ project: code }).project_kind).toBe(kind);
  });

  it.each<[string | null, boolean]>([
    ['2026-11-27', true],
    ['2026-11-26', false], // "in the future": today is not
    ['2024-06-30', false],
    [null, false],
  ])('member with date_end %s -> %s', (end, member) => {
    expect(roles({ memberDateEnd: end }).member).toBe(member);
  });

  it.each<[string, boolean, { isAgent: boolean; agentManager: boolean; customizationManager: boolean; serviceAdmin: boolean }]>([
    ['agent', true, { isAgent: true, agentManager: true, customizationManager: false, serviceAdmin: true }],
    ['agent', false, { isAgent: true, agentManager: false, customizationManager: false, serviceAdmin: false }],
    ['custom_project', true, { isAgent: true, agentManager: false, customizationManager: true, serviceAdmin: true }],
    ['custom_project', false, { isAgent: true, agentManager: false, customizationManager: false, serviceAdmin: false }],
    ['', true, { isAgent: false, agentManager: false, customizationManager: false, serviceAdmin: true }],
  ])('platform %s, admin %s', (platform, isProjectAdmin, expected) => {
    expect(roles({ platform, isProjectAdmin })).toMatchObject(expected);
  });

  it.each<[string, number, string]>([
    ['yfang', 1001, 'agent'], // agent_id wins
    ['deson', 7, 'agent'],
    ['yfang', 0, 'general'],
    ['yfang_corp', 0, 'general'],
    ['myyfangshop', 0, 'general'], // "contains yfang"
    ['deson', 0, 'custom'],
  ])('identity of project %s with agent_id %d is %s', (project, agentId, identity) => {
    expect(roles({ project, agentId }).identity).toBe(identity);
  });

  it.each(['isCorpAdmin', 'isYunpingAdmin', 'isProductAdmin', 'isKitproductAdmin', 'isKitquoteAdmin'])('%s alone makes the project admin', (flag) => {
    expect(isAdminByFlags({ [flag]: true })).toBe(true);
    expect(roles({ adminFlags: { [flag]: true } }).projectAdmin).toBe(true);
  });

  it('no flag, or flags set false, make no project admin', () => {
    expect(isAdminByFlags({})).toBe(false);
    expect(isAdminByFlags({ isCorpAdmin: false, somethingElse: true })).toBe(false);
  });

  it.each<[number[], boolean]>([
    [[1], true],
    [[2, 1], true],
    [[2, 3], false],
    [[], false],
  ])('project roles %j -> organisational admin %s', (ids, expected) => {
    expect(isOrgAdmin(ids)).toBe(expected);
    expect(roles({ projectRoleIds: ids }).orgAdmin).toBe(expected);
  });

  it('reports the modules with the same rule as moduleState', () => {
    const r = roles({ modules: { tileWork: TODAY, wallpaper: '2026-11-25' } });
    expect(r.licensed_modules).toEqual(['tileWork']);
    expect(r.expired_modules).toEqual(['wallpaper']);
  });
});

describe('project special cases', () => {
  it.each<[string, number, boolean]>([
    ['mnls', 2, true],
    ['shcz', 2, true],
    ['duchi', 2, true],
    ['mnls', 1, false], // only model channel 2
    ['mnls', 0, false],
    ['yfang', 2, false],
    ['MNLS', 2, false], // project codes are exact
  ])('treasure for %s on channel %d -> %s', (project, channel, expected) => {
    expect(treasureEnabled(project, channel)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['BCLS', true],
    ['BCGC', true],
    ['bcls', false],
    ['yfang', false],
  ])('brand handling of %s -> %s', (project, special) => {
    expect(brandHandling(project)).toEqual({ brandLogo: special, extraHotkeys: special });
  });

  it('the planner elevation project gets 135, others their own', () => {
    expect(PLANNER_FIXED_ELEVATION).toBe(135);
    expect(plannerElevation('BCGC')).toBe(135);
    expect(plannerElevation('yfang')).toBeNull();
  });

  it.each<[string, string, string]>([
    ['MLS', '张三-客厅', '张三-客厅'],
    ['MLS', '  ', 'PLAN_001'], // no Remark: the default name
    ['yfang', '张三-客厅', 'PLAN_001'],
    ['mls', '张三', 'PLAN_001'],
  ])('export name in %s with Remark %j -> %s', (project, remark, expected) => {
    expect(exportBaseName(project, remark, 'PLAN_001')).toBe(expected);
  });
});

describe('element visibility', () => {
  const sub = { permissionList: ['HouseType', 'Layout', 'Product'], hideList: [] };
  it.each<[readonly string[], readonly string[], string, boolean]>([
    [[], [], 'Anything', true], // no list restricts nothing
    [['all'], [], 'Anything', true],
    [sub.permissionList, [], 'Product', true],
    [sub.permissionList, [], 'TileWorkPlan', false],
    [[], ['OrderHome.submit'], 'OrderHome.submit', false], // the hide list wins
    [['all'], ['Product'], 'Product', false],
    [['Product'], ['Product'], 'Product', false],
  ])('permission %j, hide %j: %s -> %s', (permissionList, hideList, id, expected) => {
    expect(elementVisible({ permissionList, hideList }, id)).toBe(expected);
  });

  it('permitted ignores the hide list', () => {
    expect(permitted({ permissionList: [], hideList: ['x'] }, 'x')).toBe(true);
  });

  it.each<[string | string[], string, boolean]>([
    ['all', 'deson', true],
    ['deson', 'deson', true],
    ['deson', 'yfang', false],
    [['mnls', 'deson'], 'deson', true],
    [['mnls', 'all'], 'yfang', true],
    [[], 'yfang', false],
  ])('project rule %j for %s -> %s', (projects, project, expected) => {
    expect(projectRuleAllows(projects, project)).toBe(expected);
  });

  it.each<[string[], string, boolean, boolean]>([
    [['alice', 'bob'], 'alice', false, true],
    [['alice', 'bob'], 'carol', false, false],
    [['all'], 'carol', false, true],
    [[], 'admin', false, true], // 'admin' always allowed
    [[], 'all', false, true], // 'all' always allowed
    [['alice'], 'alice', true, false], // reverse: listed is denied
    [['alice'], 'carol', true, true],
    [['all'], 'carol', true, false],
    [['admin'], 'admin', true, true], // always allowed, reverse or not
  ])('key rule %j for %s (reverse %s) -> %s', (list, key, reverse, expected) => {
    expect(keyRuleAllows(list, key, reverse)).toBe(expected);
  });
});

describe('simple-design accounts', () => {
  it.each<[unknown, string[]]>([
    [['a', ' b ', '', 3, null], ['a', 'b']],
    [{ accounts: ['x'] }, ['x']],
    [{ other: ['x'] }, []],
    ['a,b', []],
    [null, []],
  ])('parses %j', (json, list) => {
    expect(parseSimpleDesignAccounts(json)).toEqual(list);
  });
  it('matches exact account names only', () => {
    expect(isSimpleDesignAccount(['a'], 'a')).toBe(true);
    expect(isSimpleDesignAccount(['a'], 'A')).toBe(false);
    expect(isSimpleDesignAccount(['a'], '')).toBe(false);
  });
});

describe('main menus', () => {
  const expired = Object.fromEntries(MODULES.map((m) => [m, '2024-06-30']));
  const designer = { project: 'yfang', modules: { tileWork: '2099-12-31', wardrobe: '2099-12-31' }, permissionList: [], hideList: [] };
  it.each<[string, object, string, ReturnType<typeof menuAccess>]>([
    ['expired account', { project: 'yfang', modules: expired, permissionList: [], hideList: [] }, 'TileWorkPlan', 'locked'],
    ['expired account', { project: 'yfang', modules: expired, permissionList: [], hideList: [] }, 'Customized', 'locked'],
    ['expired account', { project: 'yfang', modules: expired, permissionList: [], hideList: [] }, 'HouseType', 'open'],
    ['expired account', { project: 'yfang', modules: expired, permissionList: [], hideList: [] }, 'Product', 'open'],
    ['designer', designer, 'TileWorkPlan', 'open'],
    ['designer', designer, 'Customized', 'open'],
    ['designer', designer, 'OrderHome', 'locked'],
    ['sub-agent', { project: 'yfang', modules: {}, permissionList: ['HouseType', 'Layout', 'Product'], hideList: [] }, 'HouseType', 'open'],
    ['sub-agent', { project: 'yfang', modules: {}, permissionList: ['HouseType', 'Layout', 'Product'], hideList: [] }, 'Layout', 'open'],
    ['sub-agent', { project: 'yfang', modules: {}, permissionList: ['HouseType', 'Layout', 'Product'], hideList: [] }, 'TileWorkPlan', 'hidden'],
    ['sub-agent', { project: 'yfang', modules: {}, permissionList: ['HouseType', 'Layout', 'Product'], hideList: [] }, 'ModelRoom', 'hidden'],
    ['sub-agent', { project: 'yfang', modules: {}, permissionList: ['HouseType', 'Layout', 'Product'], hideList: [] }, 'Render', 'hidden'],
    ['designer', designer, 'Render', 'locked'],
    ['member', { ...designer, modules: { cloudRender: '2099-12-31' } }, 'Render', 'open'],
    ['hide list', { ...designer, hideList: ['ModelRoom'] }, 'ModelRoom', 'hidden'],
    ['fdm20cs', { project: 'fdm20cs', modules: {}, permissionList: [], hideList: [] }, 'OrderHome', 'open'],
  ])('%s: %s -> %s', (_who, subject, menu, expected) => {
    expect(menuAccess(subject as Parameters<typeof menuAccess>[0], menu, TODAY)).toBe(expected);
  });
});
