import type { FileRecord } from '../../protocol/scene-file';
import { RECORD_SCOPES, type DocumentRecordType } from '../../protocol/records';
import { hasOwn } from '../document/check';
import { RECORD_KINDS } from '../kinds/records';
import { MigrationError, type RecordMigration } from '../kinds/record-kind';

// Scene files outlive the code that wrote them. Every document record type has a schema version;
// when a type's stored shape changes, its version goes up by one and a migration from the old
// version is appended to its kind's `migrations` (kernel-worker/kinds/<type>/record.ts). Loading
// walks each older record up the chain one step at a time, so a migration only ever has to know
// the version right before it.
//
// To change a record's stored shape:
//   1. append { from: n, to: n + 1, name, up } to that kind's migrations (never edit a shipped step);
//   2. add a fixture scene written at version n under tests/kernel/fixtures/scenes/
//      (persistence-migrations.test.ts fails until every step is exercised by one).
// A type with no migrations is at version 1. Session records are never saved and have no version.

export { MigrationError, type RecordMigration };

/** Each document type's migrations, from its kind: the types that have any. */
export const MIGRATIONS: { readonly [T in DocumentRecordType]?: readonly RecordMigration[] } = Object.fromEntries(
  documentRecordTypes().flatMap((type) => {
    const steps = RECORD_KINDS[type].migrations;
    return steps && steps.length > 0 ? [[type, steps]] : [];
  }),
);

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
