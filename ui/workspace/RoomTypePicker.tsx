import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { SelectOption } from './controls';
import { ROOM_TYPE_GROUPS, UNNAMED_ROOM_TYPE, isKnownRoomType, roomTypeName, roomTypesOf } from './room-types';

/**
 * The room-type picker's options: unnamed first, then the groups. A known type that is never
 * offered for a room (whole house) is listed when a room already has it, so the picker can show it.
 */
export function useRoomTypeOptions(current: number): readonly SelectOption<number>[] {
  const { i18n } = useLingui();
  const extra = isKnownRoomType(current) && current !== UNNAMED_ROOM_TYPE && !ROOM_TYPE_GROUPS.some((g) => roomTypesOf(g.group).some((r) => r.code === current)) ? current : null;
  return useMemo(() => {
    const options: SelectOption<number>[] = [{ value: UNNAMED_ROOM_TYPE, label: i18n._(roomTypeName(UNNAMED_ROOM_TYPE)) }];
    if (extra !== null) options.push({ value: extra, label: i18n._(roomTypeName(extra)) });
    for (const { group, label } of ROOM_TYPE_GROUPS) {
      const heading = i18n._(label);
      for (const type of roomTypesOf(group)) options.push({ value: type.code, label: i18n._(type.name), group: heading });
    }
    return options;
    // i18n is one object for the whole app; its locale is what changes the labels.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.locale, extra]);
}

/** What the picker shows for a room's code: unknown codes are unnamed (catalogues.md §3). */
export function pickerRoomType(code: number): number {
  return isKnownRoomType(code) ? code : UNNAMED_ROOM_TYPE;
}
