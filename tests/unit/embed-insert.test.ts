import { describe, expect, it } from 'vitest';
import { baseHeight, insertEntries, insertIds, type PieceArgs } from '../../ui/embed/insert';

const sofa: PieceArgs = { modelId: 'M-1', name: '沙发', size: { x: 2000, y: 900, z: 800 }, mount: 'floor', gltfUrl: '/files/m1.glb' };
const lamp: PieceArgs = { modelId: 'M-2', name: '吊灯', size: { x: 600, y: 600, z: 700 }, mount: 'ceiling' };

describe('embed insertItems as one batch', () => {
  it('gives each item an id of its own and one model.add (settled when placed on a plan point)', () => {
    const ids = insertIds(3, 'tok');
    expect(ids).toEqual(['embed-tok-1', 'embed-tok-2', 'embed-tok-3']);
    const entries = insertEntries(
      [
        { piece: sofa, placement: { kind: 'auto' } },
        { piece: lamp, placement: { kind: 'point', x: 100, y: 200 }, rotation: 1 },
        { piece: sofa, placement: { kind: 'landing', storeyId: 's2', position: { x: 5, y: 6, z: 0 }, rotation: 0.5 } },
      ],
      ids,
      { id: 's1', layerHeight: 2800 },
    );
    expect(entries).toEqual([
      { name: 'model.add', args: { id: 'embed-tok-1', ...sofa } },
      { name: 'model.add', args: { id: 'embed-tok-2', ...lamp, storeyId: 's1', position: { x: 100, y: 200, z: 2100 }, rotation: 1 } },
      { name: 'model.settle', args: { id: 'embed-tok-2' } },
      { name: 'model.add', args: { id: 'embed-tok-3', ...sofa, storeyId: 's2', position: { x: 5, y: 6, z: 0 }, rotation: 0.5 } },
    ]);
  });

  it('100 items are 100 adds in one list', () => {
    const items = Array.from({ length: 100 }, () => ({ piece: sofa, placement: { kind: 'auto' as const } }));
    const entries = insertEntries(items, insertIds(100, 'x'), null);
    expect(entries).toHaveLength(100);
    expect(new Set(entries.map((e) => (e.args as { id: string }).id)).size).toBe(100);
  });

  it('stands a piece on the floor, under the ceiling or at a wall piece height', () => {
    const size = { x: 100, y: 100, z: 600 };
    expect(baseHeight('floor', size, 2800)).toBe(0);
    expect(baseHeight(undefined, size, 2800)).toBe(0);
    expect(baseHeight('ceiling', size, 2800)).toBe(2200);
    expect(baseHeight('wall', size, 2800)).toBe(1200);
    expect(baseHeight('wall', { x: 1, y: 1, z: 2700 }, 2800)).toBe(100);
  });
});
