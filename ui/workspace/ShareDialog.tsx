import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { createSceneShareCode, revokeSceneShareCode } from '../../api';
import { api } from '../app/api';
import { notify } from '../notice';
import { sceneText } from '../scene/messages';
import { sceneSession } from '../scene/state';
import { onlyShowSceneHref, shareLink } from '../viewer/source';
import { copyText } from '../widgets/dom';
import { SceneDialog } from './SceneDialog';
import './scene.css';

// 分享: the open saved scheme's share link. The dialog makes (or reads back) the scene's code,
// shows the link, copies it, previews the scheme as a visitor sees it, and withdraws the code.

type CodeState = { readonly kind: 'making' } | { readonly kind: 'ready'; readonly code: string } | { readonly kind: 'failed' };

/** The 分享 button of the top bar and its dialog. A scheme never saved is asked to be saved first. */
export function ShareButton({ disabled }: { readonly disabled: boolean }) {
  const { t } = useLingui();
  const [sceneId, setSceneId] = useState<number | null>(null);
  function open() {
    const scene = sceneSession.scene;
    if (!scene) {
      notify(sceneText.saveFirst(), { kind: 'warning' });
      return;
    }
    setSceneId(scene.id);
  }
  return (
    <>
      <button type="button" className="button button--ghost" title={t`分享`} disabled={disabled} onClick={open}>
        <ShareIcon />
        <span className="scene-actions__label--compact">
          <Trans>分享</Trans>
        </span>
      </button>
      {sceneId !== null ? <ShareDialog sceneId={sceneId} onClose={() => setSceneId(null)} /> : null}
    </>
  );
}

function ShareDialog({ sceneId, onClose }: { readonly sceneId: number; readonly onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [state, setState] = useState<CodeState>({ kind: 'making' });
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    // A failure is told by the API client's notice (接口出错！ …); the dialog says it too.
    createSceneShareCode(api, sceneId, { signal: ctl.signal })
      .then((made) => setState({ kind: 'ready', code: made.shareCode }))
      .catch(() => !ctl.signal.aborted && setState({ kind: 'failed' }));
    return () => ctl.abort();
  }, [sceneId]);

  const link = state.kind === 'ready' ? shareLink(window.location.origin, state.code) : '';

  async function copy() {
    // core.md §8: 复制成功 / 复制失败
    if (await copyText(link)) notify(t`复制成功`, { kind: 'success' });
    else notify(t`复制失败`, { kind: 'error' });
  }

  function preview() {
    if (state.kind !== 'ready') return;
    // core.md §2: the scene-only viewer opens in a new window, here on the shared file (what a visitor sees).
    window.open(onlyShowSceneHref(`/files/share/${state.code}/scene`, true), '_blank', 'noopener');
  }

  async function revoke() {
    setRevoking(true);
    try {
      await revokeSceneShareCode(api, sceneId);
      notify(t`已取消分享，原链接已失效`, { kind: 'success' });
      onClose();
    } catch {
      // the API client has said why; the link stays shared
      setRevoking(false);
      setConfirming(false);
    }
  }

  const ready = state.kind === 'ready';
  // 取消分享 asks first, inside this dialog (a second modal over it would fight it for focus).
  const footer = confirming ? (
    <>
      <span className="scene-dialog__hint share-dialog__question" role="alert">
        <Trans>取消分享后，已发出的链接将无法再打开。确定取消分享吗？</Trans>
      </span>
      <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
        <Trans>保留分享</Trans>
      </button>
      <button type="button" className="button button--danger" disabled={revoking} onClick={() => void revoke()}>
        <Trans>确定取消分享</Trans>
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button button--danger share-dialog__revoke" disabled={!ready || revoking} onClick={() => setConfirming(true)}>
        <Trans>取消分享</Trans>
      </button>
      <button type="button" className="button button--secondary" disabled={!ready} onClick={preview}>
        <Trans>预览</Trans>
      </button>
      <button type="button" className="button button--primary" disabled={!ready} onClick={() => void copy()}>
        <Trans>复制链接</Trans>
      </button>
    </>
  );

  return (
    <SceneDialog
      open
      title={t`分享方案`}
      description={t`获得链接的人无需登录即可查看方案（只读），看到的是最近一次保存的内容。`}
      onClose={onClose}
      footer={footer}
    >
      <div className="field scene-form">
        <label className="field__label" htmlFor={`${id}-link`}>
          <Trans>分享链接</Trans>
        </label>
        {state.kind === 'failed' ? (
          <p className="field__error" role="alert">
            <Trans>分享链接生成失败，请稍后重试</Trans>
          </p>
        ) : (
          <input
            id={`${id}-link`}
            className="field__control share-dialog__link"
            data-testid="share-link"
            readOnly
            value={ready ? link : t`正在生成分享链接…`}
            aria-busy={state.kind === 'making'}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </div>
    </SceneDialog>
  );
}

function ShareIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.5}>
      <circle cx="11.75" cy="3.75" r="1.75" />
      <circle cx="4.25" cy="8" r="1.75" />
      <circle cx="11.75" cy="12.25" r="1.75" />
      <path d="m5.8 7.1 4.4-2.45M5.8 8.9l4.4 2.45" strokeLinecap="round" />
    </svg>
  );
}
