// Inserts the catalogue of catalogue-data.ts where it is missing. Rows only: the pictures are drawn
// on first request (assets.ts), so this takes a few statements however large the catalogue is.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import { assetUrl, FILES_URL_PREFIX } from './assets';
import {
  BRANDS,
  modelRoomSeeds,
  PAVING_CATEGORIES,
  pavingSeeds,
  privateTileSeeds,
  publicTileSeeds,
  type TileSeed,
} from './catalogue-data';
import { modelRoomCoverKey } from './model-room-covers';
import { modelRoomSceneKey } from './model-room-scenes';
import { seedMaterials } from './materials/materials';
import { seedModels } from './seed-models';

export interface CatalogueSeedReport {
  tilesAdded: number;
  pavingsAdded: number;
  modelRoomsAdded: number;
}

const PRIVATE_BRANDS = [
  { name: '云方企业库', initial: 'Y' },
  { name: '创米自营', initial: 'C' },
];

interface AssetInsert {
  base: string;
  texture: unknown;
  width_mm: number;
  height_mm: number;
  variants: number;
}

async function insertAssets(db: Db, assets: readonly AssetInsert[]): Promise<void> {
  if (assets.length === 0) return;
  await db.query(
    `insert into catalogue_assets (base, texture, width_mm, height_mm, variants)
     select base, texture, width_mm, height_mm, variants
       from jsonb_to_recordset($1::jsonb) as x(base text, texture jsonb, width_mm int, height_mm int, variants int)
     on conflict (base) do nothing`,
    [JSON.stringify(assets)],
  );
}

function tileRow(t: TileSeed, base: string, owner: string | null, position: number) {
  const variants = Array.from({ length: t.variants }, (_, i) => assetUrl(base, `v${i + 1}`));
  return {
    code: t.code,
    old_id: t.oldId,
    name: t.name,
    type: t.type,
    genre: t.genre,
    brand: t.brand,
    series: t.series,
    spec: t.spec,
    width_mm: t.widthMm,
    height_mm: t.heightMm,
    sku: t.sku,
    price: t.price,
    mode: t.mode,
    image: assetUrl(base),
    image_big: assetUrl(base, 'big'),
    cover_url: assetUrl(base, 'thumb'),
    hunpu_pics: variants,
    image_hunpu: t.variants > 0 ? assetUrl(base, 'hunpu') : '',
    owner_project: owner,
    asset_base: base,
    position,
  };
}

async function insertTiles(db: Db, rows: readonly ReturnType<typeof tileRow>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await db.query(
    `insert into tiles (code, old_id, name, type, genre, brand, series, spec, width_mm, height_mm, sku, price, mode,
       image, image_big, cover_url, hunpu_pics, image_hunpu, owner_project, asset_base, position)
     select code, old_id, name, type, genre, brand, series, spec, width_mm, height_mm, sku, price, mode,
       image, image_big, cover_url, hunpu_pics, image_hunpu, owner_project, asset_base, position
       from jsonb_to_recordset($1::jsonb) as x(code text, old_id int, name text, type smallint, genre text, brand text,
         series text, spec text, width_mm int, height_mm int, sku text, price numeric, mode text, image text,
         image_big text, cover_url text, hunpu_pics jsonb, image_hunpu text, owner_project text, asset_base text,
         position int)
     order by position
     on conflict do nothing
     returning id`,
    [JSON.stringify(rows)],
  );
  return added.length;
}

async function seedTiles(db: Db): Promise<number> {
  await db.query(
    `insert into tile_brands (name, initial, position)
     select name, initial, position from jsonb_to_recordset($1::jsonb) as x(name text, initial text, position int)
     on conflict (name) do nothing`,
    [JSON.stringify([...BRANDS, ...PRIVATE_BRANDS].map((b, position) => ({ name: b.name, initial: b.initial, position })))],
  );

  const publicTiles = publicTileSeeds();
  const publicBase = (t: TileSeed) => `catalogue/tiles/${t.code}`;
  await insertAssets(
    db,
    publicTiles.map((t) => ({ base: publicBase(t), texture: t.texture, width_mm: t.widthMm, height_mm: t.heightMm, variants: t.variants })),
  );
  let added = await insertTiles(db, publicTiles.map((t, i) => tileRow(t, publicBase(t), null, i)));

  // Private pictures live under an unguessable folder: <img> cannot send a bearer token, so the
  // URL itself is the capability, and another project cannot find them by trying codes.
  const existing = await db.query<{ owner_project: string; code: string }>(
    'select owner_project, code from tiles where owner_project is not null',
  );
  const have = new Set(existing.map((r) => `${r.owner_project}\u0000${r.code}`));
  const missing = privateTileSeeds().filter((t) => !have.has(`${t.project}\u0000${t.code}`));
  const bases = missing.map((t) => `catalogue/private/${randomBytes(16).toString('hex')}/${t.code}`);
  await insertAssets(
    db,
    missing.map((t, i) => ({ base: bases[i]!, texture: t.texture, width_mm: t.widthMm, height_mm: t.heightMm, variants: 0 })),
  );
  added += await insertTiles(db, missing.map((t, i) => tileRow(t, bases[i]!, t.project, 10_000 + i)));
  return added;
}

async function seedPavings(db: Db): Promise<number> {
  await db.query(
    `insert into paving_categories (id, parent_id, kind, name, position)
     select id, parent_id, kind, name, position
       from jsonb_to_recordset($1::jsonb) as x(id int, parent_id int, kind text, name text, position int)
     on conflict (id) do nothing`,
    [JSON.stringify(PAVING_CATEGORIES.map((c, position) => ({ id: c.id, parent_id: c.parentId, kind: c.kind, name: c.name, position })))],
  );
  const seeds = pavingSeeds(publicTileSeeds());
  const baseOf = (code: string, kind: string) => `catalogue/${kind === 'paving' ? 'pavings' : 'waterjets'}/${code}`;
  await insertAssets(
    db,
    seeds.map((p) => ({ base: baseOf(p.code, p.kind), texture: p.texture, width_mm: p.widthMm, height_mm: p.heightMm, variants: 0 })),
  );
  const rows = seeds.map((p, position) => {
    const base = baseOf(p.code, p.kind);
    return {
      kind: p.kind,
      code: p.code,
      name: p.name,
      category_id: p.categoryId,
      brand: p.brand,
      spec: p.spec,
      width_mm: p.widthMm,
      height_mm: p.heightMm,
      mode: p.mode,
      price: p.price,
      sku: p.sku,
      image: assetUrl(base),
      image_big: assetUrl(base, 'big'),
      cover_url: assetUrl(base, 'thumb'),
      tiles: p.tiles,
      asset_base: base,
      position,
    };
  });
  const added = await db.query(
    `insert into pavings (kind, code, name, category_id, brand, spec, width_mm, height_mm, mode, price, sku, image,
       image_big, cover_url, tiles, asset_base, position)
     select kind, code, name, category_id, brand, spec, width_mm, height_mm, mode, price, sku, image, image_big,
       cover_url, tiles, asset_base, position
       from jsonb_to_recordset($1::jsonb) as x(kind text, code text, name text, category_id int, brand text, spec text,
         width_mm int, height_mm int, mode text, price numeric, sku text, image text, image_big text, cover_url text,
         tiles jsonb, asset_base text, position int)
     order by position
     on conflict do nothing
     returning id`,
    [JSON.stringify(rows)],
  );
  return added.length;
}

async function seedModelRooms(db: Db): Promise<number> {
  const seeds = modelRoomSeeds();
  const baseOf = (key: string) => `catalogue/model-rooms/${key}`;
  await insertAssets(
    db,
    seeds.map((r) => ({ base: baseOf(r.key), texture: r.texture, width_mm: 4000, height_mm: 3000, variants: 0 })),
  );
  // created_at spreads over past days so that "newest first" has a visible order
  const rows = seeds.map((r, i) => ({
    seed_key: r.key,
    project_code: r.project,
    owner_account: r.ownerAccount,
    is_public: r.isPublic,
    name: r.name,
    room_type: r.roomType,
    style: r.style,
    area: r.area,
    viewed_count: r.viewedCount,
    // the plan that opens, with its furniture (model-room-covers.ts)
    cover_url: FILES_URL_PREFIX + modelRoomCoverKey(r.key),
    asset_base: baseOf(r.key),
    // the committed scene file (model-room-scenes.ts), served under /files/catalogue/
    scene_file: FILES_URL_PREFIX + modelRoomSceneKey(r.key),
    room: { roomType: r.roomType, roomName: r.name, area: r.area },
    age_days: seeds.length - i,
  }));
  const added = await db.query(
    `insert into model_rooms (seed_key, project_code, owner_user_id, is_public, name, room_type, style, area,
       viewed_count, cover_url, asset_base, scene_file, room, created_at, updated_at)
     select x.seed_key, x.project_code, u.id, x.is_public, x.name, x.room_type, x.style, x.area, x.viewed_count,
       x.cover_url, x.asset_base, x.scene_file, x.room, now() - x.age_days * interval '1 day', now() - x.age_days * interval '1 day'
       from jsonb_to_recordset($1::jsonb) as x(seed_key text, project_code text, owner_account text, is_public boolean,
         name text, room_type int, style text, area numeric, viewed_count int, cover_url text, asset_base text,
         scene_file text, room jsonb, age_days int)
       join projects p on p.code = x.project_code
       left join users u on u.project_code = x.project_code and u.account = x.owner_account
     order by x.age_days desc
     on conflict (seed_key) do nothing
     returning id`,
    [JSON.stringify(rows)],
  );
  // Sample rooms seeded before they had scene files get theirs; one whose owner has set a file
  // keeps it. updated_at stays: the owner did not change the sample room.
  await db.query(
    `update model_rooms m set scene_file = x.scene_file
       from jsonb_to_recordset($1::jsonb) as x(seed_key text, scene_file text)
      where m.seed_key = x.seed_key and m.scene_file = ''`,
    [JSON.stringify(rows.map((r) => ({ seed_key: r.seed_key, scene_file: r.scene_file })))],
  );
  // Sample rooms seeded with the old abstract picture as their cover get their plan; a cover the
  // owner has set stays.
  await db.query(
    `update model_rooms m set cover_url = x.cover_url
       from jsonb_to_recordset($1::jsonb) as x(seed_key text, old_cover text, cover_url text)
      where m.seed_key = x.seed_key and m.cover_url = x.old_cover`,
    [JSON.stringify(rows.map((r) => ({ seed_key: r.seed_key, old_cover: assetUrl(r.asset_base), cover_url: r.cover_url })))],
  );
  return added.length;
}

/** Adds whatever part of the catalogue is missing; safe to run at every start. */
export async function seedCatalogue(db: Db): Promise<CatalogueSeedReport> {
  return db.transaction(async (tx) => {
    const report = {
      tilesAdded: await seedTiles(tx),
      pavingsAdded: await seedPavings(tx),
      modelRoomsAdded: await seedModelRooms(tx),
    };
    // the furniture models report on their own (seedModels answers its count)
    await seedModels(tx);
    await seedMaterials(tx);
    return report;
  });
}
