// Inserts the furniture catalogue (furniture/catalogue.ts modelRows) where it is missing: the public
// library and a few brand models per demo tenant. Rows only, like the tiles: the files are drawn on
// first request (model-files.ts). A data folder made before the catalogue existed gets it at its
// next start, since seeding runs at every start and only adds what is missing; when nothing is
// missing the generators are not run at all.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import type { ModelRow } from './furniture/catalogue';
import { privateModelFileBase, publicModelFileBase } from './model-files';
import type { ModelColumns } from './models';

/** Brand models of the demo tenants: copies of public models under the tenant's brand and id prefix. */
export const BRAND_MODEL_SEEDS: readonly { project: string; brand: string; prefix: string; classes: readonly string[] }[] = [
  { project: 'yfang_corp', brand: '云方企业库', prefix: 'yfc', classes: ['sofa', 'bed', 'dining-table', 'wardrobe'] },
  { project: 'chuangmi', brand: '创米自营', prefix: 'cmz', classes: ['sofa', 'armchair', 'desk'] },
];

// The generators are loaded only by a seeding start (a quarter of a second of module loading that
// a server started with SEED_DEMO=0, or serving requests, does not pay).
const generators = () => import('./furniture/catalogue');

let rowsCache: ModelRow[] | null = null;
/** modelRows runs every generator (about half a second); a process seeds many databases in tests. */
async function catalogueRows(): Promise<ModelRow[]> {
  rowsCache ??= (await generators()).modelRows();
  return rowsCache;
}

/** One catalogue_models row to insert (the generator's row under an owner) with its plan symbol. */
export interface ModelInsert extends ModelColumns {
  plan: unknown;
  generator: string;
  position: number;
}

function insertRow(r: ModelRow, modelId: string, fileBase: string, owner: string | null, brand: string, position: number): ModelInsert {
  return {
    model_id: modelId,
    model_version: r.modelVersion,
    name: r.name,
    name_en: r.name_en,
    category1: r.category1,
    category2: r.category2,
    category3: r.category3,
    category4: r.category4,
    category_en: r.category_en,
    type: r.type,
    class: r.class,
    sizex: r.sizex,
    sizey: r.sizey,
    sizez: r.sizez,
    style: r.style,
    style_en: r.style_en,
    resizable: r.resizable,
    price_type: r.price_type,
    price: r.price,
    brand,
    model_type_name: r.model_type_name,
    is_use_low_gltf: r.isUseLowGltf,
    plan: r.plan,
    triangles: r.triangles,
    low_triangles: r.lowTriangles,
    generator: r.model_id,
    file_base: fileBase,
    owner_project: owner,
    position,
  };
}

/** Inserts `rows`; those already there (same owner and model_id) are left alone. Answers how many were added. */
export async function insertModels(db: Db, rows: readonly ModelInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await db.query<{ id: number; file_base: string }>(
    `insert into catalogue_models (model_id, model_version, name, name_en, category1, category2, category3, category4,
       category_en, type, class, sizex, sizey, sizez, style, style_en, resizable, price_type, price, brand,
       model_type_name, is_use_low_gltf, triangles, low_triangles, generator, file_base, owner_project, position)
     select x.model_id, x.model_version, x.name, x.name_en, x.category1, x.category2, x.category3, x.category4,
       x.category_en, x.type, x.class, x.sizex, x.sizey, x.sizez, x.style, x.style_en, x.resizable, x.price_type,
       x.price, x.brand, x.model_type_name, x.is_use_low_gltf, x.triangles, x.low_triangles, x.generator,
       x.file_base, x.owner_project, x.position
       from jsonb_to_recordset($1::jsonb) as x(model_id text, model_version int, name text, name_en text,
         category1 text, category2 text, category3 text, category4 text, category_en jsonb, type text, class text,
         sizex int, sizey int, sizez int, style text, style_en text, resizable boolean, price_type smallint,
         price numeric, brand text, model_type_name text, is_use_low_gltf boolean, triangles int,
         low_triangles int, generator text, file_base text, owner_project text, position int)
       where x.owner_project is null or exists (select 1 from projects p where p.code = x.owner_project)
     order by x.position
     on conflict do nothing
     returning id, file_base`,
    [JSON.stringify(rows.map(({ plan: _plan, ...row }) => row))],
  );
  if (added.length > 0) {
    const planOf = new Map(rows.map((r) => [r.file_base, r.plan]));
    await db.query(
      `insert into catalogue_model_plans (model_id, plan)
       select x.id, x.plan from jsonb_to_recordset($1::jsonb) as x(id int, plan jsonb)`,
      [JSON.stringify(added.map((a) => ({ id: a.id, plan: planOf.get(a.file_base) })))],
    );
  }
  return added.length;
}

/** Adds the missing public and brand models; safe to run at every start. */
export async function seedModels(db: Db): Promise<number> {
  const existing = await db.query<{ owner: string; model_id: string }>(
    `select coalesce(owner_project, '') as owner, model_id from catalogue_models where owner_user_id is null`,
  );
  const have = new Set(existing.map((r) => `${r.owner}\u0000${r.model_id}`));
  const publicIds = (await generators()).furnitureDefs().map((d) => `yf-${d.key}`);
  const publicMissing = publicIds.some((id) => !have.has(`\u0000${id}`));
  const brandPrefixesMissing = BRAND_MODEL_SEEDS.some((b) => !existing.some((r) => r.owner === b.project));
  if (!publicMissing && !brandPrefixesMissing) return 0;

  const rows = await catalogueRows();
  const inserts: ModelInsert[] = rows
    .map((r, i) => insertRow(r, r.model_id, publicModelFileBase(r.model_id, r.modelVersion), null, r.brand, i))
    .filter((r) => !have.has(`\u0000${r.model_id}`));
  for (const [k, b] of BRAND_MODEL_SEEDS.entries()) {
    const picks = b.classes.map((cls) => rows.find((r) => r.class === cls)).filter((r): r is ModelRow => r !== undefined);
    for (const [i, r] of picks.entries()) {
      const modelId = `${b.prefix}-${r.model_id}`;
      if (have.has(`${b.project}\u0000${modelId}`)) continue;
      const base = privateModelFileBase(randomBytes(16).toString('hex'), modelId, r.modelVersion);
      inserts.push(insertRow(r, modelId, base, b.project, b.brand, 10_000 + k * 100 + i));
    }
  }
  return insertModels(db, inserts);
}
