import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BrandMark } from '../app/BrandMark';
import { clearUser, readLoginProject, readUser } from '../auth/storage';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { useKernel } from '../kernel';
import { loginPathFor } from '../router/guard';
import { ConfirmDialog } from './ConfirmDialog';

export function TopBar() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [user] = useState(readUser);
  const [confirming, setConfirming] = useState(false);
  const snapshot = useKernel();
  const sceneName = snapshot.meta.name || t`未命名方案`;
  const displayName = user?.username || user?.phone || t`设计师`;
  const project = user?.project ?? '';

  function logout() {
    setConfirming(false);
    clearUser();
    void navigate({ href: loginPathFor(readLoginProject()), replace: true });
  }

  return (
    <header className="topbar">
      <BrandMark />
      <span className="topbar__divider" aria-hidden="true" />
      <span className="topbar__scene" title={sceneName}>
        {sceneName}
      </span>
      {project ? (
        <span className="topbar__project">
          <Trans>项目：{project}</Trans>
        </span>
      ) : null}
      <span className="topbar__spacer" />
      <LanguageSwitch />
      <span className="topbar__user">
        <span className="avatar" aria-hidden="true">
          {displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="topbar__username">{displayName}</span>
      </span>
      <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
        <Trans>退出登录</Trans>
      </button>
      <ConfirmDialog
        open={confirming}
        title={t`将退出系统，是否继续?`}
        confirmLabel={t`确定`}
        cancelLabel={t`取消`}
        onConfirm={logout}
        onCancel={() => setConfirming(false)}
      />
    </header>
  );
}
