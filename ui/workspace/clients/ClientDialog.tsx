import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import {
  clientProblemsOf,
  createClient,
  deleteClient,
  isApiError,
  listClients,
  updateClient,
  CLIENT_PAGE_SIZE,
  type ClientProblem,
  type ClientRecord,
} from '../../../api';
import { CLIENT_LIMITS, KNOWN_CLIENT_KEYS } from '../../../protocol/clients';
import { api } from '../../app/api';
import { useKernel } from '../../kernel';
import { apiErrorText, notify } from '../../notice';
import { RegionPicker } from '../../widgets/RegionPicker';
import { cityLabel, loadRegions, type RegionTable } from '../../widgets/region';
import { DialogListPending, DialogPager, formatTime, SceneDialog } from '../SceneDialog';
import { emptyForm, entryRow, formFields, formFromClient, formProblems, problemRows, serverClientId, type ClientForm, type EntryRow, type ShownProblem } from './client-form';
import { linkedClientChanged, linkedClientDeleted } from './link';
import { deleteQuestion, problemText } from './messages';
import { clientUi, closeClientList } from './state';
import '../house-panel.css';
import './clients.css';
import { useRequest } from '../use-request';

// 客户列表 (core.md §2 "A customer list dialog"): the tenant's clients with search and pages,
// 新建客户 / edit / delete, and, opened with openClientPicker, a 选择 per client. The client form
// is the same dialog's second view (name, phone, city, address, order number, custom entries).

type View = { kind: 'list' } | { kind: 'form'; client: ClientRecord | null };

export function ClientDialog() {
  const { t } = useLingui();
  const ui = useSnapshot(clientUi);
  const [view, setView] = useState<View>({ kind: 'list' });
  const close = () => {
    closeClientList();
    setView({ kind: 'list' });
  };
  // The delete question is a dialog of its own, mounted when asked (so its layer comes after the
  // list's in the page and is drawn over it).
  const [deleting, setDeleting] = useState<ClientRecord | null>(null);
  const [deleted, setDeleted] = useState(0);
  const title =
    view.kind === 'form' ? (view.client ? t`编辑客户` : t`新建客户`) : ui.onPick ? t`选择客户` : t`客户列表`;

  async function confirmDelete() {
    const client = deleting;
    setDeleting(null);
    if (!client) return;
    try {
      await deleteClient(api, client.id);
    } catch {
      return; // the API client's notice says why
    }
    const name = client.name;
    notify(t`已删除客户 ${name}`, { kind: 'success' });
    linkedClientDeleted(client.id);
    setDeleted((n) => n + 1);
  }

  return (
    <>
      <SceneDialog open={ui.open} title={title} size="wide" onClose={close} footer={null}>
        {!ui.open ? null : view.kind === 'list' ? (
          <ClientList picking={ui.onPick !== null} reload={deleted} onEdit={(client) => setView({ kind: 'form', client })} onDelete={setDeleting} />
        ) : (
          <ClientFormView client={view.client} onDone={() => setView({ kind: 'list' })} />
        )}
      </SceneDialog>
      <SceneDialog
        open={deleting !== null}
        title={t`删除客户`}
        role="alertdialog"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
              <Trans>取消</Trans>
            </button>
            <button type="button" className="button button--danger" onClick={() => void confirmDelete()}>
              <Trans>删除</Trans>
            </button>
          </>
        }
      >
        <p className="scene-dialog__text">{deleting ? deleteQuestion(deleting) : ''}</p>
      </SceneDialog>
    </>
  );
}

interface ListProps {
  readonly picking: boolean;
  /** changes when a client was deleted: the page is read again */
  readonly reload: number;
  readonly onEdit: (client: ClientRecord | null) => void;
  readonly onDelete: (client: ClientRecord) => void;
}


function ClientList({ picking, reload, onEdit, onDelete }: ListProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { meta } = useKernel();
  const linkedId = serverClientId(meta.client.id);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [regions, setRegions] = useState<RegionTable | null>(null);
  const [load] = useRequest(`${keyword}:${pageNumber}:${attempt}:${reload}`, (signal) =>
    listClients(api, { keyword, pageNumber, pageSize: CLIENT_PAGE_SIZE }, { silent: true, signal }),
  );

  // City names need the region table (its own chunk): fetched once a listed client has a city.
  const needsRegions = load.state === 'done' && load.page.list.some((c) => c.regionCode !== '');
  useEffect(() => {
    if (!needsRegions || regions) return;
    let live = true;
    loadRegions().then((table) => live && setRegions(table), () => undefined);
    return () => {
      live = false;
    };
  }, [needsRegions, regions]);

  const pages = load.state === 'done' ? Math.max(1, Math.ceil(load.page.total / CLIENT_PAGE_SIZE)) : 1;

  function search(e: FormEvent) {
    e.preventDefault();
    setKeyword(typed.trim());
    setPageNumber(1);
  }

  function pick(client: ClientRecord) {
    const onPick = clientUi.onPick;
    closeClientList();
    onPick?.(client);
  }

  return (
    <div className="cl-list" aria-busy={load.state === 'loading'}>
      <div className="cl-toolbar">
        <form className="cl-search" role="search" onSubmit={search}>
          <label className="sr-only" htmlFor={`${id}-q`}>
            {t`搜索客户`}
          </label>
          <input
            id={`${id}-q`}
            className="field__control"
            type="search"
            value={typed}
            maxLength={100}
            placeholder={t`姓名、电话或订单号`}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <button type="submit" className="button button--secondary">
            <Trans>搜索</Trans>
          </button>
        </form>
        <button type="button" className="button button--primary" onClick={() => onEdit(null)}>
          <Trans>新建客户</Trans>
        </button>
      </div>
      {load.state === 'loading' ? (
        <DialogListPending />
      ) : load.state === 'error' ? (
        <DialogListPending error={load.text} onRetry={() => setAttempt((n) => n + 1)} />
      ) : load.page.list.length === 0 ? (
        <p className="scene-list__status empty-state">{keyword ? <Trans>没有找到匹配的客户</Trans> : <Trans>还没有客户，点击“新建客户”添加</Trans>}</p>
      ) : (
        <table className="cl-table" aria-label={t`客户`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>客户姓名</Trans>
              </th>
              <th scope="col">
                <Trans>联系电话</Trans>
              </th>
              <th scope="col">
                <Trans>所在城市</Trans>
              </th>
              <th scope="col">
                <Trans>订单号</Trans>
              </th>
              <th scope="col" className="cl-num">
                <Trans>方案数</Trans>
              </th>
              <th scope="col" className="cl-actions-col">
                <span className="sr-only">
                  <Trans>操作</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.page.list.map((client) => {
              const linked = client.id === linkedId;
              const name = client.name;
              const updated = formatTime(client.updatedAt, i18n.locale);
              const city = client.regionCode ? (regions ? (cityLabel(regions, client.regionCode) ?? client.regionCode) : '…') : '—';
              return (
                <tr key={client.id} data-linked={linked ? '' : undefined}>
                  <th scope="row" className="cl-name" title={t`更新于 ${updated}`}>
                    <span>{client.name}</span>
                    {linked ? (
                      <span className="cl-badge">
                        <Trans>当前方案</Trans>
                      </span>
                    ) : null}
                  </th>
                  <td title={client.phone}>{client.phone || '—'}</td>
                  <td title={city}>{city}</td>
                  <td title={client.order_number}>
                    {client.order_number || '—'}
                  </td>
                  <td className="cl-num">{client.sceneCount}</td>
                  <td className="cl-actions">
                    {picking ? (
                      <button type="button" className="button button--primary cl-small" aria-label={t`选择客户 ${name}`} onClick={() => pick(client)}>
                        <Trans>选择</Trans>
                      </button>
                    ) : null}
                    <button type="button" className="button button--secondary cl-small" aria-label={t`编辑客户 ${name}`} onClick={() => onEdit(client)}>
                      <Trans>编辑</Trans>
                    </button>
                    <button type="button" className="button button--ghost cl-small cl-danger" aria-label={t`删除客户 ${name}`} onClick={() => onDelete(client)}>
                      <Trans>删除</Trans>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <DialogPager pageNumber={pageNumber} pages={pages} loading={load.state !== 'done'} onPage={setPageNumber} />
    </div>
  );
}

function useKnownKeyLabels(): Record<(typeof KNOWN_CLIENT_KEYS)[number], string> {
  const { t } = useLingui();
  return { ClientName: t`客户姓名`, ClientTel: t`客户电话`, OrderNo: t`订单号`, ClientAddress: t`客户地址`, Remark: t`备注` };
}

function ClientFormView({ client, onDone }: { readonly client: ClientRecord | null; readonly onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const knownLabels = useKnownKeyLabels();
  const [form, setForm] = useState<ClientForm>(() => (client ? formFromClient(client) : emptyForm()));
  const [shown, setShown] = useState<readonly ShownProblem[]>([]);
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);

  const set = (change: Partial<ClientForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setShown([]);
    setFailure('');
  };
  const setRow = (rowId: number, change: Partial<EntryRow>) => set({ entries: form.entries.map((r) => (r.id === rowId ? { ...r, ...change } : r)) });

  const fieldError = (field: ClientProblem['field']) => {
    const found = shown.find((s) => s.problem.field === field && s.rowId === null);
    return found ? problemText(found.problem) : '';
  };
  const rowError = (rowId: number) => shown.filter((s) => s.rowId === rowId).map((s) => problemText(s.problem)).join('；');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = formProblems(form);
    if (problems.length > 0) {
      setShown(problems);
      return;
    }
    setSaving(true);
    try {
      const fields = formFields(form);
      const saved = client ? await updateClient(api, client.id, fields, { silent: true }) : await createClient(api, fields, { silent: true });
      const name = saved.name;
      notify(client ? t`已保存客户 ${name}` : t`已新建客户 ${name}`, { kind: 'success' });
      if (client) linkedClientChanged(saved);
      onDone();
    } catch (err) {
      const problems = clientProblemsOf(err);
      if (problems) setShown(problemRows(form, problems));
      setFailure(isApiError(err) ? apiErrorText(err) : String(err));
      setSaving(false);
    }
  }

  const text = (field: 'name' | 'phone' | 'address' | 'order_number', label: string, max: number, extra: { required?: boolean; tel?: boolean } = {}) => {
    const error = fieldError(field);
    return (
      <div className="hp-field">
        <label className="hp-field__label" htmlFor={`${id}-${field}`}>
          {label}
          {extra.required ? <span className="cl-required" aria-hidden="true">*</span> : null}
        </label>
        <div className="hp-field__body">
          <div className="hp-input" data-invalid={error ? '' : undefined}>
            <input
              id={`${id}-${field}`}
              className="hp-input__control"
              value={form[field]}
              maxLength={max + 20}
              inputMode={extra.tel ? 'tel' : undefined}
              autoComplete="off"
              autoFocus={field === 'name'}
              required={extra.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field}-error` : undefined}
              onChange={(e) => set({ [field]: e.currentTarget.value })}
            />
          </div>
          {error ? (
            <span id={`${id}-${field}-error`} className="hp-field__error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
      </div>
    );
  };

  const entriesError = fieldError('custom_client_info');
  return (
    <form className="cl-form hp" onSubmit={(e) => void submit(e)} noValidate aria-label={client ? t`编辑客户` : t`新建客户`}>
      <div className="cl-form__grid">
        {text('name', t`客户姓名`, CLIENT_LIMITS.name, { required: true })}
        {text('phone', t`联系电话`, CLIENT_LIMITS.phone, { tel: true })}
        <RegionPicker label={t`所在城市`} value={form.regionCode} onChange={(regionCode) => set({ regionCode })} />
        {text('order_number', t`订单号`, CLIENT_LIMITS.orderNumber)}
        <div className="cl-form__wide">{text('address', t`详细地址`, CLIENT_LIMITS.address)}</div>
      </div>

      <fieldset className="cl-entries">
        <legend className="cl-entries__title">
          <Trans>自定义信息</Trans>
        </legend>
        <datalist id={`${id}-keys`}>
          {KNOWN_CLIENT_KEYS.map((key) => (
            <option key={key} value={key} label={knownLabels[key]} />
          ))}
        </datalist>
        {form.entries.length === 0 ? (
          <p className="cl-entries__empty">
            <Trans>如订单日期、安装日期、门店、设计师等，可按需添加</Trans>
          </p>
        ) : (
          <ul className="cl-entries__list">
            {form.entries.map((row, i) => {
              const error = rowError(row.id);
              const n = i + 1;
              const known = (KNOWN_CLIENT_KEYS as readonly string[]).includes(row.key) ? knownLabels[row.key as (typeof KNOWN_CLIENT_KEYS)[number]] : '';
              return (
                <li key={row.id} className="cl-entry">
                  <div className="cl-entry__row">
                    <div className="hp-input cl-entry__key" data-invalid={error ? '' : undefined}>
                      <input
                        className="hp-input__control"
                        list={`${id}-keys`}
                        value={row.key}
                        placeholder={t`名称`}
                        aria-label={t`第 ${n} 项名称`}
                        maxLength={CLIENT_LIMITS.entryKey + 20}
                        autoComplete="off"
                        onChange={(e) => setRow(row.id, { key: e.currentTarget.value })}
                      />
                      {known ? <span className="hp-input__unit">{known}</span> : null}
                    </div>
                    <div className="hp-input cl-entry__value">
                      <input
                        className="hp-input__control"
                        value={row.value}
                        placeholder={t`内容`}
                        aria-label={t`第 ${n} 项内容`}
                        maxLength={CLIENT_LIMITS.entryValue + 20}
                        autoComplete="off"
                        onChange={(e) => setRow(row.id, { value: e.currentTarget.value })}
                      />
                    </div>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t`删除第 ${n} 项`}
                      onClick={() => set({ entries: form.entries.filter((r) => r.id !== row.id) })}
                    >
                      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
                        <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                      </svg>
                    </button>
                  </div>
                  {error ? (
                    <span className="hp-field__error" role="alert">
                      {error}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className="button button--secondary cl-small"
          disabled={form.entries.length >= CLIENT_LIMITS.entries}
          onClick={() => set({ entries: [...form.entries, entryRow()] })}
        >
          <Trans>添加一项</Trans>
        </button>
        {entriesError ? (
          <span className="hp-field__error" role="alert">
            {entriesError}
          </span>
        ) : null}
      </fieldset>

      {failure ? (
        <p className="cl-failure" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="scene-dialog__footer scene-dialog__footer--inline">
        <button type="button" className="button button--secondary" onClick={onDone}>
          <Trans>取消</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
          {saving ? <span className="scene-actions__spinner scene-actions__spinner--light" aria-hidden="true" /> : null}
          <Trans>保存</Trans>
        </button>
      </div>
    </form>
  );
}

