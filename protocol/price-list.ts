// The per-tenant price list a quotation is priced from (issue 14). The server keeps one list per
// project in numbered versions; the kernel reads one version when it computes a quote and the
// quote records that version, so a signed quote can always be re-read against the prices it used.
// Shared by server (validation before a version is stored), UI (the admin screen) and kernel (the
// lookups below), so all three agree on what a valid list is.
import { BOARD_THICKNESSES, type BoardThickness } from './quote-numbers';
import { WALL_PANEL_STYLES, type WallPanelStyle } from './records';

/**
 * Sections of the list. Most map onto a group of the cabinet quotation (catalogues.md §3): board
 * and door prices feed 柜体 and 趟门, the fees feed 柜体附加费 and 台面附加费, and so on.
 */
export const PRICE_CATEGORIES = [
  'board',
  'door',
  'hardware',
  'worktop',
  'worktopFee',
  'sink',
  'line',
  'cabinetFee',
  'appliance',
  // wall boards (WallPanelDesign, 护墙板): see the wall-board block below
  'wallBoard',
  'roomDoor',
] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];

export const PRICE_CATEGORY_NAMES: Readonly<Record<PriceCategory, { readonly zh: string; readonly en: string }>> = {
  board: { zh: '柜体板材', en: 'Carcass boards' },
  door: { zh: '门板', en: 'Doors' },
  hardware: { zh: '五金', en: 'Hardware' },
  worktop: { zh: '台面', en: 'Worktops' },
  worktopFee: { zh: '台面附加费', en: 'Worktop surcharges' },
  sink: { zh: '水槽', en: 'Sinks' },
  line: { zh: '线条', en: 'Trims' },
  cabinetFee: { zh: '柜体附加费', en: 'Cabinet surcharges' },
  appliance: { zh: '方太电器', en: 'Fotile appliances' },
  wallBoard: { zh: '护墙板', en: 'Wall boards' },
  roomDoor: { zh: '室内门', en: 'Room doors' },
};

/** What a price is per: square metre, running metre, piece, pair/set, or one job (a cut-out). */
export const PRICE_UNITS = ['m2', 'm', 'piece', 'set', 'each'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const PRICE_UNIT_NAMES: Readonly<Record<PriceUnit, { readonly zh: string; readonly en: string }>> = {
  m2: { zh: '㎡', en: 'm²' },
  m: { zh: '米', en: 'm' },
  piece: { zh: '个', en: 'pc' },
  set: { zh: '副', en: 'set' },
  each: { zh: '处', en: 'each' },
};

/** Door shapes the door price depends on (doorShape in the quotation lines). */
export const DOOR_SHAPES = ['flat', 'framed', 'glassFrame', 'slidingPanel'] as const;
export type DoorShape = (typeof DOOR_SHAPES)[number];

export const WORKTOP_MATERIALS = ['quartz', 'sinteredStone', 'stainless'] as const;
export type WorktopMaterial = (typeof WORKTOP_MATERIALS)[number];

/** Hardware the kernel prices by kind (and, for slides and handles, by size or id). */
export const HARDWARE_KINDS = ['hinge', 'drawerSlide', 'handle', 'hangingRail', 'slidingTrack', 'shelfSupport', 'other'] as const;
export type HardwareKind = (typeof HARDWARE_KINDS)[number];

interface PriceItemBase {
  /** the matCode of the quotation line: unique in the list, letters, digits, '-' and '_' */
  readonly code: string;
  readonly name_zh: string;
  readonly name_en: string;
  readonly unit: PriceUnit;
  /** yuan, at most 2 decimals, never negative */
  readonly price: number;
}

export interface BoardPrice extends PriceItemBase {
  readonly category: 'board';
  /** board material code (PB particle board, MDF, PLY multilayer, OSB …) */
  readonly material: string;
  readonly thickness: BoardThickness;
}
export interface DoorPrice extends PriceItemBase {
  readonly category: 'door';
  readonly doorShape: DoorShape;
}
export interface HardwarePrice extends PriceItemBase {
  readonly category: 'hardware';
  readonly hardware: HardwareKind;
  /** drawer slides: the slide length in mm the price is for */
  readonly lengthMm?: number;
  /** handles: the handle id a cabinet's door names */
  readonly handleId?: string;
}
export interface WorktopPrice extends PriceItemBase {
  readonly category: 'worktop';
  readonly worktopMaterial: WorktopMaterial;
}
// -- room doors (KitQuotationRoomDoorCmd, catalogues.md §3) --

/**
 * The parts a room door is quoted in, one per field of RoomDoorQuote: the leaf (door), the
 * architrave round the opening on each face it is seen from (doorCover, 门套线), the jamb lining
 * through the wall (doorFrame, 门套板), the head trim over it (doorHead, 门头), the threshold
 * (doorBoard, 门槛石) and the hardware set (doorAcces: lock, hinges, stopper).
 */
export const DOOR_PARTS = ['leaf', 'cover', 'frame', 'head', 'board', 'accessory'] as const;
export type DoorPart = (typeof DOOR_PARTS)[number];

/**
 * The opening kinds (ui/workspace/opening-kinds.ts) a room-door price may be limited to: the doors
 * (1 单开门, 2 双开门, 3 推拉门, 4 折叠门, 5 阳台门, 12 子母门, 15 门套) and the archway (8 垭口),
 * which is quoted apart with its own trim (catalogues.md §5).
 */
export const ROOM_DOOR_KINDS = [1, 2, 3, 4, 5, 12, 15, 8] as const;
export type RoomDoorKind = (typeof ROOM_DOOR_KINDS)[number];

export interface RoomDoorPrice extends PriceItemBase {
  readonly category: 'roomDoor';
  readonly doorPart: DoorPart;
  /** only for this opening kind; absent: any kind that has no price of its own for the part */
  readonly openingKind?: RoomDoorKind;
}

export interface PlainPrice extends PriceItemBase {
  readonly category: 'worktopFee' | 'sink' | 'line' | 'cabinetFee' | 'appliance';
}

// ---- wall boards (WallPanelDesign, catalogues.md §3: board, line, access with report_class) ----

/** The three lists of the wall-board quotation; a wallBoard price item belongs to one. */
export const WALL_BOARD_PARTS = ['board', 'line', 'access'] as const;
export type WallBoardPart = (typeof WALL_BOARD_PARTS)[number];

/**
 * report_class of each list: the class the factory and the dealer's report file the lines under
 * (墙板 boards, 线条 trims, 辅料 fixings), the same words the cabinet quote groups use.
 */
export const WALL_BOARD_REPORT_CLASSES: Readonly<Record<WallBoardPart, string>> = { board: '墙板', line: '线条', access: '辅料' };

/**
 * The edges a trim runs along (wall-boards.ts measures each): top, the cap along a panel's top edge
 * (顶线/收口线, also a raised bottom edge); skirting, along a bottom edge on the floor (踢脚线);
 * innerCorner and outerCorner, down a concave or convex wall corner (阴角线, 阳角线); edge, down a
 * free end: a door or window jamb, or a panel stopping mid-wall (收边线).
 */
export const WALL_BOARD_LINES = ['top', 'skirting', 'innerCorner', 'outerCorner', 'edge'] as const;
export type WallBoardLine = (typeof WALL_BOARD_LINES)[number];

/** A wall board: per m² (or per board) by panel style and thickness, cut from boards of this size. */
export interface WallBoardBoardPrice extends PriceItemBase {
  readonly category: 'wallBoard';
  readonly part: 'board';
  readonly style: WallPanelStyle;
  /** mm; a panel takes the listed board of its style nearest its own thickness */
  readonly thickness: number;
  /** the stock board, mm: a panel wider or taller than one is several */
  readonly boardWidth: number;
  readonly boardHeight: number;
}
/** A trim, per metre of the edge it runs along. */
export interface WallBoardLinePrice extends PriceItemBase {
  readonly category: 'wallBoard';
  readonly part: 'line';
  readonly line: WallBoardLine;
}
/** A fixing or consumable, so many units per m² of panel (clips, adhesive, battens). */
export interface WallBoardAccessPrice extends PriceItemBase {
  readonly category: 'wallBoard';
  readonly part: 'access';
  /** units (the item's unit) per m² of panel; pieces are rounded up to whole ones per room */
  readonly perM2: number;
  /** only panels of this style need it; absent: every panel */
  readonly style?: WallPanelStyle;
}
export type WallBoardPrice = WallBoardBoardPrice | WallBoardLinePrice | WallBoardAccessPrice;

/** Stock board sizes are at most this (mm); thickness at most the wall panel's own limit. */
export const MAX_WALL_BOARD_SIZE = 6000;
export const MAX_WALL_BOARD_THICKNESS = 500;
export const MAX_PER_M2 = 1000;

// ---- end of wall boards ----

export type PriceItem = BoardPrice | DoorPrice | HardwarePrice | WorktopPrice | PlainPrice | WallBoardPrice | RoomDoorPrice;

export interface PriceList {
  readonly currency: 'CNY';
  /** laid tiles: tiles needed = area / tile area × (1 + this / 100); issue 14's default is 10 */
  readonly tileWastePercent: number;
  readonly items: readonly PriceItem[];
}

/** One stored version of a project's list, as the server answers it. */
export interface PriceListVersion {
  readonly version: number;
  readonly created_at: string;
  /** who saved it; empty for the seeded first version */
  readonly created_by_name: string;
  readonly note: string;
  readonly list: PriceList;
}

/**
 * What a quote is priced from: the list and its version. A computed quote carries `version` along
 * (issue 14: "a quote records the price list version it used"), so it can be re-read later with
 * GET /api/admin/price-list?version=n even after the admin has changed the prices.
 */
export type PriceListSnapshot = Pick<PriceListVersion, 'version' | 'list'>;

/** What changed from the version before (the history screen lists it). */
export interface PriceChange {
  readonly code: string;
  readonly from: number | null;
  readonly to: number | null;
}

export interface PriceListVersionSummary {
  readonly version: number;
  readonly created_at: string;
  readonly created_by_name: string;
  readonly note: string;
  readonly item_count: number;
  readonly changes: readonly PriceChange[];
}

// ---- limits ----

export const MAX_PRICE = 10_000_000;
export const MAX_PRICE_ITEMS = 2000;
export const MAX_NAME_LENGTH = 100;
export const MAX_NOTE_LENGTH = 200;
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEFAULT_TILE_WASTE_PERCENT = 10;
/** The name a change of tileWastePercent goes by in a version's changes (not an item code). */
export const TILE_WASTE_CODE = 'tileWastePercent';

// ---- validation ----

export interface PriceListProblem {
  /** where: 'items[3].price', 'tileWastePercent', … */
  readonly path: string;
  readonly zh: string;
  readonly en: string;
}

export type PriceListCheck =
  | { readonly ok: true; readonly list: PriceList }
  | { readonly ok: false; readonly problems: readonly PriceListProblem[] };

/** true when `n` has no more than two decimals (as typed: 12.345 is refused, not rounded). */
export function hasAtMostTwoDecimals(n: number): boolean {
  return hasAtMostDecimals(n, 2);
}

function hasAtMostDecimals(n: number, places: number): boolean {
  const [mantissa = '', exponent = '0'] = String(n).split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return decimals <= places;
}

/** Why `value` is not a price, or null when it is one. */
export function priceProblem(value: unknown): { zh: string; en: string } | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { zh: '价格必须是数字', en: 'the price must be a number' };
  if (value < 0) return { zh: '价格不能为负数', en: 'the price cannot be negative' };
  if (value > MAX_PRICE) return { zh: `价格不能超过 ${MAX_PRICE} 元`, en: `the price cannot exceed ${MAX_PRICE} yuan` };
  if (!hasAtMostTwoDecimals(value)) return { zh: '价格最多保留两位小数', en: 'the price has at most two decimals' };
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function oneOf<T extends string>(values: readonly T[], v: unknown): v is T {
  return typeof v === 'string' && (values as readonly string[]).includes(v);
}

function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t && t.length <= MAX_NAME_LENGTH ? t : null;
}

/**
 * Checks untrusted input (a request body, a stored version) and returns the list in its canonical
 * shape (names trimmed, unknown fields dropped), or every problem found with a zh and en reason, so
 * the admin sees all of them at once rather than one per save.
 */
export function validatePriceList(input: unknown): PriceListCheck {
  const problems: PriceListProblem[] = [];
  const problem = (path: string, zh: string, en: string) => problems.push({ path, zh, en });
  if (!isRecord(input)) {
    return { ok: false, problems: [{ path: 'list', zh: '价格表必须是一个对象', en: 'the price list must be an object' }] };
  }
  if (input.currency !== 'CNY') problem('currency', '币种必须是人民币（CNY）', 'the currency must be CNY');
  const waste = input.tileWastePercent;
  if (typeof waste !== 'number' || !Number.isFinite(waste) || waste < 0 || waste > 100 || !hasAtMostTwoDecimals(waste)) {
    problem('tileWastePercent', '瓷砖损耗率必须是 0 到 100 之间的数字', 'the tile waste allowance must be a number from 0 to 100');
  }
  const rawItems = input.items;
  const items: PriceItem[] = [];
  if (!Array.isArray(rawItems) || rawItems.length === 0) {
    problem('items', '价格表至少要有一项', 'the price list needs at least one item');
  } else if (rawItems.length > MAX_PRICE_ITEMS) {
    problem('items', `价格表最多 ${MAX_PRICE_ITEMS} 项`, `the price list has at most ${MAX_PRICE_ITEMS} items`);
  } else {
    const seen = new Set<string>();
    rawItems.forEach((raw: unknown, i) => {
      const item = checkItem(raw, `items[${i}]`, problem);
      if (!item) return;
      if (seen.has(item.code)) {
        problem(`items[${i}].code`, `编码重复：${item.code}`, `duplicate code: ${item.code}`);
        return;
      }
      seen.add(item.code);
      items.push(item);
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, list: { currency: 'CNY', tileWastePercent: waste as number, items } };
}

function checkItem(raw: unknown, at: string, problem: (path: string, zh: string, en: string) => void): PriceItem | null {
  if (!isRecord(raw)) {
    problem(at, '价格项必须是一个对象', 'a price item must be an object');
    return null;
  }
  const before = { count: 0 };
  const fail = (path: string, zh: string, en: string) => {
    before.count++;
    problem(`${at}.${path}`, zh, en);
  };
  const code = typeof raw.code === 'string' && CODE_PATTERN.test(raw.code) ? raw.code : null;
  if (!code) fail('code', '编码只能包含字母、数字、- 和 _（1-64 个字符）', 'the code may only hold letters, digits, - and _ (1-64 characters)');
  const label = code ?? at;
  const nameZh = text(raw.name_zh);
  const nameEn = text(raw.name_en);
  if (!nameZh) fail('name_zh', `${label}：中文名称不能为空（最多 ${MAX_NAME_LENGTH} 字）`, `${label}: the Chinese name is required (at most ${MAX_NAME_LENGTH} characters)`);
  if (!nameEn) fail('name_en', `${label}：英文名称不能为空（最多 ${MAX_NAME_LENGTH} 字）`, `${label}: the English name is required (at most ${MAX_NAME_LENGTH} characters)`);
  if (!oneOf(PRICE_UNITS, raw.unit)) fail('unit', `${label}：单位无效`, `${label}: unknown unit`);
  const bad = priceProblem(raw.price);
  if (bad) fail('price', `${label}：${bad.zh}`, `${label}: ${bad.en}`);
  if (!oneOf(PRICE_CATEGORIES, raw.category)) {
    fail('category', `${label}：分类无效`, `${label}: unknown category`);
    return null;
  }
  const base = { code: code ?? '', name_zh: nameZh ?? '', name_en: nameEn ?? '', unit: raw.unit as PriceUnit, price: raw.price as number };
  let item: PriceItem;
  switch (raw.category) {
    case 'board': {
      if (typeof raw.material !== 'string' || !CODE_PATTERN.test(raw.material)) fail('material', `${label}：板材材质编码无效`, `${label}: invalid board material code`);
      if (!(BOARD_THICKNESSES as readonly unknown[]).includes(raw.thickness)) fail('thickness', `${label}：板厚只能是 9、18 或 25 mm`, `${label}: the board thickness must be 9, 18 or 25 mm`);
      item = { ...base, category: 'board', material: raw.material as string, thickness: raw.thickness as BoardThickness };
      break;
    }
    case 'door':
      if (!oneOf(DOOR_SHAPES, raw.doorShape)) fail('doorShape', `${label}：门型无效`, `${label}: unknown door shape`);
      item = { ...base, category: 'door', doorShape: raw.doorShape as DoorShape };
      break;
    case 'worktop':
      if (!oneOf(WORKTOP_MATERIALS, raw.worktopMaterial)) fail('worktopMaterial', `${label}：台面材质无效`, `${label}: unknown worktop material`);
      item = { ...base, category: 'worktop', worktopMaterial: raw.worktopMaterial as WorktopMaterial };
      break;
    case 'hardware': {
      if (!oneOf(HARDWARE_KINDS, raw.hardware)) fail('hardware', `${label}：五金类型无效`, `${label}: unknown hardware kind`);
      const hw: { -readonly [K in keyof HardwarePrice]: HardwarePrice[K] } = { ...base, category: 'hardware', hardware: raw.hardware as HardwareKind };
      if (raw.lengthMm !== undefined) {
        if (typeof raw.lengthMm !== 'number' || !Number.isInteger(raw.lengthMm) || raw.lengthMm <= 0 || raw.lengthMm > 3000) {
          fail('lengthMm', `${label}：滑轨长度必须是 1-3000 的整数毫米`, `${label}: the slide length must be whole millimetres from 1 to 3000`);
        } else hw.lengthMm = raw.lengthMm;
      }
      if (raw.handleId !== undefined) {
        if (typeof raw.handleId !== 'string' || !CODE_PATTERN.test(raw.handleId)) fail('handleId', `${label}：拉手编号无效`, `${label}: invalid handle id`);
        else hw.handleId = raw.handleId;
      }
      item = hw;
      break;
    }
    case 'wallBoard': {
      const wb = checkWallBoard(raw, base, label, fail);
      if (!wb) return null;
      item = wb;
      break;
    }
    case 'roomDoor': {
      if (!oneOf(DOOR_PARTS, raw.doorPart)) fail('doorPart', `${label}：门的部件无效`, `${label}: unknown door part`);
      const door: { -readonly [K in keyof RoomDoorPrice]: RoomDoorPrice[K] } = { ...base, category: 'roomDoor', doorPart: raw.doorPart as DoorPart };
      if (raw.openingKind !== undefined) {
        if (!(ROOM_DOOR_KINDS as readonly unknown[]).includes(raw.openingKind)) {
          fail('openingKind', `${label}：门洞类型只能是门或垭口`, `${label}: the opening kind must be a door or an archway`);
        } else door.openingKind = raw.openingKind as RoomDoorKind;
      }
      item = door;
      break;
    }
    default:
      item = { ...base, category: raw.category };
  }
  return before.count === 0 ? item : null;
}

/** A positive whole number of mm up to max. */
function wholeMm(v: unknown, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max;
}

/** The wall-board fields of an item (its base already checked), or null after reporting what is wrong. */
function checkWallBoard(
  raw: Record<string, unknown>,
  base: PriceItemBase,
  label: string,
  fail: (path: string, zh: string, en: string) => void,
): WallBoardPrice | null {
  const styleOk = oneOf(WALL_PANEL_STYLES, raw.style);
  switch (raw.part) {
    case 'board': {
      let ok = true;
      if (!styleOk) {
        ok = false;
        fail('style', `${label}：墙板款式只能是 flat（平板）或 framed（框线）`, `${label}: the wall board style must be flat or framed`);
      }
      if (!wholeMm(raw.thickness, MAX_WALL_BOARD_THICKNESS)) {
        ok = false;
        fail('thickness', `${label}：墙板厚度必须是 1-${MAX_WALL_BOARD_THICKNESS} 的整数毫米`, `${label}: the wall board thickness must be whole millimetres from 1 to ${MAX_WALL_BOARD_THICKNESS}`);
      }
      for (const field of ['boardWidth', 'boardHeight'] as const) {
        if (!wholeMm(raw[field], MAX_WALL_BOARD_SIZE)) {
          ok = false;
          fail(field, `${label}：板材规格（宽、高）必须是 1-${MAX_WALL_BOARD_SIZE} 的整数毫米`, `${label}: the board size (width, height) must be whole millimetres from 1 to ${MAX_WALL_BOARD_SIZE}`);
        }
      }
      if (base.unit !== 'm2' && base.unit !== 'piece') {
        ok = false;
        fail('unit', `${label}：墙板按平方米或按张计价`, `${label}: a wall board is priced per m² or per board`);
      }
      return ok
        ? { ...base, category: 'wallBoard', part: 'board', style: raw.style as WallPanelStyle, thickness: raw.thickness as number, boardWidth: raw.boardWidth as number, boardHeight: raw.boardHeight as number }
        : null;
    }
    case 'line': {
      let ok = true;
      if (!oneOf(WALL_BOARD_LINES, raw.line)) {
        ok = false;
        fail('line', `${label}：线条位置无效（top、skirting、innerCorner、outerCorner、edge）`, `${label}: unknown trim position (top, skirting, innerCorner, outerCorner, edge)`);
      }
      if (base.unit !== 'm') {
        ok = false;
        fail('unit', `${label}：墙板线条按米计价`, `${label}: a wall trim is priced per metre`);
      }
      return ok ? { ...base, category: 'wallBoard', part: 'line', line: raw.line as WallBoardLine } : null;
    }
    case 'access': {
      let ok = true;
      const per = raw.perM2;
      if (typeof per !== 'number' || !Number.isFinite(per) || per <= 0 || per > MAX_PER_M2 || !hasAtMostDecimals(per, 3)) {
        ok = false;
        fail('perM2', `${label}：每平方米用量必须是大于 0、不超过 ${MAX_PER_M2} 的数字（最多三位小数）`, `${label}: the quantity per m² must be above 0 and at most ${MAX_PER_M2} (at most three decimals)`);
      }
      if (raw.style !== undefined && !styleOk) {
        ok = false;
        fail('style', `${label}：墙板款式只能是 flat（平板）或 framed（框线）`, `${label}: the wall board style must be flat or framed`);
      }
      if (!ok) return null;
      const access: WallBoardAccessPrice = { ...base, category: 'wallBoard', part: 'access', perM2: per as number };
      return raw.style === undefined ? access : { ...access, style: raw.style as WallPanelStyle };
    }
    default:
      fail('part', `${label}：墙板分项只能是 board（墙板）、line（线条）或 access（辅料）`, `${label}: the wall board part must be board, line or access`);
      return null;
  }
}

// ---- lookups the quote uses ----

/** The first problem's text in one language, for a toast or an error envelope. */
export function describeProblems(problems: readonly PriceListProblem[], locale: 'zh' | 'en'): string {
  const first = problems[0];
  if (!first) return '';
  const more = problems.length - 1;
  const text = first[locale];
  if (more === 0) return text;
  return locale === 'zh' ? `${text}（另有 ${more} 处问题）` : `${text} (and ${more} more)`;
}

export function findPrice(list: PriceList, code: string): PriceItem | undefined {
  return list.items.find((i) => i.code === code);
}

export function boardPrice(list: PriceList, material: string, thickness: BoardThickness): BoardPrice | undefined {
  return list.items.find((i): i is BoardPrice => i.category === 'board' && i.material === material && i.thickness === thickness);
}

export function doorPrice(list: PriceList, shape: DoorShape): DoorPrice | undefined {
  return list.items.find((i): i is DoorPrice => i.category === 'door' && i.doorShape === shape);
}

export function worktopPrice(list: PriceList, material: WorktopMaterial): WorktopPrice | undefined {
  return list.items.find((i): i is WorktopPrice => i.category === 'worktop' && i.worktopMaterial === material);
}

/**
 * The slide for a drawer of `depthMm`: the longest listed slide that fits (a slide may be shorter
 * than the drawer, never longer), so a 480 mm deep drawer takes the 450 mm slide.
 */
export function drawerSlidePrice(list: PriceList, depthMm: number): HardwarePrice | undefined {
  let best: HardwarePrice | undefined;
  for (const i of list.items) {
    if (i.category !== 'hardware' || i.hardware !== 'drawerSlide' || i.lengthMm === undefined || i.lengthMm > depthMm) continue;
    if (!best || (best.lengthMm ?? 0) < i.lengthMm) best = i;
  }
  return best;
}

export function handlePrice(list: PriceList, handleId: string): HardwarePrice | undefined {
  return list.items.find((i): i is HardwarePrice => i.category === 'hardware' && i.hardware === 'handle' && i.handleId === handleId);
}

/** The wall-board items of one list (board, line or access), in list order. */
export function wallBoardPrices<P extends WallBoardPart>(list: PriceList, part: P): Extract<WallBoardPrice, { part: P }>[] {
  return list.items.filter((i): i is Extract<WallBoardPrice, { part: P }> => i.category === 'wallBoard' && i.part === part);
}

/**
 * The board a panel is cut from: of its style, the listed thickness nearest its own (a tie takes
 * the thicker board, which covers the panel), so an 18 mm panel takes an 18 mm board and a 12 mm
 * one the 9 or 18 mm board whichever is nearer.
 */
export function wallBoardFor(list: PriceList, style: WallPanelStyle, thickness: number): WallBoardBoardPrice | undefined {
  let best: WallBoardBoardPrice | undefined;
  for (const b of wallBoardPrices(list, 'board')) {
    if (b.style !== style) continue;
    if (!best) {
      best = b;
      continue;
    }
    const d = Math.abs(b.thickness - thickness);
    const bestD = Math.abs(best.thickness - thickness);
    if (d < bestD || (d === bestD && b.thickness > best.thickness)) best = b;
  }
  return best;
}

/** The opening kind of an archway (垭口). */
export const ARCHWAY_OPENING_KIND = 8;

/**
 * The price of a room door's part: the one listed for the opening's kind, else the one listed for
 * no kind in particular. An archway (垭口) takes only prices listed for it, never a door's: its
 * trim is wider and its lining has no rebate, so a door price would misquote it.
 */
export function roomDoorPrice(list: PriceList, part: DoorPart, kind: number): RoomDoorPrice | undefined {
  let general: RoomDoorPrice | undefined;
  for (const i of list.items) {
    if (i.category !== 'roomDoor' || i.doorPart !== part) continue;
    if (i.openingKind === kind) return i;
    if (i.openingKind === undefined && !general) general = i;
  }
  return kind === ARCHWAY_OPENING_KIND ? undefined : general;
}

/** Prices that differ between two versions, in the newer list's order (added and removed items too). */
export function diffPriceLists(older: PriceList, newer: PriceList): PriceChange[] {
  const before = new Map(older.items.map((i) => [i.code, i.price]));
  const changes: PriceChange[] = [];
  for (const item of newer.items) {
    const from = before.get(item.code);
    if (from !== item.price) changes.push({ code: item.code, from: from ?? null, to: item.price });
    before.delete(item.code);
  }
  for (const [code, from] of before) changes.push({ code, from, to: null });
  if (older.tileWastePercent !== newer.tileWastePercent) {
    changes.push({ code: TILE_WASTE_CODE, from: older.tileWastePercent, to: newer.tileWastePercent });
  }
  return changes;
}
