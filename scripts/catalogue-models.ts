// npm run catalogue:models -- --out DIR
// Writes the generated furniture catalogue: for each model <model_id>.glb, <model_id>.low.glb and
// <model_id>.png (its cover), manifest.json with every row (urls relative to DIR) and
// contact-sheet.png (every cover in one picture, to judge the catalogue at a glance). Prints the
// count, the bytes and the time taken.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildModel, furnitureDefs, type ModelRow } from '../server/catalogues/furniture/catalogue';
import { encodePng } from '../server/catalogues/png';
import { downscale, type RgbImage } from '../server/catalogues/textures';

const SHEET_COLUMNS = 10;
const SHEET_CELL = 128;

function contactSheet(covers: readonly RgbImage[]): Uint8Array {
  const rows = Math.ceil(covers.length / SHEET_COLUMNS);
  const width = SHEET_COLUMNS * SHEET_CELL;
  const rgb = new Uint8Array(width * rows * SHEET_CELL * 3).fill(255);
  covers.forEach((cover, i) => {
    const small = downscale(cover, SHEET_CELL, SHEET_CELL);
    const ox = (i % SHEET_COLUMNS) * SHEET_CELL;
    const oy = Math.floor(i / SHEET_COLUMNS) * SHEET_CELL;
    for (let y = 0; y < SHEET_CELL; y++) rgb.set(small.rgb.subarray(y * SHEET_CELL * 3, (y + 1) * SHEET_CELL * 3), ((oy + y) * width + ox) * 3);
  });
  return encodePng(width, rows * SHEET_CELL, rgb);
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const out = argValue('--out');
  if (!out) {
    console.error('usage: npm run catalogue:models -- --out DIR');
    process.exit(2);
  }
  mkdirSync(out, { recursive: true });
  const started = performance.now();
  const defs = furnitureDefs();
  const rows: ModelRow[] = [];
  const covers: RgbImage[] = [];
  let glbBytes = 0, lowBytes = 0, coverBytes = 0;
  for (const [i, def] of defs.entries()) {
    const b = await buildModel(def, i + 1);
    const id = b.row.model_id;
    writeFileSync(path.join(out, `${id}.glb`), b.glb);
    writeFileSync(path.join(out, `${id}.low.glb`), b.lowGlb);
    writeFileSync(path.join(out, `${id}.png`), b.coverPng);
    glbBytes += b.glb.length;
    lowBytes += b.lowGlb.length;
    coverBytes += b.coverPng.length;
    covers.push(b.cover);
    rows.push({ ...b.row, gltf_url: `${id}.glb`, low_gltf_url: `${id}.low.glb`, cover_url: `${id}.png` });
  }
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ models: rows }, null, 1));
  writeFileSync(path.join(out, 'contact-sheet.png'), contactSheet(covers));
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${rows.length} models in ${seconds} s: GLB ${mb(glbBytes)} MiB (low ${mb(lowBytes)} MiB), covers ${mb(coverBytes)} MiB -> ${out}`,
  );
}

await main();
