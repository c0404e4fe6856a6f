import type { CommandArgs } from '../../protocol/commands';
import { RECORD_SCOPES } from '../../protocol/records';
import { arrayOf, object } from '../document/check';
import type { Transaction } from '../document/store';
import { idArg, removeWithDependents } from './common';
import type { CommandDef } from './types';

// Commands over records of any type: removing a mixed selection, and selecting.

const ids = arrayOf(idArg, { maxLength: 100_000 });

/** Ids that name removable, selectable records: document records other than the scene meta (COMMAND_FAILED otherwise: it depends on the scene, not on the args' shape). */
function assertEditable(tx: Transaction, list: readonly string[]): void {
  list.forEach((id, i) => {
    const record = tx.get(id);
    if (!record) throw new Error(`ids[${i}]: no record with id "${id}"`);
    if (RECORD_SCOPES[record.type] !== 'document' || record.type === 'meta') {
      throw new Error(`ids[${i}]: "${id}" is a ${record.type} record, which cannot be selected or removed`);
    }
  });
}

export const removeRecords: CommandDef<'records.remove'> = {
  args: object<CommandArgs<'records.remove'>>({ ids }),
  history: 'undoable',
  run(tx, a) {
    assertEditable(tx, a.ids);
    // Storeys that lose walls get their rooms re-detected by the upkeep pass after the command.
    return { removed: removeWithDependents(tx, a.ids) };
  },
};

export const setSelection: CommandDef<'selection.set'> = {
  args: object<CommandArgs<'selection.set'>>({ ids }),
  history: 'none',
  run(tx, a) {
    assertEditable(tx, a.ids);
    tx.put({ id: 'selection', type: 'selection', ids: [...new Set(a.ids)] });
    return null;
  },
};
