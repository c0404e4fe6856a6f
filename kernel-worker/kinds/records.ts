import { RECORD_SCOPES, type RecordType, type SceneRecord } from '../../protocol/records';
import { ceilingRecordKind } from './ceiling/record';
import { lightRecordKind } from './light/record';
import { metaRecordKind } from './meta/record';
import { modelRecordKind } from './model/record';
import { openingRecordKind } from './opening/record';
import { pavingRecordKind } from './paving/record';
import type { RecordKind, RecordRef } from './record-kind';
import { roomRecordKind } from './room/record';
import { selectionRecordKind } from './selection/record';
import { storeyRecordKind } from './storey/record';
import { toolRecordKind } from './tool/record';
import { viewRecordKind } from './view/record';
import { wallRecordKind } from './wall/record';
import { wallPanelRecordKind } from './wallPanel/record';
import { cabinetRecordKind } from './cabinet/record';
import { floorOpeningRecordKind } from './floorOpening/record';

// The record-facet table: one entry per record type, so a type without its kind does not compile.
// The order is the order of protocol/records.ts RECORD_SCOPES (removals walk dependants in it).

export type RecordKinds = { readonly [T in RecordType]: RecordKind<T> };

const KINDS = {
  meta: metaRecordKind,
  storey: storeyRecordKind,
  wall: wallRecordKind,
  opening: openingRecordKind,
  room: roomRecordKind,
  model: modelRecordKind,
  paving: pavingRecordKind,
  ceiling: ceilingRecordKind,
  light: lightRecordKind,
  wallPanel: wallPanelRecordKind,
  cabinet: cabinetRecordKind,
  floorOpening: floorOpeningRecordKind,
  view: viewRecordKind,
  selection: selectionRecordKind,
  tool: toolRecordKind,
} satisfies RecordKinds;

export const RECORD_KINDS: RecordKinds = KINDS;

/** Each type's field checks with their own precise types (command arguments reuse them). */
export type RecordShapes = { readonly [T in RecordType]: (typeof KINDS)[T]['shape'] };

export const RECORD_TYPES = Object.keys(RECORD_SCOPES) as RecordType[];

/**
 * The kind of a type, seen through the record union: for loops over every type, where TypeScript
 * cannot follow which T a record's type names.
 */
export function kindOf(type: RecordType): RecordKind<RecordType> {
  return RECORD_KINDS[type] as unknown as RecordKind<RecordType>;
}

export function referencesOf(record: SceneRecord): RecordRef[] {
  const kind = RECORD_KINDS[record.type] as { references?(r: SceneRecord): RecordRef[] };
  return kind.references ? kind.references(record) : [];
}

/** Which types may refer to records of a type (from each kind's refersTo): where removals look for dependants. */
export const REFERRING_TYPES: { readonly [T in RecordType]?: readonly RecordType[] } = (() => {
  const out: { [T in RecordType]?: RecordType[] } = {};
  for (const type of RECORD_TYPES) {
    for (const target of RECORD_KINDS[type].refersTo ?? []) (out[target] ??= []).push(type);
  }
  return out;
})();

/** The records a fresh kernel starts with: the session kinds' singletons. */
export function initialSessionRecords(): SceneRecord[] {
  return RECORD_TYPES.filter((t) => RECORD_SCOPES[t] === 'session').flatMap((t) => {
    const make = kindOf(t).initial;
    return make ? [make()] : [];
  });
}
