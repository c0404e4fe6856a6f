import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The room types of catalogues.md §3 (code to name), in zh (the source) and en (the catalogue).
// The spec lists 31-34 as "bureau and section offices", 109-115 as "banquet and hotel spaces" and
// 201-227 as a list with plurals (kitchens, bathrooms, balconies); the single names below are our
// reading of those lists. Office codes 101-108 and 116 have no names in the spec, so like every
// other unknown code they show as unnamed.

export const UNNAMED_ROOM_TYPE = 0;
/** The scene-level type of a house with several rooms (core.md §3); never picked for one room. */
export const WHOLE_HOUSE_ROOM_TYPE = 100;

export type RoomTypeGroup = 'home' | 'office' | 'hospitality' | 'more' | 'other';

export interface RoomType {
  readonly code: number;
  /** where the picker lists it; null: not offered for a room (unnamed, whole house) */
  readonly group: RoomTypeGroup | null;
  readonly name: MessageDescriptor;
}

const TABLE: readonly RoomType[] = [
  { code: 0, group: null, name: msg`未命名` },
  { code: 1, group: 'home', name: msg`客餐厅` },
  { code: 2, group: 'home', name: msg`主卧` },
  { code: 3, group: 'home', name: msg`客卧` },
  { code: 4, group: 'home', name: msg`儿童房` },
  { code: 5, group: 'home', name: msg`老人房` },
  { code: 6, group: 'home', name: msg`保姆房` },
  { code: 7, group: 'home', name: msg`厨房` },
  { code: 8, group: 'home', name: msg`卫生间` },
  { code: 9, group: 'home', name: msg`衣帽间` },
  { code: 10, group: 'home', name: msg`玄关` },
  { code: 11, group: 'home', name: msg`阳台` },
  { code: 12, group: 'home', name: msg`储物间` },
  { code: 13, group: 'home', name: msg`书房` },
  { code: 14, group: 'office', name: msg`会议室` },
  { code: 15, group: 'office', name: msg`经理室` },
  { code: 16, group: 'office', name: msg`多功能室` },
  { code: 17, group: 'office', name: msg`董事长室` },
  { code: 18, group: 'office', name: msg`总裁室` },
  { code: 19, group: 'office', name: msg`主管室` },
  { code: 20, group: 'office', name: msg`财务室` },
  { code: 21, group: 'office', name: msg`员工办公区` },
  { code: 22, group: 'office', name: msg`洽谈区` },
  { code: 23, group: 'office', name: msg`接待区` },
  { code: 24, group: 'office', name: msg`前台` },
  { code: 25, group: 'office', name: msg`样品展示区` },
  { code: 26, group: 'office', name: msg`走廊` },
  { code: 27, group: 'office', name: msg`库房` },
  { code: 28, group: 'office', name: msg`机房` },
  { code: 29, group: 'office', name: msg`茶水间` },
  { code: 30, group: 'office', name: msg`办公卫生间` },
  { code: 31, group: 'office', name: msg`局长办公室` },
  { code: 32, group: 'office', name: msg`副局长办公室` },
  { code: 33, group: 'office', name: msg`科长办公室` },
  { code: 34, group: 'office', name: msg`科室办公室` },
  { code: 99, group: 'other', name: msg`其他` },
  { code: 100, group: null, name: msg`全屋` },
  { code: 109, group: 'hospitality', name: msg`宴会厅` },
  { code: 110, group: 'hospitality', name: msg`宴会包间` },
  { code: 111, group: 'hospitality', name: msg`酒店大堂` },
  { code: 112, group: 'hospitality', name: msg`酒店客房` },
  { code: 113, group: 'hospitality', name: msg`酒店套房` },
  { code: 114, group: 'hospitality', name: msg`酒店餐厅` },
  { code: 115, group: 'hospitality', name: msg`酒吧` },
  { code: 201, group: 'more', name: msg`露台` },
  { code: 202, group: 'more', name: msg`电梯` },
  { code: 203, group: 'more', name: msg`楼梯` },
  { code: 204, group: 'more', name: msg`餐厅` },
  { code: 205, group: 'more', name: msg`客厅` },
  { code: 206, group: 'more', name: msg`过道` },
  { code: 207, group: 'more', name: msg`门厅` },
  { code: 208, group: 'more', name: msg`卧室` },
  { code: 209, group: 'more', name: msg`次卧` },
  { code: 210, group: 'more', name: msg`起居室` },
  { code: 211, group: 'more', name: msg`中厨` },
  { code: 212, group: 'more', name: msg`西厨` },
  { code: 213, group: 'more', name: msg`主卫` },
  { code: 214, group: 'more', name: msg`次卫` },
  { code: 215, group: 'more', name: msg`公卫` },
  { code: 216, group: 'more', name: msg`洗衣房` },
  { code: 217, group: 'more', name: msg`影音室` },
  { code: 218, group: 'more', name: msg`健身房` },
  { code: 219, group: 'more', name: msg`花房` },
  { code: 220, group: 'more', name: msg`生活阳台` },
  { code: 221, group: 'more', name: msg`景观阳台` },
  { code: 222, group: 'more', name: msg`户外` },
  { code: 223, group: 'more', name: msg`室外` },
  { code: 224, group: 'more', name: msg`入户花园` },
  { code: 225, group: 'more', name: msg`地下室` },
  { code: 226, group: 'more', name: msg`车库` },
  { code: 227, group: 'more', name: msg`设备平台` },
];

const BY_CODE: ReadonlyMap<number, RoomType> = new Map(TABLE.map((t) => [t.code, t]));

/** Every room type the spec names, in code order. */
export const ROOM_TYPES: readonly RoomType[] = TABLE;

/** catalogues.md §3 outdoor types: terrace, outdoor, exterior, entrance garden. */
export const OUTDOOR_ROOM_TYPES: ReadonlySet<number> = new Set([201, 222, 223, 224]);

export function isKnownRoomType(code: number): boolean {
  return BY_CODE.has(code);
}

/** The type's name; unknown codes display as unnamed (catalogues.md §3). */
export function roomTypeName(code: number): MessageDescriptor {
  return (BY_CODE.get(code) ?? BY_CODE.get(UNNAMED_ROOM_TYPE)!).name;
}

/** The picker's groups, in the order it shows them. */
export const ROOM_TYPE_GROUPS: readonly { readonly group: RoomTypeGroup; readonly label: MessageDescriptor }[] = [
  { group: 'home', label: msg`居住空间` },
  { group: 'more', label: msg`更多居住空间` },
  { group: 'office', label: msg`办公空间` },
  { group: 'hospitality', label: msg`宴会与酒店` },
  { group: 'other', label: msg`其他` },
];

export function roomTypesOf(group: RoomTypeGroup): readonly RoomType[] {
  return TABLE.filter((t) => t.group === group);
}

/** What a room is called in lists: its own name, else its type's name. */
export function roomLabel(i18n: I18n, room: { readonly name: string; readonly roomType: number }): string {
  const own = room.name.trim();
  return own || i18n._(roomTypeName(room.roomType));
}
