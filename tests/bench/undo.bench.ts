// Undo and redo of a 1,000-record batch on a ~5,000-record scene, in the headless kernel in Node
// (createKernel, no worker, no GL): the history's own cost, store, validation and snapshot patch
// included. The worker hop is the roundtrip benchmark's business.

import { batchEntry, type BatchEntry } from '../../protocol/commands';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import { createKernel, type Kernel } from '../../kernel-worker/kernel';
import { median, p95, round } from './stats';
import type { Benchmark } from './types';

const BATCH = 1_000;
const TARGET_MS = 20;
const ROUNDS = Number(process.env.BENCH_UNDO_ROUNDS ?? 30);

/** A whole house: storeys of rooms, each with four walls, a floor of furniture and a light. */
function buildScene(kernel: Kernel, records: number): void {
  while (kernel.records.all().length < records) {
    const { id: storeyId } = kernel.exec('storey.add', {});
    const commands: BatchEntry[] = [];
    for (let room = 0; room < 60; room++) {
      const x = (room % 10) * 5000;
      const y = Math.floor(room / 10) * 4000;
      const corners = [
        { x, y },
        { x: x + 4000, y },
        { x: x + 4000, y: y + 3000 },
        { x, y: y + 3000 },
      ];
      commands.push(batchEntry('room.add', { storeyId, outline: corners, name: `R${room}`, roomType: 1 + (room % 16) }));
      for (let i = 0; i < 4; i++) commands.push(batchEntry('wall.add', { storeyId, start: corners[i]!, end: corners[(i + 1) % 4]! }));
      for (let i = 0; i < 10; i++) {
        const position = { x: x + 300 + i * 300, y: y + 500, z: 0 };
        commands.push(batchEntry('model.add', { storeyId, modelId: `M${i}`, position, size: { x: 500, y: 500, z: 800 } }));
      }
      commands.push(batchEntry('light.add', { storeyId, position: { x: x + 2000, y: y + 1500, z: 2700 } }));
    }
    kernel.exec('batch', { commands });
  }
}

const undo: Benchmark = {
  id: 'undo',
  title: `undo/redo of a ${BATCH.toLocaleString('en')}-record batch on a 5,000-record scene (headless kernel in Node, ${ROUNDS} rounds)`,
  async run({ smoke }) {
    const batchSize = smoke ? 100 : BATCH;
    const rounds = smoke ? 3 : ROUNDS;
    const kernel = createKernel({ ids: createSequentialIds() });
    buildScene(kernel, smoke ? 500 : 5_000);
    const sceneRecords = kernel.records.all().length;
    const batch = Array.from({ length: batchSize }, (_, i) =>
      batchEntry('model.add', { modelId: 'chair', position: { x: (i % 50) * 600, y: Math.floor(i / 50) * 600, z: 0 }, size: { x: 450, y: 450, z: 900 } }),
    );
    const t0 = performance.now();
    kernel.exec('batch', { commands: batch });
    const execMs = performance.now() - t0;

    const undos: number[] = [];
    const redos: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const a = performance.now();
      if (!kernel.undo()) throw new Error('nothing to undo');
      const b = performance.now();
      if (!kernel.redo()) throw new Error('nothing to redo');
      const c = performance.now();
      undos.push(b - a);
      redos.push(c - b);
    }
    kernel.dispose();
    console.log(`  scene: ${sceneRecords} records before the batch`);
    const um = median(undos);
    const rm = median(redos);
    return [
      { name: `batch of ${batchSize} model.add, exec (headless, Node)`, value: round(execMs), unit: 'ms', target: '', met: null },
      { name: `undo ${batchSize}-record batch median (headless, Node)`, value: round(um), unit: 'ms', target: `< ${TARGET_MS} ms`, met: um < TARGET_MS },
      { name: `undo ${batchSize}-record batch p95 (headless, Node)`, value: round(p95(undos)), unit: 'ms', target: '', met: null },
      { name: `redo ${batchSize}-record batch median (headless, Node)`, value: round(rm), unit: 'ms', target: `< ${TARGET_MS} ms`, met: rm < TARGET_MS },
      { name: `redo ${batchSize}-record batch p95 (headless, Node)`, value: round(p95(redos)), unit: 'ms', target: '', met: null },
    ];
  },
};

export default undo;
