// applyBackupDelta merges the changes into a base sorted by id without a map or a sort of the
// whole scene; it must give exactly what the general path gives (a base in any order).
import { describe, expect, it } from 'vitest';
import { applyBackupDelta, canonicalJson, SceneDeltaError, type SceneFile } from '../../protocol/scene-file';
import { diffDelta, prng, randomEdit, startFile } from '../server/scene-delta-gen';

function shuffled(file: SceneFile, rng: () => number): SceneFile {
  const records = [...file.records];
  for (let i = records.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [records[i], records[j]] = [records[j]!, records[i]!];
  }
  return { ...file, records };
}

describe('applyBackupDelta', () => {
  it('gives the same file from a sorted base as from the same base in any order, over 300 random edits', () => {
    const rng = prng(300);
    const counter = { next: 0 };
    let file = startFile(40, rng, counter);
    for (let i = 0; i < 300; i++) {
      const next = randomEdit(file, rng, counter);
      const delta = diffDelta(file, next, '1', rng);
      const sorted = applyBackupDelta(file, delta);
      expect(canonicalJson(sorted)).toBe(canonicalJson(next));
      expect(sorted.records).toEqual(applyBackupDelta(shuffled(file, rng), delta).records);
      file = next;
    }
  });

  it('applies patches of one record in order, removes before it puts, and refuses a patch of a missing record', () => {
    const rng = prng(1);
    const base = startFile(3, rng, { next: 0 });
    const id = base.records.find((r) => r.type === 'wall')!.id;
    const out = applyBackupDelta(base, {
      format: 'yfang-scene-delta',
      version: 2,
      base: '1',
      schema: { wall: 1 },
      put: [{ id: 'w999999', type: 'wall', height: 1 }],
      patch: [
        { id, set: { height: 1 } },
        { id, set: { height: 2 }, unset: ['thickness'] },
      ],
      removed: ['w999999', 's1'],
    });
    expect(out.records.find((r) => r.id === id)).toMatchObject({ height: 2 });
    expect(out.records.find((r) => r.id === id)).not.toHaveProperty('thickness');
    expect(out.records.map((r) => r.id)).toContain('w999999');
    expect(out.records.map((r) => r.id)).not.toContain('s1');
    expect(() => applyBackupDelta(base, { format: 'yfang-scene-delta', version: 2, base: '1', schema: { wall: 1 }, put: [], patch: [{ id: 'nope', set: {} }], removed: [] })).toThrow(
      SceneDeltaError,
    );
  });
});
