import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';

describe('light commands', () => {
  it('adds a white point light on the current storey by default', () => {
    const { tk, storeyId } = withRoom();
    const { id } = tk.exec('light.add', { position: { x: 2000, y: 1500, z: 2700 } });
    expect(tk.get(id, 'light')).toEqual({
      id,
      type: 'light',
      storeyId,
      kind: 'point',
      position: { x: 2000, y: 1500, z: 2700 },
      color: '#ffffff',
      intensity: 1,
    });
  });

  it('takes #rrggbb colours and non-negative intensities', () => {
    const { tk } = withRoom();
    const position = { x: 0, y: 0, z: 2000 };
    expect(expectRefused(tk, 'light.add', { position, color: '#FFF' }).detail).toMatch(/^color: must match/);
    expect(expectRefused(tk, 'light.add', { position, intensity: -1 }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'light.add', { position, kind: 'laser' as never }).detail).toBe(
      'kind: must be one of "point", "spot", "area", got "laser"',
    );
  });

  it('updates and removes undoably', () => {
    const { tk } = withRoom();
    const { id } = tk.exec('light.add', { kind: 'spot', position: { x: 0, y: 0, z: 2000 }, color: '#ffcc88' });
    expectOneUndoStep(tk, () => tk.exec('light.update', { id, intensity: 20, color: '#ffffff' }));
    expectOneUndoStep(tk, () => tk.exec('light.remove', { id }));
  });
});
