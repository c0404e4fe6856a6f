import { useLingui } from '@lingui/react/macro';
import { NOTIFICATION } from '../widgets/constants';
import { pressNotification, useNotification } from './notification';

/** The one notification card, top right, 60 px down, above dialogs (z-index 2500). */
export function NotificationHost() {
  const shown = useNotification();
  const { t } = useLingui();
  if (!shown) return null;
  return (
    <div
      key={shown.seq}
      className={`notification notification--${shown.kind ?? 'info'}`}
      role={shown.kind === 'error' ? 'alert' : 'status'}
      style={{ top: NOTIFICATION.topPx, zIndex: NOTIFICATION.zIndex }}
    >
      <div className="notification__head">
        <strong className="notification__title">{shown.title}</strong>
        <button type="button" className="toast__close" aria-label={t`关闭`} onClick={() => pressNotification('close')}>
          ×
        </button>
      </div>
      {shown.text ? <p className="notification__text">{shown.text}</p> : null}
      {shown.confirmLabel || shown.cancelLabel ? (
        <div className="notification__actions">
          {shown.cancelLabel ? (
            <button type="button" className="button button--secondary" onClick={() => pressNotification('cancel')}>
              {shown.cancelLabel}
            </button>
          ) : null}
          {shown.confirmLabel ? (
            <button type="button" className="button button--primary" onClick={() => pressNotification('confirm')}>
              {shown.confirmLabel}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
