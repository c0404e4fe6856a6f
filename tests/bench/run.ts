// npm run bench [-- id ...] [--strict | --smoke]
// Runs every tests/bench/*.bench.ts (or the ones named), prints one table of
// name | value | unit | target | met, and writes the same rows to bench-results.json.
// Exit status: non-zero when a benchmark could not run; with --strict also when a target was missed.
// --smoke runs each benchmark on tiny sizes (npm test's bench step): it proves they all still run,
// its rows go to bench-results.smoke.json and its targets are not judged.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { closeBenchBrowser } from './browser';
import type { Benchmark, BenchRow } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function isBenchmark(v: unknown): v is Benchmark {
  return typeof v === 'object' && v !== null && typeof (v as Benchmark).id === 'string' && typeof (v as Benchmark).run === 'function';
}

async function loadBenchmarks(): Promise<Benchmark[]> {
  const files = fs.readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort();
  const out: Benchmark[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(here, f)).href)) as { default?: unknown };
    if (!isBenchmark(mod.default)) throw new Error(`${f} must export default a Benchmark ({ id, title, run })`);
    out.push(mod.default);
  }
  return out;
}

function formatValue(v: number): string {
  return Number.isFinite(v) ? String(v) : 'n/a';
}

function printTable(rows: readonly BenchRow[]): void {
  const cells = rows.map((r) => [r.name, formatValue(r.value), r.unit, r.target || '-', r.met === null ? '-' : r.met ? 'yes' : 'NO']);
  const head = ['name', 'value', 'unit', 'target', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]): string => c.map((x, i) => (i === 1 ? x.padStart(widths[i]!) : x.padEnd(widths[i]!))).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const smoke = args.includes('--smoke');
  const unknownFlags = args.filter((a) => a.startsWith('--') && a !== '--strict' && a !== '--smoke');
  if (unknownFlags.length > 0 || (strict && smoke)) {
    console.error(`Usage: npm run bench [-- id ...] [--strict | --smoke] (got ${args.join(' ')})`);
    process.exit(2);
  }
  const wanted = args.filter((a) => !a.startsWith('--'));
  const all = await loadBenchmarks();
  const unknown = wanted.filter((w) => !all.some((b) => b.id === w));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${all.map((b) => b.id).join(', ')}`);
    process.exit(2);
  }
  const selected = wanted.length > 0 ? all.filter((b) => wanted.includes(b.id)) : all;

  const rows: BenchRow[] = [];
  let broken = 0;
  const started = Date.now();
  if (smoke) console.log('Smoke run: every benchmark on tiny sizes, to show that it runs; the figures mean nothing.');
  for (const bench of selected) {
    console.log(`\n▶ ${bench.id}: ${bench.title}${smoke ? ' [smoke]' : ''}`);
    const t0 = Date.now();
    try {
      const got = await bench.run({ smoke });
      if (got.length === 0) throw new Error('it returned no rows');
      rows.push(...got);
      console.log(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } catch (e) {
      broken++;
      const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
      console.error(`  ${bench.id} failed: ${message}`);
      rows.push({ name: `${bench.id} (did not run)`, value: Number.NaN, unit: '', target: 'runs', met: false });
    }
  }
  await closeBenchBrowser();

  console.log('');
  printTable(rows);
  console.log(`\n${selected.length - broken} of ${selected.length} benchmarks ran in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // A smoke run leaves the last full run's figures where they are.
  const resultsFile = path.join(root, smoke ? 'bench-results.smoke.json' : 'bench-results.json');
  // NaN is not JSON: a benchmark that did not run is recorded with value null.
  fs.writeFileSync(resultsFile, `${JSON.stringify(rows.map((r) => ({ ...r, value: Number.isFinite(r.value) ? r.value : null })), null, 2)}\n`);
  console.log(`\nwrote ${path.relative(root, resultsFile)}`);

  const missed = rows.filter((r) => r.met === false).length;
  if (broken > 0 || (strict && missed > 0)) process.exitCode = 1;
}

await main();
