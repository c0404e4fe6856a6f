import { describe, expect, it } from 'vitest';
import type { StoreyRecord, WallRecord } from '../../protocol/records';
import { diffOfScope, reverseDiff } from '../../kernel-worker/document/diff';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createStore } from '../../kernel-worker/document/store';

const storey: StoreyRecord = { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 };
const wall = (id: string, x: number): WallRecord => ({
  id,
  type: 'wall',
  storeyId: 's1',
  start: { x: 0, y: 0 },
  end: { x, y: 0 },
  thickness: 240,
  height: 2800,
  wallType: 'normal',
});

describe('record store', () => {
  it('commits the writes of a transaction as one diff', () => {
    const store = createStore({ initial: [storey, wall('w1', 1000)] });
    const { diff, result } = store.transact((tx) => {
      tx.put(wall('w2', 2000));
      tx.put(wall('w1', 1500));
      tx.remove('w1');
      tx.put(wall('w1', 1800));
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(Object.keys(diff.added)).toEqual(['w2']);
    expect(Object.keys(diff.removed)).toEqual([]);
    const [from, to] = diff.updated.w1 as [WallRecord, WallRecord];
    expect(from.end.x).toBe(1000);
    expect(to.end.x).toBe(1800);
    expect(store.getOfType('w1', 'wall')?.end.x).toBe(1800);
    expect(store.ofType('wall').map((w) => w.id)).toEqual(['w1', 'w2']);
  });

  it('does not report a put of an equal record as a change', () => {
    const store = createStore({ initial: [storey] });
    const { diff } = store.transact((tx) => tx.put({ ...storey }));
    expect(diff).toEqual({ added: {}, updated: {}, removed: {} });
  });

  it('rolls a throwing transaction back whole', () => {
    const store = createStore({ initial: [storey, wall('w1', 1000)] });
    const before = JSON.stringify(store.toJSON());
    expect(() =>
      store.transact((tx) => {
        tx.put(wall('w2', 2000));
        tx.remove('w1');
        expect(tx.has('w1')).toBe(false);
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(JSON.stringify(store.toJSON())).toBe(before);
    expect(store.has('w2')).toBe(false);
  });

  it('validates every write and names the bad field', () => {
    const store = createStore({ initial: [storey] });
    expect(() => store.transact((tx) => tx.put({ ...wall('w1', 1000), thickness: -5 }))).toThrow(
      'wall w1: thickness: must be a finite number > 0 and <= 5000, got -5',
    );
    expect(() => store.transact((tx) => tx.put({ ...wall('w1', 1000), extra: 1 } as WallRecord))).toThrow(
      'wall w1: extra: is not a known field',
    );
    expect(() => store.transact((tx) => tx.put({ ...wall('w1', 1000), end: { x: 0, y: 0 } }))).toThrow(
      'wall w1: end: must be at least 1 mm away from start',
    );
    expect(store.has('w1')).toBe(false);
  });

  it('refuses dangling references at commit, in either direction', () => {
    const store = createStore({ initial: [storey, wall('w1', 1000)] });
    expect(() => store.transact((tx) => tx.put({ ...wall('w2', 1000), storeyId: 'nope' }))).toThrow(
      'wall w2: storeyId: no storey with id "nope"',
    );
    expect(() => store.transact((tx) => tx.remove('s1'))).toThrow('still refers to removed storey "s1"');
    expect(store.has('s1')).toBe(true);
    // Removing both in one transaction is fine.
    store.transact((tx) => {
      tx.remove('w1');
      tx.remove('s1');
    });
    expect(store.toJSON()).toEqual([]);
  });

  it('stores frozen copies, so a caller cannot change a record behind its back', () => {
    const store = createStore();
    const mine = { ...storey };
    store.transact((tx) => tx.put(mine));
    mine.name = 'changed' as never;
    const stored = store.get('s1')!;
    expect((stored as StoreyRecord).name).toBe('1F');
    expect(Object.isFrozen(stored)).toBe(true);
    expect(() => {
      (stored as { name: string }).name = 'x';
    }).toThrow();
  });

  it('hands out ids from the injected generator, skipping live ones', () => {
    const store = createStore({ ids: createSequentialIds(), initial: [{ ...storey, id: 'storey-1' }] });
    const ids = store.transact((tx) => [tx.newId('storey'), tx.newId('wall')]).result;
    expect(ids).toEqual(['storey-2', 'wall-3']);
  });

  it('refuses nested and asynchronous transactions', () => {
    const store = createStore();
    expect(() => store.transact(() => store.transact(() => 1))).toThrow('do not nest');
    expect(() => store.transact(async () => 1)).toThrow('synchronous');
  });

  it('reverses diffs and filters them by scope', () => {
    const store = createStore({ initial: [storey] });
    const { diff } = store.transact((tx) => {
      tx.put(wall('w1', 1000));
      tx.put({ id: 'view', type: 'view', viewMode: 1, cameraView: 0, currentStoreyId: 's1', materialMode: false, plan: null });
    });
    expect(Object.keys(diffOfScope(diff, 'document').added)).toEqual(['w1']);
    expect(Object.keys(diffOfScope(diff, 'session').added)).toEqual(['view']);
    const back = reverseDiff(diff);
    expect(Object.keys(back.removed).sort()).toEqual(['view', 'w1']);
  });

  it('lists and counts one type from its own index, seeing a transaction\'s writes (a changed type included)', () => {
    const store = createStore({ initial: [storey, wall('w2', 1000), wall('w1', 1000)] });
    const before = store.ofType('wall');
    expect(before.map((w) => w.id)).toEqual(['w1', 'w2']);
    // Callers may sort what they get: it is their copy.
    before.reverse();
    expect(store.ofType('wall').map((w) => w.id)).toEqual(['w1', 'w2']);
    expect([store.countOf('wall'), store.countOf('storey'), store.countOf('room')]).toEqual([2, 1, 0]);

    const seen = store.transact((tx) => {
      tx.put(wall('w0', 500));
      tx.remove('w2');
      const walls = tx.ofType('wall').map((w) => w.id);
      // The same id now names a light: it leaves the walls and joins the lights.
      tx.remove('w1');
      tx.put({ id: 'w1', type: 'light', storeyId: 's1', kind: 'point', position: { x: 0, y: 0, z: 1 }, color: '#ffffff', intensity: 1 });
      return { walls, after: tx.ofType('wall').map((w) => w.id), lights: tx.ofType('light').map((l) => l.id), count: tx.countOf('wall') };
    }).result;
    expect(seen).toEqual({ walls: ['w0', 'w1'], after: ['w0'], lights: ['w1'], count: 1 });
    expect(store.ofType('wall').map((w) => w.id)).toEqual(['w0']);
    expect([store.countOf('wall'), store.countOf('light')]).toEqual([1, 1]);

    expect(() =>
      store.transact((tx) => {
        tx.remove('w0');
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(store.ofType('wall').map((w) => w.id)).toEqual(['w0']);
    expect(store.countOf('wall')).toBe(1);
    expect(store.all().map((r) => r.id)).toEqual(['s1', 'w0', 'w1']);
  });

  it('finds the records referring to an id through its index, inside a transaction too', () => {
    const store = createStore({ initial: [storey, { ...storey, id: 's2', index: 1 }, wall('w2', 1000), wall('w1', 1000)] });
    const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);
    expect(ids(store.referring('s1', 'wall'))).toEqual(['w1', 'w2']);
    expect(store.referring('s2', 'wall')).toEqual([]);
    const door = { id: 'o1', type: 'opening' as const, wallId: 'w1', kind: 1 as const, offset: 500, width: 400, height: 2000, elevation: 0, flipSide: false, flipHinge: false };
    const seen = store.transact((tx) => {
      tx.put(door);
      tx.put({ ...wall('w0', 300), storeyId: 's2' });
      tx.put({ ...wall('w2', 1000), storeyId: 's2' });
      const moved = { s1: ids(tx.referring('s1', 'wall')), s2: ids(tx.referring('s2', 'wall')), w1: ids(tx.referring('w1', 'opening')) };
      // Written again after the first query: the transaction's own index follows.
      tx.put({ ...door, wallId: 'w2' });
      tx.remove('w0');
      return { moved, w1: ids(tx.referring('w1', 'opening')), w2: ids(tx.referring('w2', 'opening')), s2: ids(tx.referring('s2', 'wall')) };
    }).result;
    expect(seen).toEqual({ moved: { s1: ['w1'], s2: ['w0', 'w2'], w1: ['o1'] }, w1: [], w2: ['o1'], s2: ['w2'] });
    expect([ids(store.referring('s1', 'wall')), ids(store.referring('s2', 'wall')), ids(store.referring('w2', 'opening'))]).toEqual([['w1'], ['w2'], ['o1']]);
    expect(() =>
      store.transact((tx) => {
        tx.put({ ...wall('w3', 100), storeyId: 's2' });
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(ids(store.referring('s2', 'wall'))).toEqual(['w2']);
  });

  it('counts a type in O(1) inside a transaction, through puts, removals and type changes', () => {
    const store = createStore({ initial: [storey, wall('w1', 1000)] });
    const counts = store.transact((tx) => {
      const out: number[] = [tx.countOf('wall')];
      tx.put(wall('w2', 1000));
      tx.put(wall('w2', 2000));
      out.push(tx.countOf('wall'));
      tx.remove('w1');
      tx.remove('w1');
      out.push(tx.countOf('wall'));
      tx.put({ id: 'w2', type: 'light', storeyId: 's1', kind: 'point', position: { x: 0, y: 0, z: 1 }, color: '#ffffff', intensity: 1 });
      out.push(tx.countOf('wall'), tx.countOf('light'));
      return out;
    }).result;
    expect(counts).toEqual([1, 2, 1, 0, 1]);
    expect([store.countOf('wall'), store.countOf('light')]).toEqual([0, 1]);
  });

  it('hands out what was touched since the last call, each id once with the record it had before', () => {
    const store = createStore({ initial: [storey, wall('w1', 1000)] });
    const w1 = store.get('w1');
    const taken = store.transact((tx) => {
      tx.put(wall('w2', 1000));
      tx.put(wall('w1', 1500));
      tx.put(wall('w2', 2000));
      tx.remove('absent');
      const first = [...tx.takeTouched()];
      tx.remove('w1');
      tx.put({ ...storey });
      return { first, second: [...tx.takeTouched()], third: [...tx.takeTouched()] };
    }).result;
    expect(taken.first).toEqual([
      ['w2', undefined],
      ['w1', w1],
    ]);
    expect(taken.second.map(([id, before]) => [id, (before as { end?: { x: number } } | undefined)?.end?.x ?? before?.type])).toEqual([
      ['w1', 1500],
      ['s1', 'storey'],
    ]);
    expect(taken.third).toEqual([]);
  });

  it('keeps its sorted lists right through small commits (patched in place) and large ones', () => {
    const store = createStore({ initial: [storey] });
    const sortedIds = (type: 'wall' | 'storey') => store.ofType(type).map((r) => r.id);
    const expected = new Set<string>();
    const check = () => {
      expect(sortedIds('wall')).toEqual([...expected].sort());
      expect(store.all().map((r) => r.id)).toEqual([...expected, 's1'].sort());
    };
    for (let round = 0; round < 6; round++) {
      // Alternately a few writes and more than a commit patches (the lists are then sorted again).
      const n = round % 2 === 0 ? 3 : 200;
      store.transact((tx) => {
        for (let i = 0; i < n; i++) {
          const id = `w${(round * 37 + i * 11) % 250}`;
          if (expected.has(id) && i % 3 === 0) {
            tx.remove(id);
            expected.delete(id);
          } else {
            tx.put(wall(id, 100 + round));
            expected.add(id);
          }
        }
      });
      check();
      expect(store.ofType('wall').every((w) => w.end.x <= 100 + round)).toBe(true);
    }
  });

  it('keeps the stored object when a put changes nothing', () => {
    const store = createStore({ initial: [storey] });
    const stored = store.get('s1');
    store.transact((tx) => tx.put({ ...storey }));
    expect(store.get('s1')).toBe(stored);
  });
});
