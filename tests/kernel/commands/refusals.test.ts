import { describe, expect, it } from 'vitest';
import { expectRefused, withRoom } from '../test-kernel';

// The typed reason of a refusal (KernelCommandError.reason), set at each place the kernel refuses
// a door or window on purpose: what ui/workspace/refusals.ts reads instead of the detail's text.

describe('refusal reasons', () => {
  it('name each opening misfit, matching the token the detail starts with', () => {
    const { tk, wallIds } = withRoom();
    const south = wallIds[0]!;
    tk.exec('opening.add', { id: 'door', wallId: south, kind: 1, offset: 1000 });
    const cases = [
      { args: { wallId: south, kind: 1, offset: 1500 }, reason: 'OPENING_OVERLAP' },
      { args: { wallId: south, kind: 1, offset: 300 }, reason: 'OPENING_PAST_END' },
      { args: { wallId: south, kind: 5, offset: 2000, width: 3900 }, reason: 'OPENING_TOO_WIDE' },
      { args: { wallId: south, kind: 0, offset: 3000, height: 2100 }, reason: 'OPENING_TOO_TALL' },
      { args: { wallId: south, kind: 1, offset: 3000, width: 0 }, reason: 'OPENING_INVALID_SIZE' },
    ] as const;
    for (const { args, reason } of cases) {
      const e = expectRefused(tk, 'opening.add', args);
      expect({ code: e.code, reason: e.reason }).toEqual({ code: 'COMMAND_FAILED', reason });
      expect(e.detail.startsWith(`${reason}: `)).toBe(true);
    }
  });

  it('name the opening a wall change would break (wall.split, wall.add)', () => {
    const { tk, wallIds } = withRoom();
    tk.exec('opening.add', { wallId: wallIds[0]!, kind: 2, offset: 2000 });
    expect(expectRefused(tk, 'wall.split', { id: wallIds[0]!, at: 2100 }).reason).toBe('OPENING_ACROSS_JOINT');
    expect(expectRefused(tk, 'wall.add', { start: { x: 2000, y: 0 }, end: { x: 2000, y: 3000 } }).reason).toBe('OPENING_ACROSS_JOINT');
  });

  it('come from plan.build’s own checks too', () => {
    const { tk } = withRoom();
    const walls = [{ start: { x: 0, y: 5000 }, end: { x: 3000, y: 5000 } }];
    expect(expectRefused(tk, 'plan.build', { walls, openings: [{ wall: 0, kind: 1, offset: -100 }] }).reason).toBe('OPENING_PAST_END');
    expect(expectRefused(tk, 'plan.build', { walls, openings: [{ wall: 0, kind: 1, offset: 1500, width: -1 }] }).reason).toBe('OPENING_INVALID_SIZE');
  });

  it('survive a batch, which names its failing entry', () => {
    const { tk, wallIds } = withRoom();
    const e = expectRefused(tk, 'batch', {
      commands: [
        { name: 'opening.add', args: { wallId: wallIds[0]!, kind: 1, offset: 1000 } },
        { name: 'opening.add', args: { wallId: wallIds[0]!, kind: 1, offset: 1200 } },
      ],
    });
    expect(e).toMatchObject({ code: 'COMMAND_FAILED', command: 'batch', reason: 'OPENING_OVERLAP' });
    expect(e.detail).toMatch(/^commands\[1\] \(opening\.add\): OPENING_OVERLAP: /);
  });

  it('are absent from failures that are no refusal', () => {
    const { tk } = withRoom();
    expect(expectRefused(tk, 'opening.add', { wallId: 'none', kind: 1, offset: 1500 }).reason).toBeUndefined();
    expect(expectRefused(tk, 'opening.add', { wallId: 'none', kind: 99 as never, offset: 1500 }).reason).toBeUndefined();
  });
});
