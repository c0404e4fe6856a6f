import { INITIAL_META } from '../../../protocol/initial';
import type { ClientInfo, ClientInfoEntry, HouseTypeInfo, MetaRecord } from '../../../protocol/records';
import type { SceneMetaSummary } from '../../../protocol/snapshot';
import { arrayOf, boolean, finite, hasOwn, object, oneOf, optional, string } from '../../document/check';
import type { RecordReader } from '../../document/store';
import { code, id, label, literal } from '../fields';
import { MigrationError, type RecordKind } from '../record-kind';

// The one scene-level record: a document singleton with a fixed id.

export const META_ID = INITIAL_META.id;

/** At most this many custom_client_info entries: a client form has a handful of fields. */
export const MAX_CLIENT_ENTRIES = 50;
export const clientEntries = arrayOf(object<ClientInfoEntry>({ key: string({ pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/ }), Remark: label }), { maxLength: MAX_CLIENT_ENTRIES });

/** More rooms of one kind than any home has; keeps a typo like 3333 out of the file. */
export const MAX_HOUSE_ROOMS = 99;
const roomCount = finite({ integer: true, min: 0, max: MAX_HOUSE_ROOMS });
/** The house-type counts; roomNumber may count the kitchen and the rest too, so it gets more room. */
export const houseType = object<HouseTypeInfo>({
  roomNumber: finite({ integer: true, min: 0, max: 4 * MAX_HOUSE_ROOMS }),
  bedroomNumber: roomCount,
  parlourNumber: roomCount,
  bathroomNumber: roomCount,
  building: label,
});

/** roomType 0: a single room; 100 would mark a multi-room scene (core.md §3). */
export function defaultMeta(): MetaRecord {
  return { ...INITIAL_META, client: { ...INITIAL_META.client } };
}

/** The scene's meta record; a loaded file may carry it under another id, so look it up by type. */
export function getMeta(records: Pick<RecordReader, 'getOfType' | 'ofType'>): MetaRecord | undefined {
  return records.getOfType(META_ID, 'meta') ?? records.ofType('meta')[0];
}

function metaSummary(records: RecordReader): SceneMetaSummary {
  const meta = getMeta(records) ?? INITIAL_META;
  return {
    name: meta.name,
    style: meta.style,
    roomType: meta.roomType,
    isUseStackWall: meta.isUseStackWall,
    hasMeasuringSize: meta.hasMeasuringSize,
    client: { ...meta.client, ...(meta.client.custom_client_info ? { custom_client_info: meta.client.custom_client_info.map((e) => ({ ...e })) } : {}) },
    ...(meta.houseType ? { houseType: { ...meta.houseType } } : {}),
  };
}

export const metaRecordKind = {
  type: 'meta',
  scope: 'document',
  shape: {
    id,
    type: literal('meta'),
    name: label,
    style: label,
    roomType: code,
    isUseStackWall: oneOf([0, 1] as const),
    hasMeasuringSize: boolean,
    client: object<ClientInfo>({ name: label, phone: label, id: label, address: label, order_number: label, custom_client_info: optional(clientEntries) }),
    // Optional and meaning "none" when missing, so files without it load at the same version.
    houseType: optional(houseType),
  },
  migrations: [
    {
      // Version 1 copied the server's has_measuring_size column, a 0/1 number.
      from: 1,
      to: 2,
      name: 'hasMeasuringSize 0/1 becomes a boolean',
      up(record) {
        const value = hasOwn(record, 'hasMeasuringSize') ? record.hasMeasuringSize : undefined;
        if (value !== 0 && value !== 1) {
          throw new MigrationError(`hasMeasuringSize must be 0 or 1, got ${JSON.stringify(value) ?? 'nothing'}`);
        }
        return { ...record, hasMeasuringSize: value === 1 };
      },
    },
  ],
  initial: defaultMeta,
  snapshot: { part: { keys: ['meta'], derive: (records) => ({ meta: metaSummary(records) }) } },
} satisfies RecordKind<'meta'>;
