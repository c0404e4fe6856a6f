import { KernelCommandError } from '../../protocol/errors';
import { RECORD_SCOPES, type DocumentRecordType, type MetaRecord, type SceneRecord } from '../../protocol/records';
import { NOT_A_SCENE_FILE, SCENE_FILE_FORMAT, UNKNOWN_FILE_FORMAT, canonicalJson, type FileRecord, type SavedScene, type SceneFile } from '../../protocol/scene-file';
import { hasOwn, isPlainObject } from '../document/check';
import { GzipError, gunzipChecked, gzipBytes, isGzip } from './gzip';
import { MigrationError, currentSchema, currentVersion, isDocumentRecordType, migrateRecord, type RecordMigration } from './migrations';

// Scene file <-> records. Writing is canonical (records sorted by id, keys sorted) so that equal
// scenes are equal bytes; reading checks the envelope, refuses what this kernel cannot understand
// and migrates older records up. Record contents are validated by the store when the loaded
// records are committed (one transaction: all of them or none).


export interface ParsedScene {
  /** document records at the current schema versions, not yet validated */
  readonly records: readonly FileRecord[];
  /** records that went through at least one migration */
  readonly migrated: number;
}

const encoder = new TextEncoder();

function badFile(detail: string): KernelCommandError {
  return new KernelCommandError('BAD_FILE', 'load', detail);
}

function unsupported(detail: string): KernelCommandError {
  return new KernelCommandError('UNSUPPORTED_VERSION', 'load', detail);
}

/**
 * The file's meta: the scene's name, for readers that list files without loading their records.
 * The meta record itself (in records) is what the kernel reads back; this copy is ignored on load.
 * Kept this small because every backup delta carries it too.
 */
export function fileMeta(meta: MetaRecord | undefined): SceneFile['meta'] {
  return meta ? { name: meta.name } : {};
}

function isDocumentRecord(record: SceneRecord): boolean {
  return RECORD_SCOPES[record.type] === 'document';
}

/** The file for these records (session records are left out; order does not matter). */
export function buildSceneFile(records: Iterable<SceneRecord>): SceneFile {
  const saved: SceneRecord[] = [];
  let meta: MetaRecord | undefined;
  for (const record of records) {
    if (!isDocumentRecord(record)) continue;
    saved.push(record);
    if (record.type === 'meta') meta = record;
  }
  saved.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { format: SCENE_FILE_FORMAT, schema: currentSchema(), meta: fileMeta(meta), records: saved as unknown as FileRecord[] };
}

export function encodeSceneFile(file: SceneFile): SavedScene {
  const json = canonicalJson(file);
  return { json, gzip: gzipBytes(encoder.encode(json)) };
}

/** Text of a scene file given as JSON text, UTF-8 bytes or gzipped bytes (sniffed by the gzip magic). */
export function sceneText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!(input instanceof Uint8Array)) {
    throw new KernelCommandError('INVALID_ARGS', 'load', 'file: must be a JSON string or the bytes of a (gzipped) scene file');
  }
  let bytes = input;
  if (isGzip(bytes)) {
    try {
      bytes = gunzipChecked(bytes);
    } catch (e) {
      if (e instanceof GzipError) throw badFile(e.message);
      throw e;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badFile('the file is neither gzip nor UTF-8 text');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badFile(`not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

function checkSchema(schema: unknown): Map<string, number> {
  if (!isPlainObject(schema)) throw badFile('schema: must be an object of record type -> version');
  const out = new Map<string, number>();
  for (const [type, version] of Object.entries(schema)) {
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
      throw badFile(`schema.${type}: must be a version number >= 1, got ${JSON.stringify(version)}`);
    }
    if (!hasOwn(RECORD_SCOPES, type)) {
      throw unsupported(`record type "${type}" (version ${version}) is unknown to this kernel; the file was written by a newer version`);
    }
    if (!isDocumentRecordType(type)) throw badFile(`schema.${type}: ${type} records are never saved in files`);
    const current = currentVersion(type);
    if (version > current) {
      throw unsupported(`${type} records are version ${version}; this kernel reads up to version ${current} (the file was written by a newer version)`);
    }
    out.set(type, version);
  }
  return out;
}

/**
 * Reads a scene file's JSON text up to the point where only record validation is left. Throws a
 * KernelCommandError: UNSUPPORTED_VERSION for files this kernel is too old for, BAD_FILE for
 * anything damaged or malformed.
 */
export function parseSceneFile(text: string, onMigration?: (step: RecordMigration, type: DocumentRecordType) => void): ParsedScene {
  const file = parseJson(text);
  if (!isPlainObject(file)) throw badFile(`${NOT_A_SCENE_FILE} (expected a JSON object)`);
  if (!hasOwn(file, 'format')) throw badFile(`${NOT_A_SCENE_FILE} (no "format"; expected "${SCENE_FILE_FORMAT}")`);
  if (file.format !== SCENE_FILE_FORMAT) {
    throw unsupported(`${UNKNOWN_FILE_FORMAT} ${JSON.stringify(file.format)}; this kernel reads "${SCENE_FILE_FORMAT}"`);
  }
  const schema = checkSchema(file.schema);
  if (!isPlainObject(file.meta)) throw badFile('meta: must be an object');
  if (!Array.isArray(file.records)) throw badFile('records: must be an array');

  const seen = new Set<string>();
  const records: FileRecord[] = [];
  let migrated = 0;
  file.records.forEach((raw: unknown, i) => {
    const where = `records[${i}]`;
    if (!isPlainObject(raw) || typeof raw.id !== 'string' || typeof raw.type !== 'string') {
      throw badFile(`${where}: must be a record with a string id and type`);
    }
    const record = raw as FileRecord;
    if (seen.has(record.id)) throw badFile(`${where}: duplicate record id "${record.id}"`);
    seen.add(record.id);
    const version = schema.get(record.type);
    if (version === undefined) {
      throw hasOwn(RECORD_SCOPES, record.type) && !isDocumentRecordType(record.type)
        ? badFile(`${where}: ${record.type} records are never saved in files`)
        : badFile(`${where}: record type "${record.type}" is not listed in the file's schema`);
    }
    const type = record.type as DocumentRecordType;
    if (version === currentVersion(type)) {
      records.push(record);
      return;
    }
    try {
      records.push(migrateRecord(record, type, version, onMigration && ((step) => onMigration(step, type))));
      migrated++;
    } catch (e) {
      if (e instanceof MigrationError) throw badFile(e.message);
      throw e;
    }
  });
  return { records, migrated };
}
