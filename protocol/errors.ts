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
  /** a document change asked of a read-only kernel (a shared scene's viewer) */
  | 'READ_ONLY'
  | 'INTERNAL';

export interface KernelCommandErrorData {
  readonly code: KernelErrorCode;
  /** the command (or API method) that failed */
  readonly command: string;
  /** developer-facing detail: which argument, what was wrong; shown in the console, not to users */
  readonly detail: string;
  /** set when the kernel refused on purpose (COMMAND_FAILED): what the UI tells the designer */
  readonly reason?: RefusalReason;
}

export class KernelCommandError extends Error implements KernelCommandErrorData {
  readonly code: KernelErrorCode;
  readonly command: string;
  readonly detail: string;
  readonly reason: RefusalReason | undefined;

  constructor(code: KernelErrorCode, command: string, detail: string, reason?: RefusalReason) {
    super(`${command}: ${code}: ${detail}`);
    this.name = 'KernelCommandError';
    this.code = code;
    this.command = command;
    this.detail = detail;
    this.reason = reason;
  }

  toJSON(): KernelCommandErrorData {
    const data = { code: this.code, command: this.command, detail: this.detail };
    return this.reason === undefined ? data : { ...data, reason: this.reason };
  }

  static fromJSON(data: KernelCommandErrorData): KernelCommandError {
    return new KernelCommandError(data.code, data.command, data.detail, data.reason);
  }
}

export function isKernelCommandError(e: unknown): e is KernelCommandError {
  return e instanceof KernelCommandError;
}

/** Wraps anything thrown inside the kernel so that only KernelCommandErrors leave it. */
export function toKernelError(e: unknown, command: string): KernelCommandError {
  if (e instanceof KernelCommandError) return e;
  if (e instanceof KernelRefusal) return new KernelCommandError('COMMAND_FAILED', command, e.message, e.reason);
  const detail = e instanceof Error ? e.message : String(e);
  return new KernelCommandError('COMMAND_FAILED', command, detail);
}

/**
 * Why the kernel refused a door or window. The refusal reaches the UI as KernelCommandError.reason
 * (a batch keeps its failing entry's), so the UI can say it in the user's language; the detail
 * starts with the same token and stays English for the console.
 */
export const OPENING_REFUSALS = [
  'OPENING_OVERLAP',
  'OPENING_PAST_END',
  'OPENING_ACROSS_JOINT',
  'OPENING_TOO_WIDE',
  'OPENING_TOO_TALL',
  'OPENING_INVALID_SIZE',
  /** a pasted door or window finds no free place on its wall */
  'OPENING_NO_ROOM',
] as const;
export type OpeningRefusal = (typeof OPENING_REFUSALS)[number];

/**
 * Why the kernel refused a cabinet (a cabinet's add or update, a run): a size under its kind's
 * minimum or over a board's length, a handle that does not fit (catalogues.md §8 拉手错误), doors
 * its kind cannot take, more shelves or drawers than its height holds, a run too short for a unit;
 * a sink or hob on a unit that has no worktop or is too narrow for its cut-out, an appliance its
 * unit cannot take.
 */
export const CABINET_REFUSALS = [
  'CABINET_TOO_SMALL',
  'CABINET_TOO_LARGE',
  'CABINET_HANDLE',
  'CABINET_DOORS',
  'CABINET_INTERIOR',
  'CABINET_RUN_TOO_SHORT',
  'CABINET_FITTING_KIND',
  'CABINET_FITTING_SIZE',
  'CABINET_APPLIANCE',
] as const;
export type CabinetRefusal = (typeof CABINET_REFUSALS)[number];

/**
 * Why the kernel refused a floor opening (stairwell, void): an outline that crosses itself or has
 * repeated or collinear-only corners, one smaller than FLOOR_OPENING_MIN_SIZE across (either side
 * of its box) or in area (its square), one overlapping another opening of its storey.
 */
export const FLOOR_OPENING_REFUSALS = ['FLOOR_OPENING_OUTLINE', 'FLOOR_OPENING_TOO_SMALL', 'FLOOR_OPENING_OVERLAP'] as const;
export type FloorOpeningRefusal = (typeof FLOOR_OPENING_REFUSALS)[number];
/** mm: the narrowest a floor opening may be. */
export const FLOOR_OPENING_MIN_SIZE = 100;

/** Every refusal the kernel makes on purpose: the codes KernelCommandError.reason can carry. */
export type RefusalReason = OpeningRefusal | CabinetRefusal | FloorOpeningRefusal;

/**
 * Thrown inside the kernel where it refuses on purpose: toKernelError turns it into a
 * COMMAND_FAILED KernelCommandError that carries the reason, its detail starting with the token.
 */
export class KernelRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'KernelRefusal';
  }
}
