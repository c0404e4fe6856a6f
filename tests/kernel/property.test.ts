import { describe, expect, it } from 'vitest';
import { batchEntry, type BatchEntry } from '../../protocol/commands';
import { KernelCommandError } from '../../protocol/errors';
import { OPENING_KINDS, PAVING_MODES, type RecordType } from '../../protocol/records';
import { mulberry32, type Random } from './fixtures/prng';
import { TestKernel, withRoom } from './test-kernel';

// Property tests over generated command sequences (seeded, so a failure replays from its seed):
// - a command either commits and adds exactly one undo step (when it changed the document) or
//   fails and changes nothing: a batch with one bad entry included;
// - undoing everything gives back the initial document record for record, redoing everything the
//   final one; the patch-fed mirror equals the snapshot all along.

const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
const STEPS = 120;

function idsOf(tk: TestKernel, type: RecordType): string[] {
  return tk.ofType(type).map((r) => r.id);
}

/** Mostly existing ids, now and then one that does not exist (the command must then fail cleanly). */
function someId(r: Random, tk: TestKernel, type: RecordType): string {
  const ids = idsOf(tk, type);
  return ids.length === 0 || r.chance(0.05) ? `${type}-missing` : r.pick(ids);
}

const coord = (r: Random) => r.int(-2000, 8000);
const point = (r: Random) => ({ x: coord(r), y: coord(r) });

function randomEntry(r: Random, tk: TestKernel): BatchEntry {
  switch (r.int(0, 21)) {
    case 0:
      return batchEntry('storey.add', r.chance(0.3) ? { index: r.int(-1, 4) } : {});
    case 1:
      return batchEntry('storey.update', { id: someId(r, tk, 'storey'), name: `S${r.int(0, 99)}`, layerHeight: r.int(2400, 3600) });
    case 2:
    case 3:
      return batchEntry('wall.add', { start: point(r), end: point(r), thickness: r.pick([120, 240, 370]) });
    case 4:
      return batchEntry('wall.update', { id: someId(r, tk, 'wall'), end: point(r) });
    case 5:
      return batchEntry('opening.add', {
        wallId: someId(r, tk, 'wall'),
        kind: r.pick(OPENING_KINDS),
        offset: r.int(0, 4000),
        width: r.int(600, 1800),
      });
    case 6:
      return batchEntry('opening.update', { id: someId(r, tk, 'opening'), flipSide: r.chance(0.5), offset: r.int(0, 3000) });
    case 7: {
      const a = point(r);
      const w = r.int(500, 5000);
      const h = r.int(500, 5000);
      const outline = [a, { x: a.x + w, y: a.y }, { x: a.x + w, y: a.y + h }, { x: a.x, y: a.y + h }];
      return batchEntry('room.add', { outline, roomType: r.int(0, 16) });
    }
    case 8:
      return batchEntry('room.update', { id: someId(r, tk, 'room'), name: `R${r.int(0, 99)}` });
    case 9:
    case 10:
      return batchEntry('model.add', {
        modelId: `M${r.int(1, 50)}`,
        position: { x: coord(r), y: coord(r), z: r.int(0, 1000) },
        size: { x: r.int(100, 3000), y: r.int(100, 3000), z: r.int(100, 2500) },
      });
    case 11:
      return batchEntry('model.update', { id: someId(r, tk, 'model'), rotation: r.next() * 6, position: { x: coord(r), y: coord(r), z: 0 } });
    case 12:
      return batchEntry('paving.add', {
        surface: r.chance(0.5) ? { id: someId(r, tk, 'room'), face: 'floor' } : { id: someId(r, tk, 'wall'), face: 'left' },
        tileCode: `T${r.int(1, 9)}`,
        tileWidth: r.pick([300, 600, 800]),
        tileHeight: r.pick([300, 600, 1200]),
        mode: r.pick(PAVING_MODES),
      });
    case 13:
      return batchEntry('ceiling.add', { roomId: someId(r, tk, 'room'), elevation: r.int(2200, 3000) });
    case 14:
      return batchEntry('light.add', { position: { x: coord(r), y: coord(r), z: 2600 }, intensity: r.int(0, 50) });
    case 15:
      return batchEntry('light.update', { id: someId(r, tk, 'light'), color: r.pick(['#ffffff', '#ffeedd', 'white']) });
    case 16: {
      const type = r.pick(['wall', 'opening', 'room', 'model', 'paving', 'ceiling', 'light', 'storey'] as const);
      return batchEntry(`${type}.remove`, { id: someId(r, tk, type) });
    }
    case 17: {
      const candidates = [...idsOf(tk, 'model'), ...idsOf(tk, 'wall'), ...idsOf(tk, 'room')];
      const ids = candidates.filter(() => r.chance(0.2));
      return batchEntry('records.remove', { ids: ids.length > 0 ? ids : ['nothing'] });
    }
    case 18: {
      const candidates = [...idsOf(tk, 'model'), ...idsOf(tk, 'wall')];
      return batchEntry('selection.set', { ids: candidates.filter(() => r.chance(0.3)) });
    }
    case 19:
      return r.chance(0.5) ? batchEntry('view.setMode', { mode: r.pick([0, 1, 2, 3] as const) }) : batchEntry('view.setMaterialMode', { on: r.chance(0.5) });
    case 20:
      return batchEntry('meta.update', { name: `场景${r.int(0, 9)}`, client: { phone: String(r.int(0, 999)) } });
    default:
      return batchEntry('scene.createDefaultRoom', { width: r.int(3000, 9000), depth: r.int(3000, 9000) });
  }
}

/** Runs one generated step and checks the one-step-or-nothing rule. */
function runStep(r: Random, tk: TestKernel): void {
  const before = tk.documentJson();
  const steps = tk.history.undoSteps;
  const asBatch = r.chance(0.15);
  const entry = randomEntry(r, tk);
  let failed = false;
  try {
    if (asBatch) {
      const commands = [entry, ...Array.from({ length: r.int(1, 4) }, () => randomEntry(r, tk))];
      tk.exec('batch', { commands });
    } else {
      tk.exec(entry.name, entry.args as never);
    }
  } catch (e) {
    if (!(e instanceof KernelCommandError)) throw e;
    failed = true;
  }
  const after = tk.documentJson();
  if (failed || after === before) {
    expect(after).toBe(before);
    expect(tk.history.undoSteps).toBe(steps);
  } else {
    expect(tk.history.undoSteps).toBe(steps + 1);
  }
  tk.expectMirrorInSync();
}

describe('property: random command sequences', () => {
  for (const seed of SEEDS) {
    it(`undo all -> initial, redo all -> final (seed ${seed})`, () => {
      const r = mulberry32(seed);
      const { tk } = withRoom();
      // The starting scene counts as loaded: nothing before it to undo.
      tk.kernel.resetHistory();
      const initial = tk.document();

      let failures = 0;
      for (let i = 0; i < STEPS; i++) {
        if (tk.history.undoSteps > 0 && r.chance(0.08)) {
          tk.undo();
          if (r.chance(0.5)) tk.redo();
          tk.expectMirrorInSync();
          continue;
        }
        const steps = tk.history.undoSteps;
        const before = tk.documentJson();
        runStep(r, tk);
        if (tk.history.undoSteps === steps && tk.documentJson() === before) failures++;
      }
      // An undo at the very end leaves redo steps; the final document is the one they lead to.
      while (tk.redo());
      tk.expectMirrorInSync();
      const final = tk.document();
      // Both kinds of outcome must really occur, or the property proves little.
      expect(failures).toBeGreaterThan(5);
      expect(tk.history.undoSteps).toBeGreaterThan(20);

      while (tk.undo());
      expect(tk.document()).toEqual(initial);
      tk.expectMirrorInSync();
      while (tk.redo());
      expect(tk.document()).toEqual(final);
      tk.expectMirrorInSync();
    });
  }
});
