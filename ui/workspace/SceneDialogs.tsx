import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useKernel } from '../kernel';
import { answerOpenPrompt, cancelConflict, closeSaveDialog, copyConflict, isNewSchemeStart, saveNewScene, sceneUi, type PendingScene } from '../scene/controller';
import { sceneText } from '../scene/messages';
import { sceneSession } from '../scene/state';
import { ClientDialog } from './clients/ClientDialog';
import { pickClientForNewScheme } from './clients/link';
import { registerClientPicker } from './new-scheme';
import { OfflineOfferDialog } from './OfflineBackups';
import { NewSchemeDialog } from './NewSchemeDialog';
import { RestoreDialog } from './RestoreDialog';
import { NameField, SceneDialog } from './SceneDialog';
import { SceneListDialog } from './SceneListDialog';
import './scene.css';

/** Every dialog of the scene session, and the indicator of long operations over the 3D view. */
export function SceneDialogs() {
  // The house-type dialog's 选择客户 opens the customer list (drawn after it, so on top).
  useEffect(() => registerClientPicker(pickClientForNewScheme), []);
  return (
    <>
      <SaveNameDialog />
      <NewSchemeDialog />
      <OpenPromptDialog />
      <SaveConflictDialog />
      <SceneListDialog />
      <RestoreDialog />
      <ClientDialog />
      <OfflineOfferDialog />
    </>
  );
}

/** The first save of a new scene asks for its name. */
function SaveNameDialog() {
  const { t } = useLingui();
  const ui = useSnapshot(sceneUi);
  const open = ui.saveDialog.open;
  return (
    <SceneDialog
      open={open}
      title={t`保存方案`}
      onClose={closeSaveDialog}
      footer={null}
      // A save in flight keeps its dialog: its outcome (or error) is shown there.
      beforeClose={() => sceneSession.busy !== 'saving'}
    >
      {open ? <SaveNameForm /> : null}
    </SceneDialog>
  );
}

function SaveNameForm() {
  const { t } = useLingui();
  const { meta } = useKernel();
  const { busy } = useSnapshot(sceneSession);
  const id = useId();
  const [name, setName] = useState(() => meta.name || sceneText.defaultName());
  const [error, setError] = useState('');
  const saving = busy === 'saving';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t`请输入方案名称`);
      return;
    }
    setError('');
    await saveNewScene(trimmed);
  }

  return (
    <form id={`${id}-form`} className="scene-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <NameField id={id} label={<Trans>方案名称</Trans>} value={name} maxLength={100} error={error} onChange={setName} />
      <div className="scene-dialog__footer scene-dialog__footer--inline">
        <button type="button" className="button button--secondary" onClick={closeSaveDialog}>
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

/** 保存提示 (core.md §2, §4): save then load, don't save then load, or close. */
function OpenPromptDialog() {
  const { t } = useLingui();
  // The snapshot is a read-only view of the same value.
  const openPrompt = useSnapshot(sceneUi).openPrompt as PendingScene | null;
  const starting = openPrompt !== null && isNewSchemeStart(openPrompt);
  const name = openPrompt !== null && !isNewSchemeStart(openPrompt) ? openPrompt.name : '';
  return (
    <SceneDialog
      open={openPrompt !== null}
      title={t`保存提示`}
      role="alertdialog"
      onClose={() => void answerOpenPrompt('close')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => void answerOpenPrompt('close')}>
            <Trans>关闭</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={() => void answerOpenPrompt('discard')}>
            <Trans>不保存</Trans>
          </button>
          <button type="button" className="button button--primary" onClick={() => void answerOpenPrompt('save')}>
            <Trans>保存</Trans>
          </button>
        </>
      }
    >
      <p className="scene-dialog__text">
        {starting ? (
          <Trans>新建方案前，是否保存当前方案？不保存的修改将会丢失。</Trans>
        ) : (
          <Trans>打开方案「{name}」前，是否保存当前方案？不保存的修改将会丢失。</Trans>
        )}
      </p>
    </SceneDialog>
  );
}

/** HTTP 412 on save: someone saved a newer version. Never overwrite; offer a copy. */
function SaveConflictDialog() {
  const { t } = useLingui();
  const { conflict, busy } = useSnapshot(sceneSession);
  const current = conflict?.currentVersion ?? '?';
  const base = conflict?.baseVersion ?? '?';
  return (
    <SceneDialog
      open={conflict !== null}
      title={t`方案已在其他地方更新`}
      role="alertdialog"
      onClose={cancelConflict}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={cancelConflict}>
            <Trans>取消</Trans>
          </button>
          <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void copyConflict()}>
            <Trans>另存为副本</Trans>
          </button>
        </>
      }
    >
      <div className="scene-alert">
        <span className="scene-alert__icon" aria-hidden="true">
          !
        </span>
        <div>
          <p className="scene-dialog__text">
            <Trans>
              有人在其他地方保存了该方案的更新版本（当前为第 {current} 版，你的修改基于第 {base} 版）。为避免覆盖他人的修改，本次保存没有写入任何内容。
            </Trans>
          </p>
          <p className="scene-dialog__text scene-dialog__text--muted">
            <Trans>另存为副本会用你当前的设计新建一个方案，原方案保持不变。</Trans>
          </p>
        </div>
      </div>
    </SceneDialog>
  );
}

/** Opening, restoring and the forced-logout auto save cover the 3D view; a save only marks its button. */
export function SceneBusyOverlay() {
  // Subscribed to the active language: the texts are translated when shown.
  useLinguiContext();
  const { busy } = useSnapshot(sceneSession);
  const text =
    busy === 'opening'
      ? sceneText.opening()
      : busy === 'restoring'
        ? sceneText.restoring()
        : busy === 'auto-saving'
          ? sceneText.forcedLogoutSaving()
          : null;
  if (!text) return null;
  return (
    // The forced-logout save covers the whole page: the session is gone, nothing else may be used.
    <div className={`scene-busy${busy === 'auto-saving' ? ' scene-busy--page' : ''}`} role="status" aria-live="polite">
      <div className="scene-busy__card">
        <span className="spinner" aria-hidden="true" />
        <span>{text}</span>
      </div>
    </div>
  );
}
