import type { RendererPort } from '../../kernel-worker/render/types';
import { createSceneGraph, type SceneGraph } from '../../kernel-worker/render/scene-graph';
import { createViewController, type ViewController } from '../../kernel-worker/render/view-controller';
import type { FrameScheduler } from '../../kernel-worker/render/frame-loop';
import type { TestKernel } from './test-kernel';

// A renderer without WebGL for the kernel tests: the real scene graph and view controller (cameras,
// animation, walking, picking, highlight, lights) behind the RendererPort the kernel talks to,
// with a clock and frame and hover schedulers the test drives by hand.

export interface NodeRenderer {
  readonly graph: SceneGraph;
  readonly views: ViewController;
  /** Frames asked for since the last drawFrames(). */
  readonly pendingFrame: boolean;
  /** The test clock (ms). */
  now: number;
  /** Runs the queued hover picks. */
  runHover(): void;
  /** Draws frames (advancing the clock by stepMs before each) until nothing asks for another, or max frames. */
  drawFrames(stepMs?: number, max?: number): number;
  /** How often sync() was told the diff came from a load. */
  readonly loads: number;
}

export const VIEWPORT = { width: 1200, height: 800 } as const;

export async function attachNodeRenderer(k: TestKernel): Promise<NodeRenderer> {
  const graph = createSceneGraph();
  const hoverQueue: (() => void)[] = [];
  const hoverScheduler: FrameScheduler = {
    request: (cb) => hoverQueue.push(cb),
    cancel: () => {},
  };
  let frameAsked = false;
  const state = { now: 1000, loads: 0 };
  const views = createViewController({ graph, invalidate: () => (frameAsked = true), now: () => state.now, hoverScheduler });
  const port: RendererPort = {
    sync(diff, records, info) {
      if (info?.load) state.loads += 1;
      const result = graph.sync(diff, records);
      if (views.sync(diff, records, result, info)) frameAsked = true;
    },
    input(event) {
      if (views.input(event)) frameAsked = true;
    },
    resize(width, height) {
      views.resize(width, height);
    },
    pick: (x, y) => views.pick(x, y),
    gizmoHit: (x, y) => views.gizmoHit(x, y),
    floorPoint: (x, y, level) => views.floorPoint(x, y, level),
    setOptions(options) {
      if (views.setOptions(options)) frameAsked = true;
    },
    dispose() {
      views.dispose();
      graph.dispose();
    },
  };
  k.kernel.attachRenderer(() => port);
  k.kernel.resize(VIEWPORT.width, VIEWPORT.height, 1);
  await settle();
  return {
    graph,
    views,
    get pendingFrame() {
      return frameAsked;
    },
    get now() {
      return state.now;
    },
    set now(v: number) {
      state.now = v;
    },
    get loads() {
      return state.loads;
    },
    runHover() {
      for (const cb of hoverQueue.splice(0)) cb();
    },
    drawFrames(stepMs = 16, max = 1000) {
      let frames = 0;
      while (frameAsked && frames < max) {
        frameAsked = false;
        state.now += stepMs;
        if (views.beforeDraw(state.now)) frameAsked = true;
        frames += 1;
      }
      return frames;
    },
  };
}

/** Lets the kernel's render microtask run (the renderer follows commits in a microtask). */
export async function settle(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}
