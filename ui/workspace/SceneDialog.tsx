import { Dialog, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { DIALOG_TOP } from '../widgets/constants';
import { confirmClose, dialogMayClose, type DialogCloseRules, type DialogCloseTrigger } from '../widgets/logic';
import './scene.css';

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** the buttons row */
  readonly footer: ReactNode;
  readonly size?: 'small' | 'wide' | 'full';
  /** alertdialog for questions that must be answered (no close button, Escape still closes) */
  readonly role?: 'dialog' | 'alertdialog';
  readonly description?: string;
  /** catalogues.md §4: backdrop click and Escape close it unless turned off here */
  readonly rules?: DialogCloseRules;
  /** asked before any close; false (or a promise of false) keeps the dialog open */
  readonly beforeClose?: () => boolean | Promise<boolean>;
}

/** The frame every scene dialog shares: title bar with close, body, footer (focus trapped, Escape closes). */
export function SceneDialog({ open, title, onClose, children, footer, size = 'small', role = 'dialog', description, rules, beforeClose }: Props) {
  const { t } = useLingui();
  const onOpenChange = useDialogClose(onClose, rules, beforeClose);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : onOpenChange.close())}
      onEscapeKeyDown={() => onOpenChange.saw('escape')}
      onInteractOutside={() => onOpenChange.saw('backdrop')}
      closeOnEscape={dialogMayClose('escape', rules)}
      closeOnInteractOutside={dialogMayClose('backdrop', rules)}
      role={role}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner" style={{ paddingTop: DIALOG_TOP }}>
          <Dialog.Content className={`scene-dialog scene-dialog--${size}`}>
            <header className="scene-dialog__header">
              <Dialog.Title className="scene-dialog__title">{title}</Dialog.Title>
              {role === 'dialog' ? (
                <Dialog.CloseTrigger className="icon-button" aria-label={t`关闭对话框`}>
                  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                    <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                  </svg>
                </Dialog.CloseTrigger>
              ) : null}
            </header>
            {description ? <Dialog.Description className="scene-dialog__description">{description}</Dialog.Description> : null}
            <div className="scene-dialog__body">{children}</div>
            {footer ? <footer className="scene-dialog__footer">{footer}</footer> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * catalogues.md §4's close rules for an Ark dialog: which way a close was asked (close button,
 * backdrop, Escape) decides whether it may close at all, then the before-close hook has its say.
 */
export function useDialogClose(onClose: () => void, rules: DialogCloseRules | undefined, beforeClose: (() => boolean | Promise<boolean>) | undefined) {
  const trigger = useRef<DialogCloseTrigger>('button');
  return {
    saw(how: DialogCloseTrigger) {
      trigger.current = how;
      // Only the close this key or click asks for (now) counts: one not allowed leaves no trace
      // that would stop the close button later.
      setTimeout(() => {
        trigger.current = 'button';
      }, 0);
    },
    close() {
      const how = trigger.current;
      trigger.current = 'button';
      if (!dialogMayClose(how, rules)) return;
      void confirmClose(beforeClose).then((ok) => {
        if (ok) onClose();
      });
    },
  };
}

/** A dialog list still loading (spinner), or its load failed (the message and 重试). */
export function DialogListPending({ error, onRetry }: { readonly error?: string | null; readonly onRetry?: () => void }) {
  const { t } = useLingui();
  if (error == null) {
    return (
      <div className="scene-list__status" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="sr-only">{t`加载中…`}</span>
      </div>
    );
  }
  return (
    <div className="scene-list__status" role="alert">
      <p>{error}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Trans>重试</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** 上一页 / 第 n / m 页 / 下一页 under a dialog list; both buttons wait while a page loads. */
export function DialogPager({ pageNumber, pages, loading, onPage }: { readonly pageNumber: number; readonly pages: number; readonly loading: boolean; readonly onPage: (pageNumber: number) => void }) {
  const { t } = useLingui();
  return (
    <nav className="scene-pager" aria-label={t`分页`}>
      <button type="button" className="button button--secondary" disabled={pageNumber <= 1 || loading} onClick={() => onPage(pageNumber - 1)}>
        <Trans>上一页</Trans>
      </button>
      <span className="scene-pager__info">
        <Trans>
          第 {pageNumber} / {pages} 页
        </Trans>
      </span>
      <button type="button" className="button button--secondary" disabled={pageNumber >= pages || loading} onClick={() => onPage(pageNumber + 1)}>
        <Trans>下一页</Trans>
      </button>
    </nav>
  );
}

/** A name box of a dialog form: label, input (focused first) and its error, tied for assistive technology. */
export function NameField({ id, label, value, maxLength, error, onChange }: { readonly id: string; readonly label: ReactNode; readonly value: string; readonly maxLength: number; readonly error: string; readonly onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-name`}>
        {label}
      </label>
      <input
        id={`${id}-name`}
        className="field__control"
        value={value}
        maxLength={maxLength}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A scene's (or version's) picture, or a drawn placeholder when it has none yet. */
export function ScenePreview({ src, alt }: { readonly src: string; readonly alt: string }) {
  if (src) return <img className="scene-preview" src={src} alt={alt} loading="lazy" />;
  return (
    <span className="scene-preview scene-preview--empty" role="img" aria-label={alt}>
      <svg width="44" height="44" viewBox="0 0 48 48" aria-hidden="true">
        <path d="M8 22 24 9l16 13" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M12 19v19h24V19" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinejoin="round" />
        <path d="M20 38V27h8v11" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** Date and time in the interface language (updatedAt is an ISO time). */
export function formatTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(d);
}
