// api/material.ts against the real server (PGlite): each call reaches its route with the
// parameters the server expects, and the answers have the typed shape.
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../api/errors';
import {
  deleteFavorMaterials,
  favorMaterial,
  getMaterial,
  getMaterialFilters,
  getMaterialHistory,
  listMaterials,
  MATERIAL_CATEGORIES,
  MATERIAL_PAGE_SIZE,
  recordMaterialUse,
  uploadMaterial,
  type CatalogueMaterial,
} from '../../api/material';
import { encodePng } from '../../server/catalogues/png';
import { backends } from './helpers';
import { designerClientFixture } from './catalogue-helpers';

const pglite = backends().find((b) => b.name === 'pglite')!;

/** Every field of CatalogueMaterial (but History's used_at): a field the server drops or renames fails here. */
const KEYS: readonly (keyof CatalogueMaterial)[] = [
  'id', 'material_id', 'version', 'name', 'name_en', 'category', 'colour', 'roughness', 'metalness', 'opacity', 'tile_mm',
  'map_url', 'normal_url', 'ball_url', 'cover_url', 'library', 'favor',
];

describe('api/material.ts against the server', () => {
  const fixture = designerClientFixture(pglite);

  it('lists, searches, filters and pages with the typed parameters', async () => {
    const page = await listMaterials(fixture.client());
    expect(page.per_page).toBe(MATERIAL_PAGE_SIZE);
    expect(page.data).toHaveLength(MATERIAL_PAGE_SIZE);
    expect(Object.keys(page.data[0]!).sort()).toEqual([...KEYS].sort());
    const metals = await getMaterialFilters(fixture.client(), { category: 'metal', keyword: 'brushed' });
    expect(metals.data.length).toBeGreaterThan(0);
    expect(metals.data.every((m) => m.category === 'metal' && m.metalness === 1)).toBe(true);
    expect(metals.filters.category.map((f) => f.value).every((v) => (MATERIAL_CATEGORIES as readonly string[]).includes(v))).toBe(true);
    const second = await listMaterials(fixture.client(), { page: 2, pageSize: 5 });
    expect(second.data[0]!.id).toBe(page.data[5]!.id);
  });

  it('favours, records use and uploads', async () => {
    const [first] = (await listMaterials(fixture.client())).data;
    await favorMaterial(fixture.client(), first!.id);
    expect((await getMaterial(fixture.client(), first!.id)).favor).toBe(1);
    expect((await deleteFavorMaterials(fixture.client(), [first!.id])).deleted).toEqual([first!.id]);
    await recordMaterialUse(fixture.client(), first!.id);
    expect((await getMaterialHistory(fixture.client())).data[0]!.id).toBe(first!.id);
    const made = await uploadMaterial(fixture.client(), {
      file: new Blob([new Uint8Array(encodePng(32, 32, new Uint8Array(32 * 32 * 3).fill(200)))], { type: 'image/png' }),
      name: 'Mine',
      tileMm: 500,
    });
    expect(made).toMatchObject({ name: 'Mine', library: 'personal', tile_mm: 500 });
    const refused = await uploadMaterial(fixture.client(), { file: new Blob(['GIF89a']), name: 'x' }).catch((e: unknown) => e);
    expect(isApiError(refused)).toBe(true);
  });
});
