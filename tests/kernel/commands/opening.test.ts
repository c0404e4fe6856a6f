import { describe, expect, it } from 'vitest';
import { openingDefaults } from '../../../kernel-worker/commands/opening';
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
      height: 2000,
      elevation: 0,
      flipSide: false,
      flipHinge: false,
    });
    const window = tk.exec('opening.add', { wallId: wallIds[1]!, kind: 0, offset: 1500, width: 1800, flipSide: true });
    expect(tk.get(window.id, 'opening')).toMatchObject({ width: 1800, height: 1500, elevation: 800, flipSide: true });
    const niche = tk.exec('opening.add', { wallId: wallIds[2]!, kind: 10, offset: 1000, width: 600, height: 600, elevation: 1200 });
    expect(tk.get(niche.id, 'opening')).toMatchObject({ kind: 10, height: 600, elevation: 1200 });
  });

  it('keeps openings inside their wall and kinds within 0-16', () => {
    const { tk, wallIds } = withRoom();
    const wallId = wallIds[1]!; // 3000 long, 2800 high
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 1, offset: 300, width: 900 }).detail).toMatch(/^OPENING_PAST_END: .*spans -150\.\.750/);
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 1, offset: 2700, width: 900 }).code).toBe('COMMAND_FAILED');
    expect(expectRefused(tk, 'opening.add', { wallId, kind: 0, offset: 1500, width: 900, height: 2100 }).detail).toMatch(
      /^OPENING_TOO_TALL: .*its top \(2900\) is above wall/,
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

describe('opening defaults and refusals', () => {
  it('fills width, height and elevation per kind (catalogues.md §9)', () => {
    const { tk, wallIds } = withRoom();
    const sizes = (kind: 0 | 1 | 2 | 3 | 5 | 10, wallId: string, offset: number) => {
      const { id } = tk.exec('opening.add', { wallId, kind, offset });
      const o = tk.get(id, 'opening');
      tk.exec('opening.remove', { id });
      return [o.width, o.height, o.elevation];
    };
    expect(sizes(0, wallIds[0]!, 2000)).toEqual([1200, 1500, 800]);
    expect(sizes(1, wallIds[0]!, 2000)).toEqual([800, 2000, 0]);
    expect(sizes(2, wallIds[0]!, 2000)).toEqual([1200, 2000, 0]);
    expect(sizes(3, wallIds[0]!, 2000)).toEqual([1600, 2000, 0]);
    expect(sizes(5, wallIds[0]!, 2000)).toEqual([3200, 2300, 0]);
    expect(sizes(10, wallIds[0]!, 2000)).toEqual([900, 2000, 0]);
    expect(openingDefaults(4)).toEqual({ width: 1600, height: 2000, elevation: 0 });
    expect(openingDefaults(16)).toEqual(openingDefaults(0));
  });

  it('refuses each misfit with its reason token, leaving the scene, history and patches as they were', () => {
    const { tk, wallIds } = withRoom();
    const south = wallIds[0]!; // 4000 long, usable 120..3880 between the mitred corners, 2800 high
    tk.exec('opening.add', { id: 'door', wallId: south, kind: 1, offset: 1000 });
    const reason = (args: Parameters<typeof tk.exec<'opening.add'>>[1]) => expectRefused(tk, 'opening.add', args).detail.split(':')[0];
    expect(reason({ wallId: south, kind: 1, offset: 1500 })).toBe('OPENING_OVERLAP');
    expect(reason({ wallId: south, kind: 1, offset: 300 })).toBe('OPENING_PAST_END');
    expect(reason({ wallId: south, kind: 1, offset: 3700 })).toBe('OPENING_PAST_END');
    expect(reason({ wallId: south, kind: 5, offset: 2000, width: 3900 })).toBe('OPENING_TOO_WIDE');
    expect(reason({ wallId: south, kind: 0, offset: 3000, height: 2100 })).toBe('OPENING_TOO_TALL');
    expect(reason({ wallId: south, kind: 1, offset: 3000, width: 0 })).toBe('OPENING_INVALID_SIZE');
    expect(reason({ wallId: south, kind: 1, offset: 3000, height: -5 })).toBe('OPENING_INVALID_SIZE');
    const overlap = expectRefused(tk, 'opening.add', { wallId: south, kind: 1, offset: 1500 });
    expect(overlap.code).toBe('COMMAND_FAILED');
    expect(overlap.detail).toMatch(/^OPENING_OVERLAP: opening opening-\d+ spans 1100\.\.1900 along wall wall-\d+ and overlaps opening door/);
    // Moving an opening is checked the same way (itself excluded).
    expect(expectRefused(tk, 'opening.update', { id: 'door', offset: 3600 }).detail).toMatch(/^OPENING_PAST_END: /);
    tk.exec('opening.update', { id: 'door', offset: 3000 });
  });

  it('refuses a wall that would meet a wall inside a door (OPENING_ACROSS_JOINT)', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 2, offset: 2000 });
    const e = expectRefused(tk, 'wall.add', { start: { x: 2000, y: 0 }, end: { x: 2000, y: 3000 } });
    expect(e.detail).toMatch(/^OPENING_ACROSS_JOINT: opening .* spans 1400\.\.2600 along wall .*, where another wall would meet it at 2000/);
    // Beside the door the partition is fine, and the door goes to its piece of the split wall.
    tk.exec('wall.add', { start: { x: 3000, y: 0 }, end: { x: 3000, y: 3000 } });
    expect(tk.ofType('opening')[0]).toMatchObject({ wallId: wallIds[0], offset: 2000 });
    expect(tk.ofType('room')).toHaveLength(2);
  });

  it('refuses a wall change that crowds an opening into a new corner', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 1, offset: 3400 });
    // A thicker east wall reaches further along the south wall: 3000..3800 is no longer clear.
    expect(expectRefused(tk, 'wall.update', { id: wallIds[1]!, thickness: 600 }).detail).toMatch(/^OPENING_PAST_END: /);
  });
});
