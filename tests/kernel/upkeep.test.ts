import { describe, expect, it } from 'vitest';
import { batchEntry, type BatchEntry } from '../../protocol/commands';
import { KernelCommandError } from '../../protocol/errors';
import { RECORD_SCOPES, type SceneRecord, type Vec2 } from '../../protocol/records';
import { reconcileStorey } from '../../kernel-worker/commands/reconcile';
import { metaFollowsRooms, roomsFollowWalls, settle, UPKEEP_RULES } from '../../kernel-worker/commands/upkeep';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createStore } from '../../kernel-worker/document/store';
import { mulberry32, type Random } from './fixtures/prng';
import { roomWalls, TestKernel, withRoom } from './test-kernel';

// The upkeep pass (kernel-worker/commands/upkeep.ts) is what keeps the derived records right: no
// command reconciles by hand any more. These tests hold it to that from both sides: after any
// wall command every storey is settled (a fresh reconcile of it would change nothing), and a
// kernel without the pass leaves rooms stale.

/** Equal but for float noise (a corner computed from walls taken in another order differs in its last bits). */
function near(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-6;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => near((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** What a fresh reconcile of every storey would still change: nothing when the scene is settled. */
function unsettled(records: readonly SceneRecord[]): string[] {
  const store = createStore({ initial: records, ids: createSequentialIds() });
  const { diff } = store.transact((tx) => {
    for (const storey of tx.ofType('storey')) reconcileStorey(tx, storey.id);
    // meta.roomType is derived too.
    metaFollowsRooms.run(tx, new Map(), {}, new Map());
  });
  const updated = Object.entries(diff.updated).filter(([, [from, to]]) => !near(from, to));
  return [...Object.keys(diff.added), ...updated.map(([id]) => id), ...Object.keys(diff.removed)].sort();
}

const documentOf = (tk: TestKernel) => tk.kernel.records.all().filter((r) => RECORD_SCOPES[r.type] === 'document');

const coord = (r: Random) => r.int(-1, 9) * 500;
const point = (r: Random) => ({ x: coord(r), y: coord(r) });
/** A point level with `from` or plumb above it: walls at right angles on a 500 mm grid, so that no
 * near-miss crossing leaves a sliver a second reconcile would split again (reconcile is exact
 * about grid plans, not about slivers a fraction of a mm long). */
const inLine = (r: Random, from: Vec2) => (r.chance(0.5) ? { x: coord(r), y: from.y } : { x: from.x, y: coord(r) });
const segment = (r: Random) => {
  const start = point(r);
  return { start, end: inLine(r, start) };
};

/** Wall-touching commands (no free-standing room.add: a fresh reconcile would rightly take those). */
function wallStep(r: Random, tk: TestKernel): BatchEntry {
  const walls = tk.ofType('wall');
  const wall = () => (walls.length > 0 ? r.pick(walls) : undefined);
  const some = wall();
  const id = some?.id ?? 'missing';
  const start = some?.start ?? { x: 0, y: 0 };
  const end = some?.end ?? { x: 0, y: 0 };
  switch (r.int(0, 9)) {
    case 0:
    case 1:
      return batchEntry('wall.add', segment(r));
    case 2:
      return batchEntry('wall.update', { id, end: inLine(r, start) });
    case 3:
      return batchEntry('wall.move', { id, by: { x: r.int(-2, 2) * 250, y: r.int(-2, 2) * 250 } });
    case 4:
      return r.chance(0.5) ? batchEntry('wall.moveEnd', { id, end: 'end', to: inLine(r, start) }) : batchEntry('wall.moveEnd', { id, end: 'start', to: inLine(r, end) });
    case 5:
      return batchEntry('wall.split', { id, at: r.int(1, 6) * 500 });
    case 6:
      return batchEntry('wall.remove', { id });
    case 7:
      return batchEntry('records.remove', { ids: walls.filter(() => r.chance(0.2)).slice(0, 3).map((w) => w.id) });
    case 8:
      return batchEntry('opening.add', { wallId: id, kind: r.pick([0, 1] as const), offset: r.int(300, 2500), width: 600 });
    default:
      return batchEntry('plan.build', { walls: [segment(r), segment(r)] });
  }
}

describe('upkeep: derived records follow what a command touched', () => {
  for (const seed of [3, 7, 11, 19]) {
    it(`after every wall command each storey equals a fresh reconcile of it (seed ${seed})`, () => {
      const r = mulberry32(seed);
      const { tk } = withRoom();
      tk.exec('storey.add', {});
      let changed = 0;
      let rooms = 0;
      for (let i = 0; i < 60; i++) {
        const entry = wallStep(r, tk);
        const before = tk.documentJson();
        try {
          if (r.chance(0.2)) tk.exec('batch', { commands: [entry, wallStep(r, tk)] });
          else tk.exec(entry.name, entry.args as never);
        } catch (e) {
          if (!(e instanceof KernelCommandError)) throw e;
        }
        if (tk.documentJson() !== before) changed++;
        rooms = Math.max(rooms, tk.ofType('room').length);
        expect(unsettled(documentOf(tk))).toEqual([]);
      }
      // The sequence must really change walls and rooms, or it shows nothing.
      expect(changed).toBeGreaterThan(20);
      expect(rooms).toBeGreaterThan(0);
    });
  }

  it('without the pass a moved wall leaves its room where it was (the commands do not reconcile)', () => {
    const run = (tk: TestKernel) => {
      const { roomId, wallIds } = withRoom(tk);
      tk.exec('wall.move', { id: wallIds[1]!, by: { x: 1000, y: 0 } });
      return { room: tk.get(roomId, 'room'), records: documentOf(tk) };
    };
    const kept = run(new TestKernel());
    expect(unsettled(kept.records)).toEqual([]);
    expect(Math.max(...kept.room.outline.map((p) => p.x))).toBe(4880);

    // withRoom needs the room the walls make: without the pass, the walls make none.
    const stale = new TestKernel({ upkeep: [] });
    stale.exec('storey.add', {});
    roomWalls(stale);
    expect(stale.ofType('room')).toEqual([]);
    expect(unsettled(documentOf(stale)).some((id) => id.startsWith('room'))).toBe(true);
  });

  it('a batch entry is settled before the next runs, as if sent one by one', () => {
    const { tk, wallIds } = withRoom();
    // The first entry's wall splits the south and north walls; the second takes it away again.
    // Sent one by one, the split walls stay split (in two records each): so they must in a batch.
    tk.exec('batch', {
      commands: [batchEntry('wall.add', { id: 'cross', start: { x: 2000, y: 0 }, end: { x: 2000, y: 3000 } }), batchEntry('wall.remove', { id: 'cross' })],
    });
    expect(tk.ofType('wall')).toHaveLength(6);
    expect(tk.get(wallIds[0]!, 'wall').end).toEqual({ x: 2000, y: 0 });
    expect(tk.ofType('room')).toHaveLength(1);
    expect(unsettled(documentOf(tk))).toEqual([]);
  });

  it('meta.roomType follows rooms added, renamed, retyped and removed in one batch', () => {
    const { tk, roomId } = withRoom();
    expect(tk.snapshot.meta.roomType).toBe(1);
    tk.exec('room.update', { id: roomId, roomType: 7 });
    expect(tk.snapshot.meta.roomType).toBe(7);
    const outline = [
      { x: 10_000, y: 0 },
      { x: 12_000, y: 0 },
      { x: 12_000, y: 2000 },
      { x: 10_000, y: 2000 },
    ];
    tk.exec('room.add', { id: 'free', outline, roomType: 3 });
    expect(tk.snapshot.meta.roomType).toBe(100);
    tk.exec('batch', { commands: [batchEntry('room.remove', { id: roomId }), batchEntry('room.update', { id: 'free', name: 'x' })] });
    expect(tk.snapshot.meta.roomType).toBe(3);
    tk.exec('room.remove', { id: 'free' });
    expect(tk.snapshot.meta.roomType).toBe(0);
  });

  it('undo restores the derived records as recorded instead of recomputing them', () => {
    const { tk, wallIds } = withRoom();
    const before = tk.documentJson();
    tk.exec('wall.add', { start: { x: 2000, y: -1000 }, end: { x: 2000, y: 4000 } });
    const after = tk.documentJson();
    const commits: string[] = [];
    tk.kernel.onCommit((_diff, _intent, source) => commits.push(source));
    tk.undo();
    expect(tk.documentJson()).toBe(before);
    tk.redo();
    // Redo brings back the very pieces and rooms (same ids) the command made.
    expect(tk.documentJson()).toBe(after);
    expect(commits).toEqual(['history.undo', 'history.redo']);
    expect(tk.get(wallIds[0]!, 'wall').end.x).toBe(2000);
  });

  it('runs a rule only when its types were touched, and hands a rule what the earlier ones wrote', () => {
    const seen: string[][] = [];
    const spy = { name: 'spy', follows: ['room' as const], run: (_tx: unknown, touched: ReadonlyMap<string, unknown>) => void seen.push([...touched.keys()]) };
    const tk = new TestKernel({ upkeep: [roomsFollowWalls, spy] });
    const { id: storeyId } = tk.exec('storey.add', {});
    tk.exec('model.add', { storeyId, modelId: 'M', position: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 } });
    expect(seen).toEqual([]);
    roomWalls(tk, ['w0', 'w1', 'w2', 'w3']);
    // The fourth wall closed the room: the walls rule made it, the spy saw it with that wall.
    expect(seen).toHaveLength(1);
    const room = tk.ofType('room')[0]!;
    expect(seen[0]).toEqual(['w3', room.id]);
    expect(UPKEEP_RULES).toEqual([roomsFollowWalls, metaFollowsRooms]);
  });

  it('settle reports the reconcile of a storey it was asked for, with nothing of it touched', () => {
    const { tk, storeyId, roomId } = withRoom();
    const store = createStore({ initial: tk.kernel.records.all(), ids: createSequentialIds() });
    const { result } = store.transact((tx) => settle(tx, UPKEEP_RULES, { storeys: [storeyId] }).reconciled.get(storeyId));
    expect(result?.roomIds).toEqual([roomId]);
    const { result: none } = store.transact((tx) => settle(tx).reconciled.size);
    expect(none).toBe(0);
  });
});
