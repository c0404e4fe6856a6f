// The cabinet quotation data of catalogues.md §3, field for field: the kernel's quote commands
// (KitQuotationProjectCmd, KitQuotationRoomDoorCmd, KitGetQuotationDataStd, GetClientData) produce
// these, and the quote screens and the cabinet-table export read them. The field names are the
// spec's (and the factory software's) own, snake_case and all, so a quote can be handed to an order
// or compared with one from the old product without a mapping table.

import { roundQuantity, roundSum, toChineseCapital } from './quote-numbers';

/** The groups of a room's priceData, in the order a quotation lists them. */
export const QUOTE_GROUP_NAMES = ['柜体', '台面', '水槽', '五金', '线条', '趟门', '台面毛板', '柜体附加费', '台面附加费', '方太电器'] as const;
export type QuoteGroupName = (typeof QUOTE_GROUP_NAMES)[number];

/** How missingPrices names a laid tile code the tile catalogue has no price for: tile:CODE. */
export const MISSING_TILE_PREFIX = 'tile:';

/** The group laid tiles are listed under on the quote screens and in the exported table (not a priceData group). */
export const TILE_GROUP_NAME = '瓷砖' as const;

/** One priced line of a group: a cabinet (with its parts as children), a worktop, a handle, a fee. */
export interface QuoteLine {
  readonly name: string;
  readonly color: string;
  /** material / product code the factory orders by */
  readonly matCode: string;
  /** mm */
  readonly width: number;
  /** mm */
  readonly depth: number;
  /** mm */
  readonly height: number;
  /** pieces */
  readonly num: number;
  /** the quoted quantity in paramUnitName (pieces, m, m²), 3 decimals */
  readonly qty: number;
  /** unit price, tax included (含税) */
  readonly price_hs: number;
  /** qty x price_hs, 2 decimals */
  readonly sum: number;
  /** grain direction of the board or door */
  readonly textureDir: string;
  readonly doorShape: string;
  readonly handle: string;
  /** hinge or slide chosen for the size */
  readonly hingSlidName: string;
  readonly hingSlidModelno: string;
  readonly remark: string;
  /** the unit qty is counted in: 件, 米, 平方米 */
  readonly paramUnitName: string;
  /** when the price used was last changed (ISO 8601) */
  readonly updatedAt: string;
  /** 柜体: a cabinet's boards, doors and hardware, each priced on its own */
  readonly children?: readonly QuoteLine[];
}

/** A line's fields a quoting rule leaves empty unless it has something to say in them. */
export const BLANK_LINE_FIELDS = {
  color: '',
  matCode: '',
  width: 0,
  depth: 0,
  height: 0,
  textureDir: '',
  doorShape: '',
  handle: '',
  hingSlidName: '',
  hingSlidModelno: '',
  remark: '',
} as const satisfies Partial<QuoteLine>;

/** priceData of one room. */
export interface PriceDataRoom {
  readonly roomName: string;
  /** true: wardrobe (衣柜) quote; false: kitchen (橱柜) */
  readonly isYg: boolean;
  /** only the groups the room has lines in */
  readonly groups: Partial<Readonly<Record<QuoteGroupName, readonly QuoteLine[]>>>;
}

export type PriceData = readonly PriceDataRoom[];

// -- door quotation (KitQuotationRoomDoorCmd) --

export interface QtData {
  readonly price_hs: number;
  readonly qty: number;
}

/** One priced part of a room door (leaf, cover, frame ...). */
export interface DoorQuotePart {
  readonly name: string;
  readonly qtData: QtData;
}

/** The opening type whose parts are quoted apart from doors (catalogues.md §5). */
export const OPENING_TYPE_ARCHWAY = '垭口';

export interface RoomDoorQuote {
  readonly door: DoorQuotePart;
  readonly doorCover: DoorQuotePart;
  readonly doorFrame: DoorQuotePart;
  readonly doorHead: DoorQuotePart;
  readonly doorBoard: DoorQuotePart;
  readonly doorAcces: DoorQuotePart;
  readonly opening_type: string;
  readonly sceneGroup: string;
}

export interface DoorQuotation {
  readonly roomDoors: readonly RoomDoorQuote[];
}

// -- wall boards (WallPanelDesign) --

/**
 * One priced line of the wall-board quotation: the spec's name, qtData and report_class (墙板,
 * 线条 or 辅料: protocol/price-list.ts WALL_BOARD_REPORT_CLASSES), and what a printed quote needs
 * beside them. Lines are per room and price item, so the flat spec lists still group by room.
 */
export interface WallBoardItem {
  readonly name: string;
  readonly qtData: QtData;
  readonly report_class: string;
  /** the room the panels face ('' outside any room) */
  readonly roomName: string;
  /** the price list code ('' when the list has no price for it) */
  readonly matCode: string;
  /** the unit qty is counted in: 平方米, 米, 件 */
  readonly paramUnitName: string;
  /** qty x price_hs, 2 decimals */
  readonly sum: number;
  /** boards: the stock boards to order; trims and fixings: 0 */
  readonly num: number;
  /** 无价格 when the list has no price, else '' */
  readonly remark: string;
}

export interface WallBoardQuotation {
  readonly board: readonly WallBoardItem[];
  readonly line: readonly WallBoardItem[];
  readonly access: readonly WallBoardItem[];
}

// -- volume report (方数) --

/** What the volume report says when the quote has no groups (catalogues.md §8). */
export const VOLUME_NO_GROUPS = '计算方数异常！';

export interface WorktopDetail {
  readonly modelno: string;
  /** metres */
  readonly qty: number;
  readonly mats: string;
}

export interface VolumeReportGroup {
  readonly groupName: string;
  /** m³ of 9 / 18 / 25 mm board, rounded up to 2 decimals, minimum 0.01 (roundVolume) */
  readonly t_9: number;
  readonly t_18: number;
  readonly t_25: number;
  /** metres of worktop */
  readonly worktop: number;
  readonly worktopDetail: readonly WorktopDetail[];
  readonly doorNumber: number;
  /** m² */
  readonly doorArea: number;
  /** archways (垭口), counted apart from doors */
  readonly yakouNumber: number;
  /** m² */
  readonly totalArea: number;
}

// -- quote list (the cabinet table) --

/** One row of the quote list: what the cabinet table prints, one row per priced line. */
export interface QuoteListRow {
  readonly Code: string;
  readonly Name: string;
  /** mm */
  readonly Length: number;
  /** mm */
  readonly Width: number;
  /** mm */
  readonly Height: number;
  readonly Color: string;
  /** pieces */
  readonly Quantity: number;
  /** QuoteQty x UnitPrice, 2 decimals */
  readonly TotalAmount: number;
  /** 3 decimals, in the line's unit */
  readonly QuoteQty: number;
  readonly UnitPrice: number;
  /** the room */
  readonly SpaceInfo: string;
  /** the group (柜体, 台面 ...) */
  readonly CombinationInfo: string;
  /** the cabinet a part belongs to; '' for a line of its own */
  readonly CellInfo: string;
}

// -- standard quote (KitGetQuotationDataStd, qtMode 0) --

export const STANDARD_QUOTE_NAME = '定制家具';

export interface StandardQuoteRoom {
  readonly roomName: string;
  /** m² */
  readonly roomArea: number;
  readonly roomId: string;
  readonly cabinet: readonly QuoteLine[];
  readonly doorPanel: readonly QuoteLine[];
  readonly accessory: readonly QuoteLine[];
}

export interface StandardQuote {
  readonly name: typeof STANDARD_QUOTE_NAME;
  readonly rooms: readonly StandardQuoteRoom[];
}

// -- client data (GetClientData) --

export interface ClientData {
  readonly ClientName: string;
  readonly ClientTel: string;
  readonly OrderNo: string;
  readonly ClientAddress: string;
  readonly Remark: string;
}

// -- the quote list of a priceData --

export interface QuoteListRoomTotal {
  readonly roomName: string;
  readonly total: number;
}

export interface QuoteList {
  readonly rows: readonly QuoteListRow[];
  readonly rooms: readonly QuoteListRoomTotal[];
  /** the grand total, 2 decimals */
  readonly total: number;
  /** the grand total in Chinese capitals ('' for 0) */
  readonly totalCapital: string;
}

/**
 * qty x price to the fen, multiplied as integers (qty has 3 decimals, a price 2), so 0.299 x 215
 * is 64.285 and rounds to 64.29 rather than to 64.28 from the float product 64.28499999999999.
 */
export function lineAmount(qty: number, price: number): number {
  return roundSum(Math.round(qty * 1000) * Math.round(price * 100) / 1e5);
}

function row(line: QuoteLine, room: string, group: string, cell: string): QuoteListRow {
  const quoteQty = roundQuantity(line.qty);
  return {
    Code: line.matCode,
    Name: line.name,
    Length: line.width,
    Width: line.depth,
    Height: line.height,
    Color: line.color,
    Quantity: line.num,
    // Recomputed from the printed columns (not copied from line.sum) so that a table never shows
    // a total its own quantity and price contradict.
    TotalAmount: lineAmount(quoteQty, line.price_hs),
    QuoteQty: quoteQty,
    UnitPrice: line.price_hs,
    SpaceInfo: room,
    CombinationInfo: group,
    CellInfo: cell,
  };
}

/** The groups of the quote list: the priceData's, then the laid tiles. */
export type ListGroupName = QuoteGroupName | typeof TILE_GROUP_NAME;
export const LIST_GROUP_NAMES: readonly ListGroupName[] = [...QUOTE_GROUP_NAMES, TILE_GROUP_NAME];

/** A room as the quote lists it: its priceData groups and, under 瓷砖, its laid tiles. */
export interface QuotedRoom {
  readonly roomName: string;
  readonly isYg: boolean;
  readonly groups: Partial<Readonly<Record<ListGroupName, readonly QuoteLine[]>>>;
}

const TILE_UNIT_NAMES: Readonly<Record<TilePriceUnit, string>> = { piece: '片', m2: '平方米' };
const FACE_NAMES: Readonly<Record<string, string>> = { floor: '地面', ceiling: '顶面', left: '墙面', right: '墙面' };

/**
 * A laid tile as a quote line: the tile by its catalogue name and code, its size, the whole tiles
 * (num) and what is bought in the price's unit; the remark says where and how much area, with the
 * waste allowance, so the client can check the count.
 */
export function tileLine(t: TileQuote): QuoteLine {
  return {
    name: t.tileName || t.tileCode,
    color: '',
    matCode: t.tileCode,
    width: t.tileWidth,
    depth: 0,
    height: t.tileHeight,
    num: t.tiles,
    qty: t.qty,
    price_hs: t.price,
    sum: t.amount,
    textureDir: '',
    doorShape: '',
    handle: '',
    hingSlidName: '',
    hingSlidModelno: '',
    remark: `${FACE_NAMES[t.face] ?? t.face} ${t.area}㎡，损耗 ${t.wastePercent}%`,
    paramUnitName: TILE_UNIT_NAMES[t.unit],
    updatedAt: '',
  };
}

/**
 * The rooms of a quote with their laid tiles: tiles join the priceData room of their name (under
 * 瓷砖, after the cabinet groups); tiles of a room without cabinets make a room of their own, after
 * the cabinet rooms, in the order laid.
 */
export function quotedRooms(priceData: PriceData, tiles: readonly TileQuote[] = []): QuotedRoom[] {
  const rooms: QuotedRoom[] = [...priceData];
  const tileLines = new Map<string, QuoteLine[]>();
  for (const t of tiles) {
    const lines = tileLines.get(t.roomName);
    if (lines) lines.push(tileLine(t));
    else tileLines.set(t.roomName, [tileLine(t)]);
  }
  for (const [roomName, lines] of tileLines) {
    const i = rooms.findIndex((r) => r.roomName === roomName);
    const room = rooms[i];
    if (room) rooms[i] = { ...room, groups: { ...room.groups, [TILE_GROUP_NAME]: lines } };
    else rooms.push({ roomName, isYg: false, groups: { [TILE_GROUP_NAME]: lines } });
  }
  return rooms;
}

/**
 * The quote list of a priceData (and its laid tiles): one row per priced line, rooms and groups in
 * quote order. A cabinet with children is priced by its parts, so it gives one row per child
 * (CellInfo names the cabinet) and none of its own. Room totals and the grand total add the
 * rounded row amounts, as a reader adding up the printed table would.
 */
export function quoteListRows(priceData: PriceData, tiles: readonly TileQuote[] = []): QuoteList {
  const rows: QuoteListRow[] = [];
  const rooms: QuoteListRoomTotal[] = [];
  // Integer fen, so adding hundreds of amounts gathers no float noise.
  let totalFen = 0;
  for (const room of quotedRooms(priceData, tiles)) {
    let roomFen = 0;
    for (const group of LIST_GROUP_NAMES) {
      for (const line of room.groups[group] ?? []) {
        const lineRows = line.children && line.children.length > 0 ? line.children.map((c) => row(c, room.roomName, group, line.name)) : [row(line, room.roomName, group, '')];
        for (const r of lineRows) {
          rows.push(r);
          roomFen += Math.round(r.TotalAmount * 100);
        }
      }
    }
    rooms.push({ roomName: room.roomName, total: roomFen / 100 });
    totalFen += roomFen;
  }
  const total = totalFen / 100;
  return { rows, rooms, total, totalCapital: toChineseCapital(total) };
}

// -- the cabinet-table export (catalogues.md §4, §6, §7) --

/** The engineering customer, who gets the engineering template and needs no plan number (§4, §6). */
export const ENGINEERING_CUSTOMER_UID = 503;

/** The project whose exports are named by the client's Remark (§6). */
export const REMARK_NAMED_PROJECT = 'MLS';

export type CabinetTableTemplate = 'standard' | 'engineering';

/** The templates' file names under /templates/ (public/templates/, scripts/quote-templates.ts). */
export const CABINET_TABLE_TEMPLATES: Readonly<Record<CabinetTableTemplate, string>> = {
  standard: 'cabinet-table-standard.xlsx',
  engineering: 'cabinet-table-engineering.xlsx',
};

export function cabinetTableTemplateFor(customerUid: number | null): CabinetTableTemplate {
  return customerUid === ENGINEERING_CUSTOMER_UID ? 'engineering' : 'standard';
}

// -- the kernel's whole quote (the kernel API's quote(priceList)) --

/** The volume report: one entry per group, or 计算方数异常！ when the quote has no groups. */
export type VolumeReport = { readonly ok: true; readonly groups: readonly VolumeReportGroup[] } | { readonly ok: false; readonly message: typeof VOLUME_NO_GROUPS };

/** What a tile's catalogue price is per: one tile (片), or a square metre of tiles. */
export type TilePriceUnit = 'piece' | 'm2';

/**
 * A laid tile's price as the tile catalogue has it now (GET /api/admin/tile/{id}?code=): the UI
 * fetches the laid codes' prices when it quotes, so a price changed in the catalogue is followed
 * the next time the quote is made, as price list changes are.
 */
export interface TilePrice {
  readonly code: string;
  /** the catalogue's name, printed on the quote */
  readonly name: string;
  /** yuan, tax included */
  readonly price: number;
  readonly unit: TilePriceUnit;
}

/** A laid paving: the tiles one surface face needs, priced from the tile catalogue. */
export interface TileQuote {
  readonly roomName: string;
  /** the room (floor, ceiling) or wall (left, right) the tiles lie on */
  readonly surfaceId: string;
  readonly face: string;
  readonly tileCode: string;
  /** the catalogue's name; '' when the tile has no price */
  readonly tileName: string;
  /** mm */
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** m², 3 decimals */
  readonly area: number;
  /** whole tiles: area / tile area with the price list's waste allowance, rounded up */
  readonly tiles: number;
  /** the allowance used (%) */
  readonly wastePercent: number;
  /** the catalogue's price per unit; 0 when the catalogue has none for the code (listed in missingPrices) */
  readonly price: number;
  readonly unit: TilePriceUnit;
  /** what is bought in unit: the whole tiles, or their area in m² (3 decimals) */
  readonly qty: number;
  /** qty x price, 2 decimals */
  readonly amount: number;
}

/** What the kernel's quote(priceList) answers: everything the quote screens and exports read. */
export interface KernelQuote {
  /** the price list version the prices came from (issue 14: a quote records it) */
  readonly priceListVersion: number;
  readonly priceData: PriceData;
  readonly volume: VolumeReport;
  readonly standard: StandardQuote;
  readonly tiles: readonly TileQuote[];
  /** KitQuotationRoomDoorCmd: the room doors (and archways, 垭口) of the plan, priced part by part */
  readonly doors: DoorQuotation;
  /** WallPanelDesign: the wall boards (护墙板), their trims and accessories */
  readonly wallBoards: WallBoardQuotation;
  /** GetClientData: the scene's client (Remark: its custom_client_info entry keyed Remark) */
  readonly clientData: ClientData;
  /** matCodes or part names the price list has no price for (priced at 0, remark 无价格) */
  readonly missingPrices: readonly string[];
}
