import { useSyncExternalStore } from 'react';
import { NOTIFICATION } from '../widgets/constants';

// The notification of catalogues.md §4: hidden or shown; a call with settings shows it (replacing
// one shown); with autoHide it hides after its duration (2000 ms unless given); its cancel,
// confirm and close buttons run the caller's handlers, or just hide it. Texts arrive translated.

export interface NotificationSettings {
  readonly title: string;
  readonly text?: string;
  readonly kind?: 'info' | 'success' | 'warning' | 'error';
  readonly autoHide?: boolean;
  /** ms, with autoHide */
  readonly duration?: number;
  /** a confirm button with this label */
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  /** run instead of hiding; call hideNotification() to hide */
  readonly onConfirm?: () => void;
  readonly onCancel?: () => void;
  readonly onClose?: () => void;
}

export interface ShownNotification extends NotificationSettings {
  readonly seq: number;
}

let shown: ShownNotification | null = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(next: ShownNotification | null): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  shown = next;
  for (const l of listeners) l();
}

export function showNotification(settings: NotificationSettings): void {
  const next = { ...settings, seq: ++seq };
  set(next);
  if (settings.autoHide) {
    timer = setTimeout(() => {
      if (shown?.seq === next.seq) set(null);
    }, settings.duration ?? NOTIFICATION.durationMs);
  }
}

export function hideNotification(): void {
  if (shown !== null) set(null);
}

/** What a button of the shown notification does: the caller's handler, else hide. */
export function pressNotification(button: 'confirm' | 'cancel' | 'close'): void {
  const handler = button === 'confirm' ? shown?.onConfirm : button === 'cancel' ? shown?.onCancel : shown?.onClose;
  if (handler) handler();
  else hideNotification();
}

export function currentNotification(): ShownNotification | null {
  return shown;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotification(): ShownNotification | null {
  return useSyncExternalStore(subscribe, () => shown);
}
