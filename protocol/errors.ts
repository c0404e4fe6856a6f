// Errors that cross the worker boundary. Everything the kernel throws out of a command reaches the
// UI as a KernelCommandError, so the UI has one thing to show: 内核命令出错！ / "Kernel command error!".

export type KernelErrorCode =
  | 'UNKNOWN_COMMAND'
  | 'INVALID_ARGS'
  | 'COMMAND_FAILED'
  | 'NOT_READY'
  | 'INIT_FAILED'
  | 'WEBGL2_UNAVAILABLE'
  | 'BAD_FILE'
  | 'UNSUPPORTED_VERSION'
  /** undo/redo asked for while a gesture (a drag) is open: finish or cancel it first */
  | 'GESTURE_IN_PROGRESS'
  | 'INTERNAL';

export interface KernelCommandErrorData {
  readonly code: KernelErrorCode;
  /** the command (or API method) that failed */
  readonly command: string;
  /** developer-facing detail: which argument, what was wrong; shown in the console, not to users */
  readonly detail: string;
}

export class KernelCommandError extends Error implements KernelCommandErrorData {
  readonly code: KernelErrorCode;
  readonly command: string;
  readonly detail: string;

  constructor(code: KernelErrorCode, command: string, detail: string) {
    super(`${command}: ${code}: ${detail}`);
    this.name = 'KernelCommandError';
    this.code = code;
    this.command = command;
    this.detail = detail;
  }

  toJSON(): KernelCommandErrorData {
    return { code: this.code, command: this.command, detail: this.detail };
  }

  static fromJSON(data: KernelCommandErrorData): KernelCommandError {
    return new KernelCommandError(data.code, data.command, data.detail);
  }
}

export function isKernelCommandError(e: unknown): e is KernelCommandError {
  return e instanceof KernelCommandError;
}

/** Wraps anything thrown inside the kernel so that only KernelCommandErrors leave it. */
export function toKernelError(e: unknown, command: string): KernelCommandError {
  if (e instanceof KernelCommandError) return e;
  const detail = e instanceof Error ? e.message : String(e);
  return new KernelCommandError('COMMAND_FAILED', command, detail);
}

/**
 * Why the kernel refused a door or window: a KernelCommandError's detail starts with one of these
 * tokens and a colon (a batch puts its entry's name in front), so the UI can say it in the user's
 * language while the detail stays English for the console.
 */
export const OPENING_REFUSALS = [
  'OPENING_OVERLAP',
  'OPENING_PAST_END',
  'OPENING_ACROSS_JOINT',
  'OPENING_TOO_WIDE',
  'OPENING_TOO_TALL',
  'OPENING_INVALID_SIZE',
] as const;
export type OpeningRefusal = (typeof OPENING_REFUSALS)[number];
