import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { requestLogout } from '../auth/session';
import { readUser } from '../auth/storage';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { redo, undo, useKernel } from '../kernel';
import { SceneActions, SceneTitle } from './SceneActions';
import { TenantBadge, WorkspaceMark } from './TenantBadge';
import { PanoramaButton } from './panorama/PanoramaAction';

export function TopBar() {
  const { t } = useLingui();
  const [user] = useState(readUser);
  const displayName = user?.username || user?.phone || t`设计师`;
  const project = user?.project ?? '';
  const ready = useKernel().status === 'ready';

  return (
    <header className="topbar">
      <WorkspaceMark />
      <span className="topbar__divider" aria-hidden="true" />
      <SceneTitle />
      <SceneActions />
      <span className="topbar__divider" aria-hidden="true" />
      <HistoryButtons />
      <span className="topbar__divider" aria-hidden="true" />
      <Link to="/quoteDetails" className="button button--ghost" activeProps={{ 'aria-current': 'page' }}>
        <Trans>报价</Trans>
      </Link>
      <PanoramaButton disabled={!ready} />
      <TenantBadge project={project} />
      <span className="topbar__spacer" />
      <LanguageSwitch />
      <Link to="/personcenter" className="topbar__user" title={t`个人中心`}>
        <span className="avatar" aria-hidden="true">
          {displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="topbar__username">{displayName}</span>
      </Link>
      {/* The question (and the offer to save first) is the root's LogoutDialog. */}
      <button type="button" className="button button--ghost" onClick={requestLogout}>
        <Trans>退出登录</Trans>
      </button>
    </header>
  );
}

/** Undo / redo (Ctrl+Z, Ctrl+Y in the 3D view); failures are reported by the kernel error listener. */
function HistoryButtons() {
  const { t } = useLingui();
  const { canUndo, canRedo, status } = useKernel();
  const ready = status === 'ready';
  return (
    // Icons only (named for assistive technology, with a tooltip): the bar also carries the scheme's actions.
    <span className="topbar__history" role="group" aria-label={t`历史记录`} style={{ display: 'inline-flex', gap: 2 }}>
      <button
        type="button"
        className="icon-button"
        disabled={!ready || !canUndo}
        aria-label={t`撤销`}
        title={t`撤销 (Ctrl+Z)`}
        onClick={() => void undo().catch(() => undefined)}
      >
        <HistoryIcon direction="back" />
      </button>
      <button
        type="button"
        className="icon-button"
        disabled={!ready || !canRedo}
        aria-label={t`重做`}
        title={t`重做 (Ctrl+Y)`}
        onClick={() => void redo().catch(() => undefined)}
      >
        <HistoryIcon direction="forward" />
      </button>
    </span>
  );
}

function HistoryIcon({ direction }: { direction: 'back' | 'forward' }) {
  // One curved arrow, mirrored for redo.
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      style={direction === 'forward' ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d="M6 3 2.5 6.5 6 10" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M3 6.5h6.5a4 4 0 0 1 0 8H7" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
