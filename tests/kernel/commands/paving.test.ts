import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';

describe('paving commands', () => {
  it('lays tiles on a room floor with the default joint, angle and mode', () => {
    const { tk, roomId } = withRoom();
    const { id } = tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'CZ-800', tileWidth: 800, tileHeight: 800 });
    expect(tk.get(id, 'paving')).toEqual({
      id,
      type: 'paving',
      surface: { id: roomId, face: 'floor' },
      tileCode: 'CZ-800',
      tileWidth: 800,
      tileHeight: 800,
      gap: 2,
      rotation: 0,
      offset: { x: 0, y: 0 },
      mode: '0',
    });
  });

  it('takes the mix modes "0", "2" and "3" only', () => {
    const { tk, roomId } = withRoom();
    const surface = { id: roomId, face: 'floor' as const };
    tk.exec('paving.add', { surface, tileCode: 'a', tileWidth: 600, tileHeight: 600, mode: '2' });
    tk.exec('paving.add', { surface, tileCode: 'b', tileWidth: 600, tileHeight: 600, mode: '3' });
    expect(expectRefused(tk, 'paving.add', { surface, tileCode: 'c', tileWidth: 600, tileHeight: 600, mode: '1' as never }).detail).toBe(
      'mode: must be one of "0", "2", "3", got "1"',
    );
  });

  it('puts floors and ceilings on rooms and wall faces on walls', () => {
    const { tk, roomId, wallIds } = withRoom();
    const tile = { tileCode: 'x', tileWidth: 300, tileHeight: 300 };
    const wrongFace = expectRefused(tk, 'paving.add', { surface: { id: wallIds[0]!, face: 'floor' }, ...tile });
    expect(wrongFace.detail).toMatch(/surface\.id: no room with id "wall-2"$/);
    expect(expectRefused(tk, 'paving.add', { surface: { id: roomId, face: 'left' }, ...tile }).detail).toMatch(/no wall with id/);
    expect(expectRefused(tk, 'paving.add', { surface: { id: roomId, face: 'top' as never }, ...tile }).detail).toMatch(/^surface\.face: /);
  });

  it('updates (joint, angle, start) and removes undoably', () => {
    const { tk, roomId } = withRoom();
    const { id } = tk.exec('paving.add', { surface: { id: roomId, face: 'floor' }, tileCode: 'x', tileWidth: 600, tileHeight: 1200 });
    expectOneUndoStep(tk, () => tk.exec('paving.update', { id, gap: 3, rotation: Math.PI / 4, offset: { x: 300, y: 0 } }));
    expect(expectRefused(tk, 'paving.update', { id, gap: -1 }).code).toBe('INVALID_ARGS');
    expectOneUndoStep(tk, () => tk.exec('paving.remove', { id }));
  });
});
