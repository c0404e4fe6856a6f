import type { FileRecord } from '../../protocol/scene-file';
import { RECORD_SCOPES, type DocumentRecordType } from '../../protocol/records';
import { hasOwn } from '../document/check';

// Scene files outlive the code that wrote them. Every document record type has a schema version;
// when a type's stored shape changes, its version goes up by one and a migration from the old
// version is appended here. Loading walks each older record up the chain one step at a time, so a
// migration only ever has to know the version right before it.
//
// To change a record's stored shape:
//   1. append { from: n, to: n + 1, name, up } to that type's list (never edit a shipped step);
//   2. add a fixture scene written at version n under tests/kernel/fixtures/scenes/
//      (persistence-migrations.test.ts fails until every step is exercised by one).
// A type with no list is at version 1. Session records are never saved and have no version.

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

function field(record: FileRecord, key: string): unknown {
  return hasOwn(record, key) ? record[key] : undefined;
}

export const MIGRATIONS: { readonly [T in DocumentRecordType]?: readonly RecordMigration[] } = {
  wall: [
    {
      // Files from before partition walls existed marked a wall only as load-bearing or not.
      from: 1,
      to: 2,
      name: 'boolean loadBearing becomes wallType',
      up(record) {
        const { loadBearing, ...rest } = record;
        if (typeof loadBearing !== 'boolean') {
          throw new MigrationError(`loadBearing must be true or false, got ${JSON.stringify(loadBearing) ?? 'nothing'}`);
        }
        return { ...rest, wallType: loadBearing ? 'loadBearing' : 'normal' };
      },
    },
  ],
  meta: [
    {
      // Version 1 copied the server's has_measuring_size column, a 0/1 number.
      from: 1,
      to: 2,
      name: 'hasMeasuringSize 0/1 becomes a boolean',
      up(record) {
        const value = field(record, 'hasMeasuringSize');
        if (value !== 0 && value !== 1) {
          throw new MigrationError(`hasMeasuringSize must be 0 or 1, got ${JSON.stringify(value) ?? 'nothing'}`);
        }
        return { ...record, hasMeasuringSize: value === 1 };
      },
    },
  ],
};

/** Record types that files carry (document scope), in a stable order. */
export function documentRecordTypes(): DocumentRecordType[] {
  return (Object.keys(RECORD_SCOPES) as (keyof typeof RECORD_SCOPES)[])
    .filter((t): t is DocumentRecordType => RECORD_SCOPES[t] === 'document')
    .sort();
}

export function isDocumentRecordType(type: string): type is DocumentRecordType {
  return hasOwn(RECORD_SCOPES, type) && RECORD_SCOPES[type as keyof typeof RECORD_SCOPES] === 'document';
}

export function migrationsOf(type: DocumentRecordType): readonly RecordMigration[] {
  return MIGRATIONS[type] ?? [];
}

/** The version this kernel writes for a record type: one past its last migration. */
export function currentVersion(type: DocumentRecordType): number {
  const steps = migrationsOf(type);
  return steps.length === 0 ? 1 : steps[steps.length - 1]!.to;
}

/** type -> current version for every document record type: the `schema` of every file written. */
export function currentSchema(): { readonly [type: string]: number } {
  const out: Record<string, number> = {};
  for (const type of documentRecordTypes()) out[type] = currentVersion(type);
  return out;
}

/**
 * Brings one record from `version` up to the current version of its type. The caller has checked
 * that the version is known (1..current); each step must continue exactly where the last ended.
 */
export function migrateRecord(record: FileRecord, type: DocumentRecordType, version: number, onStep?: (step: RecordMigration) => void): FileRecord {
  let out = record;
  let at = version;
  for (const step of migrationsOf(type)) {
    if (step.from < at) continue;
    if (step.from !== at) throw new MigrationError(`${type}: no migration from version ${at}`);
    try {
      out = step.up(out);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new MigrationError(`${type} ${record.id}: migration v${step.from} -> v${step.to} (${step.name}): ${why}`);
    }
    if (out.id !== record.id || out.type !== record.type) {
      throw new MigrationError(`${type} ${record.id}: migration v${step.from} -> v${step.to} changed the record's id or type`);
    }
    onStep?.(step);
    at = step.to;
  }
  return out;
}
