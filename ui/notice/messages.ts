import { t } from '@lingui/core/macro';
import type { ApiError } from '../../api';
import { notify } from './store';

// User-facing texts for errors that come from outside React (core.md §8), translated at the moment
// they are shown.

export function apiErrorText(error: ApiError): string {
  if (error.kind === 'network') return `${t`网络错误!`} ${error.url}`;
  return [t`接口出错！`, error.url, error.serverMessage].filter(Boolean).join(' ');
}

export function notifyApiError(error: ApiError): void {
  notify(apiErrorText(error), { kind: 'error' });
}

export function notifyKernelError(): void {
  notify(t`内核命令出错！`, { kind: 'error' });
}
