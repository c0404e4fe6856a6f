import { Dialog, Portal } from '@ark-ui/react';
import { DIALOG_TOP } from '../widgets/constants';

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** 'danger' for a question whose yes destroys something */
  readonly tone?: 'default' | 'danger';
}

/** A modal yes/no question (focus trapped, Escape cancels). Labels arrive translated. */
export function ConfirmDialog({ open, title, confirmLabel, cancelLabel, onConfirm, onCancel, tone = 'default' }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onCancel())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Positioner className="dialog-positioner" style={{ paddingTop: DIALOG_TOP }}>
          <Dialog.Content className="dialog">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={onCancel}>
                {cancelLabel}
              </button>
              <button type="button" className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`} onClick={onConfirm}>
                {confirmLabel}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
