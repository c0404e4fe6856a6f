import type { RECORD_SCOPES, RecordOfType, RecordType, RoomRecord, Vec2 } from '../../protocol/records';
import type { FileRecord } from '../../protocol/scene-file';
import type { KernelSnapshot, SelectedDetail } from '../../protocol/snapshot';
import type { Shape } from '../document/check';
import type { RecordReader } from '../document/store';

// The record facet of a kind: what the document, persistence and the UI snapshot know of one
// record type. Pure data and functions (no three.js): document/ and persistence/ read it, and so
// does the worker's snapshot. The 3D and plan facets live beside it in the same kind folder.

/** A reference from one record to another; checked when the transaction commits. */
export interface RecordRef {
  readonly field: string;
  readonly id: string;
  readonly type: RecordType;
}

export interface RecordMigration {
  readonly from: number;
  readonly to: number;
  /** What changed, in a few words: names the step in test output and in load errors. */
  readonly name: string;
  /** Takes a record at version `from`, returns it at version `to`. Throws if the record cannot be read. */
  up(record: FileRecord): FileRecord;
}

export class MigrationError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'MigrationError';
  }
}

export type SnapshotBody = Omit<KernelSnapshot, 'seq'>;

/** Snapshot parts that are keyed maps with one entry per record of a type. */
export type KeyedPartName = 'rooms';
export type KeyedEntry<K extends KeyedPartName> = SnapshotBody[K][string];

/** Where the current-room info (catalogues.md §3) finds the room of a selected record. */
export type RoomProbe = { readonly room: RoomRecord } | { readonly storeyId: string; readonly points: readonly Vec2[] };

/** What a type adds to the UI snapshot (kernel-worker/snapshot.ts loops over these). */
export interface RecordSnapshotFacet<T extends RecordType> {
  /**
   * Top-level snapshot fields made from this type's records alone (meta, storeys, view fields …),
   * recomputed whenever a commit touches the type; the keys say which fields.
   */
  readonly part?: { readonly keys: readonly (keyof SnapshotBody)[]; derive(records: RecordReader): Partial<SnapshotBody> };
  /**
   * One entry per record in a keyed map of the snapshot, patched entry by entry. `follows`: other
   * types whose records change entries (a floor opening changes the areas of its storey's rooms):
   * for a touched record of that type (as it was before the commit and as it is after), the ids
   * of the entries to make again.
   */
  readonly entries?: {
    readonly [K in KeyedPartName]: {
      readonly part: K;
      entry(record: RecordOfType<T>, records: RecordReader): KeyedEntry<K>;
      readonly follows?: { readonly [U in RecordType]?: (record: RecordOfType<U>, records: RecordReader) => readonly string[] };
    };
  }[KeyedPartName];
  /** The editable fields the UI shows when this one record is selected (else it is 'other'). */
  selected?(record: RecordOfType<T>, records: RecordReader): SelectedDetail;
  /** Other record types `selected` reads (a room's detail reads its ceilings). */
  readonly selectedReads?: readonly RecordType[];
  /** Where the room holding a selected record of this type is (none: it has no current room). */
  probeRoom?(record: RecordOfType<T>, records: RecordReader): RoomProbe | undefined;
  /** Ids besides the record's own that `probeRoom` reads (an opening reads its wall). */
  probeReads?(record: RecordOfType<T>): readonly string[];
}

/** Everything the document side knows of one record type. */
export interface RecordKind<T extends RecordType> {
  readonly type: T;
  /** As protocol/records.ts RECORD_SCOPES says (the protocol keeps it: the UI reads it too). */
  readonly scope: (typeof RECORD_SCOPES)[T];
  /** The field checks; `<type>.update` accepts any subset of them. */
  readonly shape: Shape<RecordOfType<T>>;
  /** Rules across fields, run on whole records after the shape (throw a CheckError). */
  readonly rules?: readonly ((record: RecordOfType<T>, path: string) => void)[];
  /** The types its references may point at: removals look there for dependants. */
  readonly refersTo?: readonly RecordType[];
  /** The references a record holds, each to one of `refersTo`. */
  references?(record: RecordOfType<T>): RecordRef[];
  /** Document types: the steps from each older stored version (persistence/migrations.ts). */
  readonly migrations?: readonly RecordMigration[];
  /** Values a new record gets where its command is not told (a wall's thickness …). */
  readonly defaults?: Partial<Omit<RecordOfType<T>, 'id' | 'type'>>;
  /** Singletons (meta and the session records): the record a fresh kernel starts with. */
  initial?(): RecordOfType<T>;
  readonly snapshot?: RecordSnapshotFacet<T>;
}
