// Random edits of scene files and the backup deltas between them, for the delta-save suites, the
// crash test and the server bench. Plain functions (no vitest), seeded, so a failure replays.
import { BACKUP_DELTA_FORMAT, canonicalJson, compareIds, type BackupDeltaV2, type FileRecord, type RecordPatch, type SceneFile } from '../../protocol/scene-file';

/** mulberry32: a small seeded PRNG in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: () => number, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

function wall(id: string, rng: () => number): FileRecord {
  return {
    id,
    type: 'wall',
    storeyId: 's1',
    start: { x: Math.round(rng() * 8000), y: Math.round(rng() * 6000) },
    end: { x: Math.round(rng() * 8000), y: Math.round(rng() * 6000) },
    thickness: pick(rng, [120, 180, 240]),
    height: 2800,
  };
}

/** One random edit chain: 1-5 steps of add, remove, move (one field), re-type a field away, rename. */
export function randomEdit(file: SceneFile, rng: () => number, counter: { next: number }): SceneFile {
  const byId = new Map(file.records.map((r) => [r.id, r]));
  let meta = file.meta;
  const steps = 1 + Math.floor(rng() * 5);
  for (let s = 0; s < steps; s++) {
    const walls = [...byId.values()].filter((r) => r.type === 'wall');
    const roll = rng();
    if (roll < 0.25 || walls.length < 2) {
      const id = `w${String(counter.next++).padStart(6, '0')}`;
      byId.set(id, wall(id, rng));
    } else if (roll < 0.4) {
      byId.delete(pick(rng, walls).id);
    } else if (roll < 0.8) {
      const w = pick(rng, walls);
      byId.set(w.id, { ...w, end: { x: Math.round(rng() * 8000), y: Math.round(rng() * 6000) } });
    } else if (roll < 0.9) {
      const w = pick(rng, walls);
      const next: Record<string, unknown> = { ...w };
      if ('note' in next) delete next.note;
      else next.note = `n${Math.floor(rng() * 1000)}`;
      byId.set(w.id, next as FileRecord);
    } else {
      meta = { ...meta, name: `house ${Math.floor(rng() * 1000)}` };
    }
  }
  return { ...file, meta, records: [...byId.values()].sort((a, b) => compareIds(a.id, b.id)) };
}

/**
 * The v2 delta from `base` to `next` (as the kernel writes it: changed records as field patches
 * or whole, added ones whole, removed ids, schema of the types it carries, meta when changed).
 */
export function diffDelta(base: SceneFile, next: SceneFile, baseId: string, rng: () => number = () => 0): BackupDeltaV2 {
  const before = new Map(base.records.map((r) => [r.id, r]));
  const after = new Map(next.records.map((r) => [r.id, r]));
  const put: FileRecord[] = [];
  const patch: RecordPatch[] = [];
  const types = new Set<string>();
  for (const [id, r] of after) {
    const old = before.get(id);
    if (!old) {
      put.push(r);
      types.add(r.type);
      continue;
    }
    if (canonicalJson(old) === canonicalJson(r)) continue;
    types.add(r.type);
    if (rng() < 0.3) {
      put.push(r);
      continue;
    }
    const set: Record<string, unknown> = {};
    const unset: string[] = [];
    for (const [k, v] of Object.entries(r)) if (canonicalJson(old[k]) !== canonicalJson(v)) set[k] = v;
    for (const k of Object.keys(old)) if (!(k in r)) unset.push(k);
    patch.push({ id, ...(Object.keys(set).length ? { set } : {}), ...(unset.length ? { unset } : {}) });
  }
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const schema: Record<string, number> = {};
  for (const t of types) schema[t] = next.schema[t]!;
  return {
    format: BACKUP_DELTA_FORMAT,
    version: 2,
    base: baseId,
    ...(types.size ? { schema } : {}),
    ...(canonicalJson(base.meta) === canonicalJson(next.meta) ? {} : { meta: next.meta }),
    put,
    ...(patch.length ? { patch } : {}),
    removed,
  };
}

/** A house-sized start: `walls` walls plus meta and a storey, at the schema the edits use. */
export function startFile(walls: number, rng: () => number, counter: { next: number }): SceneFile {
  const records: FileRecord[] = [
    { id: 'meta', type: 'meta', name: 'house' },
    { id: 's1', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 },
  ];
  for (let i = 0; i < walls; i++) records.push(wall(`w${String(counter.next++).padStart(6, '0')}`, rng));
  records.sort((a, b) => compareIds(a.id, b.id));
  return { format: 'yfang-scene', schema: { meta: 1, storey: 1, wall: 1 }, meta: { name: 'house' }, records };
}
