import type { Kernel } from '../../kernel-worker/kernel';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';

// The 3D renderer's share of an edit without WebGL: the kernel's renderer port backed by the scene
// graph alone (kernel-worker/render/scene-graph.ts), with the time each sync takes. The kernel calls
// sync in a microtask queued by the commit, so a caller awaits one microtask after the command
// before reading the time.

export interface TimedSceneGraph {
  /** ms spent in sync since the last reset */
  readonly syncMs: number;
  reset(): void;
}

export function attachTimedSceneGraph(kernel: Kernel): TimedSceneGraph {
  const graph = createSceneGraph();
  let syncMs = 0;
  kernel.attachRenderer(() => ({
    sync(diff, records) {
      const t = performance.now();
      graph.sync(diff, records);
      syncMs += performance.now() - t;
    },
    input: () => undefined,
    resize: () => undefined,
    dispose: () => graph.dispose(),
  }));
  return {
    get syncMs() {
      return syncMs;
    },
    reset() {
      syncMs = 0;
    },
  };
}
