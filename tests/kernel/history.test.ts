import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../protocol/records';
import { reverseDiff, squashDiffs, type RecordsDiff } from '../../kernel-worker/document/diff';
import { applyDiff, createHistory, diffWeight } from '../../kernel-worker/document/history';
import { createStore } from '../../kernel-worker/document/store';

// The history module on its own: stacks, marks, limits. The kernel-level behaviour (applying the
// diffs to the store, keyboard, material mode) is in undo.test.ts.

const model = (id: string, x: number): ModelRecord => ({
  id,
  type: 'model',
  storeyId: 's',
  modelId: 'chair',
  name: '',
  position: { x, y: 0, z: 0 },
  rotation: 0,
  size: { x: 500, y: 500, z: 800 },
});
const add = (r: ModelRecord): RecordsDiff => ({ added: { [r.id]: r }, updated: {}, removed: {} });
const move = (from: ModelRecord, to: ModelRecord): RecordsDiff => ({ added: {}, updated: { [from.id]: [from, to] }, removed: {} });
const remove = (r: ModelRecord): RecordsDiff => ({ added: {}, updated: {}, removed: { [r.id]: r } });

/** An apply that accepts whatever it is given, recording it. */
function recorder() {
  const applied: RecordsDiff[] = [];
  return { applied, apply: (d: RecordsDiff) => (applied.push(d), d) };
}

describe('squashing diffs', () => {
  it('folds add-then-move into one add, and move-then-remove into a remove of the original', () => {
    const a0 = model('a', 0);
    const a1 = model('a', 10);
    const a2 = model('a', 20);
    expect(squashDiffs([add(a0), move(a0, a1), move(a1, a2)])).toEqual(add(a2));
    expect(squashDiffs([move(a0, a1), move(a1, a2), remove(a2)])).toEqual(remove(a0));
    expect(squashDiffs([add(a0), remove(a0)])).toEqual({ added: {}, updated: {}, removed: {} });
    // Moving there and back again is no change at all.
    expect(squashDiffs([move(a0, a1), move(a1, a0)])).toEqual({ added: {}, updated: {}, removed: {} });
    // Removed and put back different: an update.
    expect(squashDiffs([remove(a0), add(a2)])).toEqual(move(a0, a2));
  });
});

describe('history', () => {
  it('undoes the newest step first and redoes in the original order', () => {
    const h = createHistory();
    const a0 = model('a', 0);
    const a1 = model('a', 10);
    h.record(add(a0));
    h.record(move(a0, a1));
    const { applied, apply } = recorder();
    expect(h.undo(apply)).toBe(true);
    expect(applied[0]).toEqual(move(a1, a0));
    expect(h.undo(apply)).toBe(true);
    expect(applied[1]).toEqual(remove(a0));
    expect(h.undo(apply)).toBe(false);
    expect(h.state()).toMatchObject({ canUndo: false, canRedo: true, redoSteps: 2 });
    h.redo(apply);
    expect(applied[2]).toEqual(add(a0));
    h.redo(apply);
    expect(applied[3]).toEqual(move(a0, a1));
    expect(h.state()).toMatchObject({ canUndo: true, canRedo: false });
  });

  it('empties the redo stack on a new change', () => {
    const h = createHistory();
    h.record(add(model('a', 0)));
    h.undo(recorder().apply);
    expect(h.state().canRedo).toBe(true);
    h.record(add(model('b', 0)));
    expect(h.state()).toMatchObject({ canRedo: false, undoSteps: 1 });
  });

  it('leaves the stacks alone when applying fails', () => {
    const h = createHistory();
    h.record(add(model('a', 0)));
    expect(() =>
      h.undo(() => {
        throw new Error('nope');
      }),
    ).toThrow('nope');
    expect(h.state()).toMatchObject({ undoSteps: 1, redoSteps: 0 });
  });

  it('makes a gesture one step and bails it without a trace', () => {
    const h = createHistory();
    const a = [0, 1, 2, 3].map((x) => model('a', x));
    h.record(add(a[0]!));
    h.mark('drag');
    h.record(move(a[0]!, a[1]!));
    h.record(move(a[1]!, a[2]!));
    expect(h.state()).toMatchObject({ marks: ['drag'], undoSteps: 1 });
    h.complete('drag');
    expect(h.state()).toMatchObject({ marks: [], undoSteps: 2 });
    const { applied, apply } = recorder();
    h.undo(apply);
    expect(applied[0]).toEqual(move(a[2]!, a[0]!));
    h.redo(apply);

    h.mark('drag');
    h.record(move(a[2]!, a[3]!));
    const revert = h.bail('drag');
    expect(revert).toEqual(move(a[3]!, a[2]!));
    expect(h.state()).toMatchObject({ marks: [], undoSteps: 2, redoSteps: 0 });
  });

  it('nests marks: an inner bail reverts only the inner changes, squashToMark folds inner marks', () => {
    const h = createHistory();
    const a = [0, 1, 2, 3].map((x) => model('a', x));
    h.record(add(a[0]!));
    h.mark('outer');
    h.record(move(a[0]!, a[1]!));
    h.mark('inner');
    h.record(move(a[1]!, a[2]!));
    expect(h.bail('inner')).toEqual(move(a[2]!, a[1]!));
    expect(h.state().marks).toEqual(['outer']);
    h.mark('inner');
    h.record(move(a[1]!, a[3]!));
    h.squashToMark('outer');
    expect(h.state().marks).toEqual(['outer']);
    // Everything since outer is now one change: bailing reverts it whole.
    expect(h.bail()).toEqual(move(a[3]!, a[0]!));
    expect(h.state()).toMatchObject({ marks: [], undoSteps: 1 });
    expect(() => h.bail()).toThrow('no gesture is open');
    expect(() => h.complete('nope')).toThrow('no gesture is open');
    h.mark('x');
    expect(() => h.complete('nope')).toThrow('no open mark "nope" (open: x)');
  });

  it('keeps at most maxSteps steps, dropping the oldest', () => {
    const h = createHistory({ maxSteps: 200 });
    for (let i = 0; i < 250; i++) h.record(add(model(`m${i}`, i)));
    expect(h.state().undoSteps).toBe(200);
    const { applied, apply } = recorder();
    while (h.undo(apply));
    expect(applied).toHaveLength(200);
    // The last one undone is the oldest kept: m50.
    expect(Object.keys(applied[199]!.removed)).toEqual(['m50']);
  });

  it('bounds memory by the weight of the diffs, always keeping the newest step', () => {
    const step = diffWeight(add(model('m0', 0)));
    const h = createHistory({ maxSteps: 10_000, maxWeight: step * 10.5 });
    for (let i = 0; i < 100; i++) h.record(add(model(`m${i}`, i)));
    expect(h.state().undoSteps).toBe(10);
    expect(h.state().weight).toBeLessThanOrEqual(step * 10.5);

    const big: RecordsDiff = squashDiffs(Array.from({ length: 50 }, (_, i) => add(model(`big${i}`, i))));
    h.record(big);
    expect(h.state().undoSteps).toBe(1);
    const { applied, apply } = recorder();
    h.undo(apply);
    expect(applied[0]).toEqual(reverseDiff(big));
  });
});

describe('diffWeight', () => {
  it('weighs an update as its two records, whatever they share', () => {
    const from = model('m0', 0);
    const moved = { ...from, position: { x: 1234, y: 0, z: 0 } };
    const slimmer = Object.fromEntries(Object.entries(from).filter(([k]) => k !== 'name')) as unknown as ModelRecord;
    for (const to of [from, moved, { ...moved, modelId: 'a much longer model id' }, slimmer]) {
      const apart = diffWeight(add(from)) + diffWeight(add(to));
      expect(diffWeight(move(from, to))).toBe(apart);
      expect(diffWeight(move(to, from))).toBe(apart);
    }
  });
});

describe('applying history diffs', () => {
  it('refuses a diff whose records are not as the store holds them', () => {
    const store = createStore({ initial: [{ id: 's', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 }] });
    const a0 = model('a', 0);
    store.transact((tx) => applyDiff(tx, add(a0)));
    expect(store.get('a')).toEqual(a0);
    // Re-adding an existing record, or moving one from where it is not, means the history is stale.
    expect(() => store.transact((tx) => applyDiff(tx, add(a0)))).toThrow('record a is not as the history expects');
    expect(() => store.transact((tx) => applyDiff(tx, move(model('a', 5), model('a', 6))))).toThrow('not as the history expects');
    // Equal content is accepted even when it is another object.
    store.transact((tx) => applyDiff(tx, move(model('a', 0), model('a', 7))));
    expect(store.getOfType('a', 'model')?.position.x).toBe(7);
  });
});
