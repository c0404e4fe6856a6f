// Room type names for the labels the plan view draws in the worker, which has no lingui. They are
// a copy of the catalogues (ui/workspace/room-types.ts and ui/locales): tests/unit/room-types.test.ts
// fails when the two differ. Unknown codes display as unnamed (catalogues.md §3).

export type PlanLocale = 'zh' | 'en';

const NAMES: ReadonlyMap<number, readonly [zh: string, en: string]> = new Map([
  [0, ['未命名', 'Unnamed']],
  [1, ['客餐厅', 'Living-dining room']],
  [2, ['主卧', 'Master bedroom']],
  [3, ['客卧', 'Guest bedroom']],
  [4, ['儿童房', "Children's room"]],
  [5, ['老人房', "Elders' room"]],
  [6, ['保姆房', 'Nanny room']],
  [7, ['厨房', 'Kitchen']],
  [8, ['卫生间', 'Bathroom']],
  [9, ['衣帽间', 'Cloakroom']],
  [10, ['玄关', 'Entrance']],
  [11, ['阳台', 'Balcony']],
  [12, ['储物间', 'Storage room']],
  [13, ['书房', 'Study']],
  [14, ['会议室', 'Meeting room']],
  [15, ['经理室', "Manager's office"]],
  [16, ['多功能室', 'Multi-function room']],
  [17, ['董事长室', "Chairman's office"]],
  [18, ['总裁室', "President's office"]],
  [19, ['主管室', "Supervisor's office"]],
  [20, ['财务室', 'Finance office']],
  [21, ['员工办公区', 'Staff area']],
  [22, ['洽谈区', 'Negotiation area']],
  [23, ['接待区', 'Reception']],
  [24, ['前台', 'Front desk']],
  [25, ['样品展示区', 'Sample display']],
  [26, ['走廊', 'Corridor']],
  [27, ['库房', 'Storeroom']],
  [28, ['机房', 'Machine room']],
  [29, ['茶水间', 'Pantry']],
  [30, ['办公卫生间', 'Office toilet']],
  [31, ['局长办公室', "Bureau chief's office"]],
  [32, ['副局长办公室', "Deputy bureau chief's office"]],
  [33, ['科长办公室', "Section chief's office"]],
  [34, ['科室办公室', 'Section office']],
  [99, ['其他', 'Other']],
  [100, ['全屋', 'Whole house']],
  [109, ['宴会厅', 'Banquet hall']],
  [110, ['宴会包间', 'Private dining room']],
  [111, ['酒店大堂', 'Hotel lobby']],
  [112, ['酒店客房', 'Hotel guest room']],
  [113, ['酒店套房', 'Hotel suite']],
  [114, ['酒店餐厅', 'Hotel restaurant']],
  [115, ['酒吧', 'Bar']],
  [201, ['露台', 'Terrace']],
  [202, ['电梯', 'Elevator']],
  [203, ['楼梯', 'Stairs']],
  [204, ['餐厅', 'Dining room']],
  [205, ['客厅', 'Living room']],
  [206, ['过道', 'Passage']],
  [207, ['门厅', 'Hall']],
  [208, ['卧室', 'Bedroom']],
  [209, ['次卧', 'Second bedroom']],
  [210, ['起居室', 'Lounge']],
  [211, ['中厨', 'Chinese kitchen']],
  [212, ['西厨', 'Western kitchen']],
  [213, ['主卫', 'Master bathroom']],
  [214, ['次卫', 'Second bathroom']],
  [215, ['公卫', 'Shared bathroom']],
  [216, ['洗衣房', 'Laundry']],
  [217, ['影音室', 'Home cinema']],
  [218, ['健身房', 'Gym']],
  [219, ['花房', 'Flower room']],
  [220, ['生活阳台', 'Service balcony']],
  [221, ['景观阳台', 'View balcony']],
  [222, ['户外', 'Outdoor']],
  [223, ['室外', 'Exterior']],
  [224, ['入户花园', 'Entrance garden']],
  [225, ['地下室', 'Basement']],
  [226, ['车库', 'Garage']],
  [227, ['设备平台', 'Equipment platform']],
]);

/** The type's name in the locale; unknown codes are unnamed. */
export function roomTypeName(code: number, locale: PlanLocale = 'zh'): string {
  const names = NAMES.get(code) ?? NAMES.get(0)!;
  return locale === 'en' ? names[1] : names[0];
}

/** What the plan writes in a room: its own name, else its type's name. */
export function roomLabel(room: { readonly name: string; readonly roomType: number }, locale: PlanLocale = 'zh'): string {
  return room.name.trim() || roomTypeName(room.roomType, locale);
}
