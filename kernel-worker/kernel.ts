import type { CommandArgs, CommandName, CommandResult, HistoryIntent } from '../protocol/commands';
import { KernelCommandError, toKernelError } from '../protocol/errors';
import type { ForwardedInput } from '../protocol/input';
import type { DropPiece, DropResult, PatchListener } from '../protocol/kernel-api';
import { RECORD_SCOPES, type PlanFrame, type RecordType } from '../protocol/records';
import type { KernelSnapshot, RendererStatus } from '../protocol/snapshot';
import { registry as defaultRegistry } from './commands/registry';
import { cameraShortcut, historyShortcut } from './commands/shortcuts';
import type { Timers } from './clock';
import type { CommandContext, CommandDef, CommandRegistry } from './commands/types';
import { settle, UPKEEP_RULES, type UpkeepRule } from './commands/upkeep';
import { CheckError, describeValue, hasOwn } from './document/check';
import { diffAddingAll, diffOfScope, isEmptyDiff, squashDiffs, type RecordsDiff } from './document/diff';
import { applyDiff, createHistory, type HistoryOptions, type HistoryState } from './document/history';
import type { IdGenerator } from './document/ids';
import { ensureSessionRecords, getTool, getView, repairSession, updateTool, updateView } from './document/session-records';
import { createStore, type RecordReader, type Transaction } from './document/store';
import type { FloorLevel, GizmoHandle, RendererHooks, RendererPort } from './render/types';
import { trackSnapshot } from './snapshot';
import { dropAt } from './tools/furnish';
import { emptyPreview } from './tools/types';
import { createToolManager, type ToolManager } from './tools/manager';
import { DEFAULT_VIEWPORT, planFrameOf, type Viewport } from './tools/plan-view';

// The kernel: runs commands through the store and fans each committed diff out to the history,
// the renderer, the commit listeners (backups hook in here) and the UI patch stream.

export type { Timers };

export interface KernelOptions {
  readonly ids?: IdGenerator;
  /** Tests swap single commands (e.g. one that throws half-way); production uses the registry. */
  readonly registry?: CommandRegistry;
  /** The upkeep rules run after every command (commands/upkeep.ts); tests take them away to show what they keep. */
  readonly upkeep?: readonly UpkeepRule[];
  readonly history?: HistoryOptions;
  /**
   * Frames are drawn on demand, and the snapshot's renderer.frames follows them at most once per
   * this many ms (trailing, so the last count always arrives). Default 500.
   */
  readonly frameReportInterval?: number;
  /**
   * The clock of those frame reports (main.ts passes the real timers). Absent, each drawn frame's
   * count is published at once: enough for a headless kernel, which draws none.
   */
  readonly timers?: Timers;
  readonly now?: () => number;
  /**
   * A viewer's kernel (a shared scene): any command that would write a document record is refused
   * with READ_ONLY and changes nothing, undo and redo do nothing, and the tools only navigate.
   * kernel.transact (loading a file) still works: that is how the viewer gets its scene.
   */
  readonly readOnly?: boolean;
}

/**
 * Called after every commit. source is the command name, `history.undo` / `history.redo` /
 * `history.bail`, or the source given to transact() (`load` …). history is 'undoable' only for
 * commits that became (part of) an undo step.
 */
export type CommitListener = (diff: RecordsDiff, history: HistoryIntent, source: string) => void;

/** Sees forwarded input before the renderer; returns true when it used the event. */
export type InputHandler = (event: ForwardedInput) => boolean;

export interface Kernel {
  readonly records: RecordReader;
  /** Runs a command in one transaction; throws only KernelCommandErrors and then changes nothing. */
  exec<N extends CommandName>(name: N, args: CommandArgs<N>): CommandResult<N>;
  /** False when there is nothing to undo; throws GESTURE_IN_PROGRESS while a mark is open. */
  undo(): boolean;
  redo(): boolean;
  /** Opens a gesture (pointer-down): the commits until complete(id) become one undo step. */
  mark(id: string): void;
  complete(id: string): void;
  squashToMark(id: string): void;
  /** Cancels the gesture (Esc): reverts its changes and leaves no undo or redo step. */
  bail(id?: string): void;
  historyState(): HistoryState;
  /**
   * A transaction that is no command: loading a file, restoring a backup, a migration. With the
   * default intent 'none', a change to document records empties the history (a loaded scene has
   * no past to go back to). Throws KernelCommandError(command: source) and then changes nothing.
   */
  transact<R>(source: string, fn: (tx: Transaction) => R, history?: HistoryIntent): R;
  /** Forgets every undo and redo step. */
  resetHistory(): void;
  /** The document was saved: dirty turns false until the next document change. */
  markSaved(): void;
  /** The backup tracker's view of whether anything changed since the acknowledged backup. */
  setChangedSinceBackup(changed: boolean): void;
  snapshot(): KernelSnapshot;
  /** Patches after the current snapshot go to the listener; returns the unsubscribe function. */
  subscribe(listener: PatchListener): () => void;
  onCommit(listener: CommitListener): () => void;
  /** Handlers added later see events first (the active tool over the default one). */
  addInputHandler(handler: InputHandler): () => void;
  input(event: ForwardedInput): void;
  resize(width: number, height: number, dpr: number): void;
  /** The record drawn under a canvas point (CSS px) in the 3D views; null without a renderer. */
  pick(x: number, y: number): ReturnType<NonNullable<RendererPort['pick']>>;
  /** The model gizmo's handle under a canvas point (CSS px); null without a renderer. */
  gizmoHit(x: number, y: number): GizmoHandle | null;
  /** The pointer ray onto a horizontal plane (plan mm); null without a renderer or on a miss. */
  floorPoint(x: number, y: number, level: FloorLevel): { readonly x: number; readonly y: number } | null;
  /** Where a catalogue piece dropped at a canvas point (CSS px) lands, through the view shown now (tools/furnish.ts). */
  dropPlacement(x: number, y: number, piece: DropPiece): DropResult;
  /** dropPlacement that also shows where the piece would land as the tool's preview; null piece clears it. */
  previewDrop(x: number, y: number, piece: DropPiece | null): DropResult | null;
  /** The 2D plan view as the tools map it: the canvas size and the frame (fitted when view.plan is null). */
  planView(): { readonly frame: PlanFrame; readonly viewport: Viewport };
  /** Starts a renderer on the current records; if create throws, the kernel stays headless. */
  attachRenderer(create: (hooks: RendererHooks) => RendererPort): void;
  dispose(): void;
}

/**
 * The command's transaction as a read-only kernel hands it out: a write of a document record
 * throws READ_ONLY, which rolls the whole command back. Session records (camera, plan frame,
 * selection, tool) stay writable: looking around is not editing. Checked per write rather than by
 * a list of allowed commands, so a command added later cannot slip through.
 */
function readOnlyTransaction(tx: Transaction, command: string): Transaction {
  const refuse = (type: RecordType): void => {
    if (RECORD_SCOPES[type] === 'document') {
      throw new KernelCommandError('READ_ONLY', command, `this scene is open read-only: ${command} would change a ${type} record`);
    }
  };
  return {
    ...tx,
    put(record) {
      refuse(record.type);
      tx.put(record);
    },
    remove(id) {
      const record = tx.get(id);
      if (record) refuse(record.type);
      tx.remove(id);
    },
  };
}

export function createKernel(options: KernelOptions = {}): Kernel {
  const registry = options.registry ?? defaultRegistry;
  const upkeep = options.upkeep ?? UPKEEP_RULES;
  const timers = options.timers ?? null;
  const now = options.now ?? (() => Date.now());
  const frameReportInterval = options.frameReportInterval ?? 500;
  const readOnly = options.readOnly === true;

  const store = createStore(options.ids ? { ids: options.ids } : {});
  store.transact(ensureSessionRecords);
  const history = createHistory(options.history);

  const listeners = new Set<PatchListener>();
  const commitListeners = new Set<CommitListener>();
  const inputHandlers: InputHandler[] = [];
  let renderer: RendererPort | null = null;
  let rendererStatus: RendererStatus = { kind: 'none', frames: 0 };
  let dirty = false;
  let changedSinceBackup = false;
  let disposed = false;
  // Installed once the kernel object exists (the tools drive it through its own methods).
  let tools: ToolManager | null = null;

  const flags = () => {
    const { canUndo, canRedo } = history.state();
    return { canUndo, canRedo, dirty, changedSinceBackup };
  };
  const snapshots = trackSnapshot(store, flags(), rendererStatus);
  let seq = 0;
  // Every commit's diff, until publish() folds it into the snapshot. All commits go through
  // commit() below, so a diff cannot slip past the snapshot even when a caller fails later on.
  const unpublished: RecordsDiff[] = [];
  function commit<R>(fn: (tx: Transaction) => R): { result: R; diff: RecordsDiff } {
    const committed = store.transact(fn);
    if (!isEmptyDiff(committed.diff)) unpublished.push(committed.diff);
    return committed;
  }

  function publish(): void {
    const ops = snapshots.advance(unpublished.splice(0), flags(), rendererStatus);
    if (ops.length === 0) return;
    seq += 1;
    const patch = { seq, ops };
    for (const listener of [...listeners]) {
      try {
        listener(patch);
      } catch (e) {
        console.error('[kernel] patch listener failed', e);
      }
    }
  }

  let frameTimer: unknown = null;
  let lastFrameReport = -Infinity;
  let framesDrawn = 0;
  function reportFrames(frames: number): void {
    framesDrawn = frames;
    if (frameTimer !== null || disposed) return;
    const report = () => {
      frameTimer = null;
      lastFrameReport = now();
      rendererStatus = { ...rendererStatus, frames: framesDrawn };
      publish();
    };
    if (!timers) return report();
    frameTimer = timers.setTimeout(report, Math.max(0, lastFrameReport + frameReportInterval - now()));
  }

  // The renderer follows a commit in a microtask rather than inside it: the answer to the UI (and
  // its patch) leaves the worker first, and commits made in one task reach the view as one diff.
  let renderQueue: RecordsDiff[] = [];
  let renderScheduled = false;
  // A loaded file resets the views (core.md §4: back to the bird eye at 100 %).
  let renderLoad = false;
  function flushRender(): void {
    renderScheduled = false;
    const diffs = renderQueue;
    renderQueue = [];
    const load = renderLoad;
    renderLoad = false;
    if (!renderer || diffs.length === 0) return;
    try {
      renderer.sync(diffs.length === 1 ? diffs[0]! : squashDiffs(diffs), store, { load });
    } catch (e) {
      // The records are committed and right; a view that failed to follow must not undo them.
      console.error('[kernel] renderer failed to apply a diff', e);
    }
  }

  /** historyDone: undo/redo/bail commits, which the history has already accounted for. */
  function afterCommit(diff: RecordsDiff, intent: HistoryIntent, source: string, historyDone = false): void {
    if (isEmptyDiff(diff)) return;
    const documentDiff = diffOfScope(diff, 'document');
    if (!isEmptyDiff(documentDiff)) {
      dirty = true;
      changedSinceBackup = true;
      if (!historyDone) {
        // A document change the history did not see would make every older step lie about the
        // records it reverts, so a non-undoable one (a load) starts the history afresh.
        if (intent === 'undoable') history.record(documentDiff);
        else history.clear();
      }
    }
    if (renderer) {
      renderQueue.push(diff);
      if (source === 'load') renderLoad = true;
      if (!renderScheduled) {
        renderScheduled = true;
        queueMicrotask(flushRender);
      }
    }
    // A Set iterates safely while a listener unsubscribes itself.
    for (const listener of commitListeners) listener(diff, intent, source);
    publish();
  }

  interface RunState {
    undoable: boolean;
    /** One per transaction, shared by a batch's entries (a batch of 1,600 makes no 1,600 closures). */
    readonly context: CommandContext;
  }

  function runState(tx: Transaction): RunState {
    const state: RunState = {
      undoable: false,
      context: {
        exec: (inner, innerArgs) => runCommand(tx, inner, innerArgs, state) as never,
        settle: (settleOptions) => settle(tx, upkeep, settleOptions),
      },
    };
    return state;
  }

  function runCommand(tx: Transaction, name: unknown, rawArgs: unknown, state: RunState): unknown {
    if (typeof name !== 'string' || !hasOwn(registry, name)) {
      throw new KernelCommandError('UNKNOWN_COMMAND', String(name), `no command named ${describeValue(name)}`);
    }
    const def = registry[name as CommandName] as unknown as CommandDef<CommandName>;
    let args: CommandArgs<CommandName>;
    try {
      args = def.args(rawArgs, '');
    } catch (e) {
      if (e instanceof CheckError) throw new KernelCommandError('INVALID_ARGS', name, e.message);
      throw toKernelError(e, name);
    }
    // A batch is undoable when any command in it is.
    if (def.history === 'undoable') state.undoable = true;
    try {
      const result = def.run(tx, args, state.context);
      // Every command (a batch's every entry) ends with the upkeep pass over what it touched, in
      // its transaction: derived records (rooms, meta.roomType) are right before the next one
      // runs, and a refusal from it fails this command. Where else it runs, and where it must not
      // (undo, redo, bail, kernel.transact): commands/upkeep.ts.
      settle(tx, upkeep);
      return result;
    } catch (e) {
      throw toKernelError(e, name);
    }
  }

  function exec<N extends CommandName>(name: N, rawArgs: CommandArgs<N>): CommandResult<N> {
    if (disposed) throw new KernelCommandError('NOT_READY', String(name), 'the kernel has been disposed');
    let undoable = false;
    let committed;
    try {
      committed = commit((store) => {
        const tx = readOnly ? readOnlyTransaction(store, String(name)) : store;
        const state = runState(tx);
        const result = runCommand(tx, name, rawArgs, state);
        undoable = state.undoable;
        repairSession(tx);
        return result;
      });
    } catch (e) {
      throw toKernelError(e, String(name));
    }
    afterCommit(committed.diff, undoable ? 'undoable' : 'none', name);
    return committed.result as CommandResult<N>;
  }

  function transact<R>(source: string, fn: (tx: Transaction) => R, intent: HistoryIntent = 'none'): R {
    if (disposed) throw new KernelCommandError('NOT_READY', source, 'the kernel has been disposed');
    let committed;
    try {
      committed = commit((tx) => {
        const result = fn(tx);
        ensureSessionRecords(tx);
        repairSession(tx);
        return result;
      });
    } catch (e) {
      if (e instanceof CheckError) throw new KernelCommandError('INVALID_ARGS', source, e.message);
      throw toKernelError(e, source);
    }
    afterCommit(committed.diff, intent, source);
    return committed.result;
  }

  /** Applies a diff the history handed out, leaving material mode first (core.md §4). */
  function applyFromHistory(diff: RecordsDiff, leaveMaterialMode: boolean): RecordsDiff {
    return commit((tx) => {
      if (leaveMaterialMode && getView(tx).materialMode) updateView(tx, { materialMode: false });
      applyDiff(tx, diff);
      repairSession(tx);
    }).diff;
  }

  function assertNoGesture(method: string): void {
    const { marks } = history.state();
    if (marks.length > 0) {
      throw new KernelCommandError(
        'GESTURE_IN_PROGRESS',
        method,
        `a gesture is in progress (mark ${marks.map((m) => JSON.stringify(m)).join(', ')}); complete or cancel it first`,
      );
    }
  }

  function step(kind: 'undo' | 'redo'): boolean {
    if (disposed) throw new KernelCommandError('NOT_READY', kind, 'the kernel has been disposed');
    // A viewer has no past of its own (loads clear the history) and makes none: nothing to step.
    if (readOnly) return false;
    assertNoGesture(kind);
    let committed: RecordsDiff | undefined;
    const apply = (diff: RecordsDiff): RecordsDiff => {
      committed = applyFromHistory(diff, true);
      return diffOfScope(committed, 'document');
    };
    let done: boolean;
    try {
      done = kind === 'undo' ? history.undo(apply) : history.redo(apply);
    } catch (e) {
      // Only a bug gets here (every document change goes through the history or clears it); a
      // history that cannot be applied would keep failing, so it goes.
      history.clear();
      publish();
      throw new KernelCommandError('INTERNAL', kind, `the history was out of step and has been cleared: ${toKernelError(e, kind).detail}`);
    }
    if (committed) afterCommit(committed, 'none', `history.${kind}`, true);
    else publish();
    return done;
  }

  function gestureCall(method: string, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      throw toKernelError(e, method);
    }
    publish();
  }

  function handleShortcut(event: ForwardedInput): boolean {
    const camera = cameraShortcut(event);
    if (camera !== null) {
      try {
        exec('view.setCamera', { view: camera });
      } catch (e) {
        console.error('[kernel] keyboard view.setCamera failed', e);
      }
      // The renderer sees the key too: Ctrl+5/6/7 pick what the surface view faces.
      renderer?.input(event);
      return true;
    }
    const action = historyShortcut(event);
    if (!action) return false;
    // Mid-drag the keys do nothing rather than fail: the user is still holding the mouse.
    if (history.state().marks.length > 0) return true;
    try {
      step(action);
    } catch (e) {
      console.error('[kernel] keyboard', action, 'failed', e);
    }
    return true;
  }

  const kernel: Kernel = {
    records: store,
    exec,
    undo: () => step('undo'),
    redo: () => step('redo'),
    mark: (id) => gestureCall('mark', () => history.mark(id)),
    complete: (id) => gestureCall('complete', () => history.complete(id)),
    squashToMark: (id) => gestureCall('squashToMark', () => history.squashToMark(id)),
    bail(id) {
      let revert: RecordsDiff;
      try {
        revert = history.bail(id);
      } catch (e) {
        throw toKernelError(e, 'bail');
      }
      const diff = applyFromHistory(revert, false);
      afterCommit(diff, 'none', 'history.bail', true);
      publish();
    },
    historyState: () => history.state(),
    transact,
    resetHistory() {
      history.clear();
      publish();
    },
    markSaved() {
      dirty = false;
      publish();
    },
    setChangedSinceBackup(changed) {
      changedSinceBackup = changed;
      publish();
    },
    snapshot: () => snapshots.snapshot(seq),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    addInputHandler(handler) {
      inputHandlers.push(handler);
      return () => {
        const i = inputHandlers.indexOf(handler);
        if (i >= 0) inputHandlers.splice(i, 1);
      };
    },
    input(event) {
      if (disposed || handleShortcut(event)) return;
      for (let i = inputHandlers.length - 1; i >= 0; i--) if (inputHandlers[i]!(event)) return;
      renderer?.input(event);
    },
    resize(width, height, dpr) {
      tools?.resize(width, height);
      renderer?.resize(width, height, dpr);
    },
    pick(x, y) {
      return renderer?.pick?.(x, y) ?? null;
    },
    gizmoHit(x, y) {
      return renderer?.gizmoHit?.(x, y) ?? null;
    },
    floorPoint(x, y, level) {
      return renderer?.floorPoint?.(x, y, level) ?? null;
    },
    dropPlacement(x, y, piece) {
      return dropAt(kernel, x, y, piece);
    },
    previewDrop(x, y, piece) {
      const drop = piece ? dropAt(kernel, x, y, piece) : null;
      const model = piece && drop?.ok ? { position: drop.position, rotation: drop.rotation, size: piece.size } : null;
      const preview = getTool(store).preview;
      if (JSON.stringify(preview?.model ?? null) !== JSON.stringify(model)) {
        transact('tool.preview', (tx) => updateTool(tx, { preview: { ...(preview ?? emptyPreview()), model } }));
      }
      return drop;
    },
    planView() {
      const viewport = tools?.viewport() ?? DEFAULT_VIEWPORT;
      return { frame: planFrameOf(store, viewport), viewport };
    },
    attachRenderer(create) {
      if (renderer) throw new KernelCommandError('INIT_FAILED', 'init', 'a renderer is already attached');
      const next = create({ onFrame: reportFrames });
      next.sync(diffAddingAll(store.all()), store);
      renderer = next;
      rendererStatus = { kind: 'webgl2', frames: framesDrawn };
      publish();
    },
    dispose() {
      disposed = true;
      if (frameTimer !== null) timers?.clearTimeout(frameTimer);
      frameTimer = null;
      renderer?.dispose();
      renderer = null;
      tools?.dispose();
      tools = null;
      listeners.clear();
      commitListeners.clear();
      inputHandlers.length = 0;
    },
  };
  // The designer's tools see input before the renderer's camera controls; handlers added later
  // (tests, a future gizmo) come before them.
  tools = createToolManager(kernel, { readOnly });
  kernel.addInputHandler(tools.handle);
  return kernel;
}
