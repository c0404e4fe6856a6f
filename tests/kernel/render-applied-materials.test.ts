import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BoxGeometry, DataTexture, MeshStandardMaterial, RGBAFormat, type Material } from 'three';
import type { AppliedMaterial, ModelRecord, StoreyRecord } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { createSceneGraph, meshesOf } from '../../kernel-worker/render/scene-graph';
import { metricUv } from '../../kernel-worker/render/models';
import { finishTileTexture, type TileImage } from '../../kernel-worker/render/tile-pictures';
import { modelFile, modelRows, type ModelRow } from '../../server/catalogues/furniture/catalogue';
import { TestKernel } from './test-kernel';

// Library materials drawn: a wall face, a floor and a ceiling take the material's colour, finish
// and (once loaded, one load per address) its texture repeated every tileSize; a model's dressed
// part is drawn by a furniture set of its own with the library material and uv in metres, while
// undressed copies of the model keep sharing the plain set.

const STOREY: StoreyRecord = { id: 'storey-0', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 };
const VELVET: AppliedMaterial = {
  id: 9,
  materialId: 'mat-fabric-velvet-green',
  name: '墨绿丝绒',
  color: '#2f5a4a',
  roughness: 0.95,
  metalness: 0,
  map: '/files/catalogue/materials/v1/mat-fabric-velvet-green.map.png',
  normalMap: '/files/catalogue/materials/v1/mat-fabric-velvet-green.normal.png',
  tileSize: 120,
};
const PAINT: AppliedMaterial = { id: 54, materialId: 'mat-paint-sage', name: '鼠尾草绿', color: '#a7b29b', roughness: 0.9, metalness: 0, tileSize: 1000 };

async function flush(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 2));
}

const fakeImage = (): TileImage => ({ width: 32, height: 32 });
/** Stands in for the canvas-less worker: every picture becomes a small DataTexture. */
const compose = () => finishTileTexture(new DataTexture(new Uint8Array(16 * 16 * 4), 16, 16, RGBAFormat));

describe('library materials on surfaces', () => {
  it('dress a wall face, the floor and the ceiling, loading each picture once', async () => {
    const tk = new TestKernel();
    tk.exec('scene.createDefaultRoom', {});
    const loads: string[] = [];
    const requestFrame = vi.fn();
    const graph = createSceneGraph({
      requestFrame,
      loadTileImage: async (url) => {
        loads.push(url);
        return fakeImage();
      },
      composeTile: compose,
    });
    tk.kernel.onCommit((d) => graph.sync(d, tk.kernel.records));
    graph.sync(diffAddingAll(tk.kernel.records.all()), tk.kernel.records);
    const roomId = tk.ofType('room')[0]!.id;
    const wallId = tk.ofType('wall')[0]!.id;

    tk.exec('material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: VELVET });
    tk.exec('material.apply', { target: { kind: 'room', id: roomId, face: 'ceiling' }, material: PAINT });
    tk.exec('material.apply', { target: { kind: 'wall', id: wallId, face: 'left' }, material: VELVET });
    const floor = meshesOf(graph.objectFor(roomId)!)[0]!.material as MeshStandardMaterial;
    expect(floor.color.getHexString()).toBe('2f5a4a');
    expect(floor.roughness).toBe(0.95);
    const ceiling = meshesOf(graph.objectFor(roomId)!).find((m) => m.userData.defaultCeiling)!.material as MeshStandardMaterial;
    expect(ceiling.color.getHexString()).toBe('a7b29b');
    expect(ceiling.map).toBeNull();
    const wallMaterials = meshesOf(graph.objectFor(wallId)!)[0]!.material as Material[];
    expect(Array.isArray(wallMaterials)).toBe(true);
    // [the rest, left face, right face]: only the left face wears the velvet
    expect((wallMaterials[1] as MeshStandardMaterial).color.getHexString()).toBe('2f5a4a');
    expect((wallMaterials[2] as MeshStandardMaterial).color.getHexString()).not.toBe('2f5a4a');

    await flush();
    // the map and the normal map, once each, for the floor and the wall together
    expect([...loads].sort()).toEqual([VELVET.map, VELVET.normalMap].sort());
    expect(floor.map).not.toBeNull();
    expect(floor.normalMap).not.toBeNull();
    // surface uv are metres: one repeat every 120 mm
    expect(floor.map!.repeat.x).toBeCloseTo(1000 / 120, 6);
    // the picture carries the colour once it is there: the colour no longer tints it
    expect(floor.color.getHexString()).toBe('ffffff');
    expect(requestFrame).toHaveBeenCalled();

    // a suspended ceiling hung in the room wears the room's ceiling material
    const { id: ceilingId } = tk.exec('ceiling.add', { roomId, elevation: 2600 });
    expect((meshesOf(graph.objectFor(ceilingId)!)[0]!.material as MeshStandardMaterial).color.getHexString()).toBe('a7b29b');

    tk.exec('material.apply', { target: { kind: 'room', id: roomId, face: 'floor' }, material: null });
    const plain = meshesOf(graph.objectFor(roomId)!)[0]!.material as MeshStandardMaterial;
    expect(plain.color.getHexString()).not.toBe('2f5a4a');
    tk.undo();
    expect(meshesOf(graph.objectFor(roomId)!)[0]!.material).toBe(floor);
  });
});

describe('library materials on model parts', () => {
  let row: ModelRow;
  let glb: Uint8Array;
  beforeAll(async () => {
    row = modelRows().find((r) => r.class === 'sofa')!;
    glb = (await modelFile(row.model_id, 'glb'))!;
  }, 60_000);

  const url = () => `/files/catalogue/models/v1/${row.model_id}.glb`;
  const sofa = (id: string, x: number, materials?: ModelRecord['materials']): ModelRecord => ({
    id,
    type: 'model',
    storeyId: STOREY.id,
    modelId: row.model_id,
    name: row.name,
    position: { x, y: 0, z: 0 },
    rotation: 0,
    size: { x: row.sizex, y: row.sizey, z: row.sizez },
    gltfUrl: url(),
    ...(materials ? { materials } : {}),
  });

  it('draw the dressed part with the library material in a set of its own; the others share the plain set', async () => {
    // the part names are the GLB's material names: the sofa's upholstery is a fabric or leather
    const graph = createSceneGraph({ loadModelFile: async () => glb, loadTileImage: null });
    const plainStore = createStore({ initial: [STOREY, sofa('a', 0), sofa('b', 3000)] });
    graph.sync(diffAddingAll(plainStore.all()), plainStore);
    await flush();
    const shape = graph.models.files!.ready(url())!;
    const names = shape.parts.map((p) => p.material.name);
    const upholstery = names.find((n) => /^(fabric|leather)_/.test(n))!;
    expect(upholstery).toBeDefined();

    const graph2 = createSceneGraph({ loadModelFile: async () => glb, loadTileImage: null });
    const dressedStore = createStore({ initial: [STOREY, sofa('a', 0), sofa('b', 3000, { [upholstery]: VELVET })] });
    graph2.sync(diffAddingAll(dressedStore.all()), dressedStore);
    await flush();
    const plainSet = graph2.models.furnitureOf(url());
    expect(plainSet.every((m) => m.count === 1)).toBe(true);
    const drawn = graph2.models.furnitureBatches;
    // one batch per material: the file's (both sofas draw their other parts there, sofa a its
    // upholstery too) and the library one of sofa b's dressed part
    expect(drawn.length).toBe(new Set(names).size + 1);
    expect(drawn.reduce((n, m) => n + m.instanceCount, 0)).toBe(2 * names.length);
    const dressed = drawn.filter((m) => (m.material as MeshStandardMaterial).color.getHexString() === '2f5a4a');
    expect(dressed.length).toBe(1);
    expect(dressed[0]!.instanceCount).toBe(1);
    expect((dressed[0]!.material as MeshStandardMaterial).roughness).toBe(0.95);
    expect(dressed[0]!.geometry.getAttribute('uv')).toBeDefined();
    // the plain set keeps the file's own material for that part
    const own = plainSet[names.indexOf(upholstery)]!.material as MeshStandardMaterial;
    expect(own.name).toBe(upholstery);
  });

  it('projects uv in metres along each vertex normal', () => {
    const box = new BoxGeometry(2, 1, 0.5);
    box.deleteAttribute('uv');
    const out = metricUv(box);
    const uv = out.getAttribute('uv');
    let maxU = 0;
    for (let i = 0; i < uv.count; i++) maxU = Math.max(maxU, Math.abs(uv.getX(i)));
    // the 2 m wide box spans u from -1 to 1 on its front, top and bottom faces
    expect(maxU).toBeCloseTo(1, 6);
  });
});
