// Furniture catalogue search over 10,000 models, through the HTTP API in-process: the real app
// (createApp: routing, session check, query validation, the SQL, the JSON envelope) driven with
// app.request, no socket, on PGlite (the default database) and on a throwaway PostgreSQL cluster
// (pg-cluster.ts) where its binaries are installed. The catalogue is the seeded one (234
// generated models) plus variants of it (other sizes, brands and styles) up to 10,000 rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { createPgliteDb } from '../../server/db/pglite';
import { createPostgresDb } from '../../server/db/postgres';
import { runMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { silentLogger } from '../../server/logger';
import { seedDemoData } from '../../server/seed';
import { insertModels, type ModelInsert } from '../../server/catalogues/seed-models';
import { publicModelFileBase } from '../../server/catalogues/model-files';
import { quantile, round } from './stats';
import { findPgBin } from '../server/pg-harness';
import { startDurableCluster } from './pg-cluster';
import type { Benchmark, BenchRow } from './types';

const FULL_MODELS = 10_000;
const SMOKE_MODELS = 500;
const TARGET_P99_MS = 50;

const BRANDS = ['云方家居', '北欧橡木', '匠心定制', '森木家具', '澜庭软装', '木语', '简居', '栖木'];
const STYLES: readonly [string, string][] = [
  ['现代', 'Modern'], ['北欧', 'Nordic'], ['轻奢', 'Light luxury'], ['新中式', 'New Chinese'], ['日式', 'Japanese'], ['美式', 'American'],
];

/** Fills the catalogue up to `total` public rows with variants of the seeded ones. */
async function fillCatalogue(db: Db, total: number): Promise<void> {
  const seeded = await db.query<ModelInsert>(
    `select m.model_id, m.model_version, m.name, m.name_en, m.category1, m.category2, m.category3, m.category4,
       m.category_en, m.type, m.class, m.sizex, m.sizey, m.sizez, m.style, m.style_en, m.resizable, m.price_type,
       m.price::float8 as price, m.brand, m.model_type_name, m.is_use_low_gltf, p.plan, m.triangles, m.low_triangles,
       m.generator, m.file_base, m.owner_project, m.position
       from catalogue_models m join catalogue_model_plans p on p.model_id = m.id
      where m.owner_project is null order by m.position`,
  );
  const rows: ModelInsert[] = [];
  for (let i = 0; seeded.length + rows.length < total; i++) {
    const base = seeded[i % seeded.length]!;
    const k = Math.floor(i / seeded.length) + 1;
    const scale = 0.8 + ((i * 37) % 41) / 100;
    const [style, styleEn] = STYLES[(i + k) % STYLES.length]!;
    const modelId = `${base.model_id.slice(0, 56)}-v${k}`;
    rows.push({
      ...base,
      model_id: modelId,
      name: `${base.name} ${k}号`,
      name_en: `${base.name_en} no. ${k}`,
      sizex: Math.max(1, Math.round(base.sizex * scale)),
      sizey: Math.max(1, Math.round(base.sizey * scale)),
      style,
      style_en: styleEn,
      brand: BRANDS[(i * 7 + k) % BRANDS.length]!,
      file_base: publicModelFileBase(modelId, base.model_version),
      position: seeded.length + rows.length,
    });
  }
  // in slices: one statement with 10,000 rows of JSON is more than PGlite needs at once
  for (let i = 0; i < rows.length; i += 2000) await insertModels(db, rows.slice(i, i + 2000));
}

/** The searches a designer makes in the catalogue panel: words in both languages, filters, sizes, later pages. */
function queries(): Record<string, string>[] {
  return [
    { keyword: '沙发' },
    { keyword: 'sofa' },
    { keyword: 'sofa grey' },
    { keyword: '床', style: '北欧' },
    { keyword: 'lamp', type: 'ceiling' },
    { category1: '家具', category2: '沙发' },
    { category1: '家具', style: '现代', page: '3' },
    { brand: '北欧橡木', sizex_min: '1200', sizex_max: '2000' },
    { sizez_max: '800', sizey_min: '400' },
    { keyword: 'oak table', sizex_min: '1000' },
    { keyword: '不存在的家具' },
    { page: '40' },
  ];
}

interface Measured {
  models: number;
  search: number[];
  cpu: number[];
  filters: number[];
}

async function measure(db: Db, smoke: boolean, dataDir: string): Promise<Measured> {
  const total = smoke ? SMOKE_MODELS : FULL_MODELS;
  const rounds = smoke ? 2 : 40;
  await runMigrations(db);
  await seedDemoData(db);
  await fillCatalogue(db, total);
  const app = createApp({ db, config: defaultConfig({ distDir: '/nonexistent-dist', dataDir }), logger: silentLogger });
  const login = await app.request('/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'login', project: 'yfang', account: 'designer', password: 'Design@2026' }),
  });
  const token = ((await login.json()) as { retdata: { token: string } }).retdata.token;
  const headers = { Authorization: `Bearer ${token}` };
  const [count] = await db.query<{ n: number }>('select count(*)::int as n from catalogue_models');

  // CPU time of this process per call as well: with PGlite the database runs in it, so that is
  // all the work a search costs, which a loaded machine stretches into more wall time
  const cpu: number[] = [];
  const call = async (action: string, q: Record<string, string>): Promise<number> => {
    const qs = new URLSearchParams({ action, pageSize: '20', ...q }).toString();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await app.request(`/api/admin/model?${qs}`, { headers });
    const body = (await res.json()) as { retcode: number; retdata: { total: number } };
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (res.status !== 200 || body.retcode !== 0) throw new Error(`search ${qs} answered ${res.status}`);
    if (action === 'list') cpu.push((c.user + c.system) / 1000);
    return ms;
  };
  const qs = queries();
  for (const q of qs) await call('list', q); // warm-up: plans and caches
  cpu.length = 0;
  const search: number[] = [];
  const filters: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of qs) search.push(await call('list', q));
    if (r % 4 === 0) for (const q of qs.slice(0, 4)) filters.push(await call('filters', q));
  }
  return { models: count!.n, search, cpu, filters };
}

function rowsOf(label: string, m: Measured): BenchRow[] {
  const p99 = round(quantile(m.search, 0.99));
  return [
    { name: `${label}: models in the catalogue`, value: m.models, unit: 'count', target: '', met: null },
    { name: `${label}: search p50 (list, 20 a page)`, value: round(quantile(m.search, 0.5)), unit: 'ms', target: '', met: null },
    { name: `${label}: search p99 (list, 20 a page)`, value: p99, unit: 'ms', target: `< ${TARGET_P99_MS} ms`, met: p99 < TARGET_P99_MS },
    { name: `${label}: search CPU p50 (this process)`, value: round(quantile(m.cpu, 0.5)), unit: 'ms', target: '', met: null },
    { name: `${label}: search CPU p99 (this process)`, value: round(quantile(m.cpu, 0.99)), unit: 'ms', target: '', met: null },
    { name: `${label}: filters p50 (facets + page)`, value: round(quantile(m.filters, 0.5)), unit: 'ms', target: '', met: null },
    { name: `${label}: filters p99 (facets + page)`, value: round(quantile(m.filters, 0.99)), unit: 'ms', target: '', met: null },
  ];
}

const bench: Benchmark = {
  id: 'model-search',
  title: `furniture catalogue search over ${FULL_MODELS.toLocaleString('en')} models through the HTTP API in-process, on PGlite and PostgreSQL, p99`,
  async run({ smoke }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'model-search-bench-'));
    const rows: BenchRow[] = [];
    try {
      const lite = await createPgliteDb();
      try {
        rows.push(...rowsOf('PGlite', await measure(lite, smoke, dataDir)));
      } finally {
        await lite.close();
      }
      // PostgreSQL (the production database) where its binaries are installed, as the server benchmarks
      const bin = findPgBin();
      if (bin) {
        const cluster = await startDurableCluster(bin);
        try {
          const pgDb = await createPostgresDb({ connectionString: cluster.url, max: 4 });
          try {
            rows.push(...rowsOf('PostgreSQL', await measure(pgDb, smoke, dataDir)));
          } finally {
            await pgDb.close();
          }
        } finally {
          await cluster.stop();
        }
      }
      return rows;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default bench;
