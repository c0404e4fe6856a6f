// Checks the production build (dist/) for two promises of the architecture: three.js stays in the
// kernel worker (the main thread never downloads or parses it), and the shipped JS runs on Chrome 80.
// Run after `vite build` (npm test does). BUILD_OUT_DIR points it at another build folder.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigFromFile } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { crawl, htmlEntries, listJs, moduleRefs, newerThanChrome80, type Graph } from './dist-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.resolve(process.env.BUILD_OUT_DIR ?? path.join(root, 'dist'));

// Strings that survive minification in three.js' bundle: the global registration every copy of
// three performs, WebGLRenderer's log prefix, and a duck-typing flag read all over the renderer.
const THREE_MARKERS = ['__THREE__', 'WebGLRenderer:', 'isBufferGeometry'] as const;

// A namespace URL exceljs writes into every workbook: survives minification in its bundle.
const EXCELJS_MARKER = 'schemas.openxmlformats.org/spreadsheetml/2006/main';

const rel = (p: string): string => path.relative(distDir, p);
const read = (p: string): string => fs.readFileSync(p, 'utf8');

let mainThread: Graph;
let worker: Graph;
/** render.html: the headless renderer's page (server/render/headless.ts), no user ever loads it */
let renderPage: Graph;

beforeAll(() => {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: run \`npm run build\` first`);
  const entries = htmlEntries(distDir, read(index));
  if (entries.length === 0) throw new Error('dist/index.html loads no module script');
  mainThread = crawl(distDir, entries);
  worker = crawl(distDir, [...mainThread.urlRefs].filter((p) => /\.m?js$/.test(p)));
  const render = path.join(distDir, 'render.html');
  renderPage = fs.existsSync(render) ? crawl(distDir, htmlEntries(distDir, read(render))) : { files: new Set(), urlRefs: new Set() };
  // parsing every chunk (pdf.js and three.js among them) takes seconds on a busy machine
}, 120_000);

describe('main thread vs kernel worker', () => {
  it('the page loads its entry chunk and the lazy route chunks', () => {
    expect(mainThread.files.size).toBeGreaterThan(0);
    for (const f of mainThread.files) expect(fs.existsSync(f), rel(f)).toBe(true);
  });

  it('a worker chunk exists, is started with new URL(..., import.meta.url) and is not imported by the page', () => {
    const workerEntries = [...mainThread.urlRefs].filter((p) => /\.m?js$/.test(p));
    expect(workerEntries.map(rel), 'no JS referenced through new URL(..., import.meta.url)').not.toHaveLength(0);
    for (const f of workerEntries) {
      expect(fs.existsSync(f), `${rel(f)} is referenced but missing`).toBe(true);
      expect(mainThread.files.has(f), `${rel(f)} is also imported on the main thread`).toBe(false);
    }
    const starter = [...mainThread.files].some((f) => /new Worker\(/.test(read(f)));
    expect(starter, 'no `new Worker(` in the main-thread chunks').toBe(true);
  });

  it('every built JS file is accounted for: loaded by the page, by a worker, or by the headless render page', () => {
    // A chunk reached in a way this crawler does not know would escape the three.js check.
    expect(renderPage.files.size, 'dist/render.html loads no module script').toBeGreaterThan(0);
    const renderWorkers = crawl(distDir, [...renderPage.urlRefs].filter((p) => /\.m?js$/.test(p)));
    const reached = (f: string) => mainThread.files.has(f) || worker.files.has(f) || renderPage.files.has(f) || renderWorkers.files.has(f);
    const orphans = listJs(distDir).filter((f) => !reached(f));
    expect(orphans.map(rel)).toEqual([]);
  });

  it('the three.js markers are in the worker bundle (so their absence elsewhere means something)', () => {
    const workerCode = [...worker.files].map(read).join('\n');
    for (const marker of THREE_MARKERS) expect(workerCode.includes(marker), `worker lacks ${marker}`).toBe(true);
  });

  it('no file the main thread loads contains three.js', () => {
    const offenders: string[] = [];
    for (const f of mainThread.files) {
      const code = read(f);
      for (const marker of THREE_MARKERS) if (code.includes(marker)) offenders.push(`${rel(f)} contains ${marker}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('heavy libraries load lazily', () => {
  it('exceljs is not in what the page loads at start (only the cabinet-table export imports it, dynamically)', () => {
    const index = path.join(distDir, 'index.html');
    const atStart = crawl(distDir, htmlEntries(distDir, read(index)), { staticOnly: true });
    expect(atStart.files.size).toBeGreaterThan(0);
    const offenders = [...atStart.files].filter((f) => read(f).includes(EXCELJS_MARKER)).map(rel);
    expect(offenders).toEqual([]);
    // Where the build holds exceljs at all (once a screen offers the export), the page reaches it
    // lazily: it must be among the page's files, just not the start ones.
    const withExcel = [...mainThread.files].filter((f) => read(f).includes(EXCELJS_MARKER));
    for (const f of withExcel) expect(atStart.files.has(f), rel(f)).toBe(false);
  });

  it('the region table (province / city picker) is a chunk of its own, fetched when a picker opens', () => {
    const index = path.join(distDir, 'index.html');
    const atStart = crawl(distDir, htmlEntries(distDir, read(index)), { staticOnly: true });
    // 440300 深圳市: a row only the region table has.
    const marker = '深圳市';
    const withRegions = [...mainThread.files].filter((f) => read(f).includes(marker));
    expect(withRegions.length).toBeGreaterThan(0);
    for (const f of withRegions) expect(atStart.files.has(f), rel(f)).toBe(false);
  });

  it('the static-only crawl stops at dynamic import()', () => {
    const refs = moduleRefs('x.js', 'import{a}from"./a.js";export*from"./b.js";const c=()=>import(`./c.js`);');
    expect(refs.staticImports).toEqual(['./a.js', './b.js']);
    expect(refs.imports).toEqual(['./a.js', './b.js', './c.js']);
    // a worker started by address is handed elsewhere, not loaded here
    const started = moduleRefs('y.js', 'function w(e){return new Worker(`/assets/w.js`,{type:`module`})}const u=new URL("./k.js",import.meta.url);');
    expect(started.urls).toEqual(['/assets/w.js', './k.js']);
    expect(started.imports).toEqual([]);
  });
});

describe('Chrome 80 target', () => {
  it('vite builds for chrome80 (or older)', async () => {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'vite.config.ts'), root, 'silent');
    const target = loaded?.config.build?.target;
    const targets = (Array.isArray(target) ? target : [target]).map(String);
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets) {
      const chrome = /^chrome(\d+)/.exec(t);
      const es = /^es(\d{4})$/.exec(t);
      const ok = (chrome !== null && Number(chrome[1]) <= 80) || (es !== null && Number(es[1]) <= 2020);
      expect(ok, `build.target ${t} is newer than Chrome 80`).toBe(true);
    }
  });

  it('no shipped JS (main thread or worker) uses syntax newer than Chrome 80', () => {
    const findings: string[] = [];
    for (const f of listJs(distDir)) {
      for (const x of newerThanChrome80(f, read(f))) findings.push(`${rel(f)}@${x.at}: ${x.feature}: …${x.snippet}…`);
    }
    expect(findings).toEqual([]);
  });

  it('the syntax detector flags what Chrome 80 cannot parse and passes what it can', () => {
    const bad: Record<string, string> = {
      'a ||= b': 'logical assignment',
      'a &&= b': 'logical assignment',
      'a ??= b': 'logical assignment',
      'class A { static { init(); } }': 'class static block',
      'class A { #m() {} }': 'private method',
      'class A { #x; static has(o) { return #x in o; } }': '#field in obj',
      'await load();': 'top-level await',
      'const r = /a/d;': 'regular expression flag',
      "import j from './j.json' with { type: 'json' };": 'import attributes',
      'const x = 1; export { x as "y z" };': 'string export names',
    };
    for (const [code, feature] of Object.entries(bad)) {
      expect(newerThanChrome80('bad.js', code).map((f) => f.feature).join('; '), code).toContain(feature);
    }
    const fine = [
      'const a = o?.b ?? c; const n = 1_000;',
      'class A { x = 1; #y = 2; static z = 3; get y() { return this.#y; } }',
      'async function f() { await g(); for await (const x of y) h(x); }',
      'const r = /a/gimsuy; export { r as s }; const w = new Worker(new URL(`w.js`, import.meta.url));',
    ];
    for (const code of fine) expect(newerThanChrome80('fine.js', code), code).toEqual([]);
  });
});
