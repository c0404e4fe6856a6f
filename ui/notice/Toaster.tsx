import { useLingui } from '@lingui/react/macro';
import { MESSAGE } from '../widgets/constants';
import { NotificationHost } from './NotificationHost';
import { dismiss, useNotices, type NoticeKind } from './store';

const ICON: Record<NoticeKind, string> = { info: 'i', success: '✓', warning: '!', error: '×' };

export function Toaster() {
  const notices = useNotices();
  const { t } = useLingui();
  return (
    <>
    <NotificationHost />
    <div className="toaster" aria-live="polite" style={{ top: MESSAGE.offsetPx, zIndex: MESSAGE.zIndex }}>
      {notices.map((n) => (
        <div key={n.id} className={`toast toast--${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {ICON[n.kind]}
          </span>
          <span className="toast__text">{n.text}</span>
          <button type="button" className="toast__close" aria-label={t`关闭`} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
    </>
  );
}
