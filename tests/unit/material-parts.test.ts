import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from '@lingui/core';
import type { CatalogueMaterial } from '../../api/material';
import { appliedOf, glbMaterialNames, partLabels } from '../../ui/workspace/materials/parts';
import { validateRecord } from '../../kernel-worker/document/validators';
import { modelFile, modelRows } from '../../server/catalogues/furniture/catalogue';

// The UI's side of part materials: a GLB's parts are its material names, read from the JSON
// chunk; each is labelled by its role (numbered when repeated); a library material becomes the
// AppliedMaterial a record validates with.

const zh = (d: MessageDescriptor) => d.message ?? d.id;

describe('model parts', () => {
  it('reads the material names of a generated sofa, the ones the kernel draws the parts with', async () => {
    const row = modelRows().find((r) => r.class === 'sofa')!;
    const glb = (await modelFile(row.model_id, 'glb'))!;
    const names = glbMaterialNames(glb.slice().buffer);
    expect(names.length).toBeGreaterThan(1);
    expect(names.some((n) => /^(fabric|leather)_/.test(n))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses what is not a GLB', () => {
    expect(() => glbMaterialNames(new TextEncoder().encode('not a glb file at all').buffer)).toThrow('not a GLB file');
  });

  it('labels parts by role, numbering a repeated role and keeping an unknown name as it is', () => {
    const labels = partLabels(['fabric_linen', 'wood_oak', 'fabric_grey', 'Material.001'], zh);
    expect([...labels.values()]).toEqual(['布艺 1', '木材', '布艺 2', 'Material.001']);
  });
});

describe('appliedOf', () => {
  const base: CatalogueMaterial = {
    id: 12,
    material_id: 'mat-glass-grey',
    version: 1,
    name: '灰色玻璃',
    name_en: 'Grey glass',
    category: 'glass',
    colour: '#5c6366',
    roughness: 0.05,
    metalness: 0,
    opacity: 0.45,
    tile_mm: 1000,
    map_url: '',
    normal_url: '',
    ball_url: '/files/catalogue/materials/v1/mat-glass-grey.ball.png',
    cover_url: '/files/catalogue/materials/v1/mat-glass-grey.img.png',
    library: 'public',
    favor: 0,
  };

  it('embeds what the renderer needs, leaving out absent pictures, and a model record takes it', () => {
    const applied = appliedOf(base, 'Grey glass');
    expect(applied).toEqual({ id: 12, materialId: 'mat-glass-grey', name: 'Grey glass', color: '#5c6366', roughness: 0.05, metalness: 0, opacity: 0.45, tileSize: 1000 });
    const textured = appliedOf({ ...base, opacity: 1, map_url: '/files/a.map.png', normal_url: '/files/a.normal.png' }, '灰色玻璃');
    expect(textured).toMatchObject({ map: '/files/a.map.png', normalMap: '/files/a.normal.png' });
    expect('opacity' in textured).toBe(false);
    const model = {
      id: 'm1',
      type: 'model',
      storeyId: 's1',
      modelId: 'yf-sofa',
      name: '',
      position: { x: 0, y: 0, z: 0 },
      rotation: 0,
      size: { x: 1, y: 1, z: 1 },
      materials: { fabric_linen: textured },
    };
    expect(validateRecord(model)).toEqual(model);
  });
});
