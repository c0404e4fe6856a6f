import { describe, expect, it } from 'vitest';
import type { CatalogueModel } from '../../api';
import { placeArgs, replaceArgs } from '../../ui/workspace/product-place';

// The commands a Product card click sends (ui/workspace/product-place.ts).

function row(over: Partial<CatalogueModel>): CatalogueModel {
  return {
    id: 1,
    model_id: 'sofa-1',
    name: '三人沙发',
    name_en: 'Three-seat sofa',
    sizex: 2100,
    sizey: 900,
    sizez: 820,
    type: 'floor',
    gltf_url: '/files/models/sofa-1.v1.glb',
    low_gltf_url: '/files/models/sofa-1.v1.low.glb',
    resizable: true,
    ...over,
  } as CatalogueModel;
}

const SELECTED = {
  kind: 'model',
  id: 'model-7',
  name: '旧灯',
  modelId: 'lamp-0',
  size: { x: 500, y: 500, z: 200 },
  rotation: 1.25,
  position: { x: 1000, y: 2000, z: 2600 },
  mount: 'ceiling',
  gltfUrl: null,
  materials: {},
  resizable: true,
} as const;

describe('placeArgs', () => {
  it('names the row\'s id, size, mount, files and the room', () => {
    expect(placeArgs(row({}), '三人沙发', 'room-1')).toEqual({
      modelId: 'sofa-1',
      name: '三人沙发',
      size: { x: 2100, y: 900, z: 820 },
      mount: 'floor',
      resizable: true,
      gltfUrl: '/files/models/sofa-1.v1.glb',
      lowGltfUrl: '/files/models/sofa-1.v1.low.glb',
      roomId: 'room-1',
    });
  });

  it('carries a fixed-size piece\'s resizable false, which the replacement takes too', () => {
    expect(placeArgs(row({ resizable: false }), '冰箱', null).resizable).toBe(false);
    expect(replaceArgs(row({ resizable: false }), '冰箱', SELECTED).resizable).toBe(false);
    expect(replaceArgs(row({}), '三人沙发', { ...SELECTED, resizable: false }).resizable).toBe(true);
  });

  it('leaves the room to the kernel without one, draws the full file for a missing low one, and drops addresses the kernel refuses', () => {
    const args = placeArgs(row({ low_gltf_url: '' }), 'x', null);
    expect(args).not.toHaveProperty('roomId');
    expect(args.lowGltfUrl).toBe('/files/models/sofa-1.v1.glb');
    const bad = placeArgs(row({ gltf_url: 'javascript:alert(1)', low_gltf_url: '' }), 'x', null);
    expect(bad).not.toHaveProperty('gltfUrl');
    expect(bad).not.toHaveProperty('lowGltfUrl');
  });
});

describe('replaceArgs', () => {
  it('keeps position and rotation and takes the new model\'s id, size, name and files', () => {
    const args = replaceArgs(row({ type: 'floor' }), '三人沙发', { ...SELECTED, mount: 'floor', position: { x: 1000, y: 2000, z: 0 } });
    expect(args).toMatchObject({ id: 'model-7', modelId: 'sofa-1', name: '三人沙发', size: { x: 2100, y: 900, z: 820 }, rotation: 1.25, position: { x: 1000, y: 2000, z: 0 } });
    expect(args.gltfUrl).toBe('/files/models/sofa-1.v1.glb');
  });

  it('keeps a ceiling lamp\'s top where it was', () => {
    const args = replaceArgs(row({ type: 'ceiling', sizez: 350 }), '吊灯', SELECTED);
    expect(args.position).toEqual({ x: 1000, y: 2000, z: 2450 });
  });
});
