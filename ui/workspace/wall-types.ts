import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { WallType } from '../../protocol/records';
import type { SelectOption } from './controls';

/** The wall types of catalogues.md §3 wallType, as the pickers list them. */
export function useWallTypeOptions(): readonly SelectOption<WallType>[] {
  const { t } = useLingui();
  // Rebuilt only when the language changes (t with it), so the pickers keep their collection.
  return useMemo(
    () => [
      { value: 'loadBearing', label: t`承重墙` },
      { value: 'normal', label: t`普通墙` },
      { value: 'partition', label: t`隔墙` },
    ],
    [t],
  );
}
