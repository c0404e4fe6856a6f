import { Dialog, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import './auth.css';
import { cancelLogout, confirmLogout, logoutUi } from './session';

/**
 * 将退出系统，是否继续? (core.md §4). With unsaved work on screen it offers to save it first; the
 * plain 确定 leaves it behind. Mounted once at the root, so every screen's 退出登录 shares it.
 */
export function LogoutDialog() {
  const { t } = useLingui();
  const ui = useSnapshot(logoutUi);
  return (
    <Dialog.Root open={ui.confirming} onOpenChange={(d) => (d.open ? undefined : cancelLogout())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className="dialog">
            <Dialog.Title className="dialog__title">{t`将退出系统，是否继续?`}</Dialog.Title>
            {ui.unsaved ? (
              <Dialog.Description className="session-dialog__text">
                <Trans>当前方案有未保存的修改，退出后将丢失。是否先保存？</Trans>
              </Dialog.Description>
            ) : null}
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={cancelLogout}>
                <Trans>取消</Trans>
              </button>
              {ui.unsaved ? (
                <>
                  <button type="button" className="button button--secondary" onClick={() => void confirmLogout('logout')}>
                    <Trans>不保存，退出</Trans>
                  </button>
                  <button type="button" className="button button--primary" onClick={() => void confirmLogout('save')}>
                    <Trans>保存并退出</Trans>
                  </button>
                </>
              ) : (
                <button type="button" className="button button--primary" onClick={() => void confirmLogout('logout')}>
                  <Trans>确定</Trans>
                </button>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
