import type { CabinetRecord, OpeningRecord, PavingRecord, RoomRecord, SceneRecord, WallRecord } from '../../protocol/records';
import { cabinetLabel } from '../../protocol/cabinets';
import {
  boardPrice,
  doorPrice,
  drawerSlidePrice,
  findPrice,
  handlePrice,
  type DoorShape as PriceDoorShape,
  type HardwareKind,
  type HardwarePrice,
  type PriceItem,
  type PriceList,
  type PriceListSnapshot,
  type PriceUnit,
} from '../../protocol/price-list';
import { roundQuantity, roundVolume, type BoardThickness } from '../../protocol/quote-numbers';
import {
  BLANK_LINE_FIELDS,
  lineAmount,
  MISSING_TILE_PREFIX,
  STANDARD_QUOTE_NAME,
  VOLUME_NO_GROUPS,
  type ClientData,
  type KernelQuote,
  type PriceDataRoom,
  type QuoteGroupName,
  type QuoteLine,
  type StandardQuoteRoom,
  type TilePrice,
  type TileQuote,
  type VolumeReportGroup,
  type WorktopDetail,
} from '../../protocol/quote';
import type { RecordReader } from '../document/store';
import { cabinetParts, DRAWER_BOX_HEIGHT, type CabinetPart } from '../geometry/cabinet-parts';
import { pointInRing, signedArea } from '../geometry/polygon';
import { netFloorMm2 } from '../geometry/floor-openings';
import { storeyFloorOpenings } from '../kinds/floorOpening/record';
import { roomArea } from '../kinds/room/record';
import { getMeta } from '../kinds/meta/record';
import { roomOfRecord } from '../snapshot';
import { installFeeLine, nonStandardFeeLine, type FeeLineMaker } from './cabinet-fees';
import { MERGED_GROUPS, mergeLines } from './merge-lines';
import { quoteWallBoards } from './wall-boards';
import { quoteRoomDoors } from './room-doors';
import { quoteKitchen } from './worktop';

// The kernel quotation (issue 14; the "bridge" commands of catalogues.md §7: KitQuotationProjectCmd,
// KitGetQuotationDataStd with qtMode 0): priceData per room, the volume report, the standard quote
// and the laid tiles, from the document's records and one price list version. Pure apart from its
// cache: a cabinet's priced lines depend only on its record and the list, so they are kept per
// record object (records are replaced, never mutated, on every edit) and a one-door edit re-prices
// one cabinet.
//
// Pricing rules (what a dealer's quote does, in the terms of cabinet-parts.ts):
// - boards per m² of their cut size by material and thickness; the carcass's matCode is a colour
//   until the list names board materials by it, so an unlisted one is priced as particle board (PB);
//   a drawer box (12 mm sides) is priced as its five boards' area at the next listed thickness (18);
// - hinged doors, drawer fronts and blind panels per m² by door shape (flat, shaker -> framed),
//   sliding panels at the slidingPanel price;
// - hardware per piece (hinges, legs, shelf pins, handles), per set (slides chosen by length) or
//   per metre (rails, tracks, a recessed handle along its front's width);
// - a price the list lacks gives price_hs 0, remark 无价格, and the code in missingPrices, so a
//   quote is never silently short.

/** The carcass board material a cabinet is priced as when its matCode is not a listed board material. */
export const DEFAULT_BOARD_MATERIAL = 'PB';
export const NO_PRICE_REMARK = '无价格';
/** Sliding doors' rollers come with the track set. */
export const INCLUDED_REMARK = '含于轨道';

const UNIT_NAMES: Readonly<Record<PriceUnit, string>> = { m2: '平方米', m: '米', piece: '件', set: '副', each: '处' };

/** Cabinet handles (protocol/cabinets.ts) the default list prices under its own handle ids. */
const HANDLE_ALIASES: Readonly<Record<string, string>> = { H128: 'H01', H320: 'H02', GOLA: 'H03' };

/** Price list codes of parts the list has no kind for. */
export const PLINTH_CODE = 'LN-PLINTH';
export const LEG_CODE = 'HW-LEG';
export const HANGER_CODE = 'HW-HANGER';

/** A part that comes with another's price: a line of 0 so the order still lists it. */
const INCLUDED: Priced = { item: { category: 'hardware', hardware: 'other', code: '', name_zh: '', name_en: '', unit: 'piece', price: 0 }, want: '' };

const PART_GROUPS: Readonly<Record<string, QuoteGroupName | undefined>> = { slidingDoor: '趟门', track: '趟门', roller: '趟门' };

interface Priced {
  readonly item: PriceItem | undefined;
  /** the code reported missing when item is undefined */
  readonly want: string;
}

interface PriceIndex {
  readonly list: PriceList;
  readonly updatedAt: string;
  readonly board: (material: string, thickness: BoardThickness) => Priced;
  readonly door: (shape: PriceDoorShape) => Priced;
  readonly hardware: (kind: HardwareKind) => Priced;
}

function priceIndex(list: PriceList, updatedAt: string): PriceIndex {
  const firstHardware = new Map<HardwareKind, HardwarePrice>();
  for (const i of list.items) if (i.category === 'hardware' && !firstHardware.has(i.hardware)) firstHardware.set(i.hardware, i);
  return {
    list,
    updatedAt,
    board: (material, thickness) => {
      const own = boardPrice(list, material, thickness);
      return own ? { item: own, want: material } : { item: boardPrice(list, DEFAULT_BOARD_MATERIAL, thickness), want: `BRD-${DEFAULT_BOARD_MATERIAL}-${thickness}` };
    },
    door: (shape) => ({ item: doorPrice(list, shape), want: `door:${shape}` }),
    hardware: (kind) => ({ item: firstHardware.get(kind), want: `hardware:${kind}` }),
  };
}

/** Fee lines (柜体附加费) priced from their item, a missing one reported through `missing`. */
function feeMaker(prices: PriceIndex, missing: (want: string) => void): FeeLineMaker {
  return (item, want, f) => {
    if (!item) missing(want);
    const price = item?.price ?? 0;
    const qty = roundQuantity(f.qty);
    return {
      ...blank,
      name: f.name,
      matCode: item?.code ?? '',
      width: f.width ?? 0,
      depth: f.depth ?? 0,
      height: f.height ?? 0,
      num: f.num,
      qty,
      price_hs: price,
      sum: lineAmount(qty, price),
      paramUnitName: item ? UNIT_NAMES[item.unit] : '',
      updatedAt: prices.updatedAt,
      remark: item ? (f.remark ?? '') : NO_PRICE_REMARK,
    };
  };
}

/** One cabinet's lines, cached per record. */
interface CabinetQuote {
  readonly cabinet: QuoteLine;
  /** lines of groups other than 柜体 (趟门, 五金) */
  readonly others: readonly { readonly group: QuoteGroupName; readonly line: QuoteLine }[];
  readonly volume: { readonly t9: number; readonly t18: number; readonly t25: number; readonly doorNumber: number; readonly doorArea: number; readonly boardArea: number };
  readonly missing: readonly string[];
}

const blank = BLANK_LINE_FIELDS;

/** The thickness bucket of the volume report a board of `t` mm falls in (the next listed one up). */
function thicknessBucket(t: number): BoardThickness {
  return t <= 9 ? 9 : t <= 18 ? 18 : 25;
}

function quoteCabinet(c: CabinetRecord, prices: PriceIndex): CabinetQuote {
  const build = cabinetParts(c);
  // An unnamed cabinet is quoted by its kind and width (地柜 600), never as an empty name.
  const label = cabinetLabel(c);
  const children: QuoteLine[] = [];
  const others: { group: QuoteGroupName; line: QuoteLine }[] = [];
  const missing: string[] = [];
  let t9 = 0;
  let t18 = 0;
  let t25 = 0;
  let doorNumber = 0;
  let doorArea = 0;
  let boardArea = 0;
  const hinge = prices.hardware('hinge').item;
  const slidePart = build.parts.find((p) => p.role === 'slide');
  const slide = slidePart ? drawerSlidePrice(prices.list, slidePart.width) : undefined;

  const line = (p: CabinetPart, priced: Priced, qty: number, fields: Partial<QuoteLine>): QuoteLine => {
    const price = priced.item?.price ?? 0;
    if (!priced.item) missing.push(priced.want);
    const q = roundQuantity(qty);
    return {
      ...blank,
      name: p.name,
      num: p.count,
      qty: q,
      price_hs: price,
      sum: lineAmount(q, price),
      paramUnitName: priced.item ? UNIT_NAMES[priced.item.unit] : '',
      updatedAt: prices.updatedAt,
      matCode: priced.item?.code ?? '',
      ...fields,
      remark: priced.item ? (fields.remark ?? '') : NO_PRICE_REMARK,
    };
  };
  /** qty in the priced item's unit: m² and m from the part's size, else pieces. */
  const qtyOf = (item: PriceItem | undefined, p: CabinetPart, areaMm2: number): number => {
    if (item?.unit === 'm2') return (areaMm2 * p.count) / 1e6;
    if (item?.unit === 'm') return (p.width * p.count) / 1000;
    return p.count;
  };

  for (const p of build.parts) {
    if (p.kind === 'board') {
      if (p.role === 'plinth') {
        // The factory cuts it (it counts in the volume), the dealer sells it by the metre as a trim (线条).
        t18 += (p.width * p.height * p.thickness * p.count) / 1e9;
        boardArea += p.width * p.height * p.count;
        const priced = { item: findPrice(prices.list, PLINTH_CODE), want: PLINTH_CODE };
        others.push({ group: '线条', line: line(p, priced, qtyOf(priced.item, p, p.width * p.height), { color: p.matCode ?? '', width: p.width, depth: p.thickness, height: p.height, textureDir: p.textureDir ?? '', remark: label }) });
        continue;
      }
      const bucket = thicknessBucket(p.thickness);
      // Boards are priced by the carcass's material, a filler too (its colour is the fronts').
      const priced = prices.board(c.matCode, bucket);
      // A drawer box is five boards: two sides and front and back of DRAWER_BOX_HEIGHT, and its bottom.
      const area = p.role === 'drawerBox' ? 2 * (p.width + p.height) * DRAWER_BOX_HEIGHT + p.width * p.height : p.width * p.height;
      const volume = (area * p.thickness * p.count) / 1e9;
      if (bucket === 9) t9 += volume;
      else if (bucket === 18) t18 += volume;
      else t25 += volume;
      boardArea += area * p.count;
      children.push(line(p, priced, qtyOf(priced.item, p, area), { color: p.matCode ?? '', width: p.width, depth: p.thickness, height: p.height, textureDir: p.textureDir ?? '' }));
      continue;
    }
    if (p.kind === 'front') {
      const area = p.width * p.height;
      const shape: PriceDoorShape = p.role === 'slidingDoor' ? 'slidingPanel' : p.doorShape === 'shaker' ? 'framed' : 'flat';
      const priced = prices.door(shape);
      if (p.role !== 'blind') {
        doorNumber += p.count;
        doorArea += area * p.count;
      } else boardArea += area * p.count;
      const hardwareFields =
        p.role === 'door' && hinge ? { hingSlidName: hinge.name_zh, hingSlidModelno: 'HG-110' } : p.role === 'drawerFront' && slide ? { hingSlidName: slide.name_zh, hingSlidModelno: slidePart?.modelNo ?? '' } : {};
      const l = line(p, priced, qtyOf(priced.item, p, area), {
        color: p.matCode ?? '',
        width: p.width,
        depth: p.thickness,
        height: p.height,
        textureDir: p.textureDir ?? '',
        doorShape: p.doorShape ?? '',
        handle: c.handleId,
        ...hardwareFields,
      });
      const group = PART_GROUPS[p.role];
      if (group) others.push({ group, line: l });
      else children.push(l);
      continue;
    }
    // Hardware.
    let priced: Priced;
    let remark = label;
    switch (p.role) {
      case 'hinge':
        priced = prices.hardware('hinge');
        break;
      case 'slide':
        priced = { item: drawerSlidePrice(prices.list, p.width), want: `slide:${p.width}` };
        break;
      case 'handle': {
        const id = p.modelNo ?? '';
        priced = { item: handlePrice(prices.list, id) ?? handlePrice(prices.list, HANDLE_ALIASES[id] ?? ''), want: `handle:${id}` };
        break;
      }
      case 'rail':
        priced = prices.hardware('hangingRail');
        break;
      case 'track':
        // The list prices the top and bottom track together per metre: the top one carries it.
        if (p.modelNo === 'TRK-BOT') {
          priced = INCLUDED;
          remark = INCLUDED_REMARK;
        } else priced = prices.hardware('slidingTrack');
        break;
      case 'shelfPin':
        priced = prices.hardware('shelfSupport');
        break;
      case 'leg':
        priced = { item: findPrice(prices.list, LEG_CODE), want: LEG_CODE };
        break;
      case 'hanger':
        priced = { item: findPrice(prices.list, HANGER_CODE), want: HANGER_CODE };
        break;
      case 'roller':
        // Priced in the track set: a line of 0 so the order still lists them.
        priced = INCLUDED;
        remark = INCLUDED_REMARK;
        break;
      default:
        priced = { item: undefined, want: `hardware:${p.role}` };
    }
    // A recessed handle priced per metre runs along its front's width.
    const handleFront = p.role === 'handle' && priced.item?.unit === 'm' ? build.parts.find((f) => f.kind === 'front') : undefined;
    const qty = handleFront ? (handleFront.width * p.count) / 1000 : qtyOf(priced.item, p, 0);
    const l = line(p, priced, qty, {
      width: p.width,
      remark,
      hingSlidName: p.role === 'hinge' || p.role === 'slide' ? (priced.item?.name_zh ?? p.name) : '',
      hingSlidModelno: p.role === 'hinge' || p.role === 'slide' ? (p.modelNo ?? '') : '',
      handle: p.role === 'handle' ? (p.modelNo ?? '') : '',
    });
    others.push({ group: PART_GROUPS[p.role] ?? '五金', line: l });
  }

  const nonStandard = nonStandardFeeLine(c, prices.list, feeMaker(prices, (want) => missing.push(want)));
  if (nonStandard) others.push({ group: '柜体附加费', line: nonStandard });

  // The cabinet's own line: its parts' amounts added in fen (no float noise over many parts).
  const fen = children.reduce((s, l) => s + Math.round(l.sum * 100), 0);
  const cabinet: QuoteLine = {
    ...blank,
    name: label,
    color: c.doorColor,
    matCode: c.matCode,
    width: c.width,
    depth: c.depth,
    height: c.height,
    num: 1,
    qty: 1,
    price_hs: fen / 100,
    sum: fen / 100,
    textureDir: c.textureDir,
    doorShape: c.doorType === 'none' ? '' : c.doorShape,
    handle: c.handleId,
    paramUnitName: '件',
    updatedAt: prices.updatedAt,
    children,
  };
  return { cabinet, others, volume: { t9, t18, t25, doorNumber, doorArea, boardArea }, missing };
}

/** The tiles a face needs: its area over one tile's, with the waste allowance, in whole tiles. */
export function tilesNeeded(areaMm2: number, tileWidth: number, tileHeight: number, wastePercent: number): number {
  if (areaMm2 <= 0 || tileWidth <= 0 || tileHeight <= 0) return 0;
  const exact = (areaMm2 / (tileWidth * tileHeight)) * (1 + wastePercent / 100);
  // toPrecision drops float noise so that exactly 110.0000000001 tiles is 110, not 111.
  return Math.ceil(Number(exact.toPrecision(12)));
}

/** The area (mm²) a wall face offers: its centre line's length by its height, less its openings. */
function wallFaceArea(wall: WallRecord, openings: readonly OpeningRecord[]): number {
  const length = Math.hypot(wall.end.x - wall.start.x, wall.end.y - wall.start.y);
  let area = length * wall.height;
  for (const o of openings) area -= o.width * Math.min(o.height, Math.max(0, wall.height - o.elevation));
  return Math.max(0, area);
}

/** The room on one side of a wall: the one holding a point just off the wall's middle on that side. */
function roomBeside(records: RecordReader, wall: WallRecord, face: string): RoomRecord | undefined {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const len = Math.hypot(dx, dy) || 1;
  // Left of the wall's direction is (-dy, dx).
  const side = face === 'left' ? 1 : -1;
  const off = wall.thickness / 2 + 10;
  const p = { x: (wall.start.x + wall.end.x) / 2 + (side * -dy * off) / len, y: (wall.start.y + wall.end.y) / 2 + (side * dx * off) / len };
  return records.referring(wall.storeyId, 'room').find((r) => pointInRing(p, r.outline)) ?? records.ofType('room').find((r) => r.storeyId === wall.storeyId && pointInRing(p, r.outline));
}

/**
 * The laid tiles with their catalogue prices. A code the prices lack is quoted at 0 and reported as
 * tile:CODE, as a price list gap is: a quote is never silently short.
 */
function quoteTiles(records: RecordReader, wastePercent: number, prices: ReadonlyMap<string, TilePrice>, missing: Set<string>): TileQuote[] {
  // The view draws the last paving (by id) of a face; that is the one laid, so the one quoted.
  const laid = new Map<string, PavingRecord>();
  for (const p of records.ofType('paving')) laid.set(`${p.surface.id}/${p.surface.face}`, p);
  const out: TileQuote[] = [];
  for (const p of laid.values()) {
    const surface: SceneRecord | undefined = records.get(p.surface.id);
    let area: number;
    let roomName: string;
    if (surface?.type === 'room') {
      // A floor is laid round its stairwells; a ceiling is not cut by the storey above's.
      area = p.surface.face === 'floor' ? netFloorMm2(surface.outline, storeyFloorOpenings(records, surface.storeyId)) : Math.abs(signedArea(surface.outline));
      roomName = surface.name;
    } else if (surface?.type === 'wall') {
      area = wallFaceArea(surface, records.referring(surface.id, 'opening'));
      roomName = roomBeside(records, surface, p.surface.face)?.name ?? '';
    } else continue;
    const tiles = tilesNeeded(area, p.tileWidth, p.tileHeight, wastePercent);
    const price = prices.get(p.tileCode);
    if (!price) missing.add(`${MISSING_TILE_PREFIX}${p.tileCode}`);
    const unit = price?.unit ?? 'piece';
    // Per m², the area of the whole tiles bought (the allowance included), not of the face.
    const qty = unit === 'm2' ? roundQuantity((tiles * p.tileWidth * p.tileHeight) / 1e6) : tiles;
    out.push({
      roomName,
      surfaceId: p.surface.id,
      face: p.surface.face,
      tileCode: p.tileCode,
      tileName: price?.name ?? '',
      tileWidth: p.tileWidth,
      tileHeight: p.tileHeight,
      area: roundQuantity(area / 1e6),
      tiles,
      wastePercent,
      price: price?.price ?? 0,
      unit,
      qty,
      amount: lineAmount(qty, price?.price ?? 0),
    });
  }
  return out;
}

/**
 * GetClientData from the scene's client (meta record): its own fields, and its custom_client_info
 * entries by key (core.md §3) for the Remark and for any field the record leaves empty.
 */
export function clientData(records: RecordReader): ClientData {
  const c = getMeta(records)?.client;
  const entry = (key: keyof ClientData): string => c?.custom_client_info?.find((e) => e.key === key)?.Remark ?? '';
  return {
    ClientName: c?.name || entry('ClientName'),
    ClientTel: c?.phone || entry('ClientTel'),
    OrderNo: c?.order_number || entry('OrderNo'),
    ClientAddress: c?.address || entry('ClientAddress'),
    Remark: entry('Remark'),
  };
}

/** The opening kind of an archway (垭口, ui/workspace/opening-kinds.ts): counted apart from doors (catalogues.md §5). */
export const ARCHWAY_KIND = 8;

/** Archways per room id: an archway counts for the room on each side of its wall. */
function archwaysByRoom(records: RecordReader): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of records.ofType('opening')) {
    if (o.kind !== ARCHWAY_KIND) continue;
    const wall = records.getOfType(o.wallId, 'wall');
    if (!wall) continue;
    for (const face of ['left', 'right']) {
      const room = roomBeside(records, wall, face);
      if (room) out.set(room.id, (out.get(room.id) ?? 0) + 1);
    }
  }
  return out;
}

/** A price list version, and the laid tiles' catalogue prices (absent: none known). */
export type QuoteSnapshot = PriceListSnapshot & { readonly created_at?: string; readonly tilePrices?: readonly TilePrice[] };

export interface Quoter {
  /** The whole quote of the document's records priced from one list version. */
  quote(records: RecordReader, snapshot: QuoteSnapshot): KernelQuote;
}

/**
 * A quoter keeps each cabinet's lines for as long as its record and the price list stay the same;
 * one per kernel, so a re-quote after an edit costs the edited cabinets and the adding up.
 */
export function createQuoter(): Quoter {
  let listKey = '';
  let prices: PriceIndex | null = null;
  let cache = new WeakMap<CabinetRecord, CabinetQuote>();

  return {
    quote(records, snapshot) {
      const key = `${snapshot.version}\u0000${snapshot.created_at ?? ''}\u0000${JSON.stringify(snapshot.list)}`;
      if (key !== listKey || !prices) {
        listKey = key;
        prices = priceIndex(snapshot.list, snapshot.created_at ?? '');
        cache = new WeakMap();
      }
      const index = prices;

      interface RoomAcc {
        readonly id: string;
        readonly name: string;
        readonly area: number;
        allWardrobes: boolean;
        readonly groups: Map<QuoteGroupName, QuoteLine[]>;
        t9: number;
        t18: number;
        t25: number;
        doorNumber: number;
        doorArea: number;
        boardArea: number;
        /** the cabinets' widths added up (mm), for the installation fee */
        runMm: number;
        cabinets: number;
        worktop: number;
        readonly worktopDetail: WorktopDetail[];
      }
      const rooms = new Map<string, RoomAcc>();
      const missing = new Set<string>();
      const roomAcc = (c: CabinetRecord): RoomAcc => {
        const room = roomOfRecord(records, c);
        const id = room?.id ?? '';
        let acc = rooms.get(id);
        if (!acc) {
          acc = { id, name: room?.name ?? '', area: room ? roomArea(room, records) : 0, allWardrobes: true, groups: new Map(), t9: 0, t18: 0, t25: 0, doorNumber: 0, doorArea: 0, boardArea: 0, runMm: 0, cabinets: 0, worktop: 0, worktopDetail: [] };
          rooms.set(id, acc);
        }
        return acc;
      };
      const pushTo = (acc: RoomAcc, group: QuoteGroupName, line: QuoteLine) => {
        const lines = acc.groups.get(group);
        if (lines) lines.push(line);
        else acc.groups.set(group, [line]);
      };
      for (const c of records.ofType('cabinet')) {
        let q = cache.get(c);
        if (!q) {
          q = quoteCabinet(c, index);
          cache.set(c, q);
        }
        const acc = roomAcc(c);
        if (c.cabinetKind !== 'wardrobe') acc.allWardrobes = false;
        const push = (group: QuoteGroupName, line: QuoteLine) => pushTo(acc, group, line);
        push('柜体', q.cabinet);
        for (const o of q.others) push(o.group, o.line);
        acc.t9 += q.volume.t9;
        acc.t18 += q.volume.t18;
        acc.t25 += q.volume.t25;
        acc.doorNumber += q.volume.doorNumber;
        acc.doorArea += q.volume.doorArea;
        acc.boardArea += q.volume.boardArea;
        acc.runMm += c.width;
        acc.cabinets += 1;
        for (const m of q.missing) missing.add(m);
      }
      // Worktops, sinks and appliances (quote/worktop.ts), in the room of the unit each belongs to.
      const kitchen = quoteKitchen(records, index.list, index.updatedAt);
      for (const k of kitchen.lines) pushTo(roomAcc(k.cabinet), k.group, k.line);
      for (const w of kitchen.worktops) {
        const acc = roomAcc(w.cabinet);
        acc.worktop += w.metres;
        acc.worktopDetail.push(w.detail);
      }
      for (const m of kitchen.missing) missing.add(m);

      // The adding-up: each article once per room and group, then the room's installation.
      const fee = feeMaker(index, (want) => missing.add(want));
      for (const acc of rooms.values()) {
        for (const [group, lines] of acc.groups) if (MERGED_GROUPS.has(group)) acc.groups.set(group, mergeLines(lines));
        const install = installFeeLine(acc.runMm, acc.cabinets, index.list, fee);
        if (install) {
          const fees = acc.groups.get('柜体附加费');
          if (fees) fees.push(install);
          else acc.groups.set('柜体附加费', [install]);
        }
      }

      const archways = archwaysByRoom(records);
      const priceData: PriceDataRoom[] = [];
      const volumeGroups: VolumeReportGroup[] = [];
      const standardRooms: StandardQuoteRoom[] = [];
      for (const acc of rooms.values()) {
        const groups = Object.fromEntries(acc.groups) as PriceDataRoom['groups'];
        priceData.push({ roomName: acc.name, isYg: acc.allWardrobes, groups });
        volumeGroups.push({
          groupName: acc.name,
          t_9: roundVolume(acc.t9),
          t_18: roundVolume(acc.t18),
          t_25: roundVolume(acc.t25),
          worktop: roundQuantity(acc.worktop),
          worktopDetail: acc.worktopDetail,
          doorNumber: acc.doorNumber,
          doorArea: roundQuantity(acc.doorArea / 1e6),
          yakouNumber: archways.get(acc.id) ?? 0,
          totalArea: roundQuantity((acc.doorArea + acc.boardArea) / 1e6),
        });
        const cabinets = acc.groups.get('柜体') ?? [];
        standardRooms.push({
          roomName: acc.name,
          roomArea: acc.area,
          roomId: acc.id,
          cabinet: cabinets,
          doorPanel: [...cabinets.flatMap((l) => (l.children ?? []).filter((k) => k.doorShape !== '')), ...(acc.groups.get('趟门') ?? []).filter((l) => l.doorShape !== '')],
          accessory: [...(acc.groups.get('五金') ?? []), ...(acc.groups.get('趟门') ?? []).filter((l) => l.doorShape === ''), ...(acc.groups.get('水槽') ?? []), ...(acc.groups.get('方太电器') ?? [])],
        });
      }

      const wallBoards = quoteWallBoards(records, snapshot.list, missing);
      const tiles = quoteTiles(records, snapshot.list.tileWastePercent, new Map((snapshot.tilePrices ?? []).map((p) => [p.code, p])), missing);
      return {
        priceListVersion: snapshot.version,
        priceData,
        volume: volumeGroups.length > 0 ? { ok: true, groups: volumeGroups } : { ok: false, message: VOLUME_NO_GROUPS },
        standard: { name: STANDARD_QUOTE_NAME, rooms: standardRooms },
        tiles,
        // Before missingPrices: it adds the door parts the list has no price for.
        doors: quoteRoomDoors(records, snapshot.list, missing),
        wallBoards,
        clientData: clientData(records),
        missingPrices: [...missing].sort(),
      };
    },
  };
}
