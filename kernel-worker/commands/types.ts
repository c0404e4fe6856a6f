import type { BatchableName, CommandArgs, CommandName, CommandResult, HistoryIntent } from '../../protocol/commands';
import type { Check } from '../document/check';
import type { Transaction } from '../document/store';
import type { SettleOptions, UpkeepReport } from './upkeep';

/** What a running command may do besides writing: run other commands inside its transaction. */
export interface CommandContext {
  /** Validates the args and runs the command in the same transaction (a batch's entries). */
  exec<N extends BatchableName>(name: N, args: CommandArgs<N>): CommandResult<N>;
  /**
   * Runs the upkeep pass (upkeep.ts) now over what the command wrote so far and reports what it
   * reconciled. The kernel runs it after every command anyway: call it only to read its result
   * or to tell it something (SettleOptions).
   */
  settle(options?: SettleOptions): UpkeepReport;
}

export interface CommandDef<N extends CommandName> {
  /** Validates raw arguments from the other thread; a CheckError names the bad field. */
  readonly args: Check<CommandArgs<N>>;
  /**
   * Whether the transaction becomes an undo step. Session-only commands say 'none'; a command
   * that runs others (batch) becomes undoable as soon as one of them is.
   */
  readonly history: HistoryIntent;
  /** Runs inside one transaction: throwing anywhere rolls the whole command back. */
  run(tx: Transaction, args: CommandArgs<N>, context: CommandContext): CommandResult<N>;
}

export type CommandRegistry = { readonly [N in CommandName]: CommandDef<N> };
