export { notify, dismiss, useNotices, DEFAULT_NOTICE_DURATION_MS, type Notice, type NoticeKind } from './store';
export { Toaster } from './Toaster';
export { apiErrorText, notifyApiError, notifyKernelError } from './messages';
export { showNotification, hideNotification, type NotificationSettings } from './notification';
