import type { ForwardedInput } from '../../protocol/input';
import type { InitOptions } from '../../protocol/kernel-api';
import type { RecordsDiff } from '../document/diff';
import type { RecordReader } from '../document/store';

// What the kernel needs from a renderer. Deliberately free of three.js types so the kernel, the
// Node test worker and benchmarks can run without loading a renderer at all.

export interface RendererPort {
  /** Brings the view up to date with the records after a commit; the diff says what changed. */
  sync(diff: RecordsDiff, records: RecordReader): void;
  /** Camera navigation for now; tools will get the events first once they exist. */
  input(event: ForwardedInput): void;
  resize(width: number, height: number, dpr: number): void;
  dispose(): void;
}

export interface RendererHooks {
  /** Called after each drawn frame with the total number of frames drawn. */
  onFrame(frames: number): void;
}

/** Throws a KernelCommandError('WEBGL2_UNAVAILABLE') when the canvas cannot give a WebGL2 context. */
export type RendererFactory = (canvas: OffscreenCanvas, options: InitOptions, hooks: RendererHooks) => RendererPort;
