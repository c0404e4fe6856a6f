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

  it('keeps a tile texture address and refuses anything but /files/ paths and http(s) URLs', () => {
    const { tk, roomId } = withRoom();
    const surface = { id: roomId, face: 'floor' as const };
    const image = '/files/catalogue/tiles/t001.png';
    const { id } = tk.exec('paving.add', { surface, tileCode: 'x', tileWidth: 600, tileHeight: 600, image });
    expect(tk.get(id, 'paving').image).toBe(image);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '/files/a b.png', '', '//evil.example/x.png']) {
      expect(expectRefused(tk, 'paving.add', { surface, tileCode: 'y', tileWidth: 600, tileHeight: 600, image: bad }).detail).toMatch(/^image: must match/);
    }
  });

  it('lays a tile on a bare surface as a new paving, in one undo step', () => {
    const { tk, roomId } = withRoom();
    const surface = { id: roomId, face: 'floor' as const };
    let id = '';
    expectOneUndoStep(tk, () => {
      id = tk.exec('paving.lay', { surface, tileCode: 'CZ-600', tileWidth: 600, tileHeight: 600, image: '/files/catalogue/a.png' }).id;
    });
    expect(tk.get(id, 'paving')).toMatchObject({ surface, tileCode: 'CZ-600', tileWidth: 600, gap: 2, mode: '0', image: '/files/catalogue/a.png' });
  });

  it("lays a tile over a surface's paving: the tile changes, joint, angle and start stay", () => {
    const { tk, roomId, wallIds } = withRoom();
    const surface = { id: roomId, face: 'floor' as const };
    const { id } = tk.exec('paving.add', { surface, tileCode: 'old', tileWidth: 300, tileHeight: 300, gap: 3, rotation: 0.5, offset: { x: 10, y: 20 }, image: '/files/catalogue/old.png' });
    // Another surface's paving is left alone.
    const wallSide = { id: wallIds[0]!, face: 'left' as const };
    const other = tk.exec('paving.add', { surface: wallSide, tileCode: 'w', tileWidth: 300, tileHeight: 600 });
    let laid = '';
    expectOneUndoStep(tk, () => {
      laid = tk.exec('paving.lay', { surface, tileCode: 'new', tileWidth: 800, tileHeight: 800 }).id;
    });
    expect(laid).toBe(id);
    const paving = tk.get(id, 'paving');
    expect(paving).toMatchObject({ tileCode: 'new', tileWidth: 800, tileHeight: 800, gap: 3, rotation: 0.5, offset: { x: 10, y: 20 } });
    // The old tile's picture does not stay on the new tile.
    expect(paving.image).toBeUndefined();
    expect(tk.get(other.id, 'paving').tileCode).toBe('w');
    expect(tk.ofType('paving')).toHaveLength(2);
  });

  it('refuses to lay on a missing surface or the wrong face and changes nothing', () => {
    const { tk, roomId, wallIds } = withRoom();
    const tile = { tileCode: 'x', tileWidth: 300, tileHeight: 300 };
    expect(expectRefused(tk, 'paving.lay', { surface: { id: wallIds[0]!, face: 'floor' }, ...tile }).detail).toMatch(/no room with id/);
    expect(expectRefused(tk, 'paving.lay', { surface: { id: roomId, face: 'floor' }, ...tile, tileWidth: 0 }).code).toBe('INVALID_ARGS');
    expect(tk.ofType('paving')).toHaveLength(0);
  });
});

