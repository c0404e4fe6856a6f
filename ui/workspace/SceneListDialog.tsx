import { Menu } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import {
  addSceneLabel,
  cloneScene,
  cloneToUnnamed,
  deepDeleteScene,
  deleteScene,
  deleteScenes,
  getSceneLabels,
  listScenes,
  newIdempotencyKey,
  removeSceneLabel,
  renameScene,
  renameSceneLabel,
  restoreDeletedScene,
  type Scene,
  type SceneLabelCount,
  type SceneListQuery,
} from '../../api';
import { api } from '../app/api';
import { notify } from '../notice';
import { SCENE_LIST_PAGE_SIZE } from '../scene/constants';
import { requestOpen, schemeRenamed, schemesBinned, sceneUi } from '../scene/controller';
import { uploadFailureDetail } from '../scene/messages';
import {
  changeView,
  checkLabel,
  checkSchemeName,
  INITIAL_SCHEME_VIEW,
  LABEL_MAX_CHARS,
  labelFilterAfter,
  pageAfterRemoval,
  pageCount,
  replaceScheme,
  SCHEME_NAME_MAX_CHARS,
  SCHEME_SEARCH_DEBOUNCE_MS,
  SCHEME_SORTS,
  schemeListQuery,
  toggleSelected,
  type NameCheck,
  type SchemeListView,
  type SchemeSort,
} from '../scene/scheme-list';
import { sceneSession } from '../scene/state';
import { ConfirmDialog } from './ConfirmDialog';
import { DialogListPending, DialogPager, formatTime, NameField, SceneDialog, ScenePreview } from './SceneDialog';
import { nameProblem, questionText, sortLabel } from './scheme-texts';
import './scheme-list.css';
import { useRequest } from './use-request';

// 我的方案: the user's schemes with search, sort, label filter and pages; per scheme open, rename,
// copy, labels and delete; several at once; the recycle bin. The rules live in
// ui/scene/scheme-list.ts; every call is silent and its failure is told here in the server's words,
// with the list left as it was.

/** 我的方案 */
export function SceneListDialog() {
  const { t } = useLingui();
  const { listOpen } = useSnapshot(sceneUi);
  return (
    <SceneDialog open={listOpen} title={t`我的方案`} size="wide" onClose={() => (sceneUi.listOpen = false)} footer={null}>
      {listOpen ? <SchemeManager /> : null}
    </SceneDialog>
  );
}

const silent = { silent: true } as const;


/** What a question or a small dialog over the list is about. */
type Pending =
  | { kind: 'rename'; scene: Scene }
  | { kind: 'labels'; scene: Scene }
  | { kind: 'delete'; scene: Scene }
  | { kind: 'deep-delete'; scene: Scene }
  | { kind: 'delete-selected' }
  | { kind: 'clone-selected' }
  | { kind: 'rename-label'; label: string }
  | { kind: 'remove-label'; label: string };

function SchemeManager() {
  const { t } = useLingui();
  const [view, setView] = useState<SchemeListView>(INITIAL_SCHEME_VIEW);
  const [typed, setTyped] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [labels, setLabels] = useState<readonly SceneLabelCount[]>([]);
  const [labelsAttempt, setLabelsAttempt] = useState(0);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [working, setWorking] = useState(false);

  // The call as text: a view that changed nothing (a space typed after a word) asks for nothing new.
  const queryKey = JSON.stringify(schemeListQuery(view, SCENE_LIST_PAGE_SIZE));
  const [load, patchPage] = useRequest(`${attempt}:${queryKey}`, (signal) => listScenes(api, JSON.parse(queryKey) as SceneListQuery, { ...silent, signal }), uploadFailureDetail);
  // The page last shown stays on screen while the next one loads: an action never blanks the list.
  const page = load.state === 'done' ? load.page : load.last;

  useEffect(() => {
    const timer = setTimeout(() => setView((v) => changeView(v, { keyword: typed })), SCHEME_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    let live = true;
    getSceneLabels(api, silent).then(
      (list) => live && setLabels(list),
      // The chips are a convenience: without them the list still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [labelsAttempt]);

  const reload = (withLabels = false) => {
    setAttempt((n) => n + 1);
    if (withLabels) setLabelsAttempt((n) => n + 1);
  };

  /** Runs one call; a failure is told in the server's words and changes nothing on screen. */
  async function act<T>(call: () => Promise<T>, failed: (detail: string) => string): Promise<T | null> {
    setWorking(true);
    try {
      return await call();
    } catch (e) {
      notify(failed(uploadFailureDetail(e)), { kind: 'error' });
      return null;
    } finally {
      setWorking(false);
    }
  }

  const afterRemoval = (removed: number) => {
    if (page) setView((v) => ({ ...v, pageNumber: pageAfterRemoval(v.pageNumber, page.total, removed, SCENE_LIST_PAGE_SIZE) }));
    reload(true);
  };

  async function clone(scene: Scene) {
    const copy = await act(() => cloneScene(api, scene.id, undefined, { ...silent, idempotencyKey: newIdempotencyKey() }), (d) => t`复制失败：${d}`);
    if (!copy) return;
    const name = copy.name;
    notify(t`已复制为「${name}」`, { kind: 'success' });
    reload(true);
  }

  async function restore(scene: Scene) {
    if (!(await act(() => restoreDeletedScene(api, scene.id, silent), (d) => t`还原失败：${d}`))) return;
    const name = scene.name;
    notify(t`已还原「${name}」`, { kind: 'success' });
    afterRemoval(1);
  }

  async function confirmPending() {
    const p = pending;
    setPending(null);
    if (!p) return;
    if (p.kind === 'delete') {
      if (!(await act(() => deleteScene(api, p.scene.id, silent), (d) => t`删除失败：${d}`))) return;
      schemesBinned([p.scene.id]);
      notify(t`已移到回收站`, { kind: 'success' });
      afterRemoval(1);
    } else if (p.kind === 'deep-delete') {
      if (!(await act(() => deepDeleteScene(api, p.scene.id, silent), (d) => t`彻底删除失败：${d}`))) return;
      notify(t`已彻底删除`, { kind: 'success' });
      afterRemoval(1);
    } else if (p.kind === 'delete-selected') {
      const ids = selected;
      if (!(await act(() => deleteScenes(api, ids, silent), (d) => t`删除失败：${d}`))) return;
      schemesBinned(ids);
      setSelected([]);
      notify(t`已移到回收站`, { kind: 'success' });
      afterRemoval(ids.length);
    } else if (p.kind === 'clone-selected') {
      const ids = selected;
      const copies = await act(() => cloneToUnnamed(api, ids, { ...silent, idempotencyKey: newIdempotencyKey() }), (d) => t`复制失败：${d}`);
      if (!copies) return;
      const n = copies.length;
      setSelected([]);
      notify(t`已复制 ${n} 个方案`, { kind: 'success' });
      reload(true);
    } else if (p.kind === 'remove-label') {
      const label = p.label;
      if (!(await act(() => removeSceneLabel(api, label, undefined, silent), (d) => t`移除标签失败：${d}`))) return;
      setView((v) => changeView(v, { label: labelFilterAfter(v.label, { from: label, to: null }) }));
      notify(t`已从所有方案移除标签「${label}」`, { kind: 'success' });
      reload(true);
    }
  }

  const pages = page ? pageCount(page.total, SCENE_LIST_PAGE_SIZE) : 1;
  const count = selected.length;
  const question = pending ? questionOf(pending, count) : null;
  const list = page?.list ?? [];
  const bin = view.bin;

  return (
    <div className="scene-list scheme-list" aria-busy={load.state === 'loading'}>
      <div className="scheme-toolbar">
        <div className="history-tabs__list scheme-tabs" role="tablist" aria-label={t`方案视图`}>
          {[false, true].map((b) => (
            <button
              key={String(b)}
              type="button"
              role="tab"
              aria-selected={view.bin === b}
              data-selected={view.bin === b ? '' : undefined}
              className="history-tabs__tab"
              onClick={() => {
                setSelecting(false);
                setSelected([]);
                setView((v) => changeView(v, { bin: b }));
              }}
            >
              {b ? <Trans>回收站</Trans> : <Trans>全部方案</Trans>}
            </button>
          ))}
        </div>
        <input
          type="search"
          className="field__control scheme-toolbar__search"
          placeholder={t`搜索方案名称`}
          aria-label={t`搜索方案名称`}
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <SortSelect value={view.sort} onChange={(sort) => setView((v) => changeView(v, { sort }))} />
        {!bin ? (
          <button
            type="button"
            className={`button ${selecting ? 'button--primary' : 'button--secondary'} scheme-toolbar__select`}
            aria-pressed={selecting}
            onClick={() => {
              setSelecting((s) => !s);
              setSelected([]);
            }}
          >
            {selecting ? <Trans>完成</Trans> : <Trans>批量管理</Trans>}
          </button>
        ) : null}
      </div>

      {!bin && labels.length > 0 ? (
        <LabelFilter
          labels={labels}
          active={view.label}
          disabled={working}
          onPick={(label) => setView((v) => changeView(v, { label }))}
          onRename={(label) => setPending({ kind: 'rename-label', label })}
          onRemove={(label) => setPending({ kind: 'remove-label', label })}
        />
      ) : null}

      {selecting ? (
        <div className="scheme-selectbar" role="toolbar" aria-label={t`批量操作`}>
          <span className="scheme-selectbar__count">
            <Trans>已选择 {count} 个方案</Trans>
          </span>
          <button type="button" className="button button--ghost" onClick={() => setSelected(list.map((s) => s.id))} disabled={list.length === 0}>
            <Trans>全选本页</Trans>
          </button>
          <span className="scheme-selectbar__spacer" />
          <button type="button" className="button button--secondary" disabled={selected.length === 0 || working} onClick={() => setPending({ kind: 'clone-selected' })}>
            <Trans>复制为未命名方案</Trans>
          </button>
          <button type="button" className="button button--danger" disabled={selected.length === 0 || working} onClick={() => setPending({ kind: 'delete-selected' })}>
            <Trans>批量删除</Trans>
          </button>
        </div>
      ) : null}

      {page === null && load.state === 'loading' ? (
        <DialogListPending />
      ) : load.state === 'error' ? (
        <DialogListPending error={load.text} onRetry={() => setAttempt((n) => n + 1)} />
      ) : list.length === 0 ? (
        <p className="scene-list__status empty-state">
          {bin ? (
            <Trans>回收站是空的</Trans>
          ) : view.keyword.trim() || view.label ? (
            <Trans>没有符合条件的方案</Trans>
          ) : (
            <Trans>还没有保存过方案</Trans>
          )}
        </p>
      ) : (
        <ul className="scene-grid" aria-label={bin ? t`回收站` : t`方案列表`}>
          {list.map((scene) => (
            <li key={scene.id} className="scheme-item">
              {bin ? (
                <BinCard scene={scene} disabled={working} onRestore={() => void restore(scene)} onDeepDelete={() => setPending({ kind: 'deep-delete', scene })} />
              ) : (
                <SchemeCard
                  scene={scene}
                  selecting={selecting}
                  checked={selected.includes(scene.id)}
                  disabled={working}
                  onToggle={() => setSelected((s) => toggleSelected(s, scene.id))}
                  onChoose={(action) => {
                    if (action === 'open') void requestOpen(scene);
                    else if (action === 'clone') void clone(scene);
                    else setPending({ kind: action, scene });
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      <DialogPager pageNumber={view.pageNumber} pages={pages} loading={load.state !== 'done'} onPage={(n) => setView((v) => ({ ...v, pageNumber: n }))} />

      {pending?.kind === 'rename' ? (
        <NameDialog
          title={t`重命名方案`}
          label={t`方案名称`}
          initial={pending.scene.name}
          maxLength={SCHEME_NAME_MAX_CHARS}
          check={checkSchemeName}
          onClose={() => setPending(null)}
          onSubmit={async (name) => {
            const scene = pending.scene;
            const renamed = await act(() => renameScene(api, scene.id, name, silent), (d) => t`重命名失败：${d}`);
            if (!renamed) return false;
            schemeRenamed(renamed);
            patchPage((p) => ({ ...p, list: replaceScheme(p.list, renamed) }));
            notify(t`已重命名`, { kind: 'success' });
            reload();
            return true;
          }}
        />
      ) : null}
      {pending?.kind === 'rename-label' ? (
        <NameDialog
          title={t`重命名标签`}
          label={t`标签名称`}
          initial={pending.label}
          maxLength={LABEL_MAX_CHARS}
          check={(v) => checkLabel(v)}
          onClose={() => setPending(null)}
          onSubmit={async (to) => {
            const from = pending.label;
            if (to === from) return true;
            if (!(await act(() => renameSceneLabel(api, from, to, silent), (d) => t`重命名标签失败：${d}`))) return false;
            setView((v) => changeView(v, { label: labelFilterAfter(v.label, { from, to }) }));
            notify(t`已重命名标签`, { kind: 'success' });
            reload(true);
            return true;
          }}
        />
      ) : null}
      {pending?.kind === 'labels' ? (
        <LabelEditor
          scene={pending.scene}
          known={labels}
          onClose={(changed) => {
            setPending(null);
            if (changed) reload(true);
          }}
        />
      ) : null}
      {question ? (
        // Mounted open, like the name dialogs: one kept mounted and opened from the card menu never
        // showed (the menu hands focus back to its trigger as it closes).
        <ConfirmDialog
          open
          title={question.title}
          confirmLabel={question.confirm}
          cancelLabel={t`取消`}
          tone={pending?.kind === 'clone-selected' ? 'default' : 'danger'}
          onConfirm={() => void confirmPending()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

function questionOf(p: Pending, count: number): { title: string; confirm: string } | null {
  switch (p.kind) {
    case 'delete':
    case 'deep-delete':
      return questionText({ kind: p.kind, name: p.scene.name });
    case 'delete-selected':
    case 'clone-selected':
      return questionText({ kind: p.kind, count });
    case 'remove-label':
      return questionText({ kind: p.kind, label: p.label });
    default:
      return null;
  }
}

function SortSelect({ value, onChange }: { readonly value: SchemeSort; readonly onChange: (sort: SchemeSort) => void }) {
  const { t } = useLingui();
  return (
    <select className="field__control scheme-toolbar__sort" aria-label={t`排序`} value={value} onChange={(e) => onChange(e.currentTarget.value as SchemeSort)}>
      {SCHEME_SORTS.map((s) => (
        <option key={s} value={s}>
          {sortLabel(s)}
        </option>
      ))}
    </select>
  );
}

function LabelFilter({
  labels,
  active,
  disabled,
  onPick,
  onRename,
  onRemove,
}: {
  readonly labels: readonly SceneLabelCount[];
  readonly active: string | null;
  readonly disabled: boolean;
  readonly onPick: (label: string | null) => void;
  readonly onRename: (label: string) => void;
  readonly onRemove: (label: string) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="scheme-labels">
      <div className="chips" role="group" aria-label={t`按标签筛选`}>
        <button type="button" className="chip scheme-chip" aria-pressed={active === null} onClick={() => onPick(null)}>
          <Trans>全部</Trans>
        </button>
        {labels.map(({ label, count }) => (
          <button key={label} type="button" className="chip scheme-chip" aria-pressed={active === label} onClick={() => onPick(active === label ? null : label)}>
            {label}
            <span className="scheme-chip__count">{count}</span>
          </button>
        ))}
      </div>
      {active !== null ? (
        <div className="scheme-labels__actions">
          <button type="button" className="button button--ghost" disabled={disabled} onClick={() => onRename(active)}>
            <Trans>重命名标签</Trans>
          </button>
          <button type="button" className="button button--ghost" disabled={disabled} onClick={() => onRemove(active)}>
            <Trans>从所有方案移除</Trans>
          </button>
        </div>
      ) : null}
    </div>
  );
}

type CardAction = 'open' | 'rename' | 'clone' | 'labels' | 'delete';

function SchemeCard({
  scene,
  selecting,
  checked,
  disabled,
  onToggle,
  onChoose,
}: {
  readonly scene: Scene;
  readonly selecting: boolean;
  readonly checked: boolean;
  readonly disabled: boolean;
  readonly onToggle: () => void;
  readonly onChoose: (action: CardAction) => void;
}) {
  const { t, i18n } = useLingui();
  const session = useSnapshot(sceneSession);
  const current = session.scene?.id === scene.id;
  const updated = formatTime(scene.updatedAt, i18n.locale);
  const name = scene.name;
  return (
    <>
      <button
        type="button"
        className="scene-card"
        role={selecting ? 'checkbox' : undefined}
        aria-checked={selecting ? checked : undefined}
        // While picking, the outline means "selected" only; the badge still says which one is open.
        aria-current={current && !selecting ? 'true' : undefined}
        aria-label={selecting ? t`选择方案 ${name}` : t`打开方案 ${name}`}
        onClick={() => (selecting ? onToggle() : onChoose('open'))}
      >
        <ScenePreview src={scene.customPreview || scene.preview} alt="" />
        {current ? (
          <span className="scene-card__badge">
            <Trans>当前</Trans>
          </span>
        ) : null}
        {selecting ? <span className="scene-card__check" aria-hidden="true" /> : null}
        <span className="scene-card__name" title={scene.name}>
          {scene.name}
        </span>
        <span className="scene-card__meta">
          <Trans>更新于 {updated}</Trans>
        </span>
        <CardLabels labels={scene.labels} />
      </button>
      {!selecting ? (
        <Menu.Root positioning={{ placement: 'bottom-end', strategy: 'fixed' }} onSelect={(d) => onChoose(d.value as CardAction)}>
          <Menu.Trigger className="scheme-item__more" aria-label={t`更多操作 ${name}`} disabled={disabled}>
            <MoreIcon />
          </Menu.Trigger>
          {/* In the dialog, not portalled out of it: the modal hides what lies outside from assistive technology. */}
          <Menu.Positioner className="scheme-menu__positioner">
            <Menu.Content className="scheme-menu">
              <MenuItem value="open">
                <Trans>打开</Trans>
              </MenuItem>
              <MenuItem value="rename">
                <Trans>重命名</Trans>
              </MenuItem>
              <MenuItem value="clone">
                <Trans>复制</Trans>
              </MenuItem>
              <MenuItem value="labels">
                <Trans>标签</Trans>
              </MenuItem>
              <Menu.Separator className="scheme-menu__separator" />
              <MenuItem value="delete" danger>
                <Trans>删除</Trans>
              </MenuItem>
            </Menu.Content>
          </Menu.Positioner>
        </Menu.Root>
      ) : null}
    </>
  );
}

function MenuItem({ value, danger, children }: { readonly value: CardAction; readonly danger?: boolean; readonly children: ReactNode }) {
  return (
    <Menu.Item value={value} className={`scheme-menu__item${danger ? ' scheme-menu__item--danger' : ''}`}>
      {children}
    </Menu.Item>
  );
}

function CardLabels({ labels }: { readonly labels: readonly string[] }) {
  if (labels.length === 0) return null;
  return (
    <span className="scheme-card__labels">
      {labels.map((l) => (
        <span key={l} className="scheme-tag">
          {l}
        </span>
      ))}
    </span>
  );
}

function BinCard({ scene, disabled, onRestore, onDeepDelete }: { readonly scene: Scene; readonly disabled: boolean; readonly onRestore: () => void; readonly onDeepDelete: () => void }) {
  const { t, i18n } = useLingui();
  const deleted = formatTime(scene.deletedAt ?? scene.updatedAt, i18n.locale);
  const name = scene.name;
  return (
    <div className="scene-card scheme-card--binned" role="group" aria-label={name}>
      <ScenePreview src={scene.customPreview || scene.preview} alt="" />
      <span className="scene-card__name" title={scene.name}>
        {scene.name}
      </span>
      <span className="scene-card__meta">
        <Trans>删除于 {deleted}</Trans>
      </span>
      <span className="scheme-card__actions">
        <button type="button" className="button button--secondary" disabled={disabled} aria-label={t`还原 ${name}`} onClick={onRestore}>
          <Trans>还原</Trans>
        </button>
        <button type="button" className="button button--danger" disabled={disabled} aria-label={t`彻底删除 ${name}`} onClick={onDeepDelete}>
          <Trans>彻底删除</Trans>
        </button>
      </span>
    </div>
  );
}

/** One name in a small dialog (a scheme's, a label's); the field says what is wrong before any call. */
function NameDialog({
  title,
  label,
  initial,
  maxLength,
  check,
  onClose,
  onSubmit,
}: {
  readonly title: string;
  readonly label: string;
  readonly initial: string;
  readonly maxLength: number;
  readonly check: (value: string) => NameCheck;
  readonly onClose: () => void;
  /** true when done (the dialog closes) */
  readonly onSubmit: (value: string) => Promise<boolean>;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check(value);
    if (!checked.ok) {
      setError(nameProblem(checked.reason, maxLength));
      return;
    }
    setError('');
    setBusy(true);
    const done = await onSubmit(checked.value);
    setBusy(false);
    if (done) onClose();
  }

  return (
    <SceneDialog open title={title} onClose={onClose} footer={null}>
      <form className="scene-form" onSubmit={(e) => void submit(e)} noValidate>
        <NameField id={id} label={label} value={value} maxLength={maxLength} error={error} onChange={setValue} />
        <div className="scene-dialog__footer scene-dialog__footer--inline">
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>取消</Trans>
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            <Trans>确定</Trans>
          </button>
        </div>
      </form>
    </SceneDialog>
  );
}

/** A scheme's labels: remove one, add a typed one or one used on other schemes. */
function LabelEditor({ scene, known, onClose }: { readonly scene: Scene; readonly known: readonly SceneLabelCount[]; readonly onClose: (changed: boolean) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [labels, setLabels] = useState<readonly string[]>(scene.labels);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const name = scene.name;

  async function run(call: () => Promise<readonly string[]>, failed: (d: string) => string): Promise<boolean> {
    setBusy(true);
    try {
      setLabels(await call());
      setChanged(true);
      return true;
    } catch (e) {
      notify(failed(uploadFailureDetail(e)), { kind: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(input: string) {
    const checked = checkLabel(input, labels);
    if (!checked.ok) {
      setError(nameProblem(checked.reason, LABEL_MAX_CHARS));
      return;
    }
    setError('');
    if (await run(() => addSceneLabel(api, scene.id, checked.value, silent), (d) => t`添加标签失败：${d}`)) setValue('');
  }

  async function remove(label: string) {
    await run(
      async () => {
        await removeSceneLabel(api, label, scene.id, silent);
        return labels.filter((l) => l !== label);
      },
      (d) => t`移除标签失败：${d}`,
    );
  }

  const suggestions = known.map((k) => k.label).filter((l) => !labels.includes(l));

  return (
    <SceneDialog open title={t`方案标签：${name}`} onClose={() => onClose(changed)} footer={null}>
      <div className="scheme-label-editor">
        {labels.length > 0 ? (
          <ul className="chips scheme-label-editor__list" aria-label={t`已有标签`}>
            {labels.map((l) => (
              <li key={l} className="chip scheme-chip scheme-chip--removable">
                {l}
                <button type="button" className="scheme-chip__remove" aria-label={t`移除标签 ${l}`} disabled={busy} onClick={() => void remove(l)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="scene-dialog__text--muted">
            <Trans>这个方案还没有标签</Trans>
          </p>
        )}
        <form
          className="scheme-label-editor__add"
          onSubmit={(e) => {
            e.preventDefault();
            void add(value);
          }}
          noValidate
        >
          <label className="sr-only" htmlFor={`${id}-label`}>
            <Trans>新标签</Trans>
          </label>
          <input
            id={`${id}-label`}
            className="field__control"
            placeholder={t`输入新标签`}
            value={value}
            maxLength={LABEL_MAX_CHARS}
            autoFocus
            aria-invalid={error ? true : undefined}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            <Trans>添加</Trans>
          </button>
        </form>
        {error ? (
          <span className="field__error" role="alert">
            {error}
          </span>
        ) : null}
        {suggestions.length > 0 ? (
          <div className="scheme-label-editor__suggest">
            <span className="scene-dialog__text--muted">
              <Trans>常用标签</Trans>
            </span>
            <div className="chips">
              {suggestions.map((l) => (
                <button key={l} type="button" className="chip scheme-chip" disabled={busy} onClick={() => void add(l)}>
                  + {l}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        <div className="scene-dialog__footer scene-dialog__footer--inline">
          <button type="button" className="button button--primary" onClick={() => onClose(changed)}>
            <Trans>完成</Trans>
          </button>
        </div>
      </div>
    </SceneDialog>
  );
}

function MoreIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="3.5" cy="8" r="1.3" fill="currentColor" />
      <circle cx="8" cy="8" r="1.3" fill="currentColor" />
      <circle cx="12.5" cy="8" r="1.3" fill="currentColor" />
    </svg>
  );
}
