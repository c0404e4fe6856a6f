import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';

describe('opening commands', () => {
  it('adds doors and windows with their default heights', () => {
    const { tk, wallIds } = withRoom();
    const door = tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 800, width: 900 });
    expect(tk.get(door.id, 'opening')).toEqual({
      id: door.id,
      type: 'opening',
      wallId: wallIds[0],
      kind: 1,
      offset: 800,
      width: 900,
      height: 2100,
      elevation: 0,
      flipSide: false,
      flipHinge: false,
    });
    const window = tk.exec('opening.add', { wallId: wallIds[1]!, kind: 0, offset: 1500, width: 1800, flipSide: true });
    expect(tk.get(window.id, 'opening')).toMatchObject({ height: 1500, elevation: 900, flipSide: true });
    const niche = tk.exec('opening.add', { wallId: wallIds[2]!, kind: 10, offset: 1000, width: 600, height: 600, elevation: 1200 });
    expect(tk.get(niche.id, 'opening')).toMatchObject({ kind: 10, height: 600, elevation: 1200 });
  });

  it('keeps openings inside their wall and kinds within 0-16', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[1]!; // 3000 long, 2800 high
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 1, offset: 300, width: 900 }).detail).toMatch(/spans -150\.\.750/);
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 1, offset: 2700, width: 900 }).code).toBe('COMMAND_FAILED');
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 0, offset: 1500, width: 900, height: 2000 }).detail).toMatch(
      /its top \(2900\) is above wall/,
    );
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 17 as never, offset: 1500, width: 900 }).detail).toMatch(/^kind: must be one of 0, 1, /);
    expect(expectRefused(tk, 'opening.add', { wallId: 'none', kind: 1, offset: 1500, width: 900 }).detail).toBe('no wall with id "none"');
  });

  it('updates (flip, move along the wall) and removes undoably', () => {
    const { tk, wallIds } = withRoom();
    const { id } = tk.exec('opening.add', { wallId: wallIds[0]!, kind: 2, offset: 2000, width: 1500 });
    expectOneUndoStep(tk, () => tk.exec('opening.update', { id, flipHinge: true, offset: 1000 }));
    expect(expectRefused(tk, 'opening.update', { id, offset: 100 }).code).toBe('COMMAND_FAILED');
    expect(expectRefused(tk, 'opening.update', { id, wallId: 'gone' }).detail).toBe('no wall with id "gone"');
    expectOneUndoStep(tk, () => tk.exec('opening.remove', { id }));
    expect(tk.ofType('opening')).toEqual([]);
  });
});
