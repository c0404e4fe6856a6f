import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  getPriceList,
  getPriceListHistory,
  getProfile,
  isApiError,
  priceListConflictVersion,
  priceListProblems,
  savePriceList,
  type PriceListVersion,
  type PriceListVersionSummary,
} from '../../api';
import {
  MAX_NOTE_LENGTH,
  PRICE_CATEGORIES,
  TILE_WASTE_CODE,
  validatePriceList,
  type PriceCategory,
  type PriceItem,
  type PriceUnit,
} from '../../protocol/price-list';
import { api } from '../app/api';
import { BrandMark } from '../app/BrandMark';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { apiErrorText, notify } from '../notice';
import {
  applyEdits,
  countEdits,
  displayPrice,
  isEdited,
  isWasteEdited,
  priceTextProblem,
  rebaseEdits,
  sanitisePriceText,
  textOf,
  WASTE_KEY,
  wasteText,
  type PriceEdits,
} from './price-list-edit';
import './price-list.css';

// /priceList (issue 14): the project's quotation price list. Everyone in the project can read it
// (their quotes are priced from it); the project admin edits prices and saves them as a new
// version, and any earlier version can be opened read-only from the history.

const CATEGORY_LABELS: Readonly<Record<PriceCategory, MessageDescriptor>> = {
  board: msg`柜体板材`,
  door: msg`门板`,
  hardware: msg`五金`,
  worktop: msg`台面`,
  worktopFee: msg`台面附加费`,
  sink: msg`水槽`,
  line: msg`线条`,
  cabinetFee: msg`柜体附加费`,
  appliance: msg`方太电器`,
  wallBoard: msg`护墙板`,
  roomDoor: msg`室内门`,
};

const UNIT_LABELS: Readonly<Record<PriceUnit, MessageDescriptor>> = {
  m2: msg`元/㎡`,
  m: msg`元/米`,
  piece: msg`元/个`,
  set: msg`元/副`,
  each: msg`元/处`,
};

type Load =
  | { state: 'loading' }
  | { state: 'error'; text: string }
  | { state: 'done'; current: PriceListVersion; history: readonly PriceListVersionSummary[]; isAdmin: boolean };

export default function PriceListScreen() {
  const { t } = useLingui();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [edits, setEdits] = useState<Map<string, string>>(new Map());
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  /** an older version opened from the history, shown read-only */
  const [viewing, setViewing] = useState<PriceListVersion | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const options = { silent: true, signal: controller.signal };
    Promise.all([getPriceList(api, undefined, options), getPriceListHistory(api, options), getProfile(api, ['projectAdmin'], options)]).then(
      ([current, history, profile]) => setLoad({ state: 'done', current, history, isAdmin: profile.roles.projectAdmin }),
      (e: unknown) => {
        if (controller.signal.aborted || (isApiError(e) && e.sessionExpired)) return;
        setLoad({ state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const current = load.state === 'done' ? load.current : null;
  const dirty = current ? countEdits(current.list, edits) : 0;

  // Unsaved prices are work: leaving the page, in the app or the browser, asks first.
  useBlocker({
    shouldBlockFn: () => dirty > 0 && !window.confirm(t`有 ${dirty} 项价格修改尚未保存，确定离开吗？`),
    enableBeforeUnload: () => dirty > 0,
  });

  const openVersion = useCallback(
    (version: number) => {
      if (current && version === current.version) {
        setViewing(null);
        return;
      }
      getPriceList(api, version).then(setViewing, () => {
        // the client has shown the failure
      });
    },
    [current],
  );

  if (load.state !== 'done') {
    return (
      <Shell>
        {load.state === 'loading' ? (
          <div className="pl-status" role="status">
            <span className="spinner" aria-hidden="true" />
            <Trans>加载中…</Trans>
          </div>
        ) : (
          <div className="pl-status pl-status--error" role="alert">
            <p>
              <Trans>价格表加载失败，请稍后重试</Trans>
            </p>
            <p className="pl-status__detail">{load.text}</p>
            <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
              <Trans>重试</Trans>
            </button>
          </div>
        )}
      </Shell>
    );
  }

  const { history, isAdmin } = load;
  const shown = viewing ?? load.current;
  const editable = isAdmin && viewing === null;
  const next = load.current.version + 1;

  const save = async () => {
    const list = applyEdits(load.current.list, edits);
    const check = validatePriceList(list);
    if (!check.ok) {
      notify(t`有价格填写不正确，请检查标红的项目`, { kind: 'error' });
      return;
    }
    setSaving(true);
    try {
      const saved = await savePriceList(api, { base_version: load.current.version, list: check.list, note: note.trim() }, { silent: true });
      const fresh = await getPriceListHistory(api).catch(() => null);
      setLoad({ ...load, current: saved, history: fresh ?? [summaryOf(saved), ...history] });
      setEdits(new Map());
      setNote('');
      notify(t`已保存为第 ${saved.version} 版`, { kind: 'success' });
    } catch (e) {
      const newest = priceListConflictVersion(e);
      if (newest !== null) {
        // Someone saved first: lay the admin's edits over their version instead of dropping them.
        const [latest, fresh] = await Promise.all([getPriceList(api), getPriceListHistory(api)]);
        setLoad({ ...load, current: latest, history: fresh });
        setEdits(rebaseEdits(latest.list, edits));
        notify(t`价格表已被他人修改为第 ${latest.version} 版，你的修改已保留在最新版本上，请核对后再保存`, { kind: 'warning', duration: 0 });
      } else if (priceListProblems(e)) {
        notify(isApiError(e) ? e.serverMessage : String(e), { kind: 'error' });
      } else {
        notify(isApiError(e) ? apiErrorText(e) : String(e), { kind: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const setText = (code: string, text: string) =>
    setEdits((old) => {
      const next = new Map(old);
      next.set(code, sanitisePriceText(text));
      return next;
    });

  return (
    <Shell>
      <div className="pl-heading">
        <div>
          <h1>
            <Trans>报价价格表</Trans>
          </h1>
          <p className="pl-heading__meta">
            <span className="pl-badge" data-testid="price-list-version">
              <Trans>第 {shown.version} 版</Trans>
            </span>
            <VersionMeta version={shown} />
          </p>
        </div>
      </div>

      {viewing ? (
        <div className="pl-banner" role="status">
          <span>
            <Trans>正在查看第 {viewing.version} 版（只读）</Trans>
            {dirty > 0 ? (
              <>
                {' '}
                <Trans>你在当前版本上的 {dirty} 项修改仍然保留。</Trans>
              </>
            ) : null}
          </span>
          <button type="button" className="button button--secondary" onClick={() => setViewing(null)}>
            <Trans>返回当前版本</Trans>
          </button>
        </div>
      ) : !isAdmin ? (
        <div className="pl-banner pl-banner--muted" role="note">
          <Trans>仅项目管理员可以修改价格表；报价按当前版本的价格计算。</Trans>
        </div>
      ) : null}

      <div className="pl-layout">
        <div className="pl-main">
          <nav className="pl-nav" aria-label={t`价格分类`}>
            {PRICE_CATEGORIES.map((c) => (
              <CategoryLink key={c} category={c} items={shown.list.items} edits={editable ? edits : EMPTY} />
            ))}
            <button type="button" className="pl-nav__link" onClick={() => scrollToSection('pl-other')}>
              <Trans>其他</Trans>
            </button>
          </nav>
          {PRICE_CATEGORIES.map((c) => (
            <CategoryTable
              key={c}
              category={c}
              items={shown.list.items.filter((i) => i.category === c)}
              edits={editable ? edits : EMPTY}
              editable={editable}
              onText={setText}
            />
          ))}
          <section className="pl-card" id="pl-other" aria-labelledby="pl-other-title">
            <h2 id="pl-other-title" className="pl-card__title">
              <Trans>其他</Trans>
            </h2>
            <table className="pl-table">
              <tbody>
                <WasteRow list={shown.list} edits={editable ? edits : EMPTY} editable={editable} onText={(text) => setText(WASTE_KEY, text)} />
              </tbody>
            </table>
          </section>
        </div>
        <aside className="pl-side">
          {editable ? (
            <section className="pl-card pl-save" aria-labelledby="pl-save-title">
              <h2 id="pl-save-title" className="pl-card__title">
                <Trans>保存修改</Trans>
              </h2>
              <p className="pl-save__count" data-testid="price-list-dirty">
                {dirty > 0 ? <Trans>已修改 {dirty} 项，保存后成为第 {next} 版</Trans> : <Trans>修改单价后在此保存</Trans>}
              </p>
              <input
                className="field__control pl-note"
                value={note}
                maxLength={MAX_NOTE_LENGTH}
                placeholder={t`修改说明（选填）`}
                aria-label={t`修改说明`}
                onChange={(e) => setNote(e.target.value)}
              />
              <div className="pl-save__buttons">
                <button type="button" className="button button--secondary" disabled={edits.size === 0 || saving} onClick={() => setEdits(new Map())}>
                  <Trans>撤销修改</Trans>
                </button>
                <button type="button" className="button button--primary" disabled={dirty === 0 || saving} onClick={() => void save()}>
                  {saving ? <Trans>保存中…</Trans> : <Trans>保存为新版本</Trans>}
                </button>
              </div>
            </section>
          ) : null}
          <HistoryCard history={history} shownVersion={shown.version} currentVersion={load.current.version} onOpen={openVersion} />
        </aside>
      </div>
    </Shell>
  );
}

const EMPTY: PriceEdits = new Map();

function summaryOf(v: PriceListVersion): PriceListVersionSummary {
  return { version: v.version, created_at: v.created_at, created_by_name: v.created_by_name, note: v.note, item_count: v.list.items.length, changes: [] };
}

function Shell({ children }: { readonly children: ReactNode }) {
  return (
    <div className="price-list">
      <header className="price-list__bar">
        <Link to="/" className="brand-link">
          <BrandMark />
        </Link>
        <span className="price-list__spacer" />
        <Link to="/personcenter" className="button button--secondary price-list__back">
          <Trans>个人中心</Trans>
        </Link>
        <Link to="/" className="button button--secondary price-list__back">
          <Trans>返回工作台</Trans>
        </Link>
        <LanguageSwitch />
      </header>
      <main className="price-list__main">
        <div className="price-list__inner">{children}</div>
      </main>
    </div>
  );
}

function formatTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' });
}

function VersionMeta({ version }: { readonly version: PriceListVersion | PriceListVersionSummary }) {
  const { i18n } = useLingui();
  const when = formatTime(version.created_at, i18n.locale);
  const who = version.created_by_name;
  return who ? (
    <span>
      <Trans>
        {when} 由 {who} 保存
      </Trans>
    </span>
  ) : (
    <span>
      <Trans>{when} 系统初始价格</Trans>
    </span>
  );
}

/** Jumps to a category's table; buttons rather than #links, so the router sees no navigation. */
function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
}

function itemName(item: PriceItem, locale: string): string {
  return locale === 'en' ? item.name_en : item.name_zh;
}

function CategoryLink({ category, items, edits }: { readonly category: PriceCategory; readonly items: readonly PriceItem[]; readonly edits: PriceEdits }) {
  const { i18n } = useLingui();
  const mine = items.filter((i) => i.category === category);
  const changed = mine.filter((i) => isEdited(i, edits)).length;
  return (
    <button type="button" className="pl-nav__link" onClick={() => scrollToSection(`pl-${category}`)}>
      {i18n._(CATEGORY_LABELS[category])}
      <span className="pl-nav__count">{mine.length}</span>
      {changed > 0 ? <span className="pl-nav__dot" aria-hidden="true" /> : null}
    </button>
  );
}

function CategoryTable({
  category,
  items,
  edits,
  editable,
  onText,
}: {
  readonly category: PriceCategory;
  readonly items: readonly PriceItem[];
  readonly edits: PriceEdits;
  readonly editable: boolean;
  readonly onText: (code: string, text: string) => void;
}) {
  const { i18n } = useLingui();
  if (items.length === 0) return null;
  const title = i18n._(CATEGORY_LABELS[category]);
  return (
    <section className="pl-card" id={`pl-${category}`} aria-labelledby={`pl-${category}-title`}>
      <h2 id={`pl-${category}-title`} className="pl-card__title">
        {title}
        <span className="pl-card__count">
          <Trans>{items.length} 项</Trans>
        </span>
      </h2>
      <table className="pl-table">
        <thead>
          <tr>
            <th className="pl-table__code">
              <Trans>编码</Trans>
            </th>
            <th>
              <Trans>名称</Trans>
            </th>
            <th className="pl-table__unit">
              <Trans>单位</Trans>
            </th>
            <th className="pl-table__price">
              <Trans>单价（元）</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <PriceRow key={item.code} item={item} edits={edits} editable={editable} onText={onText} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PriceRow({
  item,
  edits,
  editable,
  onText,
}: {
  readonly item: PriceItem;
  readonly edits: PriceEdits;
  readonly editable: boolean;
  readonly onText: (code: string, text: string) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const name = itemName(item, locale);
  const text = textOf(item, edits);
  const edited = isEdited(item, edits);
  const problem = edits.has(item.code) ? priceTextProblem(text) : null;
  const was = displayPrice(item.price, locale);
  return (
    <tr className={edited ? 'pl-row pl-row--edited' : 'pl-row'} data-code={item.code}>
      <td className="pl-table__code">{item.code}</td>
      <td>{name}</td>
      <td className="pl-table__unit">{i18n._(UNIT_LABELS[item.unit])}</td>
      <td className="pl-table__price">
        {editable ? (
          <div className="pl-price">
            {problem ? (
              <span className="pl-price__error" role="alert">
                {locale === 'en' ? problem.en : problem.zh}
              </span>
            ) : edited ? (
              <span className="pl-price__was">
                <Trans>原价 {was}</Trans>
              </span>
            ) : null}
            <input
              className="pl-price__input"
              inputMode="decimal"
              value={text}
              aria-label={t`${name} 单价`}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => onText(item.code, e.target.value)}
            />
          </div>
        ) : (
          <span className="pl-price__value">{displayPrice(item.price, locale)}</span>
        )}
      </td>
    </tr>
  );
}

function WasteRow({
  list,
  edits,
  editable,
  onText,
}: {
  readonly list: PriceListVersion['list'];
  readonly edits: PriceEdits;
  readonly editable: boolean;
  readonly onText: (text: string) => void;
}) {
  const { t } = useLingui();
  const text = wasteText(list, edits);
  const edited = isWasteEdited(list, edits);
  const value = Number(text);
  const problem = edits.has(WASTE_KEY) && !(text !== '' && Number.isFinite(value) && value >= 0 && value <= 100);
  return (
    <tr className={edited ? 'pl-row pl-row--edited' : 'pl-row'} data-code={TILE_WASTE_CODE}>
      <td className="pl-table__code">{TILE_WASTE_CODE}</td>
      <td>
        <Trans>瓷砖损耗率（铺贴用砖量 = 面积 ÷ 单砖面积 × (1 + 损耗率)）</Trans>
      </td>
      <td className="pl-table__unit">%</td>
      <td className="pl-table__price">
        {editable ? (
          <div className="pl-price">
            {problem ? (
              <span className="pl-price__error" role="alert">
                <Trans>损耗率须在 0 到 100 之间</Trans>
              </span>
            ) : null}
            <input
              className="pl-price__input"
              inputMode="decimal"
              value={text}
              aria-label={t`瓷砖损耗率`}
              aria-invalid={problem || undefined}
              onChange={(e) => onText(e.target.value)}
            />
          </div>
        ) : (
          <span className="pl-price__value">{list.tileWastePercent}</span>
        )}
      </td>
    </tr>
  );
}

function HistoryCard({
  history,
  shownVersion,
  currentVersion,
  onOpen,
}: {
  readonly history: readonly PriceListVersionSummary[];
  readonly shownVersion: number;
  readonly currentVersion: number;
  readonly onOpen: (version: number) => void;
}) {
  const { i18n } = useLingui();
  return (
    <section className="pl-card pl-history" aria-labelledby="pl-history-title">
      <h2 id="pl-history-title" className="pl-card__title">
        <Trans>版本记录</Trans>
      </h2>
      <ol className="pl-history__list" data-testid="price-list-history">
        {history.map((v) => {
          const count = v.changes.length;
          return (
            <li key={v.version}>
              <button
                type="button"
                className={v.version === shownVersion ? 'pl-history__item pl-history__item--shown' : 'pl-history__item'}
                aria-current={v.version === shownVersion ? 'true' : undefined}
                onClick={() => onOpen(v.version)}
              >
                <span className="pl-history__head">
                  <strong>
                    <Trans>第 {v.version} 版</Trans>
                  </strong>
                  {v.version === currentVersion ? (
                    <span className="pl-tag">
                      <Trans>当前版本</Trans>
                    </span>
                  ) : null}
                </span>
                <span className="pl-history__meta">
                  <VersionMeta version={v} />
                </span>
                {v.note ? <span className="pl-history__note">{v.note}</span> : null}
                {count > 0 ? (
                  <span className="pl-history__changes">
                    <span>
                      <Trans>修改 {count} 项：</Trans>
                    </span>
                    {v.changes.slice(0, 3).map((c) => (
                      <span key={c.code} className="pl-history__change">
                        <code>{c.code}</code> {c.from === null ? '—' : displayPrice(c.from, i18n.locale)} →{' '}
                        {c.to === null ? '—' : displayPrice(c.to, i18n.locale)}
                      </span>
                    ))}
                    {count > 3 ? <span>…</span> : null}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
