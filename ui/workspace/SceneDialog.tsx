import { Dialog, Portal } from '@ark-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './scene.css';

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** the buttons row */
  readonly footer: ReactNode;
  readonly size?: 'small' | 'wide';
  /** alertdialog for questions that must be answered (no close button, Escape still closes) */
  readonly role?: 'dialog' | 'alertdialog';
  readonly description?: string;
}

/** The frame every scene dialog shares: title bar with close, body, footer (focus trapped, Escape closes). */
export function SceneDialog({ open, title, onClose, children, footer, size = 'small', role = 'dialog', description }: Props) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} role={role} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner">
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
