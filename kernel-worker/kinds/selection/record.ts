import { INITIAL_SELECTION } from '../../../protocol/initial';
import type { SelectionRecord } from '../../../protocol/records';
import { arrayOf } from '../../document/check';
import type { RecordReader } from '../../document/store';
import { id, literal } from '../fields';
import type { RecordKind } from '../record-kind';

// The selected record ids: a session singleton with a fixed id. It refers to no record on
// purpose (see the view kind); repairSession drops ids that are gone.

export const SELECTION_ID = INITIAL_SELECTION.id;

export function defaultSelection(): SelectionRecord {
  return { ...INITIAL_SELECTION, ids: [...INITIAL_SELECTION.ids] };
}

export function selectionIds(records: Pick<RecordReader, 'getOfType'>): string[] {
  const selection = records.getOfType(SELECTION_ID, 'selection');
  return selection ? [...selection.ids] : [];
}

export const selectionRecordKind = {
  type: 'selection',
  scope: 'session',
  shape: {
    id,
    type: literal('selection'),
    ids: arrayOf(id, { maxLength: 1_000_000 }),
  },
  initial: defaultSelection,
  snapshot: { part: { keys: ['selection'], derive: (records) => ({ selection: selectionIds(records) }) } },
} satisfies RecordKind<'selection'>;
