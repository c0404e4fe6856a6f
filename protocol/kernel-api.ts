import type { CommandArgs, CommandName, CommandResult } from './commands';
import type { KernelErrorCode } from './errors';
import type { ForwardedInput } from './input';
import type { SnapshotPatch } from './patch';
import type { BackupDeltaResult, LoadResult, SavedFileData, SavedScene } from './scene-file';
import type { KernelSnapshot } from './snapshot';

export interface InitOptions {
  /** CSS pixel size of the canvas and the device pixel ratio */
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

export interface InitResult {
  readonly snapshot: KernelSnapshot;
  /** null when the renderer started; otherwise why it could not (the document still works) */
  readonly rendererError: { readonly code: KernelErrorCode; readonly detail: string } | null;
}

export type PatchListener = (patch: SnapshotPatch) => void;

/** First message a kernel worker posts once its module has evaluated and its API is exposed. */
export const KERNEL_READY_MESSAGE = 'yf-kernel-ready';
/** Posted instead when the worker module fails while starting. */
export const KERNEL_BOOT_ERROR_MESSAGE = 'yf-kernel-boot-error';

export interface KernelBootMessage {
  readonly type: typeof KERNEL_READY_MESSAGE | typeof KERNEL_BOOT_ERROR_MESSAGE;
  readonly detail?: string;
}

/**
 * The kernel's Comlink API. kernel-worker/main.ts declares `const kernelApi = {...} satisfies KernelApi`,
 * so the implementation and this contract cannot drift apart.
 */
export interface KernelApi {
  /** canvas is null for headless kernels (Node tests, benchmarks without GL) */
  init(canvas: OffscreenCanvas | null, options: InitOptions): Promise<InitResult>;
  exec<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  /**
   * Steps back one history step (leaving material mode first, core.md §4). Resolves false when
   * there was nothing to undo; rejects with GESTURE_IN_PROGRESS while a drag is open.
   */
  undo(): Promise<boolean>;
  /** The reverse of undo(); any new undoable change empties the redo stack. */
  redo(): Promise<boolean>;
  /**
   * Registers the listener for patches and returns the snapshot they apply to (patches with seq
   * greater than snapshot.seq). One worker serves one UI mirror: subscribing again replaces (and
   * releases) the previous listener, which is how the mirror resynchronises after a seq gap. The
   * UI itself subscribes over the UI channel (protocol/channel.ts), which a Comlink listener
   * replaces just the same.
   */
  subscribe(listener: PatchListener): Promise<KernelSnapshot>;
  input(event: ForwardedInput): void;
  resize(width: number, height: number, dpr: number): void;
  /** Echo used by the round-trip benchmark and the bridge's liveness check. */
  ping(payload: string): string;
  /**
   * Replaces the open scene by a scene file: its JSON text, or its bytes, plain or gzipped (sniffed
   * by the gzip magic; send bytes with Comlink.transfer). Never undoable; the scene counts as saved
   * afterwards. A file this kernel is too old for is refused with UNSUPPORTED_VERSION, a damaged or
   * invalid one with BAD_FILE, and then the open scene is exactly as it was.
   */
  load(file: string | Uint8Array): Promise<LoadResult>;
  /** The scene file (canonical JSON and its gzip; the bytes are transferred). The scene counts as saved. */
  save(): Promise<SavedScene>;
  /**
   * What changed since the acknowledged backup: 'none', a 'delta' against that base, or 'full'
   * when nothing was acknowledged since the scene was created or loaded.
   */
  backupDelta(): Promise<BackupDeltaResult>;
  /**
   * The payload handed out last (by backupDelta() or save(), or the scene just loaded) is stored
   * under this name: later deltas are relative to it. Edits made since that payload stay pending.
   */
  acknowledge(base: string): Promise<void>;
  /** core.md §3 saved-file data for a manual save; sceneCode is the scene's uuid. */
  savedFileData(sceneCode?: string): Promise<SavedFileData>;
}
