import { lineAmount, type WallBoardItem, type WallBoardQuotation } from '../../protocol/quote';
import { roundQuantity, toChineseCapital } from '../../protocol/quote-numbers';

// What /wallboardQuote prints from the kernel's wall-board quotation: its three flat lists
// (catalogues.md §3: board, line, access) regrouped by room, each line's amount from its printed
// quantity and price, room totals and the grand total in fen, as a reader adding up the sheet would.

export const WALL_BOARD_SECTIONS = ['board', 'line', 'access'] as const;
export type WallBoardSection = (typeof WALL_BOARD_SECTIONS)[number];

export interface WallBoardRoom {
  readonly roomName: string;
  readonly sections: Readonly<Record<WallBoardSection, readonly WallBoardItem[]>>;
  /** 2 decimals */
  readonly total: number;
}

export interface WallBoardSheet {
  readonly rooms: readonly WallBoardRoom[];
  readonly total: number;
  /** '' for 0 */
  readonly totalCapital: string;
}

/** A line's amount as printed: its 3-decimal quantity times its price, to the fen. */
export function wallBoardAmount(item: WallBoardItem): number {
  return lineAmount(roundQuantity(item.qtData.qty), item.qtData.price_hs);
}

/** Rooms in the order the quotation first names them. */
export function wallBoardSheet(q: WallBoardQuotation): WallBoardSheet {
  const rooms = new Map<string, { sections: Record<WallBoardSection, WallBoardItem[]>; fen: number }>();
  for (const section of WALL_BOARD_SECTIONS) {
    for (const item of q[section]) {
      let room = rooms.get(item.roomName);
      if (!room) {
        room = { sections: { board: [], line: [], access: [] }, fen: 0 };
        rooms.set(item.roomName, room);
      }
      room.sections[section].push(item);
      room.fen += Math.round(wallBoardAmount(item) * 100);
    }
  }
  let fen = 0;
  const out: WallBoardRoom[] = [];
  for (const [roomName, room] of rooms) {
    fen += room.fen;
    out.push({ roomName, sections: room.sections, total: room.fen / 100 });
  }
  return { rooms: out, total: fen / 100, totalCapital: toChineseCapital(fen / 100) };
}
