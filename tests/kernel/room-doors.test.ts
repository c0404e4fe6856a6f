import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import type { PriceList, PriceListSnapshot } from '../../protocol/price-list';
import { lineAmount, type RoomDoorQuote } from '../../protocol/quote';
import { createQuoter } from '../../kernel-worker/quote/quote';
import { withRoom } from './test-kernel';

// The room-door quotation (KitQuotationRoomDoorCmd) against hand-computed references. Prices are
// the default list's roomDoor items: single leaf 1280/leaf, double leaf 980/leaf, sliding door
// 520/m², architrave 42/m a face, lining 138/m, head trim 85/m a face, threshold 160/m, hardware
// 260 (single) and 420 (double) a set, archway architrave 48/m a face and lining 158/m.

const SNAPSHOT: PriceListSnapshot = { version: 3, list: DEFAULT_PRICE_LIST };

const part = (name: string, qty: number, price_hs: number) => ({ name, qtData: { price_hs, qty } });
const EMPTY = part('', 0, 0);

/** A door's amount as the screens add it: each part's qty x price to the fen. */
function doorAmount(d: RoomDoorQuote): number {
  const parts = [d.door, d.doorCover, d.doorFrame, d.doorHead, d.doorBoard, d.doorAcces];
  return parts.reduce((fen, p) => fen + Math.round(lineAmount(p.qtData.qty, p.qtData.price_hs) * 100), 0) / 100;
}

/** withRoom's 客厅 and a 3000 x 3000 卧室 east of it sharing its wall x = 4000 (wallIds[1]). */
function twoRooms() {
  const r = withRoom();
  const c = [
    { x: 4000, y: 0 },
    { x: 7000, y: 0 },
    { x: 7000, y: 3000 },
    { x: 4000, y: 3000 },
  ];
  for (let i = 0; i < 3; i++) r.tk.exec('wall.add', { start: c[i]!, end: c[i + 1]! });
  const bedroom = r.tk.ofType('room').find((x) => x.id !== r.roomId)!;
  r.tk.exec('room.update', { id: bedroom.id, name: '卧室' });
  return r;
}

describe('room-door quotation', () => {
  it('a room with a single door, a double door and an archway; windows and wall holes are not doors', () => {
    const { tk, wallIds } = withRoom();
    // Added first, listed last: archways are counted apart from doors.
    tk.exec('opening.add', { wallId: wallIds[3]!, kind: 8, offset: 1500, width: 1200, height: 2400 });
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1000, width: 900, height: 2100 });
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 0, offset: 3000, width: 800, height: 1200, elevation: 900 });
    tk.exec('opening.add', { wallId: wallIds[2]!, kind: 2, offset: 2000, width: 1500, height: 2100 });
    tk.exec('opening.add', { wallId: wallIds[1]!, kind: 7, offset: 1500, width: 600, height: 600, elevation: 1000 });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    expect(q.missingPrices).toEqual([]);
    expect(q.doors.roomDoors).toEqual([
      {
        // 1 leaf x 1280
        door: part('实木复合门扇（单开）', 1, 1280),
        // an outside wall: seen from one face; 2 x 2.1 + 0.9 = 5.1 m x 42 = 214.20
        doorCover: part('门套线（每面）', 5.1, 42),
        // through the wall once: 5.1 m x 138 = 703.80
        doorFrame: part('门套板（墙厚 240mm 内）', 5.1, 138),
        // 0.9 m x 1 face x 85 = 76.50
        doorHead: part('门头线（每面）', 0.9, 85),
        // 0.9 m x 160 = 144
        doorBoard: part('大理石门槛石', 0.9, 160),
        // one set: 260
        doorAcces: part('单开门五金（锁具、合页 3 片、门吸）', 1, 260),
        opening_type: '单开门',
        sceneGroup: '客厅',
      },
      {
        // 2 leaves x 980 = 1960
        door: part('实木复合门扇（双开，每扇）', 2, 980),
        // 2 x 2.1 + 1.5 = 5.7 m x 42 = 239.40
        doorCover: part('门套线（每面）', 5.7, 42),
        // 5.7 m x 138 = 786.60
        doorFrame: part('门套板（墙厚 240mm 内）', 5.7, 138),
        // 1.5 m x 85 = 127.50
        doorHead: part('门头线（每面）', 1.5, 85),
        // 1.5 m x 160 = 240
        doorBoard: part('大理石门槛石', 1.5, 160),
        doorAcces: part('双开门五金（锁具、合页 6 片、天地插销、门吸）', 1, 420),
        opening_type: '双开门',
        sceneGroup: '客厅',
      },
      {
        // no leaf, head, threshold or hardware; 2 x 2.4 + 1.2 = 6.0 m x 48 = 288
        door: EMPTY,
        doorCover: part('垭口套线（每面）', 6, 48),
        // 6.0 m x 158 = 948
        doorFrame: part('垭口套板（墙厚 240mm 内）', 6, 158),
        doorHead: EMPTY,
        doorBoard: EMPTY,
        doorAcces: EMPTY,
        opening_type: '垭口',
        sceneGroup: '客厅',
      },
    ]);
    const [single, double, archway] = q.doors.roomDoors;
    // 1280 + 214.20 + 703.80 + 76.50 + 144 + 260
    expect(doorAmount(single!)).toBe(2678.5);
    // 1960 + 239.40 + 786.60 + 127.50 + 240 + 420
    expect(doorAmount(double!)).toBe(3773.5);
    // 288 + 948
    expect(doorAmount(archway!)).toBe(1236);
    // The volume report still counts the archway apart (no cabinets here: no groups at all).
    expect(q.volume.ok).toBe(false);
  });

  it('a door between two rooms is seen from both faces and names the room it opens into first', () => {
    const { tk, wallIds } = twoRooms();
    // The shared wall runs from (4000, 0) to (4000, 3000): its left side is 客厅, its right 卧室.
    tk.exec('opening.add', { wallId: wallIds[1]!, kind: 1, offset: 700, width: 800, height: 2000, flipSide: true });
    tk.exec('opening.add', { wallId: wallIds[1]!, kind: 3, offset: 2050, width: 1600, height: 2100 });
    const q = createQuoter().quote(tk.kernel.records, SNAPSHOT);
    // Grouped by sceneGroup in Chinese collation: 客厅 (kè) before 卧室 (wò).
    const [sliding, bedroomDoor] = q.doors.roomDoors;
    expect(bedroomDoor).toEqual({
      door: part('实木复合门扇（单开）', 1, 1280),
      // two faces: (2 x 2.0 + 0.8) x 2 = 9.6 m x 42 = 403.20
      doorCover: part('门套线（每面）', 9.6, 42),
      // once: 4.8 m x 138 = 662.40
      doorFrame: part('门套板（墙厚 240mm 内）', 4.8, 138),
      // 0.8 x 2 faces = 1.6 m x 85 = 136
      doorHead: part('门头线（每面）', 1.6, 85),
      // 0.8 m x 160 = 128
      doorBoard: part('大理石门槛石', 0.8, 160),
      doorAcces: part('单开门五金（锁具、合页 3 片、门吸）', 1, 260),
      opening_type: '单开门',
      // flipped: it opens into the wall's right side, the bedroom
      sceneGroup: '卧室/客厅',
    });
    // 1280 + 403.20 + 662.40 + 136 + 128 + 260
    expect(doorAmount(bedroomDoor!)).toBe(2869.6);
    expect(sliding).toMatchObject({
      // per m² of the opening: 1.6 x 2.1 = 3.36 m² x 520 = 1747.20
      door: part('钛镁合金玻璃推拉门', 3.36, 520),
      // (2 x 2.1 + 1.6) x 2 = 11.6 m
      doorCover: part('门套线（每面）', 11.6, 42),
      doorAcces: part('推拉门吊轨五金（轨道、滑轮、限位器）', 1, 380),
      opening_type: '推拉门',
      sceneGroup: '客厅/卧室',
    });
  });

  it('a lined opening (门套) has no leaf or hardware; quantities follow the unit the list prices in', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 15, offset: 1000, width: 900, height: 2100 });
    tk.exec('opening.add', { wallId: wallIds[2]!, kind: 1, offset: 2000, width: 900, height: 2100 });
    // The dealer prices the single leaf per m² and the architrave per face (a set).
    const list: PriceList = {
      ...DEFAULT_PRICE_LIST,
      items: DEFAULT_PRICE_LIST.items.map((i) => (i.code === 'RD-LEAF-SINGLE' ? { ...i, unit: 'm2' as const, price: 650 } : i.code === 'RD-COVER' ? { ...i, unit: 'set' as const, price: 220 } : i)),
    };
    // The single door first: a room's doors are listed in the palette's order (门套 last).
    const [single, frameOnly] = createQuoter().quote(tk.kernel.records, { version: 4, list }).doors.roomDoors;
    expect(frameOnly).toMatchObject({ door: EMPTY, doorAcces: EMPTY, doorCover: part('门套线（每面）', 1, 220), doorFrame: part('门套板（墙厚 240mm 内）', 5.1, 138), opening_type: '门套' });
    // 0.9 x 2.1 = 1.89 m² x 650 = 1228.50
    expect(single!.door).toEqual(part('实木复合门扇（单开）', 1.89, 650));
    expect(lineAmount(single!.door.qtData.qty, single!.door.qtData.price_hs)).toBe(1228.5);
  });

  it('a part the list has no price for is quoted at 0 and reported; an archway never takes a door price', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 1000, width: 900, height: 2100 });
    tk.exec('opening.add', { wallId: wallIds[2]!, kind: 8, offset: 2000, width: 1200, height: 2400 });
    const list: PriceList = { ...DEFAULT_PRICE_LIST, items: DEFAULT_PRICE_LIST.items.filter((i) => i.code !== 'RD-HEAD' && i.code !== 'RD-ARCH-COVER') };
    const q = createQuoter().quote(tk.kernel.records, { version: 5, list });
    const [door, archway] = q.doors.roomDoors;
    expect(door!.doorHead).toEqual(part('门头线', 0, 0));
    expect(door!.doorCover).toEqual(part('门套线（每面）', 5.1, 42));
    // RD-COVER (a door's architrave) is listed, but the archway's own is not.
    expect(archway!.doorCover).toEqual(part('门套线', 0, 0));
    expect(q.missingPrices).toEqual(['roomDoor:cover:8', 'roomDoor:head:1']);
  });

  it('a scene without door openings quotes no doors', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 0, offset: 2000 });
    expect(createQuoter().quote(tk.kernel.records, SNAPSHOT).doors).toEqual({ roomDoors: [] });
  });
});
