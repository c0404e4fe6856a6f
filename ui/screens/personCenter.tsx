import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { getProfile, isApiError, type AccountProfile, type DerivedRoles, type OrderRoles, type ProjectKind } from '../../api';
import { api } from '../app/api';
import { BrandMark } from '../app/BrandMark';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { apiErrorText } from '../notice';
import { ConfigPanel, HotkeysPanel, PasswordPanel, usePreferences } from './person-center-prefs';
import './person-center.css';

// Lazy screen "personCenter" (core.md §2): the signed-in user's account page, read from
// GET /account2/x/user/profile with all five sections (core.md §7). The derived roles are the
// server's (core.md §6); module entitlements are judged against today's date here.

type Load = { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; profile: AccountProfile };

/** A module ending within this many days is shown as 即将到期. */
const EXPIRING_SOON_DAYS = 30;

type Tab = 'profile' | 'settings' | 'hotkeys' | 'password';
const TABS: readonly Tab[] = ['profile', 'settings', 'hotkeys', 'password'];

/** A tab named by the address (#settings) opens directly, so a link can point at it. */
function tabFromHash(): Tab {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return (TABS as readonly string[]).includes(hash) ? (hash as Tab) : 'profile';
}

export default function PersonCenterScreen() {
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const [prefsLoad, setPrefs, retryPrefs] = usePreferences();
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the attempt it answers: a retry reads as loading at once.
  const [answer, setAnswer] = useState<{ attempt: number; load: Load } | null>(null);
  const load: Load = answer?.attempt === attempt ? answer.load : { state: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    // Silent: the page shows the failure itself. A 401 still goes to the client's session handler.
    getProfile(api, undefined, { silent: true, signal: controller.signal }).then(
      (profile) => setAnswer({ attempt, load: { state: 'done', profile } }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        // An expired session is answered by the redirect to login: keep showing the loader.
        if (isApiError(e) && e.sessionExpired) return;
        setAnswer({ attempt, load: { state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="person-center">
      <header className="person-center__bar">
        <Link to="/" className="brand-link">
          <BrandMark />
        </Link>
        <span className="person-center__spacer" />
        <Link to="/" className="button button--secondary person-center__back">
          <BackIcon />
          <Trans>返回工作台</Trans>
        </Link>
        <LanguageSwitch />
      </header>
      <main className="person-center__main" aria-busy={load.state === 'loading'}>
        <div className="person-center__inner">
          <div className="person-center__heading">
            <h1>
              <Trans>个人中心</Trans>
            </h1>
            <p>
              <Trans>账号资料、角色与模块授权，偏好设置、快捷键与密码</Trans>
            </p>
          </div>
          <nav className="pc-tabs" role="tablist">
            {TABS.map((id) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`pc-tab-${id}`}
                aria-selected={tab === id}
                className="pc-tabs__tab"
                onClick={() => {
                  setTab(id);
                  window.history.replaceState(window.history.state, '', id === 'profile' ? window.location.pathname : `#${id}`);
                }}
              >
                {id === 'profile' ? <Trans>账号资料</Trans> : id === 'settings' ? <Trans>偏好设置</Trans> : id === 'hotkeys' ? <Trans>快捷键</Trans> : <Trans>修改密码</Trans>}
              </button>
            ))}
          </nav>
          {tab === 'password' ? (
            <PasswordPanel />
          ) : tab !== 'profile' ? (
            prefsLoad.state === 'done' ? (
              tab === 'settings' ? (
                <ConfigPanel prefs={prefsLoad.prefs} onSaved={setPrefs} />
              ) : (
                <HotkeysPanel prefs={prefsLoad.prefs} onSaved={setPrefs} />
              )
            ) : prefsLoad.state === 'loading' ? (
              <div className="pc-status" role="status">
                <span className="spinner" aria-hidden="true" />
                <span>
                  <Trans>加载中…</Trans>
                </span>
              </div>
            ) : (
              <div className="pc-status pc-status--error" role="alert">
                <span className="pc-status__icon" aria-hidden="true">
                  !
                </span>
                <p className="pc-status__title">
                  <Trans>设置加载失败，请稍后重试</Trans>
                </p>
                <p className="pc-status__detail">{prefsLoad.text}</p>
                <button type="button" className="button button--primary" onClick={retryPrefs}>
                  <Trans>重试</Trans>
                </button>
              </div>
            )
          ) : load.state === 'loading' ? (
            <div className="pc-status" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>
                <Trans>加载中…</Trans>
              </span>
            </div>
          ) : load.state === 'error' ? (
            <div className="pc-status pc-status--error" role="alert">
              <span className="pc-status__icon" aria-hidden="true">
                !
              </span>
              <p className="pc-status__title">
                <Trans>个人信息加载失败，请稍后重试</Trans>
              </p>
              <p className="pc-status__detail">{load.text}</p>
              <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
                <Trans>重试</Trans>
              </button>
            </div>
          ) : (
            <ProfileView profile={load.profile} today={todayIso()} />
          )}
        </div>
      </main>
    </div>
  );
}

// ---- the profile ----

function ProfileView({ profile, today }: { readonly profile: AccountProfile; readonly today: string }) {
  return (
    <>
      <ProfileHeader profile={profile} />
      <div className="pc-grid">
        <div className="pc-grid__main">
          <RolesCard roles={profile.roles} />
          <ModulesCard profile={profile} today={today} />
        </div>
        <div className="pc-grid__side">
          <MemberCard profile={profile} today={today} />
          <ProjectRolesCard profile={profile} />
          <AccessCard profile={profile} />
          <PriceListCard projectAdmin={profile.roles.projectAdmin} />
        </div>
      </div>
    </>
  );
}

const PROJECT_KIND_LABELS: Readonly<Record<ProjectKind, MessageDescriptor>> = {
  personal: msg`个人项目`,
  company: msg`企业项目`,
  'special company': msg`特殊企业项目`,
};

const IDENTITY_LABELS: Readonly<Record<DerivedRoles['identity'], MessageDescriptor>> = {
  agent: msg`代理商`,
  general: msg`通用`,
  custom: msg`定制`,
};

function ProfileHeader({ profile }: { readonly profile: AccountProfile }) {
  const { t, i18n } = useLingui();
  const name = profile.username || profile.phone || profile.account;
  const project = profile.project_info;
  const projectName = project?.name || profile.project;
  const kind = project?.kind ?? profile.roles.project_kind;
  return (
    <section className="pc-card pc-hero" aria-labelledby="pc-name">
      <div className="pc-hero__user">
        <span className="pc-hero__avatar" aria-hidden="true">
          {initial(name)}
        </span>
        <div className="pc-hero__who">
          <h2 id="pc-name" className="pc-hero__name">
            {name}
          </h2>
          <p className="pc-hero__meta">
            <span>
              <Trans>账号</Trans> <strong>{profile.account}</strong>
            </span>
            {profile.phone ? (
              <span>
                <Trans>手机号</Trans> <strong>{profile.phone}</strong>
              </span>
            ) : null}
            <span>
              <Trans>用户 ID</Trans> <strong>{profile.id}</strong>
            </span>
          </p>
        </div>
      </div>
      <div className="pc-hero__project" aria-label={t`所属项目`}>
        {project?.logo ? <img className="pc-hero__logo" src={project.logo} alt="" onError={hideImage} /> : null}
        <div>
          <p className="pc-hero__label">
            <Trans>所属项目</Trans>
          </p>
          <p className="pc-hero__project-name">{projectName}</p>
          <p className="pc-hero__project-kind">
            <span className="pc-tag">{i18n._(PROJECT_KIND_LABELS[kind])}</span>
            <span className="pc-hero__code">{project?.code ?? profile.project}</span>
          </p>
        </div>
      </div>
    </section>
  );
}

function Card({ title, id, extra, children }: { readonly title: ReactNode; readonly id: string; readonly extra?: ReactNode; readonly children: ReactNode }) {
  return (
    <section className="pc-card" aria-labelledby={id}>
      <header className="pc-card__head">
        <h3 id={id}>{title}</h3>
        {extra}
      </header>
      {children}
    </section>
  );
}

type RoleFlag = 'member' | 'serviceAdmin' | 'isAgent' | 'agentManager' | 'customizationManager' | 'projectAdmin' | 'orgAdmin';

const ROLE_LABELS: readonly { readonly flag: RoleFlag; readonly label: MessageDescriptor; readonly hint: MessageDescriptor }[] = [
  { flag: 'member', label: msg`会员`, hint: msg`会员有效期未到` },
  { flag: 'serviceAdmin', label: msg`服务管理员`, hint: msg`项目服务管理员账号` },
  { flag: 'isAgent', label: msg`代理商`, hint: msg`代理商或定制项目平台账号` },
  { flag: 'agentManager', label: msg`代理商管理员`, hint: msg`代理商平台的管理员` },
  { flag: 'customizationManager', label: msg`定制管理员`, hint: msg`定制项目平台的管理员` },
  { flag: 'projectAdmin', label: msg`项目管理员`, hint: msg`拥有任一项目管理权限` },
  { flag: 'orgAdmin', label: msg`组织管理员`, hint: msg`项目角色含组织管理员` },
];

function RolesCard({ roles }: { readonly roles: DerivedRoles }) {
  const { i18n } = useLingui();
  const identity = i18n._(IDENTITY_LABELS[roles.identity]);
  return (
    <Card
      id="pc-roles"
      title={<Trans>我的角色</Trans>}
      extra={
        <span className="pc-card__extra">
          <Trans>用户身份：{identity}</Trans>
        </span>
      }
    >
      <ul className="pc-roles">
        {ROLE_LABELS.map(({ flag, label, hint }) => {
          const yes = roles[flag];
          return (
            <li key={flag} className={`pc-role ${yes ? 'pc-role--yes' : 'pc-role--no'}`} data-role={flag} data-state={yes ? 'yes' : 'no'} title={i18n._(hint)}>
              <span className="pc-role__icon" aria-hidden="true">
                {yes ? <CheckIcon /> : <DashIcon />}
              </span>
              <span className="pc-role__name">{i18n._(label)}</span>
              <span className="pc-role__state">{yes ? <Trans>是</Trans> : <Trans>否</Trans>}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

// ---- module entitlements ----

const MODULE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  customerService: msg`客服`,
  cloudRender: msg`云渲染`,
  cupboard: msg`橱柜`,
  showerCabinet: msg`淋浴房`,
  office: msg`办公`,
  wardrobe: msg`衣柜`,
  kitchenDoor: msg`厨房门板`,
  tileWork: msg`瓷砖铺贴`,
  diatomMud: msg`硅藻泥`,
  cloudScreenClient: msg`云屏客户端`,
  coating: msg`涂料`,
  wallpaper: msg`墙纸`,
  cloudScreenMaker: msg`云屏制作`,
  wallboard: msg`墙板`,
  FDM20Production: msg`FDM20 生产`,
  superTool: msg`超级工具`,
};

type ModuleState = 'valid' | 'expiring' | 'expired';

interface ModuleRow {
  readonly module: string;
  /** last licensed day 'YYYY-MM-DD', null when never licensed */
  readonly dateEnd: string | null;
}

/** Every module with its DateEnd: member_info.date_ends lists them all, the user's map only the licensed. */
function moduleRows(profile: AccountProfile): ModuleRow[] {
  const dateEnds = profile.member_info?.date_ends;
  if (dateEnds) {
    return Object.entries(dateEnds).map(([field, dateEnd]) => ({ module: field.replace(/DateEnd$/, ''), dateEnd }));
  }
  return Object.entries(profile.modules).map(([module, dateEnd]) => ({ module, dateEnd }));
}

/** Access runs through the end day itself (core.md §6: today or later). */
function moduleState(dateEnd: string, today: string): ModuleState {
  if (dateEnd < today) return 'expired';
  return daysBetween(today, dateEnd) <= EXPIRING_SOON_DAYS ? 'expiring' : 'valid';
}

function ModulesCard({ profile, today }: { readonly profile: AccountProfile; readonly today: string }) {
  const { i18n } = useLingui();
  const rows = moduleRows(profile);
  const licensed = rows.filter((r): r is ModuleRow & { dateEnd: string } => r.dateEnd !== null);
  const never = rows.filter((r) => r.dateEnd === null);
  const expired = licensed.filter((r) => moduleState(r.dateEnd, today) === 'expired').length;
  const active = licensed.length - expired;
  const neverCount = never.length;
  const label = (module: string) => {
    const d = MODULE_LABELS[module];
    return d ? i18n._(d) : module;
  };
  return (
    <Card
      id="pc-modules"
      title={<Trans>模块授权</Trans>}
      extra={
        licensed.length > 0 ? (
          <span className="pc-card__extra">
            <Trans>
              有效 {active} 个 · 已过期 {expired} 个
            </Trans>
          </span>
        ) : null
      }
    >
      {licensed.length === 0 ? (
        <p className="pc-empty">
          <Trans>暂无模块授权</Trans>
        </p>
      ) : (
        <table className="pc-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>模块</Trans>
              </th>
              <th scope="col">
                <Trans>到期日期</Trans>
              </th>
              <th scope="col">
                <Trans>状态</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {licensed.map((row) => {
              const state = moduleState(row.dateEnd, today);
              return (
                <tr key={row.module} data-module={row.module} data-state={state} className={state === 'expired' ? 'pc-table__row--expired' : undefined}>
                  <th scope="row">
                    <span className="pc-module__name">{label(row.module)}</span>
                    {label(row.module) === row.module ? null : <span className="pc-module__code">{row.module}</span>}
                  </th>
                  <td className="pc-table__date">
                    <time dateTime={row.dateEnd}>{row.dateEnd}</time>
                  </td>
                  <td>
                    <ModuleStateBadge state={state} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {never.length > 0 ? (
        <details className="pc-never">
          <summary>
            <Trans>未开通的模块（{neverCount}）</Trans>
          </summary>
          <ul className="pc-tags">
            {never.map((r) => (
              <li key={r.module} className="pc-tag pc-tag--muted">
                {label(r.module)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}

function ModuleStateBadge({ state }: { readonly state: ModuleState }) {
  switch (state) {
    case 'expired':
      return (
        <span className="pc-state pc-state--expired">
          <Trans>已过期</Trans>
        </span>
      );
    case 'expiring':
      return (
        <span className="pc-state pc-state--expiring">
          <Trans>即将到期</Trans>
        </span>
      );
    default:
      return (
        <span className="pc-state pc-state--valid">
          <Trans>有效</Trans>
        </span>
      );
  }
}

// ---- member, project roles, access ----

function MemberCard({ profile, today }: { readonly profile: AccountProfile; readonly today: string }) {
  const member = profile.member_info;
  const dateEnd = member?.date_end ?? profile.user_member.date_end;
  const isMember = member?.is_member ?? profile.roles.member;
  const lapsed = !isMember && dateEnd !== null && dateEnd < today;
  return (
    <Card id="pc-member" title={<Trans>会员信息</Trans>}>
      <dl className="pc-facts">
        <div>
          <dt>
            <Trans>会员状态</Trans>
          </dt>
          <dd>
            {isMember ? (
              <span className="pc-state pc-state--valid">
                <Trans>会员</Trans>
              </span>
            ) : lapsed ? (
              <span className="pc-state pc-state--expired">
                <Trans>已过期</Trans>
              </span>
            ) : (
              <span className="pc-state pc-state--none">
                <Trans>非会员</Trans>
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>会员到期</Trans>
          </dt>
          <dd>{dateEnd ? <time dateTime={dateEnd}>{dateEnd}</time> : <Trans>未开通</Trans>}</dd>
        </div>
        <div>
          <dt>
            <Trans>子账号</Trans>
          </dt>
          <dd>{profile.is_sub === 1 ? <Trans>是</Trans> : <Trans>否</Trans>}</dd>
        </div>
        {profile.agent_id !== 0 ? (
          <div>
            <dt>
              <Trans>代理商编号</Trans>
            </dt>
            <dd>{profile.agent_id}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

/**
 * The project user roles the server names (server/users/roles.ts), translated when the server's
 * name is still the known one; any other role shows the server's name as it is.
 */
const PROJECT_ROLE_LABELS: Readonly<Record<number, readonly [serverName: string, label: MessageDescriptor]>> = {
  1: ['组织管理员', msg`组织管理员`],
  2: ['设计师', msg`设计师`],
  3: ['审单员', msg`审单员`],
  4: ['门店店长', msg`门店店长`],
  5: ['销售', msg`销售`],
};

function projectRoleName(role: { readonly role_id: number; readonly role_name: string }, translate: (d: MessageDescriptor) => string): string {
  const known = PROJECT_ROLE_LABELS[role.role_id];
  // (The build strips a descriptor's source text, so the server's name is kept beside it.)
  return known && known[0] === role.role_name ? translate(known[1]) : role.role_name;
}

const ORDER_ROLE_LABELS: Readonly<Record<keyof OrderRoles, MessageDescriptor>> = {
  designer: msg`下单设计师`,
  auditer: msg`审单员`,
  reviewer: msg`复核员`,
  brokenInspectioner: msg`破损检验员`,
  yfshenchaimgt: msg`审查管理`,
  onlyRead: msg`只读`,
};

function ProjectRolesCard({ profile }: { readonly profile: AccountProfile }) {
  const { t, i18n } = useLingui();
  const projectRoles = profile.project_user_roles ?? [];
  const orderRoles = profile.member_info?.order_roles ?? profile.order_roles;
  const held = (Object.keys(ORDER_ROLE_LABELS) as (keyof OrderRoles)[]).filter((r) => orderRoles[r]);
  return (
    <Card id="pc-project-roles" title={<Trans>项目与订单角色</Trans>}>
      <TagBlock
        title={t`项目角色`}
        none={<Trans>暂无项目角色</Trans>}
        tags={projectRoles.map((r) => ({ key: String(r.role_id), label: projectRoleName(r, (d) => i18n._(d)) }))}
      />
      <TagBlock title={t`订单角色`} none={<Trans>暂无订单角色</Trans>} tags={held.map((r) => ({ key: r, label: i18n._(ORDER_ROLE_LABELS[r]) }))} />
    </Card>
  );
}

/** A titled list of role tags, or a line saying there are none. */
function TagBlock({ title, none, tags }: { readonly title: string; readonly none: ReactNode; readonly tags: readonly { key: string; label: string }[] }) {
  return (
    <div className="pc-block">
      <h4 className="pc-block__title">{title}</h4>
      {tags.length === 0 ? (
        <p className="pc-none">{none}</p>
      ) : (
        <ul className="pc-tags" aria-label={title}>
          {tags.map((tag) => (
            <li key={tag.key} className="pc-tag pc-tag--primary">
              {tag.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The way to the project's quotation price list (/priceList): its admin edits it, others read it. */
function PriceListCard({ projectAdmin }: { readonly projectAdmin: boolean }) {
  return (
    <Card id="pc-price-list" title={<Trans>报价价格表</Trans>}>
      <p className="pc-card__text">
        {projectAdmin ? (
          <Trans>板材、门板、五金、台面等报价单价，修改后保存为新版本。</Trans>
        ) : (
          <Trans>本项目报价使用的单价，仅项目管理员可以修改。</Trans>
        )}
      </p>
      <Link to="/priceList" className="button button--secondary">
        {projectAdmin ? <Trans>管理价格表</Trans> : <Trans>查看价格表</Trans>}
      </Link>
    </Card>
  );
}

function AccessCard({ profile }: { readonly profile: AccountProfile }) {
  const restrictions = profile.restrictions;
  if (!restrictions) return null;
  const visible = restrictions.permission_list;
  const unrestricted = visible.length === 0 || visible.includes('all');
  return (
    <Card id="pc-access" title={<Trans>功能权限</Trans>}>
      <dl className="pc-facts">
        <div>
          <dt>
            <Trans>可用功能</Trans>
          </dt>
          <dd>{unrestricted ? <Trans>全部</Trans> : <CodeList items={visible} />}</dd>
        </div>
        <div>
          <dt>
            <Trans>隐藏功能</Trans>
          </dt>
          <dd>{restrictions.hide_list.length === 0 ? <Trans>无</Trans> : <CodeList items={restrictions.hide_list} />}</dd>
        </div>
        {restrictions.special_list ? (
          <div>
            <dt>
              <Trans>访问范围</Trans>
            </dt>
            <dd>
              <Trans>仅限专属页面</Trans>
            </dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

function CodeList({ items }: { readonly items: readonly string[] }) {
  return (
    <span className="pc-codes">
      {items.map((item) => (
        <code key={item}>{item}</code>
      ))}
    </span>
  );
}

// ---- helpers ----

/** Today's date as 'YYYY-MM-DD' in the viewer's time zone. */
function todayIso(now: Date = new Date()): string {
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${m}-${d}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function initial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

function hideImage(e: { currentTarget: HTMLImageElement }): void {
  e.currentTarget.hidden = true;
}

function BackIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="m3 8.5 3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function DashIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 8h8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
