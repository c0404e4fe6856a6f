import { describe, expect, it } from 'vitest';
import { expectOneUndoStep, expectRefused, withRoom } from '../test-kernel';

const sofa = { modelId: 'M-1001', position: { x: 2000, y: 1500, z: 0 }, size: { x: 2100, y: 900, z: 850 } };

describe('model commands', () => {
  it('places a catalogue item on the current storey', () => {
    const { tk, storeyId } = withRoom();
    const { id } = tk.exec('model.add', { ...sofa, name: '沙发' });
    expect(tk.get(id, 'model')).toEqual({ id, type: 'model', storeyId, name: '沙发', rotation: 0, ...sofa });
    expect(tk.snapshot.counts.model).toBe(1);
  });

  it('moves, turns and resizes undoably', () => {
    const { tk } = withRoom();
    const { id } = tk.exec('model.add', sofa);
    expectOneUndoStep(tk, () => tk.exec('model.update', { id, position: { x: 100, y: 200, z: 300 }, rotation: Math.PI / 2 }));
    expectOneUndoStep(tk, () => tk.exec('model.update', { id, size: { x: 1800, y: 900, z: 850 } }));
    expect(tk.get(id, 'model')).toMatchObject({ position: { x: 100, y: 200, z: 300 }, size: { x: 1800 } });
  });

  it('keeps whether a catalogue piece is made in fixed sizes, for the properties', () => {
    const { tk } = withRoom();
    const { id } = tk.exec('model.add', { ...sofa, resizable: false });
    expect(tk.get(id, 'model').resizable).toBe(false);
    tk.exec('selection.set', { ids: [id] });
    expect(tk.snapshot.selected).toMatchObject({ kind: 'model', id, resizable: false });
    const { id: box } = tk.exec('model.add', sofa);
    tk.exec('selection.set', { ids: [box] });
    expect(tk.snapshot.selected).toMatchObject({ kind: 'model', id: box, resizable: true });
    expect(expectRefused(tk, 'model.add', { ...sofa, resizable: 'no' as never }).detail).toMatch(/^resizable: /);
  });

  it('refuses bad sizes and unknown storeys', () => {
    const { tk } = withRoom();
    expect(expectRefused(tk, 'model.add', { ...sofa, size: { x: 0, y: 1, z: 1 } }).detail).toBe(
      'size.x: must be a finite number > 0 and <= 100000, got 0',
    );
    expect(expectRefused(tk, 'model.add', { ...sofa, position: { x: 0, y: 0 } as never }).detail).toMatch(/^position\.z: must be a finite number/);
    expect(expectRefused(tk, 'model.add', { ...sofa, storeyId: 'storey-99' }).detail).toBe('no storey with id "storey-99"');
    const { id } = tk.exec('model.add', sofa);
    expect(expectRefused(tk, 'model.update', { id, storeyId: 'storey-99' }).detail).toMatch(/storeyId: no storey with id "storey-99"/);
  });

  it('removes undoably, and refuses a model that does not exist', () => {
    const { tk, wallIds } = withRoom();
    const { id } = tk.exec('model.add', sofa);
    expectOneUndoStep(tk, () => tk.exec('model.remove', { id }));
    expect(expectRefused(tk, 'model.remove', { id }).detail).toBe(`no model with id "${id}"`);
    // An id of another type is no model either.
    expect(expectRefused(tk, 'model.remove', { id: wallIds[0]! }).detail).toBe(`no model with id "${wallIds[0]}"`);
  });
});
