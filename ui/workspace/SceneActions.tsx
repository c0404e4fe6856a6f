import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PRODUCT_NAME } from '../i18n/locale';
import { useKernel } from '../kernel';
import { requestHistory, requestSave, sceneUi } from '../scene/controller';
import { hasUnsavedWork, sceneSession } from '../scene/state';
import { SceneMoreMenu } from './SceneMoreMenu';
import { ShareButton } from './ShareDialog';
import './scene.css';

/**
 * The open scheme's title in the top bar and the page title: 未保存方案 for a scene never saved,
 * else its stored name; a dot says there are changes the server has not confirmed.
 */
export function SceneTitle() {
  const { t, i18n } = useLingui();
  const session = useSnapshot(sceneSession);
  const { dirty } = useKernel();
  const title = session.scene ? session.scene.name : t`未保存方案`;
  const unsaved = session.scene !== null && hasUnsavedWork(session, dirty);

  useEffect(() => {
    document.title = `${title} - ${i18n._(PRODUCT_NAME)}`;
  }, [title, i18n]);
  useEffect(() => () => void (document.title = i18n._(PRODUCT_NAME)), [i18n]);

  return (
    <span className="scene-title" data-testid="scene-title">
      <span className="topbar__scene" title={title}>
        {title}
      </span>
      {unsaved ? (
        <span className="scene-title__dirty" title={t`有未保存的修改`}>
          <span className="sr-only">{t`有未保存的修改`}</span>
        </span>
      ) : null}
    </span>
  );
}

/** 新建方案 / 我的方案 / 保存 / 历史版本 / 分享 / 更多 in the top bar. */
export function SceneActions() {
  const { t } = useLingui();
  const { busy } = useSnapshot(sceneSession);
  const { status } = useKernel();
  const ready = status === 'ready';
  const saving = busy === 'saving';
  return (
    <span className="scene-actions" role="group" aria-label={t`方案`}>
      <button type="button" className="button button--ghost" title={t`新建方案`} disabled={!ready || busy !== null} onClick={() => (sceneUi.newSchemeOpen = true)}>
        <NewIcon />
        <span className="scene-actions__label--compact">
          <Trans>新建方案</Trans>
        </span>
      </button>
      <button type="button" className="button button--ghost" disabled={!ready} onClick={() => (sceneUi.listOpen = true)}>
        <FolderIcon />
        <Trans>我的方案</Trans>
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={!ready || busy !== null}
        aria-busy={saving}
        title={t`保存 (Ctrl+S)`}
        onClick={() => void requestSave()}
      >
        {saving ? <span className="scene-actions__spinner" aria-hidden="true" /> : <SaveIcon />}
        <Trans>保存</Trans>
      </button>
      <button type="button" className="button button--ghost" title={t`历史版本`} disabled={!ready} onClick={() => void requestHistory()}>
        <ClockIcon />
        <span className="scene-actions__label--compact">
          <Trans>历史版本</Trans>
        </span>
      </button>
      <ShareButton disabled={!ready} />
      <SceneMoreMenu />
    </span>
  );
}

const iconProps = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, fill: 'none', stroke: 'currentColor', strokeWidth: 1.5 } as const;

function NewIcon() {
  return (
    <svg {...iconProps}>
      <path d="M9.25 1.75H4a1 1 0 0 0-1 1v10.5a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V5.5Z" strokeLinejoin="round" />
      <path d="M9.25 1.75V5.5H13M8 7.5v4.5M5.75 9.75h4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function FolderIcon() {
  return (
    <svg {...iconProps}>
      <path d="M1.75 4.25a1 1 0 0 1 1-1h3.2l1.5 1.5h5.8a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1H2.75a1 1 0 0 1-1-1Z" strokeLinejoin="round" />
    </svg>
  );
}

function SaveIcon() {
  return (
    <svg {...iconProps}>
      <path d="M2.75 2.25h8.5l2 2v9a.5.5 0 0 1-.5.5H2.75a.5.5 0 0 1-.5-.5v-10.5a.5.5 0 0 1 .5-.5Z" strokeLinejoin="round" />
      <path d="M5 2.5v3h5.5v-3M4.5 13.5V9.25h7v4.25" strokeLinejoin="round" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="8" cy="8" r="5.75" />
      <path d="M8 4.75V8l2.25 1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
