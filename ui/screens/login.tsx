import { Dialog, Field, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getProjects, isApiError, login, type ProjectInfo } from '../../api';
import { api } from '../app/api';
import { BrandMark } from '../app/BrandMark';
import { readLoginProject, rememberLoginProject, storeLogin } from '../auth/storage';
import { loadPreferences } from '../prefs/store';
import { DEFAULT_LOGIN_PROJECT, chooseTenant } from '../auth/tenants';
import { BrandSelect } from './BrandSelect';
import { ProtocolText, ProtocolTitle, type ProtocolDoc } from './protocol-docs';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { apiErrorText } from '../notice';
import { afterLoginPath } from '../router/guard';

// Lazy screen "login" (core.md §2): /login, /{loginProject}/login, /deson/login, /shuke_login.

export { DEFAULT_LOGIN_PROJECT };
/** core.md §2: the redirect after login waits 100 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

interface Props {
  /** the project fixed by the path (/{loginProject}/login, /deson/login) */
  readonly project?: string;
}

interface FieldErrors {
  account?: string;
  password?: string;
}

export default function LoginScreen({ project: pathProject }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const search: { redirect?: unknown } = useSearch({ strict: false });
  const [projects, setProjects] = useState<ProjectInfo[] | null>(null);
  const [wanted, setProject] = useState(() => pathProject ?? readLoginProject() ?? DEFAULT_LOGIN_PROJECT);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [reading, setReading] = useState<ProtocolDoc | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getProjects(api, { silent: true, signal: controller.signal })
      .then(setProjects)
      // Without the catalogue the selector still offers the current project.
      .catch(() => setProjects([]));
    return () => controller.abort();
  }, []);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  // Only real tenants are offered; an unknown code from the path falls back to the default project.
  const tenant = chooseTenant(projects, wanted);
  const project = tenant.code;
  const current = projects?.find((p) => p.code === project);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const errors: FieldErrors = {};
    if (!account.trim()) errors.account = t`请输入账号`;
    if (!password) errors.password = t`请输入密码`;
    setFieldErrors(errors);
    setFormError(agreed ? '' : t`请已阅读并同意《平台用户协议》和《平台隐私政策》`);
    if (errors.account || errors.password || !agreed) return;

    setSubmitting(true);
    try {
      const user = await login(api, { account: account.trim(), password, project });
      storeLogin(user);
      rememberLoginProject(project);
      // The workspace reads the stored user config and hotkeys synchronously, so they are fetched
      // before it opens; a failure leaves the defaults.
      await loadPreferences();
      const redirect = typeof search.redirect === 'string' ? search.redirect : null;
      redirectTimer.current = setTimeout(() => {
        void navigate({ href: afterLoginPath(redirect, { project: user.project || project, specialList: user.special_list === 1 }), replace: true });
      }, LOGIN_REDIRECT_DELAY_MS);
    } catch (err) {
      setSubmitting(false);
      if (isApiError(err) && err.kind === 'response' && err.serverMessage) setFormError(err.serverMessage);
      else if (isApiError(err)) setFormError(apiErrorText(err));
      else setFormError(t`登录失败，请稍后重试`);
    }
  }

  return (
    <div className="login">
      <aside className="login__brand">
        <BrandMark size={36} />
        <div className="login__pitch">
          <h2>
            <Trans>在浏览器里完成全屋设计</Trans>
          </h2>
          <p>
            <Trans>三维户型、全屋定制、云渲染与报价下单，一个平台全部搞定。</Trans>
          </p>
          <ul className="login__features">
            <li>
              <Trans>三维户型与硬装设计</Trans>
            </li>
            <li>
              <Trans>衣柜、橱柜全屋定制</Trans>
            </li>
            <li>
              <Trans>云渲染、全景图一键生成</Trans>
            </li>
            <li>
              <Trans>报价清单与工厂下单</Trans>
            </li>
          </ul>
        </div>
        <FloorPlanArt />
        <p className="login__legal">
          <Trans>推荐使用 Chrome 80 及以上版本（64 位）浏览器</Trans>
        </p>
      </aside>

      <main className="login__main">
        <div className="login__toolbar">
          <LanguageSwitch />
        </div>
        <form className="login__card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="login-title">
          <header className="login__greeting">
            {current?.logo ? <img className="login__logo" src={current.logo} alt="" onError={hideImage} /> : null}
            <h1 id="login-title">
              <Trans>欢迎回来</Trans>
            </h1>
            <p>
              <Trans>登录设计账号，继续你的方案</Trans>
            </p>
          </header>

          <BrandSelect tenants={projects} value={project} onChange={setProject} />
          {tenant.fellBack ? (
            <p className="login__notice" role="status">
              <Trans>登录地址中的品牌不存在，已为你选择默认品牌</Trans>
            </p>
          ) : null}

          <Field.Root className="field" invalid={Boolean(fieldErrors.account)}>
            <Field.Label className="field__label">
              <Trans>账号</Trans>
            </Field.Label>
            <Field.Input
              className="field__control"
              name="account"
              autoComplete="username"
              placeholder={t`请输入手机号或账号`}
              value={account}
              onChange={(e) => setAccount(e.currentTarget.value)}
            />
            <Field.ErrorText className="field__error">{fieldErrors.account}</Field.ErrorText>
          </Field.Root>

          <Field.Root className="field" invalid={Boolean(fieldErrors.password)}>
            <Field.Label className="field__label">
              <Trans>密码</Trans>
            </Field.Label>
            <Field.Input
              className="field__control"
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder={t`请输入登录密码`}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Field.ErrorText className="field__error">{fieldErrors.password}</Field.ErrorText>
          </Field.Root>

          {/* A native checkbox, styled: clicks, keyboard, forms and test tools all see a real control. */}
          <label className="agreement">
            <input
              type="checkbox"
              className="agreement__box"
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
            />
            <span className="agreement__text">
              <Trans>我已阅读并同意《平台用户协议》和《平台隐私政策》</Trans>
            </span>
          </label>
          <p className="agreement__links">
            <button type="button" className="link-button" onClick={() => setReading('agreement')}>
              <Trans>阅读《平台用户协议》</Trans>
            </button>
            <button type="button" className="link-button" onClick={() => setReading('privacy')}>
              <Trans>阅读《平台隐私政策》</Trans>
            </button>
          </p>

          {formError ? (
            <p className="form-alert" role="alert">
              {formError}
            </p>
          ) : null}

          <button type="submit" className="button button--primary button--block" aria-busy={submitting} disabled={submitting}>
            <Trans>登录</Trans>
          </button>
        </form>
      </main>
      <ProtocolDialog doc={reading} onClose={() => setReading(null)} />
    </div>
  );
}

/** The agreement or the privacy policy over the login form (/protocol needs a signed-in user). */
function ProtocolDialog({ doc, onClose }: { readonly doc: ProtocolDoc | null; readonly onClose: () => void }) {
  return (
    <Dialog.Root open={doc !== null} onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className="dialog protocol-dialog">
            {doc ? (
              <>
                <Dialog.Title className="dialog__title">
                  <ProtocolTitle doc={doc} />
                </Dialog.Title>
                <div className="protocol-dialog__body">
                  <ProtocolText doc={doc} />
                </div>
              </>
            ) : null}
            <div className="dialog__actions">
              <button type="button" className="button button--primary" onClick={onClose}>
                <Trans>我知道了</Trans>
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Decorative line drawing of a floor plan for the brand panel. */
function FloorPlanArt() {
  return (
    <svg className="login__plan" viewBox="0 0 380 300" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="6" strokeLinejoin="miter">
        <path d="M10 10H370V290H10Z" />
        <path d="M200 10V120M200 160V290M10 150H90M130 150H200M200 200H290M330 200H370" />
      </g>
      <g fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M90 150A40 40 0 0 1 130 110M200 120A40 40 0 0 1 240 160M290 200A40 40 0 0 0 330 160" />
        <rect x="40" y="40" width="110" height="70" rx="6" />
        <rect x="240" y="40" width="100" height="120" rx="4" />
        <rect x="40" y="190" width="60" height="70" rx="30" />
        <path d="M230 230h110v40H230z" />
      </g>
    </svg>
  );
}

function hideImage(e: { currentTarget: HTMLImageElement }) {
  e.currentTarget.hidden = true;
}
