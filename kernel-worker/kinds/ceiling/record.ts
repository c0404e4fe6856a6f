import type { RecordReader } from '../../document/store';
import { id, length, literal } from '../fields';
import type { RecordKind } from '../record-kind';

/** Whether a suspended ceiling hangs in the room (the UI's isHaveCeil). */
export const hasCeiling = (records: RecordReader, roomId: string): boolean => records.referring(roomId, 'ceiling').length > 0;

export const ceilingRecordKind = {
  type: 'ceiling',
  scope: 'document',
  shape: {
    id,
    type: literal('ceiling'),
    roomId: id,
    elevation: length(100_000),
    thickness: length(10_000),
  },
  refersTo: ['room'],
  references: (c) => [{ field: 'roomId', id: c.roomId, type: 'room' }],
} satisfies RecordKind<'ceiling'>;
