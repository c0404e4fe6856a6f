// Helpers for the persistence tests: an in-process kernel with its file side, and random edits
// that go through kernel transactions (so they feed the history and the backup tracker exactly as
// commands do) without depending on any particular command.

import type { DocumentRecord, SceneRecord, Vec2 } from '../../protocol/records';
import { canonicalJson } from '../../protocol/scene-file';
import { createSequentialIds } from '../../kernel-worker/document/ids';
import type { Transaction } from '../../kernel-worker/document/store';
import { createKernel, type Kernel } from '../../kernel-worker/kernel';
import { createPersistence, type Persistence, type PersistenceOptions } from '../../kernel-worker/persistence/persistence';
import { buildSceneFile } from '../../kernel-worker/persistence/scene-codec';
import type { Prng } from '../fixtures/prng';

export interface FileKernel {
  readonly kernel: Kernel;
  readonly files: Persistence;
}

export function fileKernel(options: PersistenceOptions = {}): FileKernel {
  const kernel = createKernel({ ids: createSequentialIds() });
  return { kernel, files: createPersistence(kernel, options) };
}

/** The document as save() would write it, without saving (no flag changes). */
export function documentJson(kernel: Kernel): string {
  return canonicalJson(buildSceneFile(kernel.records.all()));
}

/** Everything, session records included: what "the scene is untouched" compares. */
export function everything(kernel: Kernel): string {
  return JSON.stringify(kernel.records.all());
}

export function put(kernel: Kernel, ...records: DocumentRecord[]): void {
  kernel.transact('test.put', (tx) => records.forEach((r) => tx.put(r)), 'undoable');
}

const point = (rand: Prng): Vec2 => ({ x: rand.int(-20, 20) * 250, y: rand.int(-20, 20) * 250 });

function pickOf<T extends SceneRecord['type']>(tx: Transaction, rand: Prng, type: T) {
  const all = tx.ofType(type);
  return all.length === 0 ? undefined : rand.pick(all);
}

/** Removes a record and everything that points at it (openings on a wall, pavings, ceilings). */
function removeCascade(tx: Transaction, id: string): void {
  for (const r of tx.all()) {
    if (
      (r.type === 'opening' && r.wallId === id) ||
      (r.type === 'paving' && r.surface.id === id) ||
      (r.type === 'ceiling' && r.roomId === id) ||
      ((r.type === 'wall' || r.type === 'room' || r.type === 'model' || r.type === 'light') && r.storeyId === id)
    ) {
      removeCascade(tx, r.id);
    }
  }
  tx.remove(id);
}

type Edit = (tx: Transaction, rand: Prng) => void;

const EDITS: readonly Edit[] = [
  (tx) => {
    const n = tx.ofType('storey').length;
    if (n >= 3) return;
    tx.put({ id: tx.newId('storey'), type: 'storey', index: n, name: `${n + 1}F`, elevation: n * 2900, layerHeight: 2900 });
  },
  (tx, rand) => {
    const storey = pickOf(tx, rand, 'storey');
    if (!storey) return;
    const start = point(rand);
    tx.put({
      id: tx.newId('wall'),
      type: 'wall',
      storeyId: storey.id,
      start,
      end: { x: start.x + rand.int(1, 16) * 250, y: start.y },
      thickness: rand.pick([120, 240]),
      height: 2800,
      wallType: rand.pick(['normal', 'loadBearing', 'partition'] as const),
    });
  },
  (tx, rand) => {
    const wall = pickOf(tx, rand, 'wall');
    if (!wall) return;
    const d = { x: rand.int(-4, 4) * 100, y: rand.int(-4, 4) * 100 };
    tx.put({ ...wall, start: { x: wall.start.x + d.x, y: wall.start.y + d.y }, end: { x: wall.end.x + d.x, y: wall.end.y + d.y } });
  },
  (tx, rand) => {
    const wall = pickOf(tx, rand, 'wall');
    if (wall) removeCascade(tx, wall.id);
  },
  (tx, rand) => {
    const wall = pickOf(tx, rand, 'wall');
    if (!wall) return;
    tx.put({
      id: tx.newId('opening'),
      type: 'opening',
      wallId: wall.id,
      kind: rand.pick([0, 1, 2] as const),
      offset: 400,
      width: 800,
      height: 2000,
      elevation: 0,
      flipSide: rand.chance(0.5),
      flipHinge: false,
    });
  },
  (tx, rand) => {
    const storey = pickOf(tx, rand, 'storey');
    if (!storey) return;
    const a = point(rand);
    const room = {
      id: tx.newId('room'),
      type: 'room' as const,
      storeyId: storey.id,
      name: rand.pick(['', '客厅', '主卧', 'kitchen']),
      roomType: rand.pick([0, 1, 2, 7]),
      outline: [a, { x: a.x + 3000, y: a.y }, { x: a.x + 3000, y: a.y + 2500 }, { x: a.x, y: a.y + 2500 }],
      height: 2800,
    };
    tx.put(room);
    if (rand.chance(0.5)) tx.put({ id: tx.newId('ceiling'), type: 'ceiling', roomId: room.id, elevation: 2600, thickness: 100 });
    if (rand.chance(0.5)) {
      tx.put({
        id: tx.newId('paving'),
        type: 'paving',
        surface: { id: room.id, face: 'floor' },
        tileCode: 'T-800',
        tileWidth: 800,
        tileHeight: 800,
        gap: 2,
        rotation: 0,
        offset: { x: 0, y: 0 },
        mode: '0',
      });
    }
  },
  (tx, rand) => {
    const room = pickOf(tx, rand, 'room');
    if (room) tx.put({ ...room, name: `${room.name}+`, roomType: rand.pick([0, 3, 8]) });
  },
  (tx, rand) => {
    const room = pickOf(tx, rand, 'room');
    if (room) removeCascade(tx, room.id);
  },
  (tx, rand) => {
    const storey = pickOf(tx, rand, 'storey');
    if (!storey) return;
    tx.put({
      id: tx.newId('model'),
      type: 'model',
      storeyId: storey.id,
      modelId: rand.pick(['sofa', 'bed', 'table']),
      name: '家具',
      position: { ...point(rand), z: 0 },
      rotation: rand.pick([0, Math.PI / 2]),
      size: { x: 1000, y: 600, z: 800 },
    });
  },
  (tx, rand) => {
    const model = pickOf(tx, rand, 'model');
    if (model) tx.put({ ...model, position: { ...model.position, x: model.position.x + 10 } });
  },
  (tx, rand) => {
    const model = pickOf(tx, rand, 'model');
    if (model) tx.remove(model.id);
  },
  (tx, rand) => {
    const storey = pickOf(tx, rand, 'storey');
    if (!storey) return;
    tx.put({ id: tx.newId('light'), type: 'light', storeyId: storey.id, kind: 'point', position: { ...point(rand), z: 2500 }, color: '#ffffff', intensity: rand.int(1, 50) });
  },
  (tx, rand) => {
    const meta = tx.ofType('meta')[0];
    const base = meta ?? {
      id: 'meta',
      type: 'meta' as const,
      name: '',
      style: '',
      roomType: 0,
      isUseStackWall: 0 as const,
      hasMeasuringSize: false,
      client: { name: '', phone: '', id: '', address: '', order_number: '' },
    };
    tx.put({ ...base, name: rand.pick(['', '方案一', 'villa']), isUseStackWall: rand.pick([0, 1] as const) });
  },
];

export type EditKind = 'edit' | 'undo' | 'redo' | 'view';

/** One random step: mostly document edits, sometimes undo/redo or a session-only change. */
export function randomStep(kernel: Kernel, rand: Prng): EditKind {
  const roll = rand.next();
  if (roll < 0.1) {
    kernel.undo();
    return 'undo';
  }
  if (roll < 0.15) {
    kernel.redo();
    return 'redo';
  }
  if (roll < 0.2) {
    kernel.exec('view.setMode', { mode: rand.pick([0, 1, 2, 3] as const) });
    return 'view';
  }
  const edit = rand.pick(EDITS);
  kernel.transact('test.edit', (tx) => edit(tx, rand), 'undoable');
  return 'edit';
}
