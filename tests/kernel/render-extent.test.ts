import { describe, expect, it } from 'vitest';
import { Box3, Vector3 } from 'three';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { BoxExtent, extentStats } from '../../kernel-worker/render/extent';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { generateHouseRecords } from '../fixtures/house-scene';
import { mulberry32 } from '../fixtures/prng';

// The document's extent (render/extent.ts) follows the records' boxes one change at a time: it
// is always the union of the boxes, and a change visits O(log n) of them, not every one.

function unionOf(boxes: Iterable<Box3>): Box3 {
  const out = new Box3();
  for (const b of boxes) out.union(b);
  return out;
}

describe('the extent of many boxes', () => {
  it('is the union of the boxes through random adds, changes and removals, empty boxes included', () => {
    const rand = mulberry32(11);
    const extent = new BoxExtent();
    const live = new Map<number, Box3>();
    const randomBox = () => {
      if (rand.next() < 0.05) return new Box3();
      const min = new Vector3(rand.int(-500, 500), rand.int(0, 3), rand.int(-500, 500));
      return new Box3(min, min.clone().add(new Vector3(rand.int(0, 50), rand.int(1, 3), rand.int(0, 50))));
    };
    for (let step = 0; step < 3000; step++) {
      const roll = rand.next();
      const slots = [...live.keys()];
      if (roll < 0.45 || slots.length === 0) {
        const box = randomBox();
        live.set(extent.add(box), box);
      } else if (roll < 0.75) {
        const slot = rand.pick(slots);
        const box = randomBox();
        extent.update(slot, box);
        live.set(slot, box);
      } else {
        const slot = rand.pick(slots);
        extent.remove(slot);
        live.delete(slot);
      }
      expect(extent.count).toBe(live.size);
      expect(extent.bounds().equals(unionOf(live.values())), `step ${step}`).toBe(true);
    }
  });

  it('moving one model of a 5,000-record house visits a few boxes, not every record', () => {
    const store = createStore({ initial: generateHouseRecords({ records: 5000 }) });
    const graph = createSceneGraph();
    graph.sync(diffAddingAll(store.all()), store);
    // Models stand on their storey's floor: the lowest ones all lie on the extent's bottom face,
    // so a naive extent would be recomputed from every box after each move.
    const models = store.ofType('model').filter((m) => m.storeyId === 'storey-0');
    expect(models.length).toBeGreaterThan(100);
    for (const model of models.slice(0, 20)) {
      const { diff } = store.transact((tx) => tx.put({ ...model, position: { ...model.position, x: model.position.x + 250 } }));
      extentStats.visited = 0;
      graph.sync(diff, store);
      expect(graph.lastSync.rebuilt.has(model.id)).toBe(true);
      // Six faces, each sifted up or down a heap of log2(n) levels, two comparisons a level.
      expect(extentStats.visited).toBeLessThanOrEqual(6 * 2 * Math.ceil(Math.log2(graph.objectCount) + 1));
      expect(extentStats.visited).toBeLessThan(graph.objectCount / 20);
    }
    // And it still is the extent of everything.
    const everything = unionOf(store.all().flatMap((r) => {
      const o = graph.objectFor(r.id);
      return o ? [new Box3().setFromObject(o)] : [];
    }));
    expect(graph.bounds().min.distanceTo(everything.min)).toBeLessThan(1e-6);
    expect(graph.bounds().max.distanceTo(everything.max)).toBeLessThan(1e-6);
    graph.dispose();
  });
});
