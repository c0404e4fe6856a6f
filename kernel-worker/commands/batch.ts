import type { BatchEntry, CommandArgs } from '../../protocol/commands';
import { KernelCommandError, toKernelError } from '../../protocol/errors';
import { CheckError, arrayOf, object, string, type Check } from '../document/check';
import { passThrough } from './common';
import type { CommandDef } from './types';

/** Large enough for a generated whole house in one step, small enough to refuse a runaway loop. */
export const MAX_BATCH_COMMANDS = 100_000;

const entryShape = object<{ name: string; args: unknown }>({ name: string({ maxLength: 100 }), args: passThrough });

const entry: Check<BatchEntry> = (value, path) => {
  const checked = entryShape(value, path);
  if (checked.name === 'batch') throw new CheckError(`${path}.name`, 'batches do not nest: put the commands in this batch');
  return checked as BatchEntry;
};

/**
 * Runs the entries in order inside the batch's one transaction; each entry's args are validated by
 * its own command when its turn comes. The first failure undoes them all and names the entry.
 */
export const batch: CommandDef<'batch'> = {
  args: object<CommandArgs<'batch'>>({ commands: arrayOf(entry, { maxLength: MAX_BATCH_COMMANDS }) }),
  history: 'none',
  run(_tx, { commands }, context) {
    const results = commands.map((c, i) => {
      try {
        return context.exec(c.name, c.args as never);
      } catch (e) {
        const error = toKernelError(e, c.name);
        throw new KernelCommandError(error.code, 'batch', `commands[${i}] (${c.name}): ${error.detail}`, error.reason);
      }
    });
    return { results };
  },
};
