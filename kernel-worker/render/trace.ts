import { PerspectiveCamera, Vector3, type Object3D } from 'three';
import { KernelCommandError } from '../../protocol/errors';
import type { TraceImage, TraceOptions, TraceProgress } from '../../protocol/kernel-api';
import type { RenderCamera } from '../../protocol/render';
import type { Timers } from '../clock';
import type { CameraPose } from './cameras';
import { loadsSettled } from './pending-loads';
import type { PathTrace } from './path-trace';

// A path-traced still in the worker: waits for the models and tile pictures in flight, loads the
// path tracer (a dynamic import: never in the worker's start-up path), bakes the chosen storey
// into it, then traces one tile per task so that the kernel's other calls (traceProgress,
// traceStop, the designer's edits) are answered between tiles. One trace at a time.

/** The longest a trace waits for models and tile pictures still loading before it traces without them. */
const ASSET_WAIT_MS = 30_000;
/** How long one task may keep tracing tiles before it lets other calls in. */
const SLICE_MS = 40;

export interface TraceHost {
  readonly timers: Timers;
  /** the graph's scene and the view's lights (path-trace.ts' TraceScene) */
  readonly scene: Object3D;
  readonly lights: Object3D;
  /**
   * Shows only the storey (null: the current one) as the view would draw it, without highlight,
   * and returns its world box; the returned undo puts everything back.
   */
  show(storeyId: string | null): { undo: () => void; pose: (aspect: number) => CameraPose };
  now(): number;
}

export interface Tracer {
  start(options: TraceOptions): void;
  progress(): TraceProgress;
  image(quality: number): Promise<TraceImage>;
  stop(): void;
  dispose(): void;
}

/** A PerspectiveCamera for a RenderCamera (y up; straight down or up looks with north up). */
export function cameraOf(c: RenderCamera, aspect: number): PerspectiveCamera {
  const camera = new PerspectiveCamera(c.fovDeg, aspect, 0.05, 2000);
  camera.position.set(...c.position);
  const target = new Vector3(...c.target);
  const dir = target.clone().sub(camera.position).normalize();
  if (Math.abs(dir.y) > 0.999) camera.up.set(0, 0, -1);
  camera.lookAt(target);
  camera.updateMatrixWorld();
  return camera;
}

export function poseCamera(pose: CameraPose, aspect: number): PerspectiveCamera {
  const camera = new PerspectiveCamera(pose.fov, aspect, 0.05, 2000);
  camera.position.copy(pose.position);
  camera.up.copy(pose.up);
  camera.lookAt(pose.target);
  camera.updateMatrixWorld();
  return camera;
}

export function createTracer(host: TraceHost): Tracer {
  let run = 0;
  let trace: PathTrace | null = null;
  let state: TraceProgress['state'] = 'idle';
  let options: TraceOptions | null = null;
  let error: string | undefined;
  let timer: unknown = null;

  const drop = () => {
    if (timer !== null) host.timers.clearTimeout(timer);
    timer = null;
    trace?.dispose();
    trace = null;
  };

  let startedAt = 0;

  async function begin(id: number, o: TraceOptions): Promise<void> {
    startedAt = host.now();
    // Models and tiles asked for by the last frames: trace them, not their stand-ins.
    await Promise.race([loadsSettled(), new Promise<void>((resolve) => host.timers.setTimeout(resolve, ASSET_WAIT_MS))]);
    const { createPathTrace } = await import('./path-trace');
    if (id !== run) return;
    const shown = host.show(o.storeyId);
    try {
      const aspect = o.width / o.height;
      const camera = o.camera ? cameraOf(o.camera, aspect) : poseCamera(shown.pose(aspect), aspect);
      trace = createPathTrace({ scene: host.scene, lights: host.lights, camera, equirect: o.camera?.projection === 'equirect' }, o.width, o.height);
    } finally {
      shown.undo();
    }
    state = 'tracing';
    console.info(`[render] trace ${o.width} x ${o.height}: ready to trace after ${Math.round(host.now() - startedAt)} ms`);
    tick(id);
  }

  function tick(id: number): void {
    timer = null;
    if (id !== run || !trace || state !== 'tracing' || !options) return;
    const until = host.now() + SLICE_MS;
    try {
      // One tile at a time in flight: the next is asked for once the GL has done the last.
      while (!trace.busy && trace.samples < options.samples && !trace.compiling && host.now() < until) trace.step();
    } catch (e) {
      fail(e);
      return;
    }
    if (trace.samples >= options.samples && !trace.busy) {
      state = 'done';
      console.info(`[render] trace ${options.width} x ${options.height}: ${trace.samples} samples after ${Math.round(host.now() - startedAt)} ms`);
      return;
    }
    timer = host.timers.setTimeout(() => tick(id), trace.compiling || trace.busy ? 20 : 0);
  }

  function fail(e: unknown): void {
    state = 'failed';
    error = e instanceof Error ? e.message : String(e);
    console.error('[render] path trace failed', e);
    drop();
  }

  return {
    start(next) {
      drop();
      run++;
      options = next;
      state = 'preparing';
      error = undefined;
      const id = run;
      begin(id, next).catch((e: unknown) => {
        if (id === run) fail(e);
      });
    },
    progress() {
      return {
        state,
        samples: trace?.samples ?? 0,
        target: options?.samples ?? 0,
        width: options?.width ?? 0,
        height: options?.height ?? 0,
        ...(error !== undefined ? { error } : {}),
      };
    },
    async image(quality) {
      if (!trace || trace.samples < 1) throw new KernelCommandError('NOT_READY', 'traceImage', 'no sample has been traced yet');
      const samples = trace.samples;
      const { jpeg, thumbJpeg } = await trace.snapshot(quality);
      return { jpeg, thumbJpeg, width: trace.width, height: trace.height, samples };
    },
    stop() {
      run++;
      if (timer !== null) host.timers.clearTimeout(timer);
      timer = null;
      if (state === 'preparing' || state === 'tracing') state = 'stopped';
    },
    dispose() {
      run++;
      drop();
    },
  };
}
