// A room type (catalogues.md §3) from the name another tool gave a space. Architects name spaces
// in their own language and office standard, so this reads the common words in Chinese, English
// and German (ArchiCAD's sample houses are German); a name it does not know keeps type 0 and the
// room keeps the name itself, so nothing the architect wrote is lost.
import { roomTypeName } from '../render/room-names';

const KEYWORDS: readonly (readonly [RegExp, number])[] = [
  [/主卧|master\s*bed|elternschlaf/i, 2],
  [/次卧|second\s*bed/i, 209],
  [/客卧|guest/i, 3],
  [/儿童|child|kid|kinder/i, 4],
  [/老人|elder/i, 5],
  [/保姆|nanny|maid/i, 6],
  [/卧|bed\s*room|bedroom|schlaf/i, 208],
  [/客餐厅|living.?dining/i, 1],
  [/餐厅|dining|essen/i, 204],
  [/客厅|起居|living|lounge|wohn/i, 205],
  [/厨|kitchen|küche|kueche|kochen/i, 7],
  [/主卫|master\s*bath|en.?suite/i, 213],
  [/卫|浴|厕|bath|toilet|wc|lavatory|restroom|shower|bad\b|dusche/i, 8],
  [/衣帽|cloak|wardrobe|closet|ankleide/i, 9],
  [/玄关|entrance|entry|foyer|eingang|diele/i, 10],
  [/阳台|balcony|balkon|loggia/i, 11],
  [/储|storage|abstell/i, 12],
  [/书房|study|office|büro|buero|arbeit/i, 13],
  [/走廊|过道|corridor|hall\s*way|hallway|flur|gang/i, 26],
  [/门厅|hall\b|lobby/i, 207],
  [/楼梯|stair|treppe/i, 203],
  [/电梯|elevator|lift\b|aufzug/i, 202],
  [/洗衣|laundry|wasch/i, 216],
  [/车库|garage/i, 226],
  [/地下|basement|keller/i, 225],
  [/露台|terrace|terrasse/i, 201],
  [/会议|meeting|conference|besprech/i, 14],
  [/茶水|pantry/i, 29],
  [/机房|server|technik|plant\s*room|mechanical/i, 28],
];

export function roomTypeFromName(name: string): number {
  const trimmed = name.trim();
  if (!trimmed) return 0;
  for (const [pattern, code] of KEYWORDS) if (pattern.test(trimmed)) return code;
  // The product's own names (a plan exported from here and read back).
  const unnamed = roomTypeName(0, 'zh');
  for (let code = 1; code <= 227; code++) {
    const zh = roomTypeName(code, 'zh');
    if (zh !== unnamed && (zh === trimmed || roomTypeName(code, 'en') === trimmed)) return code;
  }
  return 0;
}
