import { ARCHWAY_OPENING_KIND, roomDoorPrice, type DoorPart, type PriceList, type RoomDoorPrice } from '../../protocol/price-list';
import { roundQuantity } from '../../protocol/quote-numbers';
import type { DoorQuotation, DoorQuotePart, RoomDoorQuote } from '../../protocol/quote';
import type { OpeningRecord, RoomRecord, WallRecord } from '../../protocol/records';
import type { RecordReader } from '../document/store';
import { pointInRing } from '../geometry/polygon';

// The room-door quotation (KitQuotationRoomDoorCmd, catalogues.md §3): one RoomDoorQuote per door
// opening of the plan, priced part by part from the price list's roomDoor items, and the archways
// (垭口) after them, quoted apart (§5) with their trim only.
//
// Quantities, in the unit of the price found (3 decimals):
// - leaf (door): per m² of the opening (width x height); per leaf ('piece': a double door has 2,
//   sliding and balcony doors 2, a folding door 4, a son-mother door 2); per door ('set', 'each');
// - cover (doorCover, the architrave) and head (doorHead, the head trim) sit on the faces of the
//   wall, so they count once per face the door is seen from, i.e. per side that has a room (at
//   least one: a door in a plan without rooms is still quoted): cover 2 x height + width a face,
//   head the width a face; per piece or set: one a face;
// - frame (doorFrame, the jamb lining) and board (doorBoard, the threshold) go through the wall
//   once: frame 2 x height + width, board the width; per piece or set: one;
// - accessories (doorAcces): one set a door ('piece': one a leaf);
// - a price per m² of any part is per m² of the opening.
// A part the kind does not have (an archway's leaf, head, threshold and hardware; the leaf and
// hardware of 门套, a lined opening without a door) is an empty part: no name, qty 0, price 0.
// A part it has but the list does not price is quoted at 0 under its generic name (qty 0 too:
// without a price there is no unit to count it in) and reported in missingPrices as
// roomDoor:<part>:<kind>, as the cabinet quote reports its own.
//
// Doors come first, grouped by sceneGroup and by kind, then the archways.
//
// sceneGroup: the room the door opens into, then the room on its other side, joined with '/'
// ('卧室/客厅' for a bedroom door opening into the bedroom); an archway names its wall's left side
// first. One room for a door in an outside wall; '' when it is in no room's wall.

/** The kinds quoted as doors, with their Chinese names (ui/workspace/opening-kinds.ts) and leaves. */
const DOOR_KINDS: Readonly<Record<number, { readonly name: string; readonly leaves: number }>> = {
  1: { name: '单开门', leaves: 1 },
  2: { name: '双开门', leaves: 2 },
  3: { name: '推拉门', leaves: 2 },
  4: { name: '折叠门', leaves: 4 },
  5: { name: '阳台门', leaves: 2 },
  12: { name: '子母门', leaves: 2 },
  // A lined opening without a leaf (a door frame, 门套).
  15: { name: '门套', leaves: 0 },
};
const ARCHWAY_NAME = '垭口';
/** The door palette's order (ui/workspace/opening-kinds.ts), which a room's doors are listed in. */
const KIND_ORDER: readonly number[] = [1, 2, 12, 3, 4, 5, 15];

/** The part's name when the list has no price for it. */
const PART_NAMES: Readonly<Record<DoorPart, string>> = { leaf: '门扇', cover: '门套线', frame: '门套板', head: '门头线', board: '门槛石', accessory: '门五金' };

const EMPTY_PART: DoorQuotePart = { name: '', qtData: { price_hs: 0, qty: 0 } };

export function isRoomDoorKind(kind: number): boolean {
  return kind in DOOR_KINDS || kind === ARCHWAY_OPENING_KIND;
}

/**
 * The room on one side of a wall: the one holding a point just past the wall's face at its middle
 * (as the quote's tiles and archway count find it).
 */
function roomBeside(records: RecordReader, wall: WallRecord, side: 'left' | 'right'): RoomRecord | undefined {
  const dx = wall.end.x - wall.start.x;
  const dy = wall.end.y - wall.start.y;
  const len = Math.hypot(dx, dy) || 1;
  // Left of the wall's direction is (-dy, dx).
  const s = side === 'left' ? 1 : -1;
  const off = wall.thickness / 2 + 10;
  const p = { x: (wall.start.x + wall.end.x) / 2 + (s * -dy * off) / len, y: (wall.start.y + wall.end.y) / 2 + (s * dx * off) / len };
  return records.ofType('room').find((r) => r.storeyId === wall.storeyId && pointInRing(p, r.outline));
}

interface Sized {
  /** mm */
  readonly width: number;
  readonly height: number;
  readonly leaves: number;
  /** faces the door is seen from */
  readonly faces: number;
}

/** The quantity of one part in the unit `item` is priced in (see the rules above). */
export function doorPartQty(part: DoorPart, unit: RoomDoorPrice['unit'], d: Sized): number {
  const outline = (2 * d.height + d.width) / 1000;
  const width = d.width / 1000;
  if (unit === 'm2') return (d.width * d.height) / 1e6;
  switch (part) {
    case 'leaf':
      return unit === 'm' ? width : unit === 'piece' ? d.leaves : 1;
    case 'cover':
      return unit === 'm' ? outline * d.faces : d.faces;
    case 'head':
      return unit === 'm' ? width * d.faces : d.faces;
    case 'frame':
      return unit === 'm' ? outline : 1;
    case 'board':
      return unit === 'm' ? width : 1;
    case 'accessory':
      return unit === 'piece' ? d.leaves : unit === 'm' ? width : 1;
  }
}

/**
 * The room doors and archways of the document, priced from `list`; the codes of parts it has no
 * price for are added to `missing`.
 */
export function quoteRoomDoors(records: RecordReader, list: PriceList, missing: Set<string>): DoorQuotation {
  type Entry = { readonly id: string; readonly rank: number; readonly q: RoomDoorQuote };
  const doors: Entry[] = [];
  const archways: Entry[] = [];
  for (const o of records.ofType('opening')) {
    if (!isRoomDoorKind(o.kind)) continue;
    const wall = records.getOfType(o.wallId, 'wall');
    if (!wall) continue;
    (o.kind === ARCHWAY_OPENING_KIND ? archways : doors).push({ id: o.id, rank: KIND_ORDER.indexOf(o.kind), q: quoteOne(records, o, wall, list, missing) });
  }
  // A room's doors together, by kind in the palette's order, then by id (ids carry no placing
  // order), so the quote reads the same every time.
  const order = (a: Entry, b: Entry) => a.q.sceneGroup.localeCompare(b.q.sceneGroup, 'zh-CN') || a.rank - b.rank || a.id.localeCompare(b.id, 'en', { numeric: true });
  return { roomDoors: [...doors.sort(order), ...archways.sort(order)].map((d) => d.q) };
}

function quoteOne(records: RecordReader, o: OpeningRecord, wall: WallRecord, list: PriceList, missing: Set<string>): RoomDoorQuote {
  const archway = o.kind === ARCHWAY_OPENING_KIND;
  const kind = DOOR_KINDS[o.kind];
  // A door opens towards its wall's left side unless flipped; an archway has no side of its own.
  const first = !archway && o.flipSide ? 'right' : 'left';
  const second = first === 'left' ? 'right' : 'left';
  const rooms = [roomBeside(records, wall, first), roomBeside(records, wall, second)].filter((r): r is RoomRecord => r !== undefined);
  const sized: Sized = { width: o.width, height: o.height, leaves: kind?.leaves ?? 0, faces: Math.max(1, rooms.length) };

  const has = (part: DoorPart): boolean => {
    if (archway) return part === 'cover' || part === 'frame';
    if ((part === 'leaf' || part === 'accessory') && sized.leaves === 0) return false;
    return true;
  };
  const priced = (part: DoorPart): DoorQuotePart => {
    if (!has(part)) return EMPTY_PART;
    const item = roomDoorPrice(list, part, o.kind);
    if (!item) {
      missing.add(`roomDoor:${part}:${o.kind}`);
      return { name: PART_NAMES[part], qtData: { price_hs: 0, qty: 0 } };
    }
    return { name: item.name_zh, qtData: { price_hs: item.price, qty: roundQuantity(doorPartQty(part, item.unit, sized)) } };
  };

  return {
    door: priced('leaf'),
    doorCover: priced('cover'),
    doorFrame: priced('frame'),
    doorHead: priced('head'),
    doorBoard: priced('board'),
    doorAcces: priced('accessory'),
    opening_type: archway ? ARCHWAY_NAME : (kind?.name ?? ''),
    sceneGroup: rooms.map((r) => r.name).join('/'),
  };
}
