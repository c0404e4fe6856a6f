import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';

// Numbers as the panel shows them: areas in m² with two decimals (issue 4), lengths in whole mm.

export function useAreaFormat(): (m2: number) => string {
  const { i18n } = useLingui();
  return useMemo(() => {
    const f = new Intl.NumberFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (m2: number) => f.format(m2);
  }, [i18n.locale]);
}

export function useLengthFormat(): (mm: number) => string {
  return useMemo(() => (mm: number) => String(Math.round(mm)), []);
}
