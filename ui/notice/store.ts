import { useSyncExternalStore } from 'react';
import { MESSAGE } from '../widgets/constants';

// A tiny message queue (the spec's "message": default duration 3000 ms, offset 20, z-index 999999).
// Texts arrive already translated; this module never builds user-visible strings.

export type NoticeKind = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly text: string;
  /** ms; 0 keeps it until closed */
  readonly duration: number;
}

/** catalogues.md §9: message default duration 3000 ms. */
export const DEFAULT_NOTICE_DURATION_MS = MESSAGE.durationMs;
const MAX_VISIBLE = 5;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const l of listeners) l();
}

export function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const next = notices.filter((n) => n.id !== id);
  if (next.length !== notices.length) {
    notices = next;
    emit();
  }
}

export function notify(text: string, options: { kind?: NoticeKind; duration?: number } = {}): number {
  const kind = options.kind ?? 'info';
  // The same text twice in a row (a burst of failing calls) shows once, with a fresh timer.
  const same = notices.find((n) => n.text === text && n.kind === kind);
  if (same) dismiss(same.id);
  const notice: Notice = { id: nextId++, kind, text, duration: options.duration ?? DEFAULT_NOTICE_DURATION_MS };
  notices = [...notices, notice].slice(-MAX_VISIBLE);
  if (notice.duration > 0) timers.set(notice.id, setTimeout(() => dismiss(notice.id), notice.duration));
  emit();
  return notice.id;
}

/** The notices shown now (for tests and non-React callers). */
export function currentNotices(): readonly Notice[] {
  return notices;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, () => notices);
}
