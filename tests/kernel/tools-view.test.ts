import { describe, expect, it } from 'vitest';
import type { ForwardedInput } from '../../protocol/input';
import type { RendererPort } from '../../kernel-worker/render/types';
import {
  DEFAULT_VIEWPORT,
  fitPlanFrame,
  panPlan,
  planContentBounds,
  planToScreen,
  planVisibleBounds,
  screenToPlan,
  wheelZoomFactor,
  zoomPlanAt,
} from '../../kernel-worker/tools/plan-view';
import { TestKernel, expectRefused } from './test-kernel';

// The 2D plan view's frame: the pure mapping, fitting, and zoom and pan from the wheel and drags
// (session state: never undoable).

const viewport = { width: 1000, height: 600 };

describe('plan view mapping', () => {
  it('maps plan mm to canvas px and back, north up', () => {
    const frame = { centre: { x: 1000, y: 2000 }, pxPerMm: 0.05 };
    expect(planToScreen(frame, viewport, { x: 1000, y: 2000 })).toEqual({ x: 500, y: 300 });
    expect(planToScreen(frame, viewport, { x: 3000, y: 4000 })).toEqual({ x: 600, y: 200 });
    expect(screenToPlan(frame, viewport, { x: 600, y: 200 })).toEqual({ x: 3000, y: 4000 });
    expect(planVisibleBounds(frame, viewport)).toEqual({ minX: -9000, minY: -4000, maxX: 11000, maxY: 8000 });
  });

  it('fits an empty storey to 12 m x 9 m around the origin, and content with a margin', () => {
    const empty = fitPlanFrame(null, DEFAULT_VIEWPORT);
    expect(empty.centre).toEqual({ x: 0, y: 0 });
    const shown = planVisibleBounds(empty, DEFAULT_VIEWPORT);
    expect(shown.maxX - shown.minX).toBeGreaterThanOrEqual(12_000 - 1e-6);
    expect(shown.maxY - shown.minY).toBeCloseTo(9_000, 6);

    const bounds = planContentBounds({ walls: [{ start: { x: 0, y: 0 }, end: { x: 10_000, y: 0 }, thickness: 200 }] });
    expect(bounds).toEqual({ minX: -100, minY: -100, maxX: 10_100, maxY: 100 });
    const frame = fitPlanFrame(bounds, viewport);
    expect(frame.centre).toEqual({ x: 5000, y: 0 });
    const visible = planVisibleBounds(frame, viewport);
    // 10% of the width free on each side.
    expect(visible.maxX - visible.minX).toBeCloseTo(10_200 * 1.2, 6);
  });

  it('zooms about a point, keeping it under the cursor, and pans with the pointer', () => {
    const frame = { centre: { x: 0, y: 0 }, pxPerMm: 0.1 };
    const at = { x: 120, y: 470 };
    const anchor = screenToPlan(frame, viewport, at);
    const zoomed = zoomPlanAt(frame, viewport, at, 2);
    expect(zoomed.pxPerMm).toBe(0.2);
    const back = planToScreen(zoomed, viewport, anchor);
    expect(back.x).toBeCloseTo(at.x, 9);
    expect(back.y).toBeCloseTo(at.y, 9);
    const panned = panPlan(frame, 30, -20);
    expect(planToScreen(panned, viewport, { x: 0, y: 0 })).toEqual({ x: 530, y: 280 });
    expect(wheelZoomFactor(-100, 0)).toBeCloseTo(1.2, 1);
    expect(wheelZoomFactor(100, 0) * wheelZoomFactor(-100, 0)).toBeCloseTo(1, 12);
    expect(wheelZoomFactor(-3, 1)).toBeCloseTo(wheelZoomFactor(-120, 0), 12);
  });
});

function planKernel(): TestKernel {
  const tk = new TestKernel();
  tk.exec('storey.add', {});
  tk.exec('wall.add', { start: { x: 0, y: 0 }, end: { x: 8000, y: 0 } });
  tk.exec('view.setCamera', { view: 2 });
  return tk;
}

describe('plan view zoom and pan from input', () => {
  it('the wheel zooms about the pointer: the plan point under the cursor stays there', () => {
    const tk = planKernel();
    const at = { x: 300, y: 200 };
    const under = tk.toPlan(at);
    const steps = tk.history.undoSteps;
    const document = tk.documentJson();
    const before = tk.kernel.planView().frame.pxPerMm;
    tk.wheel(at.x, at.y, -100);
    const { frame } = tk.kernel.planView();
    expect(frame.pxPerMm).toBeGreaterThan(before * 1.1);
    expect(tk.get('view', 'view').plan).toEqual(frame);
    const back = tk.toScreen(under);
    expect(back.x).toBeCloseTo(at.x, 6);
    expect(back.y).toBeCloseTo(at.y, 6);
    tk.wheel(at.x, at.y, 250);
    const back2 = tk.toScreen(under);
    expect(back2.x).toBeCloseTo(at.x, 6);
    expect(back2.y).toBeCloseTo(at.y, 6);
    // Session state: no undo step, the document untouched.
    expect(tk.history.undoSteps).toBe(steps);
    expect(tk.documentJson()).toBe(document);
    tk.expectMirrorInSync();
  });

  it('the middle button pans with any tool, and so does a left drag with the space bar held', () => {
    const tk = planKernel();
    tk.exec('tool.set', { tool: 'wall' });
    const anchor = { x: 1000, y: 1000 };
    const start = tk.toScreen(anchor);
    tk.pointerDown(start.x, start.y, { button: 1 }).pointerMove(start.x + 50, start.y + 20).pointerUp(start.x + 50, start.y + 20, { button: 1 });
    const now = tk.toScreen(anchor);
    expect(now.x).toBeCloseTo(start.x + 50, 6);
    expect(now.y).toBeCloseTo(start.y + 20, 6);

    tk.keyDown(' ', { code: 'Space' });
    tk.drag(now, { x: now.x - 80, y: now.y });
    tk.keyUp(' ', { code: 'Space' });
    const after = tk.toScreen(anchor);
    expect(after.x).toBeCloseTo(now.x - 80, 6);
    // Panning drew nothing.
    expect(tk.ofType('wall')).toHaveLength(1);
    tk.expectMirrorInSync();
  });

  it('in the 3D views the wheel and drags go to the camera controls', () => {
    const tk = planKernel();
    tk.exec('view.setCamera', { view: 0 });
    const seen: ForwardedInput[] = [];
    tk.kernel.attachRenderer(
      (): RendererPort => ({ sync: () => undefined, input: (e) => seen.push(e), resize: () => undefined, dispose: () => undefined }),
    );
    tk.wheel(300, 300, -100);
    expect(seen.map((e) => e.type)).toEqual(['wheel']);
    expect(tk.get('view', 'view').plan).toBeNull();
  });

  it('the canvas size reaches the tools without a renderer', () => {
    const tk = planKernel();
    tk.kernel.resize(400, 300, 2);
    expect(tk.kernel.planView().viewport).toEqual({ width: 400, height: 300 });
    // Fitted to the new size: the 8 m wall (plus margins) spans the width.
    const left = tk.toScreen({ x: -120, y: 0 });
    const right = tk.toScreen({ x: 8120, y: 0 });
    expect(right.x - left.x).toBeCloseTo(400 / 1.2, 6);
  });
});

describe('view.setPlan and tool.set', () => {
  it('view.setPlan sets or clears the frame and checks it', () => {
    const tk = new TestKernel();
    tk.exec('view.setPlan', { plan: { centre: { x: 5, y: 6 }, pxPerMm: 0.5 } });
    expect(tk.get('view', 'view').plan).toEqual({ centre: { x: 5, y: 6 }, pxPerMm: 0.5 });
    expect(tk.kernel.planView().frame).toEqual({ centre: { x: 5, y: 6 }, pxPerMm: 0.5 });
    tk.exec('view.setPlan', { plan: null });
    expect(tk.get('view', 'view').plan).toBeNull();
    expect(expectRefused(tk, 'view.setPlan', { plan: { centre: { x: 0, y: 0 }, pxPerMm: 0 } }).code).toBe('INVALID_ARGS');
    expect(tk.history.undoSteps).toBe(0);
  });

  it('tool.set checks its arguments and is never undoable', () => {
    const tk = new TestKernel();
    expect(tk.get('tool', 'tool')).toMatchObject({ tool: 'select', preview: null, hoverId: null, draw: { drawMode: 'centre', thickness: 240, height: 2800 } });
    expect(expectRefused(tk, 'tool.set', { tool: 'lasso' as never }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'tool.set', { draw: { thickness: -1 } }).code).toBe('INVALID_ARGS');
    expect(expectRefused(tk, 'tool.set', { draw: { colour: 'red' } as never }).code).toBe('INVALID_ARGS');
    tk.exec('tool.set', { draw: { drawMode: 'inner', orthogonal: false } });
    expect(tk.get('tool', 'tool').draw).toMatchObject({ drawMode: 'inner', orthogonal: false, angle: true, thickness: 240 });
    expect(tk.history.undoSteps).toBe(0);
    tk.expectMirrorInSync();
  });

  it('picking another tool mid-chain drops the chain and its preview', () => {
    const tk = planKernel();
    tk.exec('tool.set', { tool: 'wall' });
    tk.clickPlan({ x: 0, y: 3000 }).clickPlan({ x: 3000, y: 3000 }).movePlan({ x: 3000, y: 5000 });
    expect(tk.get('tool', 'tool').preview?.segment).not.toBeNull();
    tk.exec('tool.set', { tool: 'select' });
    expect(tk.get('tool', 'tool').preview).toBeNull();
    tk.exec('tool.set', { tool: 'wall' });
    // A fresh chain: this click starts one rather than drawing from (3000, 3000).
    tk.clickPlan({ x: 6000, y: 5000 });
    expect(tk.ofType('wall')).toHaveLength(2);
  });

  it('an undo that takes away the hovered wall clears the hover and the opening preview', () => {
    const tk = planKernel();
    const [wall] = tk.ofType('wall');
    tk.exec('tool.set', { tool: 'opening' });
    tk.movePlan({ x: 4000, y: 0 });
    expect(tk.get('tool', 'tool')).toMatchObject({ hoverId: wall!.id, preview: { opening: { wallId: wall!.id, ok: true } } });
    tk.undo();
    expect(tk.get('tool', 'tool')).toMatchObject({ hoverId: null, preview: { opening: null } });
    tk.expectMirrorInSync();
  });

  it('the tool record is a session record: not in the document, kept across undo', () => {
    const tk = new TestKernel();
    tk.exec('storey.add', {});
    tk.exec('tool.set', { tool: 'opening' });
    expect(tk.document().some((r) => r.type === 'tool')).toBe(false);
    tk.undo();
    expect(tk.get('tool', 'tool').tool).toBe('opening');
  });
});
