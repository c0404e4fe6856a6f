// Who may do what (core.md §6, catalogues.md §3/§6): the one place these rules are decided. The
// server (route gates, the profile's derived roles) and the UI (menus, tools, exports) both ask
// this module, so a rule changes here once and never drifts between a screen and an endpoint.
// Pure functions over the user data the server gives; nothing here reads storage or the clock.
import { REMARK_NAMED_PROJECT } from './quote';

// ---- module entitlements ----

/** core.md §3: every module with a DateEnd field, by name (the field is `${name}DateEnd`). */
export const MODULES = [
  'customerService',
  'cloudRender',
  'cupboard',
  'showerCabinet',
  'office',
  'wardrobe',
  'kitchenDoor',
  'tileWork',
  'diatomMud',
  'cloudScreenClient',
  'coating',
  'wallpaper',
  'cloudScreenMaker',
  'wallboard',
  'FDM20',
  'FDM20Production',
  'DLITE',
  'BIM',
  'Studio',
  'superTool',
] as const;
export type ModuleName = (typeof MODULES)[number];

export function isModuleName(name: string): name is ModuleName {
  return (MODULES as readonly string[]).includes(name);
}

/** module name -> last licensed day 'YYYY-MM-DD' (modules never licensed are absent). */
export type ModuleDateEnds = { readonly [module: string]: string | null | undefined };

/**
 * core.md §6: "Some builds grant all modules or exclude office." 'dated' is the normal build:
 * a module is usable while its DateEnd is today or later.
 */
export type ModuleGrant = 'dated' | 'all' | 'all-but-office';

/** core.md §6: the test projects get FDM20 and DLITE whatever their entitlements say. */
export const FDM20_TEST_PROJECTS: readonly string[] = ['fdm20cs', 'fdm20cs01'];
const TEST_PROJECT_MODULES: readonly ModuleName[] = ['FDM20', 'DLITE'];

/** 'YYYY-MM-DD' of a moment in UTC+8, the product's business day. */
export function businessDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A DateEnd counts only when it is a day; a malformed one grants nothing. Access runs through the end day itself. */
function dateEndValid(dateEnd: string | null | undefined, today: string): boolean {
  return typeof dateEnd === 'string' && ISO_DAY.test(dateEnd.slice(0, 10)) && dateEnd.slice(0, 10) >= today;
}

export type ModuleState = 'licensed' | 'expired' | 'never';

export interface ModuleSubject {
  readonly project: string;
  readonly modules: ModuleDateEnds;
}

/** Whether the user may use a module today (core.md §6), and if not, whether it lapsed or never was. */
export function moduleState(subject: ModuleSubject, module: ModuleName, today: string, grant: ModuleGrant = 'dated'): ModuleState {
  if (grant === 'all' || (grant === 'all-but-office' && module !== 'office')) return 'licensed';
  if (FDM20_TEST_PROJECTS.includes(subject.project) && TEST_PROJECT_MODULES.includes(module)) return 'licensed';
  const end = subject.modules[module];
  if (dateEndValid(end, today)) return 'licensed';
  return typeof end === 'string' && end !== '' ? 'expired' : 'never';
}

export function hasModule(subject: ModuleSubject, module: ModuleName, today: string, grant: ModuleGrant = 'dated'): boolean {
  return moduleState(subject, module, today, grant) === 'licensed';
}

/** Licensed and lapsed modules in MODULES order (the profile's derived roles report both). */
export function moduleSummary(subject: ModuleSubject, today: string, grant: ModuleGrant = 'dated'): { licensed: ModuleName[]; expired: ModuleName[] } {
  const licensed: ModuleName[] = [];
  const expired: ModuleName[] = [];
  for (const m of MODULES) {
    const state = moduleState(subject, m, today, grant);
    if (state === 'licensed') licensed.push(m);
    else if (state === 'expired') expired.push(m);
  }
  return { licensed, expired };
}

// ---- features gated by modules ----

/**
 * The gated features and the modules that open them: any one of the listed modules is enough.
 * tileWork: the tile, paving and waterjet catalogues (铺砖); cabinets: wardrobe and cupboard
 * (定制, their quotes and the project's cabinet price list); wardrobe and cupboard alone: the
 * wardrobe and kitchen-cabinet tools inside 定制.
 */
export const FEATURE_MODULES = {
  tileWork: ['tileWork'],
  cabinets: ['wardrobe', 'cupboard'],
  wardrobe: ['wardrobe'],
  cupboard: ['cupboard'],
  orderReview: ['FDM20', 'DLITE'],
  /** cloud render jobs and their coupons (catalogues.md §3 cloud rendering) */
  cloudRender: ['cloudRender'],
} as const satisfies Record<string, readonly ModuleName[]>;
export type Feature = keyof typeof FEATURE_MODULES;

export function hasFeature(subject: ModuleSubject, feature: Feature, today: string, grant: ModuleGrant = 'dated'): boolean {
  return FEATURE_MODULES[feature].some((m) => hasModule(subject, m, today, grant));
}

/**
 * The authority tip (core.md §6 "a missing module shows an authority tip"; the spec gives no
 * wording, so the product's own). The server's refusal (RETCODE.MODULE_NOT_LICENSED) says the same.
 */
export const AUTHORITY_TIP = {
  zh: '您的账号暂未开通该功能模块或授权已过期，请联系管理员开通',
  en: 'Your account has no licence for this module, or it has expired; please ask your administrator',
} as const;

/** The retcode of a call refused for a missing module (server/http/retcodes.ts MODULE_NOT_LICENSED). */
export const MODULE_NOT_LICENSED_RETCODE = 10005;

/** core.md §8: the login refusal of an account without access, also used for other refused actions. */
export const NO_ACCESS_MESSAGE = { zh: '该账号无访问权限！', en: 'This account has no access!' } as const;

// ---- derived roles ----

export type ProjectKind = 'personal' | 'company' | 'special company';
export type Identity = 'agent' | 'general' | 'custom';

/** core.md §6 admin flags: any of them makes the project admin. */
export const ADMIN_FLAGS = ['isCorpAdmin', 'isYunpingAdmin', 'isProductAdmin', 'isKitproductAdmin', 'isKitquoteAdmin'] as const;
export type AdminFlag = (typeof ADMIN_FLAGS)[number];

/** Role id 1 among the project user roles makes the organisational admin. */
export const ORG_ADMIN_ROLE_ID = 1;

export function projectKind(code: string): ProjectKind {
  if (code === 'yfang') return 'personal';
  if (code === 'yfang_corp') return 'company';
  return 'special company';
}

export function isAdminByFlags(flags: { readonly [flag: string]: boolean | undefined }): boolean {
  return ADMIN_FLAGS.some((f) => flags[f] === true);
}

export function isOrgAdmin(projectRoleIds: readonly number[]): boolean {
  return projectRoleIds.includes(ORG_ADMIN_ROLE_ID);
}

export interface RoleSubject extends ModuleSubject {
  readonly platform: string;
  readonly isProjectAdmin: boolean;
  readonly agentId: number;
  /** yfang user_member.date_end */
  readonly memberDateEnd: string | null;
  readonly adminFlags: { readonly [flag: string]: boolean | undefined };
  readonly projectRoleIds: readonly number[];
}

export interface DerivedRoles {
  project_kind: ProjectKind;
  /** user_member.date_end is in the future (after today) */
  member: boolean;
  /** is_project_admin is 1 */
  serviceAdmin: boolean;
  /** platform agent or custom_project */
  isAgent: boolean;
  agentManager: boolean;
  customizationManager: boolean;
  identity: Identity;
  /** any admin flag */
  projectAdmin: boolean;
  /** project user roles include role id 1 */
  orgAdmin: boolean;
  /** modules usable today, in MODULES order */
  licensed_modules: ModuleName[];
  /** modules whose DateEnd has passed */
  expired_modules: ModuleName[];
}

export function deriveRoles(s: RoleSubject, today: string, grant: ModuleGrant = 'dated'): DerivedRoles {
  const { licensed, expired } = moduleSummary(s, today, grant);
  return {
    project_kind: projectKind(s.project),
    // "in the future": the end day itself no longer counts for membership (unlike modules).
    member: s.memberDateEnd !== null && s.memberDateEnd.slice(0, 10) > today,
    serviceAdmin: s.isProjectAdmin,
    isAgent: s.platform === 'agent' || s.platform === 'custom_project',
    agentManager: s.platform === 'agent' && s.isProjectAdmin,
    customizationManager: s.platform === 'custom_project' && s.isProjectAdmin,
    identity: s.agentId !== 0 ? 'agent' : s.project.includes('yfang') ? 'general' : 'custom',
    projectAdmin: isAdminByFlags(s.adminFlags),
    orgAdmin: isOrgAdmin(s.projectRoleIds),
    licensed_modules: licensed,
    expired_modules: expired,
  };
}

// ---- project special cases ----

/** core.md §6: the model-room treasure is for these projects, on model channel 2. */
export const TREASURE_PROJECTS: readonly string[] = ['mnls', 'shcz', 'duchi'];
export const TREASURE_MODEL_CHANNEL = 2;

export function treasureEnabled(project: string, modelChannel: number): boolean {
  return TREASURE_PROJECTS.includes(project) && modelChannel === TREASURE_MODEL_CHANNEL;
}

/** core.md §6 / catalogues.md §3: brand projects with their own logo and extra hotkeys. */
export const SPECIAL_BRAND_PROJECTS: readonly string[] = ['BCLS', 'BCGC'];

export interface BrandHandling {
  /** the workspace shows the tenant's brand logo instead of the product's mark */
  readonly brandLogo: boolean;
  /** the project's extra hotkeys are added to the defaults */
  readonly extraHotkeys: boolean;
}

export function brandHandling(project: string): BrandHandling {
  const special = SPECIAL_BRAND_PROJECTS.includes(project);
  return { brandLogo: special, extraHotkeys: special };
}

/**
 * core.md §6 / catalogues.md §9: one project's planner gets a fixed elevation of 135. The spec
 * does not name the project; BCGC (a special-brand customer) is the one this build serves.
 */
export const PLANNER_ELEVATION_PROJECTS: readonly string[] = ['BCGC'];
export const PLANNER_FIXED_ELEVATION = 135;

/** The fixed planner elevation of the project, or null where the planner's own value stands. */
export function plannerElevation(project: string): number | null {
  return PLANNER_ELEVATION_PROJECTS.includes(project) ? PLANNER_FIXED_ELEVATION : null;
}

/** core.md §6: project MLS names export files by the client's Remark. */
export function exportNamedByRemark(project: string): boolean {
  return project === REMARK_NAMED_PROJECT;
}

/**
 * The export file's base name: MLS uses the client's Remark (when it has one), every other project
 * the caller's default. The caller makes it safe for a file system.
 */
export function exportBaseName(project: string, remark: string, fallback: string): string {
  const r = remark.trim();
  return exportNamedByRemark(project) && r !== '' ? r : fallback;
}

// ---- element visibility ----

export interface VisibilitySubject {
  /** element ids the user may see: empty or containing 'all' means no restriction */
  readonly permissionList: readonly string[];
  /** element ids hidden from the user */
  readonly hideList: readonly string[];
}

export const ALL = 'all';

/** The permission list hides what it does not name; an empty list (or 'all') restricts nothing. */
export function permitted(s: VisibilitySubject, id: string): boolean {
  return s.permissionList.length === 0 || s.permissionList.includes(ALL) || s.permissionList.includes(id);
}

export function elementVisible(s: VisibilitySubject, id: string): boolean {
  return permitted(s, id) && !s.hideList.includes(id);
}

/** Project rule: an element marked for projects shows when the user's project is among them, or they include 'all'. */
export function projectRuleAllows(projects: string | readonly string[], userProject: string): boolean {
  const list = typeof projects === 'string' ? [projects] : projects;
  return list.includes(ALL) || list.includes(userProject);
}

/** Keys that pass every key rule (core.md §6: 'all' and 'admin' are always allowed). */
export const ALWAYS_ALLOWED_KEYS: readonly string[] = ['all', 'admin'];

/**
 * Key rule: the user's key (username or another key) must be in the list; a list with 'all' lets
 * everyone in. reverse turns the list into a deny list. The keys 'all' and 'admin' are always
 * allowed, reverse or not.
 */
export function keyRuleAllows(list: readonly string[], key: string, reverse = false): boolean {
  if (ALWAYS_ALLOWED_KEYS.includes(key)) return true;
  const listed = list.includes(ALL) || list.includes(key);
  return reverse ? !listed : listed;
}

// ---- simple-design accounts (a static JSON list) ----

/** Where the built UI serves the list (public/static/simple-design-accounts.json). */
export const SIMPLE_DESIGN_ACCOUNTS_URL = '/static/simple-design-accounts.json';

/** The list from its JSON: an array of account names, or { accounts: [...] }; anything else is empty. */
export function parseSimpleDesignAccounts(json: unknown): string[] {
  const list = Array.isArray(json) ? json : typeof json === 'object' && json !== null && Array.isArray((json as { accounts?: unknown }).accounts) ? (json as { accounts: unknown[] }).accounts : [];
  return list.filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => a.trim());
}

export function isSimpleDesignAccount(list: readonly string[], account: string): boolean {
  return account !== '' && list.includes(account);
}

// ---- the workspace's main menus ----

/**
 * What a main-menu entry needs (catalogues.md §2 names): menus not listed need no module. A menu
 * is shown only where the permission and hide lists allow its id.
 */
export const MENU_FEATURES: { readonly [menu: string]: Feature | undefined } = {
  TileWorkPlan: 'tileWork',
  TileWork: 'tileWork',
  Wardrobe: 'cabinets',
  Customized: 'cabinets',
  OrderHome: 'orderReview',
  QueryOrder: 'orderReview',
  SplitReview: 'orderReview',
  Render: 'cloudRender',
};

/** hidden: not shown at all; locked: shown, and opening it gives the authority tip; open: usable. */
export type MenuAccess = 'hidden' | 'locked' | 'open';

export interface AccessSubject extends ModuleSubject, VisibilitySubject {}

export function menuAccess(s: AccessSubject, menu: string, today: string, grant: ModuleGrant = 'dated'): MenuAccess {
  if (!elementVisible(s, menu)) return 'hidden';
  const feature = MENU_FEATURES[menu];
  if (feature && !hasFeature(s, feature, today, grant)) return 'locked';
  return 'open';
}
