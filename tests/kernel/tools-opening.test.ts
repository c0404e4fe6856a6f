import { describe, expect, it } from 'vitest';
import { TestKernel } from './test-kernel';

// The opening tool: preview on hover, click to place, refusal where it does not fit.

/** A 6000 x 5000 room and a 1200 x 3000 closet east of it, in the plan view with the opening tool. */
function plan() {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  const room = [
    { x: 0, y: 0 },
    { x: 6000, y: 0 },
    { x: 6000, y: 5000 },
    { x: 0, y: 5000 },
  ];
  const [south] = room.map((start, i) => tk.exec('wall.add', { start, end: room[(i + 1) % 4]! }).id);
  // The closet's south wall: 1200 on the centre line, 960 between the faces it meets.
  const { id: closetSouth } = tk.exec('wall.add', { start: { x: 8000, y: 0 }, end: { x: 9200, y: 0 } });
  tk.exec('wall.add', { start: { x: 9200, y: 0 }, end: { x: 9200, y: 3000 } });
  tk.exec('wall.add', { start: { x: 9200, y: 3000 }, end: { x: 8000, y: 3000 } });
  tk.exec('wall.add', { start: { x: 8000, y: 3000 }, end: { x: 8000, y: 0 } });
  tk.exec('tool.set', { tool: 'opening', opening: { kind: 1 } });
  tk.exec('view.setCamera', { view: 2 });
  return { tk, south: south!, closetSouth };
}

describe('opening tool', () => {
  it('takes the size of the kind from catalogues.md §9 unless told', () => {
    const tk = new TestKernel();
    tk.exec('tool.set', { tool: 'opening', opening: { kind: 0 } });
    expect(tk.get('tool', 'tool').opening).toEqual({ kind: 0, width: 1200, height: 1500, elevation: 800 });
    tk.exec('tool.set', { opening: { kind: 2, width: 1000 } });
    expect(tk.get('tool', 'tool').opening).toEqual({ kind: 2, width: 1000, height: 2000, elevation: 0 });
    tk.exec('tool.set', { opening: { width: 1100 } });
    expect(tk.get('tool', 'tool').opening).toEqual({ kind: 2, width: 1100, height: 2000, elevation: 0 });
    tk.exec('tool.set', { opening: { kind: 5 } });
    expect(tk.get('tool', 'tool').opening).toEqual({ kind: 5, width: 3200, height: 2300, elevation: 0 });
  });

  it('previews the door on the wall under the pointer and places it with a click (one undo step)', () => {
    const { tk, south } = plan();
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.movePlan({ x: 2500, y: 60 });
    expect(tk.get('tool', 'tool').preview?.opening).toEqual({ wallId: south, offset: expect.closeTo(2500, 6), width: 800, ok: true });
    expect(tk.get('tool', 'tool').hoverId).toBe(south);
    expect(tk.documentJson()).toBe(before);

    tk.clickPlan({ x: 2500, y: 60 });
    const [door] = tk.ofType('opening');
    expect(door).toMatchObject({ wallId: south, kind: 1, width: 800, height: 2000, elevation: 0 });
    expect(door!.offset).toBeCloseTo(2500, 6);
    expect(tk.history.undoSteps).toBe(steps + 1);
    // The tool stays active for the next one.
    expect(tk.get('tool', 'tool').tool).toBe('opening');
    tk.expectMirrorInSync();
  });

  it('moves the preview clear of a corner while it stays under the pointer', () => {
    const { tk, south } = plan();
    tk.movePlan({ x: 300, y: 0 });
    // The west wall's inside face is at 120: the centre of an 800 door can be no nearer than 520.
    expect(tk.get('tool', 'tool').preview?.opening).toEqual({ wallId: south, offset: expect.closeTo(520, 6), width: 800, ok: true });
    tk.clickPlan({ x: 300, y: 0 });
    expect(tk.ofType('opening')[0]!.offset).toBeCloseTo(520, 6);
  });

  it('refuses to overlap another opening: preview ok false and no record', () => {
    const { tk } = plan();
    tk.clickPlan({ x: 2500, y: 0 });
    expect(tk.ofType('opening')).toHaveLength(1);
    const before = tk.documentJson();
    const steps = tk.history.undoSteps;
    tk.movePlan({ x: 2600, y: 0 });
    expect(tk.get('tool', 'tool').preview?.opening?.ok).toBe(false);
    tk.clickPlan({ x: 2600, y: 0 });
    expect(tk.ofType('opening')).toHaveLength(1);
    expect(tk.documentJson()).toBe(before);
    expect(tk.history.undoSteps).toBe(steps);
    expect(tk.get('tool', 'tool').preview?.opening?.ok).toBe(false);
  });

  it('refuses a wall with no room left for it', () => {
    const { tk, closetSouth } = plan();
    tk.clickPlan({ x: 8600, y: 0 });
    expect(tk.ofType('opening')).toHaveLength(1);
    // A second door on the 960-wide stretch fits nowhere.
    tk.movePlan({ x: 8300, y: 0 });
    expect(tk.get('tool', 'tool').preview?.opening).toMatchObject({ wallId: closetSouth, ok: false });
    tk.clickPlan({ x: 8300, y: 0 });
    expect(tk.ofType('opening')).toHaveLength(1);
    // Nor does a 1200 window anywhere on it.
    tk.exec('tool.set', { opening: { kind: 0 } });
    tk.movePlan({ x: 8600, y: 3000 });
    expect(tk.get('tool', 'tool').preview?.opening?.ok).toBe(false);
  });

  it('shows nothing away from walls, and Esc goes back to the select tool', () => {
    const { tk } = plan();
    tk.movePlan({ x: 3000, y: 2500 });
    expect(tk.get('tool', 'tool').preview).toBeNull();
    tk.clickPlan({ x: 3000, y: 2500 });
    expect(tk.ofType('opening')).toHaveLength(0);
    tk.press('Escape');
    expect(tk.get('tool', 'tool')).toMatchObject({ tool: 'select', preview: null, hoverId: null });
  });
});
