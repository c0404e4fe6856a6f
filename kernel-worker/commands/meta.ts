import type { CommandArgs } from '../../protocol/commands';
import type { ClientInfo } from '../../protocol/records';
import { object, optional } from '../document/check';
import { ensureMeta } from '../document/session-records';
import { RECORD_SHAPES } from '../document/validators';
import { clientEntries, houseType } from '../kinds/meta/record';
import type { CommandDef } from './types';

const shape = RECORD_SHAPES.meta;
const label = shape.name;

export const updateMeta: CommandDef<'meta.update'> = {
  args: object<CommandArgs<'meta.update'>>({
    name: optional(shape.name),
    style: optional(shape.style),
    roomType: optional(shape.roomType),
    isUseStackWall: optional(shape.isUseStackWall),
    hasMeasuringSize: optional(shape.hasMeasuringSize),
    client: optional(
      object<Partial<ClientInfo>>({
        name: optional(label),
        phone: optional(label),
        id: optional(label),
        address: optional(label),
        order_number: optional(label),
        custom_client_info: optional(clientEntries),
      }),
    ),
    houseType: optional(houseType),
  }),
  history: 'undoable',
  run(tx, { client, ...fields }) {
    const meta = ensureMeta(tx);
    tx.put({ ...meta, ...fields, client: { ...meta.client, ...client } });
    return null;
  },
};
