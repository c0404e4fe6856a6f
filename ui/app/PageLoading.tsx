import { useLingui } from '@lingui/react/macro';

/** Shown while a lazy screen's chunk loads. */
export function PageLoading() {
  const { t } = useLingui();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t`加载中…`}</span>
    </div>
  );
}
