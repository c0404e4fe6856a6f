import type { CommandArgs, CommandName, CommandResult } from '../../protocol/commands';
import { KernelCommandError, toKernelError } from '../../protocol/errors';

// The UI's one way to run kernel commands (and undo/redo). Every failure is a KernelCommandError:
// logged, handed to the onKernelError listeners (the shell shows 内核命令出错！) and rethrown to
// the caller.

export type CommandRunner = <N extends CommandName>(name: N, args: CommandArgs<N>) => Promise<CommandResult<N>>;
export type KernelErrorListener = (error: KernelCommandError) => void;

/** What the running kernel offers the UI: commands and the history steps. */
export interface KernelCalls {
  readonly exec: CommandRunner;
  /** false when there was nothing to undo */
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
}

const listeners = new Set<KernelErrorListener>();
/** The kernel being started or running; rejected when it failed to start. */
let current: Promise<KernelCalls> | null = null;

export function onKernelError(listener: KernelErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportKernelError(error: KernelCommandError): void {
  console.error('[kernel]', error.command, error.code, error.detail);
  for (const listener of [...listeners]) {
    try {
      listener(error);
    } catch (e) {
      console.error('[kernel] error listener failed', e);
    }
  }
}

/** Set by the bridge when a kernel starts (null once it is disposed). */
export function setKernelCalls(calls: Promise<KernelCalls> | null): void {
  current = calls;
  // Start failures are reported by the bridge itself; this only keeps them from going unhandled.
  calls?.catch(() => {});
}

/** Runs one call; a failure is reported (console, listeners) and rethrown as a KernelCommandError. */
async function reportedCall<T>(command: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const error = toKernelError(e, command);
    reportKernelError(error);
    throw error;
  }
}

/** Wraps a runner so that its failures are reported (console, listeners) before they are rethrown. */
export function reported(run: CommandRunner): CommandRunner {
  return (name, args) => reportedCall(name, () => run(name, args));
}

async function currentCalls(command: string): Promise<KernelCalls> {
  if (!current) throw new KernelCommandError('NOT_READY', command, 'the kernel has not been started');
  try {
    return await current;
  } catch (e) {
    const cause = toKernelError(e, 'startKernel');
    throw new KernelCommandError('NOT_READY', command, `the kernel failed to start: ${cause.code}: ${cause.detail}`);
  }
}

/** Runs a command on the current kernel (waiting for it while it starts). */
export function execCommand<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
  return reportedCall(name, async () => (await currentCalls(name)).exec(name, args));
}

/**
 * One step back in the current kernel's history (leaving material mode first). Resolves false when
 * there was nothing to undo; rejects (reported like execCommand's failures) mid-drag with
 * GESTURE_IN_PROGRESS.
 */
export function undo(): Promise<boolean> {
  return reportedCall('undo', async () => (await currentCalls('undo')).undo());
}

/** The reverse of undo(). */
export function redo(): Promise<boolean> {
  return reportedCall('redo', async () => (await currentCalls('redo')).redo());
}
