// The price list every project starts from (its version 1). Prices are typical dealer prices of the
// Chinese custom-furniture market (2025-2026, tax included) so a fresh tenant's first quote reads
// plausibly; each dealer then edits them to its own. Kept in protocol/ so kernel tests and
// reference quotes can price against the same list the server seeds.
import { BOARD_THICKNESSES } from './quote-numbers';
import { DEFAULT_TILE_WASTE_PERCENT, type BoardPrice, type PriceItem, type PriceList, type RoomDoorPrice, type WallBoardPrice } from './price-list';

/** Board materials: code, names, and the price per m² at 9, 18 and 25 mm. */
const BOARDS: readonly { code: string; zh: string; en: string; prices: readonly [number, number, number] }[] = [
  { code: 'PB', zh: '颗粒板（E0 级三聚氰胺）', en: 'Particle board (E0 melamine)', prices: [98, 215, 285] },
  { code: 'MDF', zh: '密度板（E0 级）', en: 'MDF (E0)', prices: [112, 238, 318] },
  { code: 'PLY', zh: '多层实木板（E0 级）', en: 'Multilayer plywood (E0)', prices: [148, 328, 420] },
  { code: 'OSB', zh: '欧松板（ENF 级）', en: 'OSB (ENF)', prices: [126, 265, 345] },
];

const boardItems: BoardPrice[] = BOARDS.flatMap((b) =>
  BOARD_THICKNESSES.map((thickness, i) => ({
    category: 'board' as const,
    code: `BRD-${b.code}-${thickness}`,
    name_zh: `${b.zh} ${thickness}mm`,
    name_en: `${b.en} ${thickness} mm`,
    unit: 'm2' as const,
    price: b.prices[i]!,
    material: b.code,
    thickness,
  })),
);

const otherItems: PriceItem[] = [
  // doors per m² by shape
  { category: 'door', code: 'DR-FLAT', name_zh: '平板门（双饰面）', name_en: 'Flat door (melamine faced)', unit: 'm2', price: 420, doorShape: 'flat' },
  { category: 'door', code: 'DR-FRAMED', name_zh: '框架门（吸塑造型）', name_en: 'Framed (shaker) door, thermofoil', unit: 'm2', price: 760, doorShape: 'framed' },
  { category: 'door', code: 'DR-GLASS', name_zh: '铝框玻璃门', name_en: 'Aluminium-framed glass door', unit: 'm2', price: 580, doorShape: 'glassFrame' },
  { category: 'door', code: 'DR-SLIDE', name_zh: '趟门门板（铝合金边框）', name_en: 'Sliding door panel (aluminium frame)', unit: 'm2', price: 480, doorShape: 'slidingPanel' },
  // hardware per piece, pair or metre
  { category: 'hardware', code: 'HW-HINGE', name_zh: '阻尼铰链 110°', name_en: 'Soft-close hinge 110°', unit: 'piece', price: 26, hardware: 'hinge' },
  { category: 'hardware', code: 'HW-HINGE-165', name_zh: '大角度阻尼铰链 165°', name_en: 'Wide-angle soft-close hinge 165°', unit: 'piece', price: 38, hardware: 'hinge' },
  ...[300, 350, 400, 450, 500].map(
    (lengthMm, i): PriceItem => ({
      category: 'hardware',
      code: `HW-SLIDE-${lengthMm}`,
      name_zh: `三节阻尼滑轨 ${lengthMm}mm`,
      name_en: `Soft-close full-extension slide ${lengthMm} mm`,
      unit: 'set',
      price: [52, 56, 62, 68, 75][i]!,
      hardware: 'drawerSlide',
      lengthMm,
    }),
  ),
  { category: 'hardware', code: 'HW-HDL-H01', name_zh: '铝合金拉手 128mm', name_en: 'Aluminium handle 128 mm', unit: 'piece', price: 18, hardware: 'handle', handleId: 'H01' },
  { category: 'hardware', code: 'HW-HDL-H02', name_zh: '不锈钢长拉手 320mm', name_en: 'Stainless bar handle 320 mm', unit: 'piece', price: 42, hardware: 'handle', handleId: 'H02' },
  { category: 'hardware', code: 'HW-HDL-H03', name_zh: '隐形嵌入拉手（每米）', name_en: 'Recessed edge handle (per metre)', unit: 'm', price: 65, hardware: 'handle', handleId: 'H03' },
  // The cabinet handles of protocol/cabinets.ts that the three above do not stand for (H128 is H01, H320 H02, GOLA H03).
  { category: 'hardware', code: 'HW-HDL-KNOB', name_zh: '锌合金圆拉手', name_en: 'Zinc alloy knob', unit: 'piece', price: 9, hardware: 'handle', handleId: 'KNOB' },
  { category: 'hardware', code: 'HW-HDL-SLIDE', name_zh: '趟门铝合金拉手 400mm', name_en: 'Sliding door pull 400 mm, aluminium', unit: 'piece', price: 28, hardware: 'handle', handleId: 'SLIDE' },
  { category: 'hardware', code: 'HW-HANGER', name_zh: '吊柜吊码', name_en: 'Wall unit hanging bracket', unit: 'piece', price: 4.5, hardware: 'other' },
  { category: 'hardware', code: 'HW-RAIL', name_zh: '铝合金挂衣杆', name_en: 'Aluminium hanging rail', unit: 'm', price: 36, hardware: 'hangingRail' },
  { category: 'hardware', code: 'HW-TRACK', name_zh: '趟门上下轨', name_en: 'Sliding door track (top and bottom)', unit: 'm', price: 88, hardware: 'slidingTrack' },
  { category: 'hardware', code: 'HW-SHELF-PIN', name_zh: '层板托', name_en: 'Shelf support pin', unit: 'piece', price: 1.5, hardware: 'shelfSupport' },
  { category: 'hardware', code: 'HW-LEG', name_zh: '可调地脚', name_en: 'Adjustable cabinet leg', unit: 'piece', price: 6.5, hardware: 'other' },
  { category: 'hardware', code: 'HW-GAS-STRUT', name_zh: '上翻门气撑', name_en: 'Lift-up door gas strut', unit: 'piece', price: 45, hardware: 'other' },
  // worktops per running metre
  { category: 'worktop', code: 'WT-QUARTZ', name_zh: '石英石台面 15mm', name_en: 'Quartz worktop 15 mm', unit: 'm', price: 1580, worktopMaterial: 'quartz' },
  { category: 'worktop', code: 'WT-SINTERED', name_zh: '岩板台面 12mm', name_en: 'Sintered stone worktop 12 mm', unit: 'm', price: 2280, worktopMaterial: 'sinteredStone' },
  { category: 'worktop', code: 'WT-STAINLESS', name_zh: '不锈钢台面 304', name_en: 'Stainless steel worktop (304)', unit: 'm', price: 1350, worktopMaterial: 'stainless' },
  // worktop surcharges (台面附加费): cut-outs and edges
  { category: 'worktopFee', code: 'WF-SINK-CUT', name_zh: '水槽开孔（台下盆）', name_en: 'Sink cut-out (undermount)', unit: 'each', price: 200 },
  { category: 'worktopFee', code: 'WF-HOB-CUT', name_zh: '灶具开孔', name_en: 'Hob cut-out', unit: 'each', price: 150 },
  { category: 'worktopFee', code: 'WF-BACKSPLASH', name_zh: '后挡水', name_en: 'Backsplash upstand', unit: 'm', price: 90 },
  { category: 'worktopFee', code: 'WF-FRONT-EDGE', name_zh: '前沿加厚造型', name_en: 'Thickened front edge', unit: 'm', price: 120 },
  // sinks
  { category: 'sink', code: 'SK-SINGLE', name_zh: '304 不锈钢单槽', name_en: 'Single-bowl stainless sink (304)', unit: 'piece', price: 680 },
  { category: 'sink', code: 'SK-DOUBLE', name_zh: '304 不锈钢双槽', name_en: 'Double-bowl stainless sink (304)', unit: 'piece', price: 980 },
  { category: 'sink', code: 'SK-TAP', name_zh: '抽拉式冷热龙头', name_en: 'Pull-out mixer tap', unit: 'piece', price: 360 },
  // trims
  { category: 'line', code: 'LN-PLINTH', name_zh: '踢脚板', name_en: 'Plinth', unit: 'm', price: 45 },
  { category: 'line', code: 'LN-TOP', name_zh: '顶线', name_en: 'Top cornice', unit: 'm', price: 60 },
  { category: 'line', code: 'LN-LIGHT', name_zh: '灯线', name_en: 'Light pelmet', unit: 'm', price: 55 },
  // cabinet surcharges (柜体附加费)
  { category: 'cabinetFee', code: 'CF-NONSTD', name_zh: '非标尺寸加工费', name_en: 'Non-standard size surcharge', unit: 'piece', price: 80 },
  { category: 'cabinetFee', code: 'CF-SHAPED', name_zh: '异形切角加工费', name_en: 'Angled cut surcharge', unit: 'each', price: 150 },
  { category: 'cabinetFee', code: 'CF-INSTALL', name_zh: '安装费（按延米）', name_en: 'Installation (per running metre)', unit: 'm', price: 60 },
  // Fotile appliances (方太电器)
  { category: 'appliance', code: 'FT-HOOD-JQ26TS', name_zh: '方太吸油烟机 JQ26TS', name_en: 'Fotile range hood JQ26TS', unit: 'piece', price: 4299 },
  { category: 'appliance', code: 'FT-HOB-TH33B', name_zh: '方太燃气灶 TH33B', name_en: 'Fotile gas hob TH33B', unit: 'piece', price: 2599 },
  { category: 'appliance', code: 'FT-STEAM-E2', name_zh: '方太嵌入式蒸烤一体机 E2', name_en: 'Fotile built-in steam oven E2', unit: 'piece', price: 6999 },
  { category: 'appliance', code: 'FT-DISH-X9', name_zh: '方太水槽洗碗机 X9', name_en: 'Fotile sink dishwasher X9', unit: 'piece', price: 5999 },
  { category: 'appliance', code: 'FT-DISINF-J45ES', name_zh: '方太消毒柜 J45ES', name_en: 'Fotile disinfection cabinet J45ES', unit: 'piece', price: 2499 },
];

// ---- wall boards (护墙板, WallPanelDesign) ----
/**
 * Wall boards, their trims and fixings, dealer prices tax included: bamboo-wood fibre boards come
 * 600 wide and 2800 long and clip on; multilayer (plywood) wainscoting is cut from 1220 x 2440
 * sheets and, framed, is fixed over a batten base. Server migration 36 appended these to lists
 * stored before they existed.
 */
export const DEFAULT_WALL_BOARD_ITEMS: readonly WallBoardPrice[] = [
  { category: 'wallBoard', part: 'board', code: 'WB-BRD-FLAT-9', name_zh: '竹木纤维集成墙板 9mm', name_en: 'Bamboo-wood fibre wall board 9 mm', unit: 'm2', price: 98, style: 'flat', thickness: 9, boardWidth: 600, boardHeight: 2800 },
  { category: 'wallBoard', part: 'board', code: 'WB-BRD-FLAT-18', name_zh: '实木多层免漆护墙板 18mm', name_en: 'Multilayer wood wainscoting, pre-finished, 18 mm', unit: 'm2', price: 328, style: 'flat', thickness: 18, boardWidth: 1220, boardHeight: 2440 },
  { category: 'wallBoard', part: 'board', code: 'WB-BRD-FRAMED-18', name_zh: '实木多层造型护墙板（框架）18mm', name_en: 'Multilayer wood framed wainscoting 18 mm', unit: 'm2', price: 680, style: 'framed', thickness: 18, boardWidth: 1220, boardHeight: 2440 },
  { category: 'wallBoard', part: 'line', code: 'WB-LN-TOP', name_zh: '护墙板顶线（收口线）', name_en: 'Wall board cap moulding', unit: 'm', price: 38, line: 'top' },
  { category: 'wallBoard', part: 'line', code: 'WB-LN-SKIRT', name_zh: '踢脚线 80mm', name_en: 'Skirting 80 mm', unit: 'm', price: 32, line: 'skirting' },
  { category: 'wallBoard', part: 'line', code: 'WB-LN-INNER', name_zh: '阴角线', name_en: 'Inside corner trim', unit: 'm', price: 18, line: 'innerCorner' },
  { category: 'wallBoard', part: 'line', code: 'WB-LN-OUTER', name_zh: '阳角线', name_en: 'Outside corner trim', unit: 'm', price: 22, line: 'outerCorner' },
  { category: 'wallBoard', part: 'line', code: 'WB-LN-EDGE', name_zh: '收边线', name_en: 'Edge trim', unit: 'm', price: 16, line: 'edge' },
  { category: 'wallBoard', part: 'access', code: 'WB-ACC-CLIP', name_zh: '墙板卡扣（镀锌）', name_en: 'Wall board clip (galvanised)', unit: 'piece', price: 0.35, perM2: 8 },
  { category: 'wallBoard', part: 'access', code: 'WB-ACC-GLUE', name_zh: '墙板结构胶 300ml', name_en: 'Wall board adhesive 300 ml', unit: 'piece', price: 28, perM2: 0.3 },
  { category: 'wallBoard', part: 'access', code: 'WB-ACC-BATTEN', name_zh: '木龙骨基层（框架护墙板）', name_en: 'Timber batten base (framed wainscoting)', unit: 'm2', price: 35, perM2: 1, style: 'framed' },
];
// ---- end of wall boards ----
/**
 * Room doors (KitQuotationRoomDoorCmd), part by part, as a door shop quotes a solid-wood composite
 * door: the leaf per leaf (hinged) or per m² (glazed sliding, folding and balcony doors) or per
 * 樘 (a son-mother door is sold as one set), the trims per metre (the architrave and head per face,
 * the lining through a wall up to 240 mm thick), the threshold stone per metre, and the hardware per
 * door. An archway (垭口) has its own wider trim and no leaf or hardware. Server migration 35 adds
 * these to lists saved before they existed, so keep their codes stable.
 */
export const DEFAULT_ROOM_DOOR_ITEMS: readonly RoomDoorPrice[] = [
  { category: 'roomDoor', code: 'RD-LEAF-SINGLE', name_zh: '实木复合门扇（单开）', name_en: 'Solid-wood composite leaf (single)', unit: 'piece', price: 1280, doorPart: 'leaf', openingKind: 1 },
  { category: 'roomDoor', code: 'RD-LEAF-DOUBLE', name_zh: '实木复合门扇（双开，每扇）', name_en: 'Solid-wood composite leaf (double door, each)', unit: 'piece', price: 980, doorPart: 'leaf', openingKind: 2 },
  { category: 'roomDoor', code: 'RD-LEAF-SLIDE', name_zh: '钛镁合金玻璃推拉门', name_en: 'Titanium-magnesium glazed sliding door', unit: 'm2', price: 520, doorPart: 'leaf', openingKind: 3 },
  { category: 'roomDoor', code: 'RD-LEAF-FOLD', name_zh: '铝合金玻璃折叠门', name_en: 'Aluminium glazed folding door', unit: 'm2', price: 580, doorPart: 'leaf', openingKind: 4 },
  { category: 'roomDoor', code: 'RD-LEAF-BALCONY', name_zh: '断桥铝玻璃阳台门', name_en: 'Thermal-break aluminium balcony door', unit: 'm2', price: 760, doorPart: 'leaf', openingKind: 5 },
  { category: 'roomDoor', code: 'RD-LEAF-SONMOTHER', name_zh: '子母门门扇（每樘）', name_en: 'Son-mother door leaves (per door)', unit: 'set', price: 2380, doorPart: 'leaf', openingKind: 12 },
  { category: 'roomDoor', code: 'RD-COVER', name_zh: '门套线（每面）', name_en: 'Door architrave (per face)', unit: 'm', price: 42, doorPart: 'cover' },
  { category: 'roomDoor', code: 'RD-FRAME', name_zh: '门套板（墙厚 240mm 内）', name_en: 'Door jamb lining (walls up to 240 mm)', unit: 'm', price: 138, doorPart: 'frame' },
  { category: 'roomDoor', code: 'RD-HEAD', name_zh: '门头线（每面）', name_en: 'Door head trim (per face)', unit: 'm', price: 85, doorPart: 'head' },
  { category: 'roomDoor', code: 'RD-BOARD', name_zh: '大理石门槛石', name_en: 'Marble threshold', unit: 'm', price: 160, doorPart: 'board' },
  { category: 'roomDoor', code: 'RD-ACC-SINGLE', name_zh: '单开门五金（锁具、合页 3 片、门吸）', name_en: 'Single door hardware (lock, 3 hinges, stopper)', unit: 'set', price: 260, doorPart: 'accessory', openingKind: 1 },
  { category: 'roomDoor', code: 'RD-ACC-DOUBLE', name_zh: '双开门五金（锁具、合页 6 片、天地插销、门吸）', name_en: 'Double door hardware (lock, 6 hinges, flush bolts, stoppers)', unit: 'set', price: 420, doorPart: 'accessory', openingKind: 2 },
  { category: 'roomDoor', code: 'RD-ACC-SLIDE', name_zh: '推拉门吊轨五金（轨道、滑轮、限位器）', name_en: 'Sliding door hardware (track, rollers, stops)', unit: 'set', price: 380, doorPart: 'accessory', openingKind: 3 },
  { category: 'roomDoor', code: 'RD-ACC-FOLD', name_zh: '折叠门五金（轨道、折叠合页、拉手）', name_en: 'Folding door hardware (track, folding hinges, pull)', unit: 'set', price: 460, doorPart: 'accessory', openingKind: 4 },
  { category: 'roomDoor', code: 'RD-ACC-BALCONY', name_zh: '阳台门五金（执手锁、滑轮）', name_en: 'Balcony door hardware (handle lock, rollers)', unit: 'set', price: 180, doorPart: 'accessory', openingKind: 5 },
  { category: 'roomDoor', code: 'RD-ACC-SONMOTHER', name_zh: '子母门五金（锁具、合页 6 片、天地插销）', name_en: 'Son-mother door hardware (lock, 6 hinges, flush bolts)', unit: 'set', price: 450, doorPart: 'accessory', openingKind: 12 },
  { category: 'roomDoor', code: 'RD-ARCH-COVER', name_zh: '垭口套线（每面）', name_en: 'Archway architrave (per face)', unit: 'm', price: 48, doorPart: 'cover', openingKind: 8 },
  { category: 'roomDoor', code: 'RD-ARCH-FRAME', name_zh: '垭口套板（墙厚 240mm 内）', name_en: 'Archway lining (walls up to 240 mm)', unit: 'm', price: 158, doorPart: 'frame', openingKind: 8 },
];

export const DEFAULT_PRICE_LIST: PriceList = {
  currency: 'CNY',
  tileWastePercent: DEFAULT_TILE_WASTE_PERCENT,
  items: [...boardItems, ...otherItems, ...DEFAULT_WALL_BOARD_ITEMS, ...DEFAULT_ROOM_DOOR_ITEMS],
};
