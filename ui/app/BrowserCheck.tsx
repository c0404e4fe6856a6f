import { Dialog, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import '../auth/auth.css';
import { CHROME_DOWNLOAD_URL, MIN_CHROME_VERSION, RECOMMENDED_64BIT_VERSION, checkBrowser, supportsWebGL2, type BrowserVerdict } from './browser-check';

/** The 32-bit recommendation is asked once per tab: 取消 means "not now". */
const DISMISSED_KEY = 'browserCheckDismissed';

type Problem = BrowserVerdict['kind'] | 'no-webgl2';

function firstProblem(): Problem {
  const verdict = checkBrowser(navigator.userAgent);
  if (verdict.kind === 'unsupported') return verdict.kind;
  try {
    if (verdict.kind === 'recommend-64bit' && sessionStorage.getItem(DISMISSED_KEY) !== '1') return verdict.kind;
  } catch {
    if (verdict.kind === 'recommend-64bit') return verdict.kind;
  }
  return supportsWebGL2() ? 'ok' : 'no-webgl2';
}

/**
 * The browser check of core.md §5, on every page: an unsupported browser gets a dialog that cannot
 * be closed and points to a Chrome download; a 32-bit one the 64-bit recommendation with 取消; a
 * browser without WebGL2 says why the 3D view will stay empty.
 */
export function BrowserCheck() {
  const { t } = useLingui();
  const [problem, setProblem] = useState<Problem>(firstProblem);
  if (problem === 'ok') return null;
  const blocking = problem === 'unsupported';
  const close = () => {
    if (blocking) return;
    if (problem === 'recommend-64bit') {
      try {
        sessionStorage.setItem(DISMISSED_KEY, '1');
      } catch {
        // asked again on the next page load
      }
    }
    setProblem('ok');
  };
  const min = MIN_CHROME_VERSION;
  const recommended = RECOMMENDED_64BIT_VERSION;
  return (
    <Dialog.Root
      open
      role="alertdialog"
      closeOnEscape={!blocking}
      closeOnInteractOutside={!blocking}
      onOpenChange={(d) => (d.open ? undefined : close())}
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop session-dialog__backdrop--strong" />
        <Dialog.Positioner className="dialog-positioner">
          <Dialog.Content className="dialog session-dialog">
            <div className="session-dialog__icon" aria-hidden="true">
              <ChromeIcon />
            </div>
            <Dialog.Title className="dialog__title">
              {problem === 'no-webgl2' ? t`您的浏览器不支持 WebGL2` : problem === 'unsupported' ? t`请使用 Chrome 浏览器` : t`建议使用 64 位 Chrome 浏览器`}
            </Dialog.Title>
            <Dialog.Description className="session-dialog__text">
              {problem === 'unsupported' ? (
                <Trans>本平台需要 Chrome（或基于 Chromium 的浏览器）{min} 及以上版本、64 位。当前浏览器无法使用，请下载安装最新版 Chrome 后再访问。</Trans>
              ) : problem === 'recommend-64bit' ? (
                <Trans>您正在使用 32 位浏览器，三维设计可能因内存不足而卡顿或崩溃。建议安装 Chrome {recommended} 及以上版本的 64 位浏览器。</Trans>
              ) : (
                <Trans>三维视图需要 WebGL2。请在浏览器设置中开启“使用图形加速”（硬件加速），或更新显卡驱动后刷新页面。</Trans>
              )}
            </Dialog.Description>
            <div className="dialog__actions">
              {blocking ? null : (
                <button type="button" className="button button--secondary" onClick={close}>
                  {problem === 'no-webgl2' ? t`知道了` : t`取消`}
                </button>
              )}
              {problem === 'no-webgl2' ? null : (
                <a className="button button--primary" href={CHROME_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer">
                  <Trans>下载 Chrome</Trans>
                </a>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ChromeIcon() {
  // The four colours of a Chrome-family browser, drawn (no third-party logo file).
  return (
    <svg width="44" height="44" viewBox="0 0 48 48">
      <circle cx="24" cy="24" r="22" fill="#db4437" />
      <path d="M24 24 5 13A22 22 0 0 0 15 43.1Z" fill="#0f9d58" />
      <path d="M24 24 15 43.1A22 22 0 0 0 46 24Z" fill="#f4b400" />
      <circle cx="24" cy="24" r="10" fill="#fff" />
      <circle cx="24" cy="24" r="7.5" fill="#4285f4" />
    </svg>
  );
}
