import { Tabs } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { deleteHouseType, isApiError, listHouseTypes, type HouseType } from '../../api';
import { api } from '../app/api';
import { readUser } from '../auth/storage';
import { apiErrorText, notify } from '../notice';
import { requestNewScheme, sceneUi } from '../scene/controller';
import { sceneText } from '../scene/messages';
import { RegionPicker } from '../widgets/RegionPicker';
import {
  ADDRESS_MAX,
  checkNewScheme,
  emptyNewSchemeForm,
  houseTypeLabel,
  mayDeleteHouseType,
  NAME_MAX,
  newSchemeMeta,
  registeredClientPicker,
  sanitiseField,
  SCENE_STYLES,
  TEXT_MAX,
  withPickedClient,
  type NewSchemeField,
  type NewSchemeForm,
} from './new-scheme';
import { ConfirmDialog } from './ConfirmDialog';
import { DialogListPending, DialogPager, SceneDialog, ScenePreview } from './SceneDialog';
import './new-scheme.css';
import { useRequest } from './use-request';

// 新建方案 (issue 16): the house-type dialog of core.md §2. One tab fills in the new scheme's
// defaults (catalogues.md §3) and starts it empty; the other starts it from a copy of a plan in
// the tenant's house-type library. Either way 保存提示 comes first when the open scheme has
// unsaved rooms (requestNewScheme).

type Tab = 'form' | 'library';

/** Library cards per page: two rows of four. */
const LIBRARY_PAGE_SIZE = 8;

export function NewSchemeDialog() {
  const { newSchemeOpen } = useSnapshot(sceneUi);
  // Mounted while open: every opening starts from a fresh form and no selection.
  return newSchemeOpen ? <OpenNewSchemeDialog /> : null;
}

function OpenNewSchemeDialog() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('form');
  const [picked, setPicked] = useState<HouseType | null>(null);
  const formId = useId();
  const close = () => (sceneUi.newSchemeOpen = false);
  const footer = (
    <>
      {tab === 'library' ? (
        <span className="scene-dialog__hint">
          <Trans>将复制所选户型的平面图，新方案与户型库互不影响</Trans>
        </span>
      ) : null}
      <button type="button" className="button button--secondary" onClick={close}>
        <Trans>取消</Trans>
      </button>
      {tab === 'form' ? (
        <button type="submit" form={formId} className="button button--primary">
          <Trans>创建</Trans>
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={picked === null}
          title={picked === null ? t`请先选择一个户型` : undefined}
          onClick={() => picked && void requestNewScheme({ kind: 'house-type', name: picked.name, file: picked.file })}
        >
          <Trans>创建</Trans>
        </button>
      )}
    </>
  );
  return (
    <SceneDialog open title={t`新建方案`} size="wide" onClose={close} footer={footer}>
      <Tabs.Root className="history-tabs" value={tab} onValueChange={(d) => setTab(d.value as Tab)} lazyMount>
        <Tabs.List className="history-tabs__list">
          <Tabs.Trigger value="form" className="history-tabs__tab">
            <Trans>新建户型</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="library" className="history-tabs__tab">
            <Trans>从户型库选择</Trans>
          </Tabs.Trigger>
          <Tabs.Indicator className="history-tabs__indicator" />
        </Tabs.List>
        <Tabs.Content value="form" className="history-tabs__panel ns-panel">
          <NewSchemeFormView id={formId} />
        </Tabs.Content>
        <Tabs.Content value="library" className="history-tabs__panel ns-panel">
          <HouseTypeLibrary selected={picked} onSelect={setPicked} onDeleted={(id) => setPicked((p) => (p?.id === id ? null : p))} />
        </Tabs.Content>
      </Tabs.Root>
    </SceneDialog>
  );
}

function NewSchemeFormView({ id }: { readonly id: string }) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<NewSchemeForm>(() => emptyNewSchemeForm(sceneText.defaultName()));
  const [errors, setErrors] = useState<Partial<Record<NewSchemeField, string>>>({});
  const pickClient = registeredClientPicker();

  function change(field: NewSchemeField, text: string) {
    setForm((f) => ({ ...f, [field]: sanitiseField(field, text) }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = checkNewScheme(form);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, m]) => [k, i18n._(m)])));
      // The first box that needs attention (in layout order), once React has marked it.
      requestAnimationFrame(() => document.getElementById(id)?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    void requestNewScheme({ kind: 'blank', meta: newSchemeMeta(checked.defaults) });
  }

  const countError = errors.bedroomNumber ?? errors.parlourNumber ?? errors.bathroomNumber;
  return (
    <form id={id} className="ns-form" onSubmit={onSubmit} noValidate>
      <Field id={`${id}-name`} label={t`方案名称`} error={errors.name}>
        <input
          id={`${id}-name`}
          className="field__control"
          value={form.name}
          maxLength={NAME_MAX}
          autoFocus
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => change('name', e.currentTarget.value)}
        />
      </Field>
      <Field id={`${id}-style`} label={t`风格`}>
        <select id={`${id}-style`} className="field__control" value={form.style} onChange={(e) => change('style', e.currentTarget.value)}>
          <option value="">{t`不限`}</option>
          {SCENE_STYLES.map((s) => (
            <option key={s.value} value={s.value}>
              {i18n._(s.label)}
            </option>
          ))}
        </select>
      </Field>
      <div className="field" role="group" aria-labelledby={`${id}-counts`}>
        <span className="field__label" id={`${id}-counts`}>
          <Trans>户型</Trans>
        </span>
        <div className="ns-counts">
          {(
            [
              ['bedroomNumber', t`室`, t`卧室数量`],
              ['parlourNumber', t`厅`, t`客厅数量`],
              ['bathroomNumber', t`卫`, t`卫生间数量`],
            ] as const
          ).map(([field, unit, label]) => (
            <label key={field} className="ns-count">
              <input
                className="field__control"
                inputMode="numeric"
                placeholder="0"
                aria-label={label}
                value={form[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-counts-error` : undefined}
                onChange={(e) => change(field, e.currentTarget.value)}
              />
              <span className="ns-count__unit" aria-hidden="true">
                {unit}
              </span>
            </label>
          ))}
        </div>
        {countError ? (
          <span id={`${id}-counts-error`} className="field__error" role="alert">
            {countError}
          </span>
        ) : null}
      </div>
      <div className="ns-region">
        <RegionPicker label={t`所在城市`} value={form.city} onChange={(city) => setForm((f) => ({ ...f, city }))} />
      </div>
      <Field id={`${id}-building`} label={t`小区/楼盘`} error={errors.building}>
        <input
          id={`${id}-building`}
          className="field__control"
          value={form.building}
          maxLength={TEXT_MAX}
          placeholder={t`如：阳光花园`}
          aria-invalid={errors.building ? true : undefined}
          onChange={(e) => change('building', e.currentTarget.value)}
        />
      </Field>
      <Field id={`${id}-address`} label={t`详细地址`} error={errors.address}>
        <input
          id={`${id}-address`}
          className="field__control"
          value={form.address}
          maxLength={ADDRESS_MAX}
          aria-invalid={errors.address ? true : undefined}
          onChange={(e) => change('address', e.currentTarget.value)}
        />
      </Field>
      <Field
        id={`${id}-client`}
        label={t`客户姓名`}
        error={errors.clientName}
        action={
          pickClient ? (
            <button type="button" className="ns-link" onClick={() => pickClient((c) => setForm((f) => withPickedClient(f, c)))}>
              <Trans>选择客户</Trans>
            </button>
          ) : null
        }
      >
        <input
          id={`${id}-client`}
          className="field__control"
          value={form.clientName}
          maxLength={TEXT_MAX}
          aria-invalid={errors.clientName ? true : undefined}
          // A typed name is a new client, not the one picked before.
          onChange={(e) => {
            const name = e.currentTarget.value;
            setForm((f) => ({ ...f, clientName: name, clientId: '' }));
          }}
        />
      </Field>
      <Field id={`${id}-phone`} label={t`联系电话`} error={errors.clientPhone}>
        <input
          id={`${id}-phone`}
          className="field__control"
          inputMode="tel"
          value={form.clientPhone}
          aria-invalid={errors.clientPhone ? true : undefined}
          aria-describedby={errors.clientPhone ? `${id}-phone-error` : undefined}
          onChange={(e) => change('clientPhone', e.currentTarget.value)}
        />
      </Field>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  action,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly error?: string | undefined;
  readonly action?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <div className="field">
      <span className="ns-label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {action}
      </span>
      {children}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}


function HouseTypeLibrary({
  selected,
  onSelect,
  onDeleted,
}: {
  readonly selected: HouseType | null;
  readonly onSelect: (h: HouseType) => void;
  readonly onDeleted: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const [user] = useState(readUser);
  const [deleting, setDeleting] = useState<HouseType | null>(null);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [load] = useRequest(`${keyword}:${pageNumber}:${attempt}`, (signal) =>
    listHouseTypes(api, { keyword, pageNumber, pageSize: LIBRARY_PAGE_SIZE }, { silent: true, signal }),
  );

  async function remove(entry: HouseType) {
    setDeleting(null);
    try {
      await deleteHouseType(api, entry.id, { silent: true });
      onDeleted(entry.id);
      notify(t`已从户型库删除「${entry.name}」`, { kind: 'success' });
    } catch (e) {
      notify(isApiError(e) ? apiErrorText(e) : String(e), { kind: 'error' });
    }
    setAttempt((n) => n + 1);
  }

  function search(e: FormEvent) {
    e.preventDefault();
    setKeyword(draft.trim());
    setPageNumber(1);
  }

  const pages = load.state === 'done' ? Math.max(1, Math.ceil(load.page.total / LIBRARY_PAGE_SIZE)) : 1;
  return (
    <div className="scene-list" aria-busy={load.state === 'loading'}>
      <form className="ns-search" role="search" onSubmit={search}>
        <input
          className="field__control"
          type="search"
          value={draft}
          maxLength={100}
          placeholder={t`搜索户型名称、城市或小区`}
          aria-label={t`搜索户型`}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <button type="submit" className="button button--secondary">
          <Trans>搜索</Trans>
        </button>
      </form>
      {load.state === 'loading' ? (
        <DialogListPending />
      ) : load.state === 'error' ? (
        <DialogListPending error={load.text} onRetry={() => setAttempt((n) => n + 1)} />
      ) : load.page.list.length === 0 ? (
        <p className="scene-list__status empty-state">
          {keyword ? <Trans>没有找到匹配的户型</Trans> : <Trans>户型库还是空的：在户型面板中点击「户型入库」存入已保存的方案</Trans>}
        </p>
      ) : (
        <ul className="scene-grid ns-grid" role="radiogroup" aria-label={t`户型库`}>
          {load.page.list.map((h) => {
            const checked = selected?.id === h.id;
            const rooms = i18n._(houseTypeLabel(h));
            const area = h.area > 0 ? `${new Intl.NumberFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: 1 }).format(h.area)} m²` : '';
            const place = [h.cityName, h.building].filter(Boolean).join(' · ');
            return (
              <li key={h.id} className="ns-card-item">
                <button type="button" role="radio" aria-checked={checked} className="scene-card" aria-label={h.name} onClick={() => onSelect(h)}>
                  <ScenePreview src={h.preview} alt="" />
                  <span className="scene-card__check" aria-hidden="true" />
                  <span className="scene-card__name" title={h.name}>
                    {h.name}
                  </span>
                  <span className="scene-card__meta">{[rooms, area].filter(Boolean).join(' · ')}</span>
                  <span className="scene-card__meta ns-card__place" title={place}>
                    {place || t`未填写城市和小区`}
                  </span>
                </button>
                {mayDeleteHouseType(h, user) ? (
                  <button type="button" className="icon-button ns-card__delete" aria-label={t`删除户型 ${h.name}`} title={t`从户型库删除`} onClick={() => setDeleting(h)}>
                    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
                      <path d="M2.5 4.5h11M6.5 4.5V3a.5.5 0 0 1 .5-.5h2a.5.5 0 0 1 .5.5v1.5M4 4.5l.6 8.6a1 1 0 0 0 1 .9h4.8a1 1 0 0 0 1-.9l.6-8.6" />
                    </svg>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t`从户型库删除「${deleting?.name ?? ''}」？已用它新建的方案不受影响。`}
        confirmLabel={t`删除`}
        cancelLabel={t`取消`}
        tone="danger"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
      {pages > 1 ? (
        <DialogPager pageNumber={pageNumber} pages={pages} loading={load.state !== 'done'} onPage={setPageNumber} />
      ) : null}
    </div>
  );
}
