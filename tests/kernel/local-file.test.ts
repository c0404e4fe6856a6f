import { describe, expect, it } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import { NOT_A_SCENE_FILE, UNKNOWN_FILE_FORMAT } from '../../protocol/scene-file';
import { generateHouseJson, HOUSE_IDS } from '../fixtures/house-scene';
import { documentJson, everything, fileKernel, type FileKernel } from './persistence-kit';

// Export to local and import of a local file (issue 16): exportFile() is save()'s file without
// the side effects of a save, and a foreign or damaged file leaves the open scene exactly as it was.

const SMALL = { storeys: 1, rows: 2, cols: 2, records: 120 } as const;

function loaded(): FileKernel {
  const k = fileKernel();
  k.files.load(generateHouseJson(SMALL));
  return k;
}

function rename(k: FileKernel, name: string): void {
  k.kernel.transact('test', (tx) => tx.put({ ...tx.getOfType(HOUSE_IDS.storey(0), 'storey')!, name }), 'undoable');
}

describe('exportFile', () => {
  it("is save()'s file, byte for byte, but the scene stays unsaved and the backup base stays", () => {
    const k = loaded();
    k.files.acknowledge('v1');
    rename(k, 'edited');
    const exported = k.files.exportFile();
    expect(k.kernel.snapshot().dirty).toBe(true);
    expect(k.kernel.snapshot().changedSinceBackup).toBe(true);
    // The edit still goes out with the next backup, against the base acknowledged before.
    const delta = k.files.backupDelta();
    expect(delta.kind).toBe('delta');
    if (delta.kind === 'delta') expect(delta.delta.base).toBe('v1');
    const saved = k.files.save();
    expect(exported.json).toBe(saved.json);
    expect(Buffer.from(exported.gzip).equals(Buffer.from(saved.gzip))).toBe(true);
  });

  it('round-trips: the exported gzip loads into another kernel as identical records', () => {
    const k = loaded();
    rename(k, '二层');
    const exported = k.files.exportFile();
    const other = fileKernel();
    other.files.load(exported.gzip);
    expect(documentJson(other.kernel)).toBe(documentJson(k.kernel));
    expect(other.kernel.snapshot().dirty).toBe(false);
  });
});

describe('foreign files are refused as such and change nothing', () => {
  const enc = new TextEncoder();
  const gltf = JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [] }], nodes: [] });
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe]);
  const cases: readonly [string, string | Uint8Array, string, string][] = [
    ['a glTF (JSON of another program)', gltf, 'BAD_FILE', NOT_A_SCENE_FILE],
    ['a JSON array', enc.encode('[{"id":1}]'), 'BAD_FILE', NOT_A_SCENE_FILE],
    ['a file of another format', JSON.stringify({ format: 'other-cad', records: [] }), 'UNSUPPORTED_VERSION', UNKNOWN_FILE_FORMAT],
    ['an image', png, 'BAD_FILE', 'the file is neither gzip nor UTF-8'],
  ];

  it.each(cases)('%s', (_name, file, code, detailStart) => {
    const k = loaded();
    rename(k, 'edited');
    const before = { records: everything(k.kernel), snapshot: k.kernel.snapshot(), history: k.kernel.historyState() };
    let error: unknown = null;
    try {
      k.files.load(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KernelCommandError);
    expect((error as KernelCommandError).code).toBe(code);
    expect((error as KernelCommandError).detail.startsWith(detailStart)).toBe(true);
    expect(everything(k.kernel)).toBe(before.records);
    expect(k.kernel.snapshot()).toEqual(before.snapshot);
    expect(k.kernel.historyState()).toEqual(before.history);
  });
});
