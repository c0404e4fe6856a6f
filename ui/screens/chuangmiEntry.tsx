import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { getProjects, isApiError, me, type ProjectInfo, type SessionUser } from '../../api';
import { api } from '../app/api';
import { BrandMark } from '../app/BrandMark';
import '../auth/auth.css';
import { requestLogout } from '../auth/session';
import { markChuangmiEntryChecked, readUser } from '../auth/storage';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { apiErrorText } from '../notice';
import { CHUANGMI_PROJECT, isSameSitePath } from '../router/guard';
import { ROUTE_PATHS } from '../router/paths';

// ChuangmiEntryCheck (/chuangmi-entry, core.md §2): where a chuangmi user lands after login, on /
// and on unknown paths. It checks the session and the account with the server before the design
// workspace opens; once passed, / stays open to this user in this tab.

type Check =
  | { readonly kind: 'checking' }
  | { readonly kind: 'passed'; readonly user: SessionUser; readonly project: ProjectInfo | null }
  /** signed in, but not as a chuangmi account: this entry is not theirs */
  | { readonly kind: 'other-project'; readonly user: SessionUser }
  | { readonly kind: 'failed'; readonly message: string };

export default function ChuangmiEntryScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // Where the user was going when the guard sent them here (a deep link such as /?sceneId=1).
  const search: { redirect?: unknown } = useSearch({ strict: false });
  const redirect = typeof search.redirect === 'string' && isSameSitePath(search.redirect) ? search.redirect : null;
  const [check, setCheck] = useState<Check>({ kind: 'checking' });

  const run = useCallback(
    (signal: AbortSignal) => {
      // An expired session (401) is the session handler's: it leads to the login page.
      Promise.all([me(api, { silent: true, signal }), getProjects(api, { silent: true, signal }).catch(() => [] as ProjectInfo[])])
        .then(([user, projects]) => {
          if (signal.aborted) return;
          if (user.project !== CHUANGMI_PROJECT) setCheck({ kind: 'other-project', user });
          else setCheck({ kind: 'passed', user, project: projects.find((p) => p.code === user.project) ?? null });
        })
        .catch((e: unknown) => {
          if (signal.aborted || (isApiError(e) && e.sessionExpired)) return;
          setCheck({ kind: 'failed', message: isApiError(e) ? (e.kind === 'response' && e.serverMessage) || apiErrorText(e) : t`账号检查失败，请稍后重试` });
        });
    },
    [t],
  );

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal);
    return () => controller.abort();
  }, [run, attempt]);

  function enter() {
    const stored = readUser();
    if (!stored) return;
    markChuangmiEntryChecked(stored);
    void navigate({ href: redirect ?? ROUTE_PATHS.Home });
  }

  return (
    <div className="placeholder-page">
      <header className="placeholder-page__bar">
        <BrandMark />
        <LanguageSwitch />
      </header>
      <main className="placeholder-page__main">
        <section className="placeholder-card entry-check" aria-labelledby="entry-check-title" aria-busy={check.kind === 'checking'}>
          {check.kind === 'passed' && check.project?.logo ? <img className="entry-check__logo" src={check.project.logo} alt="" /> : null}
          <h1 id="entry-check-title">
            <Trans>创米设计入口</Trans>
          </h1>
          {check.kind === 'checking' ? (
            <p className="entry-check__status" role="status">
              <span className="spinner" aria-hidden="true" />
              <Trans>正在检查账号…</Trans>
            </p>
          ) : null}
          {check.kind === 'passed' ? (
            <>
              <p className="entry-check__status entry-check__status--ok" role="status">
                <Trans>账号检查通过</Trans>
              </p>
              <dl className="entry-check__who">
                <dt>
                  <Trans>项目</Trans>
                </dt>
                <dd>{check.project?.name ?? check.user.project}</dd>
                <dt>
                  <Trans>账号</Trans>
                </dt>
                <dd>{check.user.username || check.user.account}</dd>
              </dl>
              <div className="entry-check__actions">
                <button type="button" className="button button--primary" onClick={enter}>
                  <Trans>进入设计</Trans>
                </button>
                <button type="button" className="button button--secondary" onClick={() => void navigate({ to: ROUTE_PATHS.PersonCenter })}>
                  <Trans>个人中心</Trans>
                </button>
                <button type="button" className="button button--ghost" onClick={requestLogout}>
                  <Trans>退出登录</Trans>
                </button>
              </div>
            </>
          ) : null}
          {check.kind === 'other-project' ? (
            <>
              <p className="entry-check__status entry-check__status--error" role="alert">
                <Trans>此入口仅供创米家居账号使用。</Trans>
              </p>
              <button type="button" className="button button--primary" onClick={() => void navigate({ to: ROUTE_PATHS.Home })}>
                <Trans>返回工作台</Trans>
              </button>
            </>
          ) : null}
          {check.kind === 'failed' ? (
            <>
              <p className="entry-check__status entry-check__status--error" role="alert">
                {check.message}
              </p>
              <div className="entry-check__actions">
                <button type="button" className="button button--primary" onClick={() => {
                    setCheck({ kind: 'checking' });
                    setAttempt((n) => n + 1);
                  }}>
                  <Trans>重试</Trans>
                </button>
                <button type="button" className="button button--ghost" onClick={requestLogout}>
                  <Trans>退出登录</Trans>
                </button>
              </div>
            </>
          ) : null}
        </section>
      </main>
    </div>
  );
}
