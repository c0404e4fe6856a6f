import { describe, expect, it } from 'vitest';
import { checkOpening, clampOpening, freeCentreRanges, type OpeningWall } from '../../kernel-worker/geometry/openings';
import { analysePlan } from '../../kernel-worker/geometry/plan';
import { defaultRoomWalls, wall } from './geometry-kit';

const plain: OpeningWall = { length: 5000 };

describe('opening constraints', () => {
  it('accepts an opening inside the wall, touching the ends or another opening', () => {
    expect(checkOpening(plain, [], { offset: 2500, width: 900 })).toEqual({ ok: true });
    expect(checkOpening(plain, [], { offset: 450, width: 900 })).toEqual({ ok: true });
    expect(checkOpening(plain, [{ id: 'w', offset: 1000, width: 1200 }], { offset: 2050, width: 900 })).toEqual({ ok: true });
  });

  it('names what is wrong', () => {
    expect(checkOpening(plain, [], { offset: 2500, width: 0 })).toMatchObject({ ok: false, reason: 'INVALID_SIZE' });
    expect(checkOpening(plain, [], { offset: Number.NaN, width: 800 })).toMatchObject({ ok: false, reason: 'INVALID_SIZE' });
    expect(checkOpening(plain, [], { offset: 2500, width: 5001 })).toMatchObject({ ok: false, reason: 'TOO_WIDE' });
    expect(checkOpening(plain, [], { offset: 300, width: 900 })).toEqual({ ok: false, reason: 'PAST_START', otherId: null, allowed: { from: 0, to: 5000 } });
    expect(checkOpening(plain, [], { offset: 4700, width: 900 })).toMatchObject({ ok: false, reason: 'PAST_END' });
    expect(checkOpening(plain, [{ id: 'door', offset: 2000, width: 800 }], { offset: 2700, width: 800 })).toEqual({
      ok: false,
      reason: 'OVERLAP',
      otherId: 'door',
      allowed: { from: 0, to: 5000 },
    });
  });

  it('skips the opening itself when it is being moved', () => {
    expect(checkOpening(plain, [{ id: 'door', offset: 2000, width: 800 }], { id: 'door', offset: 2300, width: 800 })).toEqual({ ok: true });
  });

  it('applies end clearance and the gap between openings', () => {
    const rules = { endClearance: 100, gap: 50 };
    expect(checkOpening(plain, [], { offset: 500, width: 900 }, rules)).toMatchObject({ reason: 'PAST_START', allowed: { from: 100, to: 4900 } });
    expect(checkOpening(plain, [], { offset: 550, width: 900 }, rules)).toEqual({ ok: true });
    // 'a' spans 500..1500, kept 50 clear: the next may start at 1550.
    expect(checkOpening(plain, [{ id: 'a', offset: 1000, width: 1000 }], { offset: 1999, width: 900 }, rules)).toMatchObject({ reason: 'OVERLAP', otherId: 'a' });
    expect(checkOpening(plain, [{ id: 'a', offset: 1000, width: 1000 }], { offset: 2000, width: 900 }, rules)).toEqual({ ok: true });
  });

  it('keeps openings out of mitred corners and off walls butting against the wall', () => {
    const plan = analysePlan([...defaultRoomWalls(), wall('p', 3000, 0, 3000, 5000)]);
    // w0 runs 0..6000 along the south; the inner faces start at 120, the partition covers 2880..3120.
    const south: OpeningWall = { length: 6000, usable: plan.usable.get('w0')! };
    expect(south.usable).toEqual([
      [120, 2880],
      [3120, 5880],
    ]);
    expect(checkOpening(south, [], { offset: 500, width: 800 })).toMatchObject({ reason: 'PAST_START', allowed: { from: 120, to: 2880 } });
    expect(checkOpening(south, [], { offset: 2700, width: 800 })).toMatchObject({ reason: 'ACROSS_JOINT', allowed: { from: 120, to: 2880 } });
    expect(checkOpening(south, [], { offset: 3300, width: 800 })).toMatchObject({ reason: 'ACROSS_JOINT', allowed: { from: 3120, to: 5880 } });
    expect(checkOpening(south, [], { offset: 5600, width: 800 })).toMatchObject({ reason: 'PAST_END' });
    expect(checkOpening(south, [], { offset: 4000, width: 2800 })).toMatchObject({ reason: 'TOO_WIDE' });
    expect(checkOpening(south, [], { offset: 4500, width: 2760 })).toEqual({ ok: true });
  });
});

describe('sliding an opening along its wall', () => {
  const others = [{ id: 'window', offset: 2500, width: 1200 }];

  it('lists where its centre may go', () => {
    expect(freeCentreRanges(plain, others, { offset: 0, width: 800 })).toEqual([
      [400, 1500],
      [3500, 4600],
    ]);
    expect(freeCentreRanges(plain, others, { offset: 0, width: 2000 })).toEqual([]);
  });

  it('stops at the wall ends and at other openings, and jumps past one once the far side is nearer', () => {
    expect(clampOpening(plain, others, { offset: 1000, width: 800 })).toBe(1000);
    expect(clampOpening(plain, others, { offset: -300, width: 800 })).toBe(400);
    expect(clampOpening(plain, others, { offset: 2000, width: 800 })).toBe(1500);
    expect(clampOpening(plain, others, { offset: 3000, width: 800 })).toBe(3500);
    expect(clampOpening(plain, others, { offset: 9000, width: 800 })).toBe(4600);
    expect(clampOpening(plain, others, { offset: 2500, width: 2000 })).toBeNull();
  });

  it('agrees with the check: a clamped position always fits', () => {
    const wallSpan: OpeningWall = { length: 6000, usable: [[120, 2880], [3120, 5880]] };
    const existing = [{ id: 'a', offset: 1000, width: 800 }, { id: 'b', offset: 4500, width: 900 }];
    for (let offset = -500; offset <= 6500; offset += 37) {
      const at = clampOpening(wallSpan, existing, { offset, width: 700 }, { endClearance: 20, gap: 10 });
      expect(at).not.toBeNull();
      expect(checkOpening(wallSpan, existing, { offset: at!, width: 700 }, { endClearance: 20, gap: 10 })).toEqual({ ok: true });
    }
  });
});
