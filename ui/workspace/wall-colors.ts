import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { WALL_COLORS, type WallColor } from '../../protocol/records';

export interface WallColorOption {
  /** null = the default look */
  readonly value: WallColor | null;
  readonly label: string;
  /** #rrggbb, or null for the default swatch */
  readonly css: string | null;
}

export const wallColorCss = (color: WallColor): string => `#${WALL_COLORS[color].toString(16).padStart(6, '0')}`;

/** catalogues.md §3 wall colours as the pickers list them: the default look first, then the 13 colours. */
export function useWallColorOptions(): readonly WallColorOption[] {
  const { t } = useLingui();
  return useMemo(() => {
    const names: { readonly [C in WallColor]: string } = {
      white: t`白色`,
      ivory: t`米白`,
      beige: t`米黄`,
      lightGrey: t`浅灰`,
      grey: t`灰色`,
      darkGrey: t`深灰`,
      black: t`黑色`,
      brown: t`棕色`,
      red: t`红色`,
      orange: t`橙色`,
      yellow: t`黄色`,
      green: t`绿色`,
      blue: t`蓝色`,
    };
    const colours = (Object.keys(WALL_COLORS) as WallColor[]).map((value) => ({ value, label: names[value], css: wallColorCss(value) }));
    return [{ value: null, label: t`默认`, css: null }, ...colours];
  }, [t]);
}
