// Demo tenants and accounts. The lists are plain data so the README's account table can be
// generated from (and checked against) DEMO_ACCOUNTS. seedDemoData only inserts what is missing,
// so it runs at every start without touching rows that exist.
import { seedCatalogue } from './catalogues/seed-catalogue';
import { hashPassword } from './auth/password';
import type { ServerConfig } from './config';
import type { Db } from './db/types';
import type { Logger } from './logger';
import { MODULES, type AdminFlag } from './users/roles';
import { isSimplePassword, type OrderRoles, type Platform } from './users/users';
import type { RenderCouponCount } from '../protocol/render-jobs';

export interface SeedProject {
  code: string;
  name: string;
  /** spec section 6: personal (yfang), company (yfang_corp) or special company (any other) */
  kind: 'personal' | 'company' | 'special company';
  logo: string;
}

function logo(letters: string, background: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="41" font-family="Arial,Helvetica,sans-serif" font-size="${letters.length > 2 ? 18 : 24}" ` +
    `font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const SEED_PROJECTS: readonly SeedProject[] = [
  { code: 'yfang', name: '云方设计（个人版）', kind: 'personal', logo: logo('YF', '#2f6fed') },
  { code: 'yfang_corp', name: '云方设计（企业版）', kind: 'company', logo: logo('YF', '#1d3f8f') },
  { code: 'chuangmi', name: '创米家居', kind: 'special company', logo: logo('CM', '#e4572e') },
  { code: 'deson', name: '德森定制', kind: 'special company', logo: logo('DS', '#17a398') },
  { code: 'mnls', name: '美耐丽斯', kind: 'special company', logo: logo('MN', '#8e44ad') },
  { code: 'BCLS', name: 'BCLS 全屋定制', kind: 'special company', logo: logo('BC', '#c0392b') },
  { code: 'MLS', name: 'MLS 家居', kind: 'special company', logo: logo('MLS', '#d68910') },
  { code: 'fdm20cs', name: 'FDM20 测试', kind: 'special company', logo: logo('FDM', '#566573') },
];

export interface DemoAccount {
  project: string;
  account: string;
  password: string;
  /** for the README: what this account shows */
  role: string;
  username: string;
  phone?: string;
  platform?: Platform;
  isProjectAdmin?: boolean;
  agentId?: number;
  isSub?: boolean;
  memberDateEnd?: string;
  /** module name (server/users/roles.ts MODULES) -> DateEnd 'YYYY-MM-DD' */
  modules?: Record<string, string>;
  orderRoles?: Partial<OrderRoles>;
  noAccess?: boolean;
  adminFlags?: Partial<Record<AdminFlag, boolean>>;
  projectRoleIds?: number[];
  permissionList?: string[];
  hideList?: string[];
  specialList?: boolean;
}

const FAR_FUTURE = '2099-12-31';
/** an entitlement or membership that ran out */
const EXPIRED = '2024-06-30';

/** Every module licensed far ahead, except those listed (expired). */
function allModules(expired: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(MODULES.map((m) => [m, expired.includes(m) ? EXPIRED : FAR_FUTURE]));
}
const ORDER_MODULES = { FDM20: FAR_FUTURE, FDM20Production: FAR_FUTURE, DLITE: FAR_FUTURE };
/** 铺砖 and 定制 (wardrobe, cupboard): what the designing demo accounts work with (core.md §6 gates them). */
const DESIGN_MODULES = { tileWork: FAR_FUTURE, wardrobe: FAR_FUTURE, cupboard: FAR_FUTURE };
const NO_ORDER_ROLE: Partial<OrderRoles> = { onlyRead: false };

/**
 * The accounts every project gets (core.md §6: each derived role and each order role). The
 * password is the same in every project; the account name is unique within a project only.
 */
const PER_PROJECT: readonly Omit<DemoAccount, 'project' | 'username'>[] = [
  {
    account: 'designer',
    // not yfang's Design@2026: a designer of one project must not get into another by accident
    password: 'Designer@2026',
    role: 'designer: no membership; tileWork, wardrobe and cupboard licensed, wallpaper expired; order role onlyRead (default)',
    modules: { ...DESIGN_MODULES, wallpaper: EXPIRED },
    permissionList: ['all'],
  },
  {
    account: 'member',
    password: 'Member@2026',
    role: 'member: user_member.date_end 2099-12-31; cloudRender, coating, tileWork, wardrobe and cupboard licensed',
    memberDateEnd: FAR_FUTURE,
    modules: { cloudRender: FAR_FUTURE, coating: FAR_FUTURE, ...DESIGN_MODULES },
  },
  {
    account: 'expired',
    password: 'Expired@2026',
    role: 'lapsed member (date_end 2024-06-30) whose every module DateEnd has passed',
    memberDateEnd: EXPIRED,
    modules: allModules(MODULES),
  },
  {
    account: 'admin',
    password: 'Admin@2026',
    role: 'serviceAdmin (is_project_admin 1), project admin (isCorpAdmin), organisational admin (role id 1); all modules but office',
    isProjectAdmin: true,
    adminFlags: { isCorpAdmin: true },
    projectRoleIds: [1, 2],
    modules: allModules(['office']),
    orderRoles: { designer: true, auditer: true, reviewer: true, onlyRead: false },
  },
  {
    account: 'agent',
    password: 'Agent@2026',
    role: 'agent manager: platform agent, admin, agent_id 1001 (identity agent)',
    platform: 'agent',
    isProjectAdmin: true,
    agentId: 1001,
    adminFlags: { isYunpingAdmin: true },
  },
  {
    account: 'subagent',
    password: 'SubAgent@2026',
    role: 'agent (not a manager): platform agent, sub-account (is_sub 1), agent_id 1002, sees only three menus',
    platform: 'agent',
    agentId: 1002,
    isSub: true,
    permissionList: ['HouseType', 'Layout', 'Product'],
  },
  {
    account: 'custmgr',
    password: 'Custom@2026',
    role: 'customization manager: platform custom_project, admin (isKitproductAdmin)',
    platform: 'custom_project',
    isProjectAdmin: true,
    adminFlags: { isKitproductAdmin: true },
  },
  {
    account: 'orderdesigner',
    password: 'OrderDesign@2026',
    role: 'order role designer (FDM20, FDM20Production and DLITE licensed)',
    modules: ORDER_MODULES,
    orderRoles: { ...NO_ORDER_ROLE, designer: true },
  },
  {
    account: 'auditer',
    password: 'Audit@2026',
    role: 'order role auditer (orders in status 2 or 3), FDM20 and DLITE licensed',
    modules: ORDER_MODULES,
    orderRoles: { ...NO_ORDER_ROLE, auditer: true },
    projectRoleIds: [3],
  },
  {
    account: 'reviewer',
    password: 'Review@2026',
    role: 'order role reviewer (orders in status 8, 9 or 10), FDM20 and DLITE licensed',
    modules: ORDER_MODULES,
    orderRoles: { ...NO_ORDER_ROLE, reviewer: true },
  },
  {
    account: 'inspector',
    password: 'Inspect@2026',
    role: 'order role brokenInspectioner (orders in status 20 or 21), FDM20 and DLITE licensed',
    modules: ORDER_MODULES,
    orderRoles: { ...NO_ORDER_ROLE, brokenInspectioner: true },
  },
  {
    account: 'shencha',
    password: 'Shencha@2026',
    role: 'order role yfshenchaimgt, FDM20 and DLITE licensed',
    modules: ORDER_MODULES,
    orderRoles: { ...NO_ORDER_ROLE, yfshenchaimgt: true },
  },
  {
    account: 'readonly',
    password: 'ReadOnly@2026',
    role: 'order role onlyRead only; FDM20 expired; the order submit button hidden',
    modules: { FDM20: EXPIRED },
    orderRoles: { onlyRead: true },
    hideList: ['OrderHome.submit'],
  },
];

const ROLE_NAMES: Readonly<Record<string, string>> = {
  designer: '设计师',
  member: '会员设计师',
  expired: '过期会员',
  admin: '管理员',
  agent: '代理商',
  subagent: '代理商子账号',
  custmgr: '定制管理员',
  orderdesigner: '下单设计师',
  auditer: '审单员',
  reviewer: '复核员',
  inspector: '破损检验员',
  shencha: '审查管理',
  readonly: '只读用户',
};

/**
 * Accounts with something special. The first ones are the foundation's accounts, kept exactly as
 * they were (tests and the README rely on them); project/account pairs here win over PER_PROJECT.
 */
const SPECIAL_ACCOUNTS: readonly DemoAccount[] = [
  {
    project: 'yfang',
    account: 'designer',
    password: 'Design@2026',
    role: 'ordinary designer (personal project, no membership)',
    username: '演示设计师',
    phone: '13800000001',
    modules: DESIGN_MODULES,
  },
  {
    project: 'yfang',
    account: 'member',
    password: 'Member@2026',
    role: 'member: user_member.date_end in the future',
    username: '会员设计师',
    phone: '13800000002',
    memberDateEnd: FAR_FUTURE,
    modules: DESIGN_MODULES,
  },
  {
    project: 'yfang',
    account: 'noaccess',
    password: 'NoAccess@2026',
    role: 'account without access: login answers 该账号无访问权限！',
    username: '停用账号',
    noAccess: true,
  },
  {
    project: 'yfang',
    account: 'simple',
    password: '123456',
    role: 'weak password: checkSimplePassword answers isSimplePassword true',
    username: '弱密码用户',
  },
  {
    project: 'yfang_corp',
    account: 'admin',
    password: 'Admin@2026',
    role: 'company project admin (serviceAdmin, is_project_admin 1; isCorpAdmin; organisational admin, role id 1)',
    username: '企业管理员',
    phone: '13800000003',
    isProjectAdmin: true,
    adminFlags: { isCorpAdmin: true },
    projectRoleIds: [1],
    modules: allModules(['office']),
  },
  {
    project: 'yfang_corp',
    account: 'agent',
    password: 'Agent@2026',
    role: 'agent manager: platform agent, admin, agent_id 1001 (identity agent)',
    username: '代理商',
    phone: '13800000004',
    platform: 'agent',
    isProjectAdmin: true,
    agentId: 1001,
  },
  {
    project: 'chuangmi',
    account: 'chuangmi',
    password: 'Chuangmi@2026',
    role: 'chuangmi user: home goes to /chuangmi-entry',
    username: '创米设计师',
    modules: DESIGN_MODULES,
  },
  {
    project: 'deson',
    account: 'desonsp',
    password: 'Deson@2026',
    role: 'deson special-list user (username desonsp): only /deson/design and /cloudscreen-deson-raw',
    username: 'desonsp',
    specialList: true,
  },
  {
    project: 'mnls',
    account: 'mnls',
    password: 'Mnls@2026',
    role: 'customization manager: platform custom_project, admin',
    username: '美耐丽斯管理员',
    platform: 'custom_project',
    isProjectAdmin: true,
  },
  {
    project: 'fdm20cs',
    account: 'auditer',
    password: 'Audit@2026',
    role: 'order auditer with FDM20 and DLITE entitlements (order-review mode)',
    username: '审单员',
    modules: { FDM20: FAR_FUTURE, DLITE: FAR_FUTURE },
    orderRoles: { auditer: true, onlyRead: false },
  },
];

function buildDemoAccounts(): DemoAccount[] {
  const special = new Map(SPECIAL_ACCOUNTS.map((a) => [`${a.project}/${a.account}`, a]));
  const list: DemoAccount[] = [];
  for (const p of SEED_PROJECTS) {
    for (const a of PER_PROJECT) {
      const key = `${p.code}/${a.account}`;
      list.push(special.get(key) ?? { ...a, project: p.code, username: `${p.name}${ROLE_NAMES[a.account] ?? a.account}` });
      special.delete(key);
    }
    for (const a of special.values()) if (a.project === p.code) list.push(a);
  }
  return list;
}

/** Every demo account, project by project (the README's account table is generated from this). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = buildDemoAccounts();

/** The render coupons a demo account with cloud rendering starts with (catalogues.md §3), so the render dialog can be tried. */
export const DEMO_RENDER_COUPONS: readonly RenderCouponCount[] = [
  { resolution: '540P', mode: 'immediate', count: 5 },
  { resolution: '540P', mode: 'leisure', count: 5 },
  { resolution: '720P', mode: 'immediate', count: 3 },
  { resolution: '1080P', mode: 'immediate', count: 2 },
  { resolution: '1080P', mode: 'leisure', count: 2 },
  { resolution: '4K', mode: 'leisure', count: 1 },
];

/** Accounts whose cloudRender entitlement runs (an expired one gets no coupons: it may not render). */
export function demoRenderCoupons(a: DemoAccount): readonly RenderCouponCount[] {
  return a.modules?.cloudRender === FAR_FUTURE ? DEMO_RENDER_COUPONS : [];
}

function couponText(coupons: readonly RenderCouponCount[]): string {
  return coupons.map((c) => `${c.count} ${c.resolution}${c.mode === 'leisure' ? ' leisure' : ''}`).join(', ');
}

/** The README's demo account table (markdown), generated from DEMO_ACCOUNTS. */
export function demoAccountsMarkdown(): string {
  const rows = DEMO_ACCOUNTS.map((a) => {
    const coupons = demoRenderCoupons(a);
    const role = coupons.length > 0 ? `${a.role}; render coupons: ${couponText(coupons)}` : a.role;
    return `| ${a.project} | ${a.account} | ${a.password} | ${role} |`;
  });
  return ['| Project | Account | Password | What it shows |', '|---|---|---|---|', ...rows].join('\n');
}

export interface SeedReport {
  projectsAdded: number;
  usersAdded: number;
}

// Demo passwords are public, so one salted hash per password can serve every database this process
// seeds (the test suites seed dozens); argon2 stays slow where it matters, on login.
const demoHashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  let h = demoHashes.get(password);
  if (!h) {
    h = hashPassword(password);
    demoHashes.set(password, h);
  }
  return h;
}

/** The tenants (code, name, logo): reference data, since routes and the UI key behaviour off the codes. */
async function seedProjects(db: Db): Promise<number> {
  let projectsAdded = 0;
  for (const [position, p] of SEED_PROJECTS.entries()) {
    const rows = await db.query(
      `insert into projects (code, name, logo, position) values ($1, $2, $3, $4)
       on conflict (code) do nothing returning code`,
      [p.code, p.name, p.logo, position],
    );
    projectsAdded += rows.length;
  }
  return projectsAdded;
}

/** The accounts of DEMO_ACCOUNTS that are missing. Their passwords are public: never in production by default. */
async function seedDemoAccounts(db: Db): Promise<number> {
  const existing = await db.query<{ project_code: string; account: string }>('select project_code, account from users');
  const have = new Set(existing.map((u) => `${u.project_code}\u0000${u.account}`));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(`${a.project}\u0000${a.account}`));
  // One hash per distinct password (the demo accounts share a password per role, and argon2 is
  // meant to be slow), computed in parallel on libuv's thread pool.
  const passwords = [...new Set(missing.map((a) => a.password))];
  const hashOf = new Map(passwords.map((p, i) => [p, i]));
  const hashed = await Promise.all(passwords.map((p) => demoHash(p)));
  const hashes = missing.map((a) => hashed[hashOf.get(a.password)!]!);

  let usersAdded = 0;
  for (const [i, a] of missing.entries()) {
    const rows = await db.query(
      `insert into users (project_code, account, password_hash, username, phone, platform, is_project_admin,
         agent_id, member_date_end, modules, order_roles, no_access, is_sub, admin_flags, project_role_ids,
         permission_list, hide_list, special_list, password_is_simple)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13, $14::jsonb, $15::jsonb,
         $16::jsonb, $17::jsonb, $18, $19)
       on conflict (project_code, account) do nothing returning id`,
      [
        a.project,
        a.account,
        hashes[i],
        a.username,
        a.phone ?? '',
        a.platform ?? '',
        a.isProjectAdmin ?? false,
        a.agentId ?? 0,
        a.memberDateEnd ?? null,
        JSON.stringify(a.modules ?? {}),
        JSON.stringify(a.orderRoles ?? {}),
        a.noAccess ?? false,
        a.isSub ?? false,
        JSON.stringify(a.adminFlags ?? {}),
        JSON.stringify(a.projectRoleIds ?? []),
        JSON.stringify(a.permissionList ?? []),
        JSON.stringify(a.hideList ?? []),
        a.specialList ?? false,
        isSimplePassword(a.password, a.account),
      ],
    );
    usersAdded += rows.length;
    const id = (rows[0] as { id: number } | undefined)?.id;
    for (const c of id === undefined ? [] : demoRenderCoupons(a)) {
      await db.query('insert into render_coupons (user_id, resolution, mode, count) values ($1, $2, $3, $4) on conflict do nothing', [
        id,
        c.resolution,
        c.mode,
        c.count,
      ]);
    }
  }
  return usersAdded;
}

/**
 * What a production install needs without any account: the tenants (SEED_PROJECTS) and the
 * catalogue (tiles, pavings, waterjets, furniture models, materials, sample rooms; the tenants'
 * brand rows included). No user is created: the first admin comes from `npm run admin:create`.
 */
export async function seedReferenceData(db: Db): Promise<SeedReport> {
  const projectsAdded = await seedProjects(db);
  await seedCatalogue(db);
  return { projectsAdded, usersAdded: 0 };
}

/** The reference data and the demo accounts of the README. */
export async function seedDemoData(db: Db): Promise<SeedReport> {
  const projectsAdded = await seedProjects(db);
  const usersAdded = await seedDemoAccounts(db);
  await seedCatalogue(db); // catalogues family: tiles, pavings, waterjets, sample rooms (needs the users above)
  return { projectsAdded, usersAdded };
}

export const DEMO_IN_PRODUCTION_BANNER = [
  '!'.repeat(78),
  '!! SEED_DEMO=1 in production: the demo accounts of the README are being created, with their',
  '!! published passwords (yfang/admin Admin@2026 among them). Anyone can log in as a project admin.',
  '!! Unset SEED_DEMO on a server that real users can reach.',
  '!'.repeat(78),
].join('\n');

/**
 * The seeding of a server start (main.ts, or the cluster primary): the demo data when seedDemo
 * says so (with a loud warning in production), else the reference data in production, else
 * nothing (development with SEED_DEMO=0).
 */
export async function seedAtStart(
  db: Db,
  config: Pick<ServerConfig, 'mode' | 'seedDemo'>,
  logger: Logger,
  stderr: (text: string) => void = (text) => process.stderr.write(text + '\n'),
): Promise<SeedReport | null> {
  if (config.seedDemo) {
    if (config.mode === 'production') {
      stderr(DEMO_IN_PRODUCTION_BANNER);
      logger.warn('demo accounts with published passwords are seeded in production (SEED_DEMO=1)');
    }
    const seeded = await seedDemoData(db);
    if (seeded.projectsAdded + seeded.usersAdded > 0) logger.info('demo data seeded', { ...seeded });
    return seeded;
  }
  if (config.mode === 'production') {
    const seeded = await seedReferenceData(db);
    if (seeded.projectsAdded > 0) logger.info('reference data seeded', { ...seeded });
    return seeded;
  }
  return null;
}
