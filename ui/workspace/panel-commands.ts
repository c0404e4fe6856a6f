import type { CommandArgs, CommandName, CommandResult } from '../../protocol/commands';
import { execCommand } from '../kernel';

/**
 * Runs a command for a panel control. Failures are already reported to the designer once, by the
 * workspace's kernel error listener (kernel-notices.ts), so here they only resolve to undefined.
 */
export function send<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N> | undefined> {
  return execCommand(name, args).catch(() => undefined);
}
