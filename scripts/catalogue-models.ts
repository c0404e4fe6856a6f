// npm run catalogue:models -- --out DIR
// Writes the generated furniture catalogue: for each model <model_id>.glb, <model_id>.low.glb and
// <model_id>.png (its cover), and manifest.json with every row (urls relative to DIR). Prints the
// count, the bytes and the time taken.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildModel, furnitureDefs, type ModelRow } from '../server/catalogues/furniture/catalogue';

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
    rows.push({ ...b.row, gltf_url: `${id}.glb`, low_gltf_url: `${id}.low.glb`, cover_url: `${id}.png` });
  }
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({ models: rows }, null, 1));
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${rows.length} models in ${seconds} s: GLB ${mb(glbBytes)} MiB (low ${mb(lowBytes)} MiB), covers ${mb(coverBytes)} MiB -> ${out}`,
  );
}

await main();
