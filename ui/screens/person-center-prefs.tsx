import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { changePassword, getPreferences, isApiError, saveHotkeys, saveUserConfig } from '../../api';
import {
  FLAG_FIELDS,
  HOTKEY_DIRS,
  USER_CONFIG_LIMITS,
  applyHotkeyChange,
  comboOfEvent,
  type FlagField,
  type Hotkey,
  type HotkeyDir,
  type HotkeyName,
  type NumberField,
  type Preferences,
  type UserConfig,
} from '../../protocol/preferences';
import { api } from '../app/api';
import { apiErrorText, notify } from '../notice';
import { storePreferences } from '../prefs/store';

// The personal centre's own settings (issue 15): the user config (catalogues.md §3/§9), the
// hotkeys and the password. The rules are protocol/preferences.ts's, the same the server applies;
// the server's answer is stored at once (prefs/store.ts), so the workspace uses it on its next open.

type Load = { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; prefs: Preferences };

/** Loads the preferences once for the tabs that show them. */
export function usePreferences(): [Load, (prefs: Preferences) => void, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getPreferences(api, { silent: true, signal: controller.signal }).then(
      (prefs) => {
        storePreferences(prefs);
        setLoad({ state: 'done', prefs });
      },
      (e: unknown) => {
        if (controller.signal.aborted || (isApiError(e) && e.sessionExpired)) return;
        setLoad({ state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const update = (prefs: Preferences) => {
    storePreferences(prefs);
    setLoad({ state: 'done', prefs });
  };
  return [load, update, () => setAttempt((n) => n + 1)];
}

function errorText(e: unknown): string {
  if (isApiError(e) && e.kind === 'response' && e.serverMessage) return e.serverMessage;
  return isApiError(e) ? apiErrorText(e) : String(e);
}

// ---- user config ----

interface NumberSpec {
  readonly field: NumberField;
  readonly label: MessageDescriptor;
  readonly unit: MessageDescriptor | null;
  /** stored value = shown value × scale (the backup wait is shown in minutes, stored in ms) */
  readonly scale: number;
  readonly step: number;
}

const CONFIG_GROUPS: readonly { readonly title: MessageDescriptor; readonly numbers: readonly NumberSpec[]; readonly flags: readonly FlagField[] }[] = [
  {
    title: msg`绘制`,
    numbers: [{ field: 'wallThickness', label: msg`默认墙厚`, unit: msg`毫米`, scale: 1, step: 10 }],
    flags: [],
  },
  {
    title: msg`视图与相机`,
    numbers: [
      { field: 'cameraMoveSpeedPercentage', label: msg`相机移动速度`, unit: msg`%`, scale: 1, step: 10 },
      { field: 'angleDragResponse', label: msg`视角拖动灵敏度`, unit: null, scale: 1, step: 50 },
    ],
    flags: ['isEnableLod', 'isUseLowGltf', 'fullScreenDetailMode', 'enableWheelScaleModel'],
  },
  {
    // context: elsewhere 线条 are trims (the cabinet quote's 线条 group)
    title: msg({ message: '线条', context: 'drawn lines' }),
    numbers: [
      { field: 'dynamicLineWidth', label: msg`动态线宽`, unit: msg`像素`, scale: 1, step: 0.05 },
      { field: 'staticLineWidth', label: msg`静态线宽`, unit: msg`像素`, scale: 1, step: 0.05 },
    ],
    flags: ['enableDynamicLine'],
  },
  {
    title: msg`自动备份`,
    numbers: [{ field: 'backupTime', label: msg`自动备份间隔`, unit: msg`分钟`, scale: 60_000, step: 1 }],
    flags: [],
  },
];

const FLAG_LABELS: Readonly<Record<FlagField, { readonly label: MessageDescriptor; readonly hint: MessageDescriptor }>> = {
  isEnableLod: { label: msg`模型细节分级`, hint: msg`远处的模型用较少的面显示，大场景更流畅` },
  isUseLowGltf: { label: msg`使用低精度模型`, hint: msg`加载低精度模型文件，适合配置较低的电脑` },
  fullScreenDetailMode: { label: msg`全屏细节模式`, hint: msg`全屏时显示更多细节` },
  enableWheelScaleModel: { label: msg`滚轮缩放模型`, hint: msg`选中模型时滚轮缩放模型而不是视图` },
  enableDynamicLine: { label: msg`动态线条`, hint: msg`拖动时显示模型轮廓线` },
};

type Drafts = Record<NumberField, string>;

function draftsOf(config: UserConfig): Drafts {
  const out = {} as Drafts;
  for (const g of CONFIG_GROUPS) for (const n of g.numbers) out[n.field] = String(config[n.field] / n.scale);
  return out;
}

export function ConfigPanel({ prefs, onSaved }: { readonly prefs: Preferences; readonly onSaved: (p: Preferences) => void }) {
  const { i18n, t } = useLingui();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(prefs.config));
  const [flags, setFlags] = useState<Record<FlagField, boolean>>(() => {
    const out = {} as Record<FlagField, boolean>;
    for (const f of FLAG_FIELDS) out[f] = prefs.config[f];
    return out;
  });
  const [backupMode, setBackupMode] = useState(prefs.config.backupMode);
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The shown value checked against the stored range, in the shown unit. */
  function check(spec: NumberSpec, text: string): { value: number } | { error: string } {
    const label = i18n._(spec.label);
    const limit = USER_CONFIG_LIMITS[spec.field];
    const min = limit.min / spec.scale;
    const max = limit.max / spec.scale;
    if (text.trim() === '' || !/^\d+(\.\d+)?$/.test(text.trim())) return { error: t`${label}必须是数字` };
    const value = Number(text) * spec.scale;
    if (limit.integer && !Number.isInteger(value)) return { error: t`${label}必须是整数` };
    if (value < limit.min || value > limit.max) return { error: t`${label}必须在 ${min} 到 ${max} 之间` };
    return { value };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const change: Record<string, number | boolean> = {};
    const found: Partial<Record<NumberField, string>> = {};
    for (const g of CONFIG_GROUPS) {
      for (const spec of g.numbers) {
        const r = check(spec, drafts[spec.field]);
        if ('error' in r) found[spec.field] = r.error;
        else if (r.value !== prefs.config[spec.field]) change[spec.field] = r.value;
      }
    }
    for (const f of FLAG_FIELDS) if (flags[f] !== prefs.config[f]) change[f] = flags[f];
    if (backupMode !== prefs.config.backupMode) change.backupMode = backupMode;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(change).length === 0) {
      notify(t`没有需要保存的修改`, { kind: 'info' });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveUserConfig(api, change as Partial<UserConfig>, { silent: true });
      onSaved(saved);
      notify(t`偏好设置已保存，重新打开设计工具后生效`, { kind: 'success' });
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pc-card pc-settings" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pc-config">
      <header className="pc-card__head">
        <h3 id="pc-config">
          <Trans>偏好设置</Trans>
        </h3>
        <span className="pc-card__extra">
          <Trans>保存在您的账号上，换电脑登录也保持一致</Trans>
        </span>
      </header>
      {CONFIG_GROUPS.map((g) => (
        <fieldset key={g.title.id} className="pc-settings__group">
          <legend>{i18n._(g.title)}</legend>
          <div className="pc-settings__fields">
            {g.numbers.map((spec) => (
              <label key={spec.field} className="field pc-settings__number">
                <span className="field__label">{i18n._(spec.label)}</span>
                <span className="pc-input-unit">
                  <input
                    className="field__control"
                    name={spec.field}
                    inputMode="decimal"
                    value={drafts[spec.field]}
                    aria-invalid={errors[spec.field] ? true : undefined}
                    onChange={(e) => setDrafts((d) => ({ ...d, [spec.field]: e.target.value }))}
                  />
                  {spec.unit ? <span className="pc-input-unit__unit">{i18n._(spec.unit)}</span> : null}
                </span>
                {errors[spec.field] ? <span className="field__error">{errors[spec.field]}</span> : null}
              </label>
            ))}
            {g.title.id === CONFIG_GROUPS[3]!.title.id ? (
              <label className="field pc-settings__number pc-settings__number--wide">
                <span className="field__label">
                  <Trans>备份方式</Trans>
                </span>
                <select className="field__control" name="backupMode" value={backupMode} onChange={(e) => setBackupMode(e.target.value === '1' ? 1 : 0)}>
                  <option value={1}>{t`备份时同时保存方案文件和预览图`}</option>
                  <option value={0}>{t`只保存备份`}</option>
                </select>
              </label>
            ) : null}
          </div>
          {g.flags.length > 0 ? (
            <ul className="pc-switches">
              {g.flags.map((f) => (
                <li key={f}>
                  <label className="pc-switch">
                    <input type="checkbox" name={f} checked={flags[f]} onChange={(e) => setFlags((s) => ({ ...s, [f]: e.target.checked }))} />
                    <span className="pc-switch__track" aria-hidden="true" />
                    <span className="pc-switch__text">
                      <span className="pc-switch__label">{i18n._(FLAG_LABELS[f].label)}</span>
                      <span className="pc-switch__hint">{i18n._(FLAG_LABELS[f].hint)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>
      ))}
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="pc-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          <Trans>保存设置</Trans>
        </button>
      </div>
    </form>
  );
}

// ---- hotkeys ----

const DIR_LABELS: Readonly<Record<HotkeyDir, MessageDescriptor>> = {
  general: msg`通用`,
  view: msg`视图`,
  measure: msg`测量`,
  customFurniture: msg`定制家具`,
  line: msg({ message: '线条', context: 'drawn lines' }),
  check: msg`检查`,
  kitdrawing: msg`橱柜图纸`,
};

export const HOTKEY_LABELS: Readonly<Record<HotkeyName, MessageDescriptor>> = {
  undo: msg`撤销`,
  redo: msg`重做`,
  copy: msg`复制`,
  paste: msg`粘贴`,
  hide: msg`隐藏`,
  delete: msg`删除`,
  viewBirdEye: msg`鸟瞰视图`,
  viewRoam: msg`漫游视图`,
  viewTop: msg`顶视图`,
  viewLookDown: msg`俯视图`,
  viewLookUp: msg`仰视图`,
  viewSurface: msg`立面视图`,
  viewFront: msg`正立面`,
  viewSide: msg`侧立面`,
  flyDown: msg`漫游下降`,
  flyUp: msg`漫游上升`,
  flyForward: msg`漫游前进`,
  flyBack: msg`漫游后退`,
  flyLeft: msg`漫游左移`,
  flyRight: msg`漫游右移`,
  ceilingShow: msg`显示吊顶`,
  ceilingHide: msg`隐藏吊顶`,
};

function Keys({ combo }: { readonly combo: string }) {
  return (
    <span className="pc-keys">
      {combo.split('+').map((k, i) => (
        <kbd key={i}>{k}</kbd>
      ))}
    </span>
  );
}

function overridesOf(hotkeys: readonly Hotkey[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of hotkeys) if (h.textVal !== h.defVal) out[h.name] = h.textVal;
  return out;
}

export function HotkeysPanel({ prefs, onSaved }: { readonly prefs: Preferences; readonly onSaved: (p: Preferences) => void }) {
  const { i18n, t } = useLingui();
  const [capturing, setCapturing] = useState<HotkeyName | null>(null);
  const [problem, setProblem] = useState<{ name: HotkeyName | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(change: Partial<Record<HotkeyName, string>>, name: HotkeyName | null) {
    setBusy(true);
    try {
      onSaved(await saveHotkeys(api, change, { silent: true }));
      setProblem(null);
      notify(t`快捷键已保存`, { kind: 'success' });
    } catch (e) {
      setProblem({ name, text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  function describe(name: HotkeyName, combo: string): string | null {
    const step = applyHotkeyChange(overridesOf(prefs.hotkeys), { [name]: combo });
    if (step.ok) return null;
    const p = step.problem;
    const label = i18n._(HOTKEY_LABELS[name]);
    switch (p.kind) {
      case 'conflict': {
        const other = i18n._(HOTKEY_LABELS[p.other]);
        return t`${label}：${combo} 已被“${other}”使用，请先修改“${other}”`;
      }
      case 'reserved':
        return t`${label}：${combo} 已被系统占用，请换一个组合`;
      case 'needsModifier':
        return t`${label}：${combo} 需要配合 Ctrl、Shift 或 Alt 使用`;
      case 'plainKeyOnly':
        return t`${label}：只能设为单个按键（不带 Ctrl、Shift、Alt），${combo} 不行`;
      default:
        return t`${label}：无法识别的按键组合 ${combo}`;
    }
  }

  useEffect(() => {
    if (!capturing) return;
    const name = capturing;
    const onKey = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Escape' && !e.ctrlKey && !e.shiftKey && !e.altKey) {
        setCapturing(null);
        return;
      }
      const combo = comboOfEvent(e);
      // a bare modifier: wait for the key it goes with
      if (combo === null) {
        if (!['Control', 'Shift', 'Alt', 'Meta'].includes(e.key)) setProblem({ name, text: t`这个按键不能用作快捷键，请换一个` });
        return;
      }
      setCapturing(null);
      const current = prefs.hotkeys.find((h) => h.name === name)!;
      if (combo === current.textVal) return;
      const refused = describe(name, combo);
      if (refused) setProblem({ name, text: refused });
      else void save({ [name]: combo }, name);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  const changed = prefs.hotkeys.filter((h) => h.textVal !== h.defVal);

  return (
    <section className="pc-card" aria-labelledby="pc-hotkeys">
      <header className="pc-card__head">
        <h3 id="pc-hotkeys">
          <Trans>快捷键</Trans>
        </h3>
        <button
          type="button"
          className="button button--secondary pc-small-button"
          disabled={busy || changed.length === 0}
          onClick={() => void save(Object.fromEntries(changed.map((h) => [h.name, h.defVal])), null)}
        >
          <Trans>全部恢复默认</Trans>
        </button>
      </header>
      <p className="pc-note">
        <Trans>点击“修改”后在键盘上按下新的组合键，按 Esc 取消。F11（全屏）和 Ctrl+S（保存）由系统保留。</Trans>
      </p>
      {problem && problem.name === null ? (
        <p className="form-alert" role="alert">
          {problem.text}
        </p>
      ) : null}
      {HOTKEY_DIRS.filter((dir) => prefs.hotkeys.some((h) => h.dir === dir)).map((dir) => (
        <div key={dir} className="pc-hotkeys">
          <h4 className="pc-hotkeys__dir">{i18n._(DIR_LABELS[dir])}</h4>
          <ul className="pc-hotkeys__list">
            {prefs.hotkeys
              .filter((h) => h.dir === dir)
              .map((h) => {
                const label = i18n._(HOTKEY_LABELS[h.name]);
                return (
                  <li key={h.name} className="pc-hotkey" data-hotkey={h.name} data-capturing={capturing === h.name || undefined}>
                    <span className="pc-hotkey__name">{label}</span>
                    <span className="pc-hotkey__value">
                      {capturing === h.name ? (
                        <span className="pc-hotkey__capture">
                          <Trans>请按下新的快捷键…</Trans>
                        </span>
                      ) : (
                        <Keys combo={h.textVal} />
                      )}
                      {h.textVal !== h.defVal && capturing !== h.name ? (
                        <span className="pc-hotkey__default">
                          <Trans>默认 {h.defVal}</Trans>
                        </span>
                      ) : null}
                    </span>
                    <span className="pc-hotkey__actions">
                      <button
                        type="button"
                        className="button button--ghost pc-small-button"
                        disabled={busy}
                        aria-label={t`修改快捷键：${label}`}
                        onClick={() => {
                          setProblem(null);
                          setCapturing(capturing === h.name ? null : h.name);
                        }}
                      >
                        {capturing === h.name ? <Trans>取消</Trans> : <Trans>修改</Trans>}
                      </button>
                      {h.textVal !== h.defVal ? (
                        <button
                          type="button"
                          className="button button--ghost pc-small-button"
                          disabled={busy}
                          aria-label={t`恢复默认：${label}`}
                          onClick={() => {
                            const refused = describe(h.name, h.defVal);
                            if (refused) setProblem({ name: h.name, text: refused });
                            else void save({ [h.name]: h.defVal }, h.name);
                          }}
                        >
                          <Trans>恢复默认</Trans>
                        </button>
                      ) : null}
                    </span>
                    {problem && problem.name === h.name ? (
                      <p className="pc-hotkey__error field__error" role="alert">
                        {problem.text}
                      </p>
                    ) : null}
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </section>
  );
}

// ---- password ----

export function PasswordPanel() {
  const { t } = useLingui();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ old?: string; next?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!oldPassword) found.old = t`请输入当前密码`;
    if (!newPassword) found.next = t`请输入新密码`;
    else if (newPassword === oldPassword) found.next = t`新密码不能与当前密码相同`;
    if (newPassword && confirm !== newPassword) found.confirm = t`两次输入的新密码不一致`;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(api, { oldPassword, newPassword }, { silent: true });
      setOld('');
      setNew('');
      setConfirm('');
      notify(t`密码已修改，其他设备上的登录已退出`, { kind: 'success', duration: 5000 });
    } catch (e) {
      setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  // An edited field's old complaint no longer applies; the next submit judges it again.
  const field = (
    id: string,
    label: ReactNode,
    value: string,
    set: (v: string) => void,
    error: string | undefined,
    autoComplete: string,
    key: 'old' | 'next' | 'confirm',
  ) => (
    <label className="field" htmlFor={id}>
      <span className="field__label">{label}</span>
      <input
        id={id}
        name={id}
        className="field__control"
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          set(e.target.value);
          if (errors[key]) setErrors((all) => ({ ...all, [key]: undefined }));
        }}
      />
      {error ? <span className="field__error">{error}</span> : null}
    </label>
  );

  return (
    <form className="pc-card pc-password" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pc-password">
      <header className="pc-card__head">
        <h3 id="pc-password">
          <Trans>修改密码</Trans>
        </h3>
      </header>
      <div className="pc-password__body">
        <div className="pc-password__fields">
          {field('oldPassword', <Trans>当前密码</Trans>, oldPassword, setOld, errors.old, 'current-password', 'old')}
          {field('newPassword', <Trans>新密码</Trans>, newPassword, setNew, errors.next, 'new-password', 'next')}
          {field('confirmPassword', <Trans>确认新密码</Trans>, confirm, setConfirm, errors.confirm, 'new-password', 'confirm')}
          {formError ? (
            <p className="form-alert" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="pc-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              <Trans>修改密码</Trans>
            </button>
          </div>
        </div>
        <aside className="pc-password__rules">
          <h4>
            <Trans>密码要求</Trans>
          </h4>
          <ul>
            <li>
              <Trans>至少 8 位，最多 64 位</Trans>
            </li>
            <li>
              <Trans>包含大写字母、小写字母、数字、符号中的至少三种</Trans>
            </li>
            <li>
              <Trans>不能是账号名或常见密码</Trans>
            </li>
          </ul>
          <p>
            <Trans>修改成功后，其他电脑和浏览器上的登录会退出，当前页面保持登录。</Trans>
          </p>
        </aside>
      </div>
    </form>
  );
}
