// The local-disk storage under the scene files, and the streaming scene-file scanner.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSceneFile } from '../../server/scenes/files';
import { scanSceneBytes, SceneScanError, SceneScanner } from '../../server/scenes/scan';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { sceneBytes, sceneFile } from './scene-helpers';

const enc = (s: string) => new TextEncoder().encode(s);

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'yfang-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes bytes and streams, gzip or not, and reads them back', async () => {
    const text = enc('{"a":1}'.repeat(1000));
    await storage.put('t/plain.json', text, { contentType: 'application/json' });
    await storage.put('t/gz.json', text, { contentType: 'application/json', gzip: true });
    await storage.put('t/stream.json', Readable.from([Buffer.from(text.slice(0, 10)), Buffer.from(text.slice(10))]), { contentType: 'application/json', gzip: true });
    await storage.put('t/pre.json', gzipSync(text), { contentType: 'application/json', gzip: true, preCompressed: true });
    for (const key of ['t/plain.json', 't/gz.json', 't/stream.json', 't/pre.json']) expect(await storage.read(key), key).toEqual(text);
    expect((await storage.stat('t/gz.json'))?.gzip).toBe(true);
    expect((await storage.stat('t/plain.json'))?.size).toBe(text.byteLength);
    expect((await storage.stat('t/gz.json'))!.size).toBeLessThan(text.byteLength / 10);
    // no temp files left behind
    expect(readdirSync(path.join(root, 't')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('copies with content type and gzip flag, and keeps streaming a file deleted meanwhile', async () => {
    const text = enc('x'.repeat(200_000));
    await storage.put('t/src.json', text, { contentType: 'application/json', gzip: true });
    const copy = await storage.copy('t/src.json', 't/dst.json');
    expect(copy).toMatchObject({ gzip: true, contentType: 'application/json' });
    expect(Buffer.from((await storage.read('t/dst.json'))!).equals(Buffer.from(text))).toBe(true);
    expect(await storage.copy('t/missing.json', 't/x.json')).toBeNull();
    const opened = await storage.openRead('t/dst.json');
    await storage.delete('t/dst.json');
    expect(await storage.stat('t/dst.json')).toBeNull();
    expect((await collect(opened!.stream)).byteLength).toBe(opened!.info.size);
  });

  it('leaves nothing under the key when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('t/fail.json', failing, { contentType: 'application/json', gzip: true })).rejects.toThrow('client went away');
    expect(await storage.stat('t/fail.json')).toBeNull();
    expect(readdirSync(path.join(root, 't')).filter((f) => f.startsWith('fail'))).toEqual([]);
  });

  it('refuses unsafe keys', async () => {
    await expect(storage.put('../escape.json', enc('x'), { contentType: 'text/plain' })).rejects.toThrow(/unsafe storage key/);
    await expect(storage.read('a/../../b')).rejects.toThrow(/unsafe storage key/);
  });

  it('stores a scene upload streamed in small chunks, refusing a bad one without leaving it', async () => {
    const bytes = gzipSync(sceneBytes(sceneFile(50, 'chunks')));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const stored = await putSceneFile(storage, { projectCode: 'p', userId: 1 }, Readable.from(chunks));
    expect(stored.contentRecords).toBe(50);
    expect(await storage.read(stored.key)).toEqual(sceneBytes(sceneFile(50, 'chunks')));
    const before = readdirSync(path.join(root, 'scenes', 'p')).length;
    await expect(putSceneFile(storage, { projectCode: 'p', userId: 1 }, Readable.from([Buffer.from('{"format":"yfang-scene","records":[')]))).rejects.toMatchObject({
      retcode: 20005,
    });
    expect(readdirSync(path.join(root, 'scenes', 'p'))).toHaveLength(before);
  });
});

describe('scene file scanner', () => {
  it('reads format, records and content records, in any chunking', () => {
    const bytes = sceneBytes(sceneFile(7, 'scan'));
    const whole = scanSceneBytes(bytes, 64);
    expect(whole).toMatchObject({ format: 'yfang-scene', hasRecords: true, records: 9, contentRecords: 7 });
    const scanner = new SceneScanner(64);
    for (let i = 0; i < bytes.length; i += 3) scanner.write(bytes.subarray(i, i + 3));
    expect(scanner.end()).toEqual(whole);
  });

  it('counts a scene with only meta and storey records as empty', () => {
    expect(scanSceneBytes(sceneBytes(sceneFile(0)), 64).contentRecords).toBe(0);
    expect(scanSceneBytes(enc('{"format":"yfang-scene","records":[]}'), 64)).toMatchObject({ records: 0, contentRecords: 0 });
  });

  it('is not fooled by strings, escapes or nested look-alikes', () => {
    const tricky = {
      format: 'yfang-scene',
      meta: { records: [{ type: 'wall' }], note: '"records":[{"type":"wall"}] \\" } ]' },
      records: [{ id: 'm', type: 'meta', nested: { type: 'wall', records: [1] } }],
    };
    expect(scanSceneBytes(enc(JSON.stringify(tricky)), 64)).toMatchObject({ records: 1, contentRecords: 0 });
  });

  it.each([
    ['[]', 'one JSON object'],
    ['{"a":1}}', 'after the end'],
    ['{"a":[1,2}', 'mismatched'],
    ['{"a":"open', 'ends in the middle'],
    ['{"records":{}}', 'must be an array'],
    ['{"records":[1]}', 'must be an object'],
    ['{1:2}', 'key must be a string'],
    ['{"a":' + '['.repeat(70) + ']'.repeat(70) + '}', 'nested deeper'],
  ])('refuses %s', (text, why) => {
    expect(() => scanSceneBytes(enc(text), 64)).toThrow(SceneScanError);
    expect(() => scanSceneBytes(enc(text), 64)).toThrow(why);
  });
});
