import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, TestKernel, withRoom } from '../test-kernel';

describe('wall commands', () => {
  it('adds a wall on the current storey with the default thickness and the storey height', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', { layerHeight: 3000 });
    const upper = tk.exec('storey.add', {});
    const { id } = tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 3000, y: 0 } });
    expect(tk.get(id, 'wall')).toEqual({
      id,
      type: 'wall',
      storeyId: 'storey-1',
      start: { x: 0, y: 0 },
      end: { x: 3000, y: 0 },
      thickness: 240,
      height: 3000,
      wallType: 'normal',
    });
    const other = tk.exec('wall.add', { storeyId: upper.id, start: { x: 0, y: 0 }, end: { x: 0, y: 10 }, wallType: 'partition', thickness: 120 });
    expect(tk.get(other.id, 'wall')).toMatchObject({ storeyId: upper.id, thickness: 120, wallType: 'partition' });
  });

  it('needs a storey, a length and sane numbers', () => {
    const tk = new TestKernel();
    const noStorey = expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 1, y: 0 } });
    expect(noStorey).toMatchObject({ code: 'COMMAND_FAILED', detail: 'the scene has no storey: add one first (storey.add)' });
    tk.exec('storey.add', {});
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 0.5, y: 0 } }).detail).toMatch(
      /end: must be at least 1 mm away from start$/,
    );
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: Number.NaN }, end: { x: 1, y: 0 } }).detail).toBe(
      'start.y: must be a finite number >= -1000000 and <= 1000000, got NaN',
    );
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 9, y: 0 }, storeyId: 'x' }).detail).toBe(
      'no storey with id "x"',
    );
    expect(expectRefused(tk, 'wall.add', { start: { x: 0, y: 0 }, end: { x: 9, y: 0 }, wallType: 'glass' as never }).code).toBe(
      'INVALID_ARGS',
    );
  });

  it('updates a wall undoably, but not so that its openings stick out', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[0]!;
    expectOneUndoStep(tk, () => tk.exec('wall.update', { id: wallId, thickness: 120, wallType: 'loadBearing' }));
    tk.exec('opening.add', { wallId, kind: 1, offset: 3000, width: 900 });
    const shortened = expectRefused(tk, 'wall.update', { id: wallId, end: { x: 3000, y: 0 } });
    expect(shortened.detail).toMatch(/spans 2550\.\.3450 along wall .*, which is 3000 long/);
    expect(expectRefused(tk, 'wall.update', { id: 'nope' }).detail).toBe('no wall with id "nope"');
    expect(expectRefused(tk, 'wall.update', { id: wallId, type: 'room' } as never).detail).toMatch(/^type: is not a known field/);
  });

  it('removes a wall with its openings and pavings', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[0]!;
    tk.exec('opening.add', { wallId, kind: 0, offset: 2000, width: 1200 });
    tk.exec('paving.add', { surface: { id: wallId, face: 'right' }, tileCode: 'W', tileWidth: 300, tileHeight: 600 });
    expectOneUndoStep(tk, () => tk.exec('wall.remove', { id: wallId }));
    expect(tk.snapshot.counts).toMatchObject({ wall: 3, opening: 0, paving: 0 });
  });
});
