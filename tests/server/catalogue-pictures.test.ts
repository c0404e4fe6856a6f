// The PNG writer and the procedural textures behind the seeded catalogue, and drawing a picture
// into the local-disk store on first request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { crc32, encodePng } from '../../server/catalogues/png';
import { ensureAsset, renderAsset } from '../../server/catalogues/assets';
import { createPgliteDb } from '../../server/db/pglite';
import { runMigrations } from '../../server/db/migrate';
import { LocalDiskStorage } from '../../server/storage/local-disk';
import { publicTileSeeds } from '../../server/catalogues/catalogue-data';
import { renderTexture, sizeForAspect, TEXTURE_PATTERNS, thumbnail } from '../../server/catalogues/textures';
import { truncateSpecs, type FilterOption } from '../../server/catalogues/tiles';
import { readPng } from './catalogue-helpers';

describe('PNG writer', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const bytes = new Uint8Array(1000).map((_, i) => (i * 31) & 0xff);
    expect(crc32(bytes)).toBe(zlibCrc32(bytes));
  });

  it('writes a PNG that decodes back to the same pixels', () => {
    const width = 7;
    const height = 5;
    const rgb = new Uint8Array(width * height * 3).map((_, i) => (i * 37 + 11) & 0xff);
    const info = readPng(encodePng(width, height, rgb));
    expect(info).toMatchObject({ width, height, colourType: 2 });
    // undo the Up filter row by row
    const stride = width * 3;
    const out = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++) {
      expect(info.raw[y * (stride + 1)]).toBe(2);
      for (let x = 0; x < stride; x++) {
        const above = y === 0 ? 0 : out[(y - 1) * stride + x]!;
        out[y * stride + x] = (info.raw[y * (stride + 1) + 1 + x]! + above) & 0xff;
      }
    }
    expect([...out]).toEqual([...rgb]);
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => encodePng(4, 4, new Uint8Array(10))).toThrow(RangeError);
    expect(() => encodePng(0, 4, new Uint8Array(0))).toThrow(RangeError);
  });
});

describe('procedural textures', () => {
  it.each(TEXTURE_PATTERNS)('%s is deterministic, varied and seed-dependent', (pattern) => {
    const spec = { pattern, seed: 1234, base: '#d8c8b0', accent: '#403830', extra: '#8899aa' };
    const a = renderTexture(spec, 64, 48);
    const b = renderTexture(spec, 64, 48);
    const other = renderTexture({ ...spec, seed: 99 }, 64, 48);
    expect(a.rgb.length).toBe(64 * 48 * 3);
    expect(Buffer.from(a.rgb).equals(Buffer.from(b.rgb))).toBe(true);
    // a picture, not a flat fill: many distinct colours
    const colours = new Set<number>();
    for (let i = 0; i < a.rgb.length; i += 3) colours.add((a.rgb[i]! << 16) | (a.rgb[i + 1]! << 8) | a.rgb[i + 2]!);
    expect(colours.size).toBeGreaterThan(20);
    if (pattern !== 'checker') expect(Buffer.from(a.rgb).equals(Buffer.from(other.rgb))).toBe(false);
  });

  it('keeps the tile aspect and fits thumbnails in 100 x 100', () => {
    expect(sizeForAspect(600, 1200, 256)).toEqual({ width: 128, height: 256 });
    expect(sizeForAspect(1800, 900, 256)).toEqual({ width: 256, height: 128 });
    expect(sizeForAspect(80, 1200, 256)).toEqual({ width: 17, height: 256 });
    const t = thumbnail(renderTexture({ pattern: 'wood', seed: 1, base: '#c89a68', accent: '#8f6338' }, 40, 256), 100);
    expect([t.width, t.height]).toEqual([100, 100]);
  });

  it('draws every variant a seeded tile advertises, and nothing else', () => {
    const mixed = publicTileSeeds().find((t) => t.variants > 0)!;
    const row = { texture: mixed.texture, width_mm: mixed.widthMm, height_mm: mixed.heightMm, variants: mixed.variants };
    for (const v of ['main', 'big', 'thumb', 'hunpu', 'v1', 'v2', 'v3'] as const) {
      const png = renderAsset(row, v);
      expect(png, v).not.toBeNull();
      readPng(png!);
    }
    expect(renderAsset(row, 'v4')).toBeNull();
    expect(renderAsset({ ...row, variants: 0 }, 'hunpu')).toBeNull();
    expect(renderAsset({ ...row, variants: 0 }, 'v1')).toBeNull();
  });
});

describe('spec filter truncation (core.md §7)', () => {
  const options = (n: number): FilterOption[] => Array.from({ length: n }, (_, i) => ({ value: `${i}x${i}`, name: `${i}`, count: i + 1 }));

  it('keeps up to 11 entries as they are', () => {
    expect(truncateSpecs(options(0), 'more')).toEqual([]);
    expect(truncateSpecs(options(11), 'more')).toEqual(options(11));
  });

  it('shows 10 and a more entry holding the rest when there are more than 11', () => {
    const list = truncateSpecs(options(12), '更多');
    expect(list).toHaveLength(11);
    expect(list.slice(0, 10)).toEqual(options(12).slice(0, 10));
    expect(list[10]).toEqual({ value: 'more', name: '更多', count: 11 + 12, children: options(12).slice(10) });
  });
});

describe('pictures drawn on first request', () => {
  it('are drawn once into the local-disk store, concurrently requested or not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yfang-assets-'));
    const db = await createPgliteDb();
    try {
      await runMigrations(db);
      const texture = { pattern: 'terrazzo', seed: 5, base: '#ecebe6', accent: '#9b9890' };
      await db.query(`insert into catalogue_assets (base, texture, width_mm, height_mm) values ('catalogue/test/T-1', $1, 600, 300)`, [
        JSON.stringify(texture),
      ]);
      const storage = new LocalDiskStorage(dir);
      const results = await Promise.all(Array.from({ length: 5 }, () => ensureAsset(db, storage, 'catalogue/test/T-1.png')));
      expect(results).toEqual([true, true, true, true, true]);
      const stored = await storage.read('catalogue/test/T-1.png');
      expect(readPng(stored!)).toMatchObject({ width: 256, height: 128 });
      expect(await storage.stat('catalogue/test/T-1.png')).toMatchObject({ contentType: 'image/png', gzip: false });
      expect(await ensureAsset(db, storage, 'catalogue/test/T-1.thumb.png')).toBe(true);
      expect(readPng((await storage.read('catalogue/test/T-1.thumb.png'))!)).toMatchObject({ width: 100, height: 100 });
      // unknown items and variants are not drawn (and nothing is stored for them)
      expect(await ensureAsset(db, storage, 'catalogue/test/T-2.png')).toBe(false);
      expect(await ensureAsset(db, storage, 'catalogue/test/T-1.v1.png')).toBe(false);
      expect(await ensureAsset(db, storage, 'catalogue/test/T-1.gif')).toBe(false);
      expect(await storage.stat('catalogue/test/T-1.v1.png')).toBeNull();
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
