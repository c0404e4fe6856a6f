import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';

describe('ceiling commands', () => {
  it('hangs a ceiling at the room height by default', () => {
    const { tk, roomId } = withRoom();
    const { id } = tk.exec('ceiling.add', { roomId });
    expect(tk.get(id, 'ceiling')).toEqual({ id, type: 'ceiling', roomId, elevation: 2800, thickness: 100 });
    const lower = tk.exec('ceiling.add', { roomId, elevation: 2600, thickness: 150 });
    expect(tk.get(lower.id, 'ceiling')).toMatchObject({ elevation: 2600, thickness: 150 });
  });

  it('needs a room and positive sizes', () => {
    const { tk, roomId } = withRoom();
    expect(expectRefused(tk, 'ceiling.add', { roomId: 'room-x' }).detail).toBe('no room with id "room-x"');
    expect(expectRefused(tk, 'ceiling.add', { roomId, thickness: 0 }).code).toBe('INVALID_ARGS');
  });

  it('updates and removes undoably', () => {
    const { tk, roomId } = withRoom();
    const { id } = tk.exec('ceiling.add', { roomId });
    expectOneUndoStep(tk, () => tk.exec('ceiling.update', { id, elevation: 2500 }));
    expectOneUndoStep(tk, () => tk.exec('ceiling.remove', { id }));
  });
});
