// The streaming scene-file scanner against JSON.parse: on valid files it must read what JSON.parse
// reads, and however the bytes are cut into chunks (a string, an escape or a number split between
// two chunks) it must answer exactly what it answers for the whole file, errors included.
import { describe, expect, it } from 'vitest';
import { SceneScanError, SceneScanner, scanSceneBytes, STRUCTURAL_RECORD_TYPES, type SceneScanResult } from '../../server/scenes/scan';

const MAX_DEPTH = 64;
const encoder = new TextEncoder();

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

const STRINGS = ['', 'a', 'wall', 'meta', 'storey', 'type', 'records', 'format', '"records":[{"type":"wall"}]', 'quote " and \\ backslash', '中文', '}]{["'];

function randomValue(rand: () => number, depth: number): unknown {
  const r = rand();
  if (depth > 4 || r < 0.45) return pick(rand, [0, -1.5, 2e10, true, false, null, ...STRINGS]);
  if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 4); i > 0; i--) out[pick(rand, STRINGS)] = randomValue(rand, depth + 1);
  return out;
}

function randomScene(rand: () => number): Record<string, unknown> {
  const records = Array.from({ length: Math.floor(rand() * 6) }, (_, i) => {
    const record: Record<string, unknown> = { id: `r${i}`, nested: randomValue(rand, 2) };
    if (rand() < 0.9) record.type = pick(rand, ['meta', 'storey', 'wall', 'door', 'Meta']);
    if (rand() < 0.5) record.extra = randomValue(rand, 2);
    return record;
  });
  const scene: Record<string, unknown> = { meta: randomValue(rand, 1), records };
  if (rand() < 0.9) scene.format = pick(rand, ['yfang-scene', 'other', '']);
  return scene;
}

/** What the scanner should read, from the parsed file (the generated values hold no escapes where it matters). */
function expected(scene: Record<string, unknown>, bytes: number): SceneScanResult {
  const records = Array.isArray(scene.records) ? (scene.records as Record<string, unknown>[]) : [];
  return {
    format: typeof scene.format === 'string' ? scene.format : null,
    hasRecords: Array.isArray(scene.records),
    records: records.length,
    contentRecords: records.filter((r) => !(typeof r.type === 'string' && STRUCTURAL_RECORD_TYPES.has(r.type))).length,
    bytes,
  };
}

function outcome(bytes: Uint8Array, chunk: number): string {
  try {
    const scanner = new SceneScanner(MAX_DEPTH);
    for (let i = 0; i < bytes.length; i += chunk) scanner.write(bytes.subarray(i, i + chunk));
    return JSON.stringify(scanner.end());
  } catch (e) {
    if (!(e instanceof SceneScanError)) throw e;
    return `error: ${e.message}`;
  }
}

describe('scene file scanner against JSON.parse', () => {
  it('reads format, records and content records of valid files, in any chunking', () => {
    const rand = random(7);
    for (let n = 0; n < 400; n++) {
      const scene = randomScene(rand);
      const text = rand() < 0.5 ? JSON.stringify(scene) : JSON.stringify(scene, null, 2);
      const bytes = encoder.encode(text);
      const want = JSON.stringify(expected(scene, bytes.length));
      for (const chunk of [bytes.length, 1, 2, 3, 5, 64]) expect(outcome(bytes, chunk), `${text} in chunks of ${chunk}`).toBe(want);
    }
  });

  it('answers the same for broken files whole or in pieces, and accepts every broken file that is still a JSON object', () => {
    const rand = random(11);
    const pieces = ['{', '}', '[', ']', '"', '\\', ':', ',', ' ', '1', 'true', '"type"', '"meta"', '"records"', '\\"', 'é'];
    for (let n = 0; n < 3000; n++) {
      let text = JSON.stringify(randomScene(rand));
      for (let edits = Math.floor(rand() * 4); edits > 0; edits--) {
        const at = Math.floor(rand() * text.length);
        const r = rand();
        if (r < 0.4) text = text.slice(0, at) + text.slice(at + 1);
        else if (r < 0.8) text = text.slice(0, at) + pick(rand, pieces) + text.slice(at);
        else text = text.slice(0, at);
      }
      const bytes = encoder.encode(text);
      const whole = outcome(bytes, bytes.length);
      for (const chunk of [1, 2, 3, 7]) expect(outcome(bytes, chunk), `${text} in chunks of ${chunk}`).toBe(whole);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        continue;
      }
      // The scanner is looser than JSON.parse (it does not check numbers or commas), never stricter.
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const records = (parsed as { records?: unknown }).records;
        const itemsAreObjects = !Array.isArray(records) || records.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
        if ((records === undefined || Array.isArray(records)) && itemsAreObjects) expect(whole, text).not.toMatch(/^error/);
      }
    }
  });

  it('scans a large file in 64 KB chunks like the whole', () => {
    const rand = random(3);
    const records = Array.from({ length: 5000 }, (_, i) => ({ id: `w${i}`, type: i % 50 === 0 ? 'storey' : 'wall', start: { x: rand() * 1e4, y: rand() * 1e4 }, note: 'a\\"b' }));
    const bytes = encoder.encode(JSON.stringify({ format: 'yfang-scene', records }));
    const whole = scanSceneBytes(bytes, MAX_DEPTH);
    expect(whole).toMatchObject({ format: 'yfang-scene', records: 5000, contentRecords: 4900 });
    expect(outcome(bytes, 65536)).toBe(JSON.stringify(whole));
  });
});
