// The kernel quotation of issue 14 (kernel-worker/quote/quote.ts) on the cabinet house (60
// cabinets: a kitchen's base and wall runs, tall units, four wardrobes; a tiled floor), headless
// kernel in Node. Timed as the kernel API's quote() does it: the price list checked
// (validatePriceList), then priced. Rows: the whole house with an empty cache (a fresh kernel or a
// new price list version), and the re-quote after a one-door edit (cabinet.update of one door's
// shape, not timed), which re-prices that cabinet only.

import { createQuoter } from '../../kernel-worker/quote/quote';
import { validatePriceList, type PriceList } from '../../protocol/price-list';
import { DEFAULT_PRICE_LIST } from '../../protocol/price-list-default';
import { cabinetHouse } from './cabinet-house';
import { median, round } from './stats';
import type { Benchmark } from './types';

const ROUNDS = Number(process.env.BENCH_QUOTE_ROUNDS ?? 100);
const WHOLE_TARGET_MS = 50;
const EDIT_TARGET_MS = 5;

const bench: Benchmark = {
  id: 'quote',
  title: `Kernel quotation of 60 custom cabinets with wall panels, a door and an archway: the whole house, and the re-quote after a one-door edit (headless kernel in Node, ${ROUNDS} rounds)`,
  async run({ smoke }) {
    const kernel = cabinetHouse(true);
    const room = kernel.records.ofType('room')[0];
    if (room) kernel.exec('paving.add', { surface: { id: room.id, face: 'floor' }, tileCode: 'T800', tileWidth: 800, tileHeight: 800 });
    // Wall panels (the issue's house has them) on the walls' outer faces, a door and an archway:
    // the wall-board and room-door quotations run in the same call.
    const walls = kernel.records.ofType('wall');
    for (const wall of walls) kernel.exec('wallPanel.add', { wallId: wall.id, face: 'right', bottom: 0, top: 1200 });
    kernel.exec('opening.add', { wallId: walls[3]!.id, kind: 1, offset: 4300, width: 700 });
    kernel.exec('opening.add', { wallId: walls[2]!.id, kind: 8, offset: 6600, width: 900 });
    const cabinets = kernel.records.ofType('cabinet');
    const door = cabinets.find((c) => c.doorType === 'single');
    if (!door) throw new Error('the house has no single-door cabinet to edit');
    // A name of its own, so the check below finds its line among the unnamed cabinets.
    kernel.exec('cabinet.update', { id: door.id, name: '被改的门' });
    const rounds = smoke ? 3 : ROUNDS;
    const quote = (quoter: ReturnType<typeof createQuoter>, version: number) => {
      const checked = validatePriceList(DEFAULT_PRICE_LIST);
      if (!checked.ok) throw new Error('the default price list does not validate');
      // The floor's tile priced as the quote screen passes it (looked up in the tile catalogue).
      return quoter.quote(kernel.records, { version, list: checked.list as PriceList, tilePrices: [{ code: 'T800', name: '卡拉拉白', price: 88.32, unit: 'piece' }] });
    };

    const whole: number[] = [];
    let lines = 0;
    for (let r = 0; r < rounds; r++) {
      const quoter = createQuoter();
      const t0 = performance.now();
      const q = quote(quoter, 1);
      whole.push(performance.now() - t0);
      lines = q.priceData.reduce((n, room) => n + Object.values(room.groups).reduce((m, g) => m + g.reduce((k, l) => k + 1 + (l.children?.length ?? 0), 0), 0), 0);
    }

    const quoter = createQuoter();
    quote(quoter, 1);
    const edits: number[] = [];
    for (let r = 0; r < rounds; r++) {
      kernel.exec('cabinet.update', { id: door.id, doorShape: r % 2 === 0 ? 'shaker' : 'flat' });
      const t0 = performance.now();
      const q = quote(quoter, 1);
      edits.push(performance.now() - t0);
      const edited = q.priceData.flatMap((room) => room.groups.柜体 ?? []).find((l) => l.name === '被改的门' && l.doorShape === (r % 2 === 0 ? 'shaker' : 'flat'));
      if (!edited) throw new Error('the re-quote does not show the edited door');
    }
    kernel.dispose();
    const wholeMs = median(whole);
    const editMs = median(edits);
    console.log(`  ${cabinets.length} cabinets, ${lines} quote lines`);
    return [
      { name: `whole quote of ${cabinets.length} cabinets (empty cache), median`, value: round(wholeMs), unit: 'ms', target: `< ${WHOLE_TARGET_MS} ms`, met: wholeMs < WHOLE_TARGET_MS },
      { name: 're-quote after a one-door edit, median', value: round(editMs), unit: 'ms', target: `< ${EDIT_TARGET_MS} ms`, met: editMs < EDIT_TARGET_MS },
      { name: 're-quote after a one-door edit, worst', value: round(Math.max(...edits)), unit: 'ms', target: '', met: null },
    ];
  },
};

export default bench;
