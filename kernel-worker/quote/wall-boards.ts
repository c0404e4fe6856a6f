import {
  WALL_BOARD_LINES,
  WALL_BOARD_REPORT_CLASSES,
  wallBoardFor,
  wallBoardPrices,
  type PriceItem,
  type PriceList,
  type PriceUnit,
  type WallBoardLine,
} from '../../protocol/price-list';
import { lineAmount, type WallBoardItem, type WallBoardQuotation } from '../../protocol/quote';
import { roundQuantity } from '../../protocol/quote-numbers';
import type { Vec2, WallPanelRecord, WallRecord } from '../../protocol/records';
import type { RecordReader } from '../document/store';
import type { WallFootprint } from '../geometry/wall-footprint';
import { footprintsFor } from '../geometry/graph-cache';
import { faceExtent, panelSpans } from '../kinds/wallPanel/parts';
import { wallAxes, wallPoint } from '../render/wall-cut';
import { roomOfRecord } from '../snapshot';

// The wall-board quotation (WallPanelDesign, catalogues.md §3: board, line, access with
// report_class), per room, from the wall panels as the 3D view builds them (kinds/wallPanel/parts.ts):
//
// - board: the panel's spans times its height (an opening that reaches into the panel's height
//   breaks it for the opening's whole width, as the view draws it, so the strip over a door is not
//   panelled and not charged), per m² (or per board) of the list's board for the panel's style
//   nearest its thickness; `num` counts the stock boards to order: each span is
//   ceil(width / boardWidth) x ceil(height / boardHeight) boards, as an installer cuts them.
// - line, per metre: a cap (顶线) along every span's top edge; along the bottom edge a skirting
//   (踢脚线) when the panel stands on the floor, another cap when it is raised; down every span's
//   ends an inside or outside corner trim (阴角线, 阳角线) where the face meets another wall, an
//   edge trim (收边线) at a jamb, a free wall end or a panel stopped mid-wall. One corner trim
//   serves the two panels meeting in it: its length is the union of their heights.
// - access: every listed fixing (of the panel's style, or of any), perM2 units per m² of panel,
//   whole pieces per room rounded up.
// A price the list lacks is quoted at 0 with remark 无价格 and reported in missingPrices, as the
// cabinet quote does.

/** The cabinet quote's remark for a line the list has no price for. */
const NO_PRICE_REMARK = '无价格';
const UNIT_NAMES: Readonly<Record<PriceUnit, string>> = { m2: '平方米', m: '米', piece: '件', set: '副', each: '处' };
/** Trims' names when the list has none for them (a missing price still shows what it is for). */
const LINE_NAMES: Readonly<Record<WallBoardLine, string>> = { top: '顶线', skirting: '踢脚线', innerCorner: '阴角线', outerCorner: '阳角线', edge: '收边线' };
const STYLE_NAMES = { flat: '平板', framed: '框线' } as const;
/** mm: a span end this close to the face's end is at the wall's corner; corner trims this close are one. */
const AT = 0.5;
const SAME_CORNER = 1;

/** A vertical trim down a corner: where it stands and the heights it covers. */
interface CornerTrim {
  readonly kind: 'innerCorner' | 'outerCorner';
  readonly at: Vec2;
  readonly heights: [number, number][];
}

interface BoardAcc {
  readonly item: PriceItem | undefined;
  readonly name: string;
  readonly want: string;
  /** mm² */
  area: number;
  boards: number;
}

interface RoomAcc {
  readonly name: string;
  readonly boards: Map<string, BoardAcc>;
  /** mm per trim kind (vertical ends that are not corners, and the horizontal edges) */
  readonly lines: Map<WallBoardLine, number>;
  readonly corners: CornerTrim[];
  /** mm² of panel by style, for the fixings */
  readonly areaByStyle: Map<string, number>;
}

/** Whole things for an exact count, without float noise turning 24.000000001 into 25. */
const wholeUp = (v: number): number => Math.ceil(Number(v.toPrecision(12)));

/** Length of the union of closed intervals. */
function unionLength(intervals: readonly [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let from = -Infinity;
  let to = -Infinity;
  for (const [a, b] of sorted) {
    if (a > to) {
      if (to > from) total += to - from;
      from = a;
      to = b;
    } else to = Math.max(to, b);
  }
  if (to > from) total += to - from;
  return total;
}

/**
 * What a span end at `along` is: the face's end is a corner (inside when the face stops short of
 * the centre line's end, the wall turning towards it; outside when it runs past; neither at a free
 * wall end), anything else a cut end.
 */
function endKind(along: number, face: readonly [number, number], length: number, atStart: boolean): WallBoardLine {
  if (atStart && Math.abs(along - face[0]) < AT) return face[0] > AT ? 'innerCorner' : face[0] < -AT ? 'outerCorner' : 'edge';
  if (!atStart && Math.abs(along - face[1]) < AT) return face[1] < length - AT ? 'innerCorner' : face[1] > length + AT ? 'outerCorner' : 'edge';
  return 'edge';
}

/** The wall-board quotation of the document's wall panels priced from `list`; missing prices go into `missing`. */
export function quoteWallBoards(records: RecordReader, list: PriceList, missing: Set<string>): WallBoardQuotation {
  const footprints = new Map<string, ReadonlyMap<string, WallFootprint>>();
  const footprintOf = (wall: WallRecord): WallFootprint => {
    let byWall = footprints.get(wall.storeyId);
    if (!byWall) {
      byWall = footprintsFor(records.ofType('wall').filter((w) => w.storeyId === wall.storeyId)).footprints;
      footprints.set(wall.storeyId, byWall);
    }
    return byWall.get(wall.id) ?? [];
  };

  const rooms = new Map<string, RoomAcc>();
  for (const panel of records.ofType('wallPanel')) {
    const wall = records.getOfType(panel.wallId, 'wall');
    if (!wall) continue;
    const footprint = footprintOf(wall);
    const face = faceExtent(wall, footprint, panel.face === 'left' ? 1 : -1);
    const spans = panelSpans(panel, wall, footprint, records.referring(wall.id, 'opening'));
    const y0 = panel.bottom;
    const y1 = Math.min(panel.top, wall.height);
    const height = y1 - y0;
    if (!face || spans.length === 0 || height <= 0) continue;

    const room = roomOfRecord(records, panel);
    const roomKey = room?.id ?? '';
    let acc = rooms.get(roomKey);
    if (!acc) {
      acc = { name: room?.name ?? '', boards: new Map(), lines: new Map(), corners: [], areaByStyle: new Map() };
      rooms.set(roomKey, acc);
    }
    addPanel(acc, panel, wall, face, spans, y0, y1, list);
  }

  const board: WallBoardItem[] = [];
  const line: WallBoardItem[] = [];
  const access: WallBoardItem[] = [];
  const item = (roomName: string, part: 'board' | 'line' | 'access', priced: PriceItem | undefined, name: string, want: string, qty: number, num: number): WallBoardItem => {
    if (!priced) missing.add(want);
    const q = roundQuantity(qty);
    const price = priced?.price ?? 0;
    return {
      name: priced?.name_zh ?? name,
      qtData: { price_hs: price, qty: q },
      report_class: WALL_BOARD_REPORT_CLASSES[part],
      roomName,
      matCode: priced?.code ?? '',
      paramUnitName: UNIT_NAMES[priced?.unit ?? (part === 'line' ? 'm' : 'm2')],
      sum: lineAmount(q, price),
      num,
      remark: priced ? '' : NO_PRICE_REMARK,
    };
  };

  const lineItems = wallBoardPrices(list, 'line');
  const accessItems = wallBoardPrices(list, 'access');
  for (const acc of rooms.values()) {
    for (const b of acc.boards.values()) {
      // Per board or per m², as the list prices it.
      const qty = b.item?.unit === 'piece' ? b.boards : b.area / 1e6;
      board.push(item(acc.name, 'board', b.item, b.name, b.want, qty, b.boards));
    }
    const lengths = new Map(acc.lines);
    for (const c of acc.corners) lengths.set(c.kind, (lengths.get(c.kind) ?? 0) + unionLength(c.heights));
    for (const kind of WALL_BOARD_LINES) {
      const mm = lengths.get(kind) ?? 0;
      if (mm <= 0) continue;
      const priced = lineItems.find((l) => l.line === kind);
      line.push(item(acc.name, 'line', priced, LINE_NAMES[kind], `wallBoard:line:${kind}`, mm / 1000, 0));
    }
    const total = [...acc.areaByStyle.values()].reduce((s, a) => s + a, 0);
    for (const a of accessItems) {
      const areaM2 = (a.style ? (acc.areaByStyle.get(a.style) ?? 0) : total) / 1e6;
      if (areaM2 <= 0) continue;
      const exact = areaM2 * a.perM2;
      const qty = a.unit === 'piece' || a.unit === 'set' || a.unit === 'each' ? wholeUp(roundQuantity(exact)) : exact;
      access.push(item(acc.name, 'access', a, a.name_zh, a.code, qty, 0));
    }
  }
  return { board, line, access };
}

function addPanel(
  acc: RoomAcc,
  panel: WallPanelRecord,
  wall: WallRecord,
  face: readonly [number, number],
  spans: readonly (readonly [number, number])[],
  y0: number,
  y1: number,
  list: PriceList,
): void {
  const height = y1 - y0;
  const stock = wallBoardFor(list, panel.style, panel.thickness);
  const key = stock?.code ?? `wallBoard:${panel.style}:${panel.thickness}`;
  let b = acc.boards.get(key);
  if (!b) {
    b = { item: stock, name: `护墙板（${STYLE_NAMES[panel.style]} ${panel.thickness}mm）`, want: key, area: 0, boards: 0 };
    acc.boards.set(key, b);
  }
  const axes = wallAxes(wall);
  const across = ((panel.face === 'left' ? 1 : -1) * wall.thickness) / 2;
  const addLine = (kind: WallBoardLine, mm: number) => acc.lines.set(kind, (acc.lines.get(kind) ?? 0) + mm);
  let width = 0;
  for (const [a0, a1] of spans) {
    const w = a1 - a0;
    width += w;
    if (stock) b.boards += wholeUp(w / stock.boardWidth) * wholeUp(height / stock.boardHeight);
    for (const [along, atStart] of [
      [a0, true],
      [a1, false],
    ] as const) {
      const kind = endKind(along, face, axes.length, atStart);
      if (kind !== 'innerCorner' && kind !== 'outerCorner') {
        addLine(kind, height);
        continue;
      }
      const at = wallPoint(axes, along, across);
      const same = acc.corners.find((c) => c.kind === kind && Math.hypot(c.at.x - at.x, c.at.y - at.y) < SAME_CORNER);
      if (same) same.heights.push([y0, y1]);
      else acc.corners.push({ kind, at, heights: [[y0, y1]] });
    }
  }
  b.area += width * height;
  addLine('top', width);
  addLine(y0 <= 0 ? 'skirting' : 'top', width);
  acc.areaByStyle.set(panel.style, (acc.areaByStyle.get(panel.style) ?? 0) + width * height);
}
