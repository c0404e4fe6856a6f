import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchedMesh, Box3, InstancedMesh, Matrix4, Vector3, type Material } from 'three';
import { modelPlanSymbolUrl, type ModelRecord, type SceneRecord, type StoreyRecord } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { modelRecordKind } from '../../kernel-worker/kinds/model/record';
import { createSceneGraph, type SceneGraph } from '../../kernel-worker/render/scene-graph';
import { parseModel } from '../../kernel-worker/render/model-files';
import type { FurniturePart } from '../../kernel-worker/render/models';
import { drawPlanBase } from '../../kernel-worker/render/plan-drawing';
import { createPlanView } from '../../kernel-worker/render/plan-layer';
import { TestKernel } from './test-kernel';
import { createPlanSymbols, type PlanSymbol } from '../../kernel-worker/render/plan-symbols';
import { modelFile, modelRows, type ModelRow } from '../../server/catalogues/furniture/catalogue';
import { validateRecord } from '../../kernel-worker/document/validators';

// Catalogue furniture placed in a document: each model's GLB (the generated catalogue's real
// files, from modelFile) is loaded once per address, decoded once, and drawn instanced for every
// record of that model, scaled to the record's size; a box stands in until it arrives or when it
// fails. In the plan, a model is its catalogue symbol, or its footprint with a cross before that.

const MM = 1 / 1000;
const STOREY: StoreyRecord = { id: 'storey-0', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 };

interface Item {
  readonly row: ModelRow;
  readonly glb: Uint8Array;
  readonly low: Uint8Array;
}
const items: Item[] = [];
const fileOf = new Map<string, Uint8Array>();
const urlOf = (row: ModelRow, low = false) => `/files/catalogue/models/${row.model_id}${low ? '.low' : ''}.glb`;

beforeAll(async () => {
  const rows = modelRows();
  for (const family of ['sofa', 'bed', 'lamp']) {
    const row = rows.find((r) => r.class === family)!;
    const [glb, low] = await Promise.all([modelFile(row.model_id, 'glb'), modelFile(row.model_id, 'low')]);
    items.push({ row, glb: glb!, low: low! });
    fileOf.set(urlOf(row), glb!);
    fileOf.set(urlOf(row, true), low!);
  }
}, 60_000);

function modelOf(item: Item, i: number, over: Partial<ModelRecord> = {}): ModelRecord {
  const { row } = item;
  return {
    id: `m-${row.model_id}-${i}`,
    type: 'model',
    storeyId: STOREY.id,
    modelId: row.model_id,
    name: row.name,
    position: { x: 1000 + i * 2500, y: -500 + 3000 * items.indexOf(item), z: 0 },
    rotation: 0,
    size: { x: row.sizex, y: row.sizey, z: row.sizez },
    gltfUrl: urlOf(row),
    lowGltfUrl: urlOf(row, true),
    mount: 'floor',
    ...over,
  };
}

/** A graph over the records, its file loader counting calls per address. */
function placed(records: readonly SceneRecord[], load = async (url: string) => fileOf.get(url) ?? null) {
  const calls = new Map<string, number>();
  const warn = vi.fn();
  const requestFrame = vi.fn();
  const loadModelFile = vi.fn(async (url: string) => {
    calls.set(url, (calls.get(url) ?? 0) + 1);
    return load(url);
  });
  const store = createStore({ initial: [STOREY, ...records] });
  const graph = createSceneGraph({ loadModelFile, warn, requestFrame });
  graph.sync(diffAddingAll(store.all()), store);
  return { graph, store, calls, warn, requestFrame };
}

/** Until every load in flight has settled (the loader resolves at once; parsing takes a few turns). */
async function loadsSettle(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 5));
}

/** The world box of one instance over all the parts of a furniture set. */
function instanceBox(meshes: readonly FurniturePart[], index: number): Box3 {
  const box = new Box3();
  const m = new Matrix4();
  const v = new Vector3();
  for (const mesh of meshes) {
    mesh.getMatrixAt(index, m);
    const position = mesh.geometry.getAttribute('position');
    for (let i = 0; i < position.count; i++) box.expandByPoint(v.fromBufferAttribute(position, i).applyMatrix4(m));
  }
  return box;
}

/** The highest vertex of one instance, in world metres. */
function highestPoint(meshes: readonly FurniturePart[], index: number): Vector3 {
  const best = new Vector3(0, -Infinity, 0);
  const m = new Matrix4();
  const v = new Vector3();
  for (const mesh of meshes) {
    mesh.getMatrixAt(index, m);
    const position = mesh.geometry.getAttribute('position');
    for (let i = 0; i < position.count; i++) if (v.fromBufferAttribute(position, i).applyMatrix4(m).y > best.y) best.copy(v);
  }
  return best;
}

/** The furniture's draw objects in the scene (each one multi-draw call per pass). */
function furnitureDrawn(graph: SceneGraph): BatchedMesh[] {
  const drawn: BatchedMesh[] = [];
  graph.scene.traverse((o) => {
    if (o instanceof InstancedMesh && o.name === 'furniture') throw new Error('furniture drawn per part');
    if (o instanceof BatchedMesh && o.name === 'furniture' && o.visible && o.instanceCount > 0) drawn.push(o);
  });
  return drawn;
}

/** How many of the boxes' instances are drawn (a hidden one is scaled to nothing). */
function boxesDrawn(graph: SceneGraph): number {
  const mesh = graph.modelMesh as InstancedMesh;
  const m = new Matrix4();
  let n = 0;
  for (let i = 0; i < mesh.count; i++) {
    mesh.getMatrixAt(i, m);
    if (m.determinant() !== 0) n++;
  }
  return n;
}

/** The box a record's furniture must fill, in world metres. */
function expectedBox(model: ModelRecord, turned = false): Box3 {
  const sx = (turned ? model.size.y : model.size.x) * MM;
  const sz = (turned ? model.size.x : model.size.y) * MM;
  const centre = new Vector3(model.position.x * MM, 0, -model.position.y * MM);
  return new Box3(new Vector3(centre.x - sx / 2, model.position.z * MM, centre.z - sz / 2), new Vector3(centre.x + sx / 2, (model.position.z + model.size.z) * MM, centre.z + sz / 2));
}

function expectBoxNear(actual: Box3, expected: Box3): void {
  for (const key of ['min', 'max'] as const) for (const axis of ['x', 'y', 'z'] as const) expect(Math.abs(actual[key][axis] - expected[key][axis])).toBeLessThan(0.001);
}

describe('model records', () => {
  it('take GLB addresses like a paving picture and a mount', () => {
    const model = modelOf({ row: { model_id: 'yf-x', name: 'x', sizex: 1, sizey: 1, sizez: 1 } as ModelRow, glb: new Uint8Array(), low: new Uint8Array() }, 0);
    expect(validateRecord(model)).toEqual(model);
    expect(() => validateRecord({ ...model, gltfUrl: 'javascript:alert(1)' })).toThrow();
    expect(() => validateRecord({ ...model, lowGltfUrl: 'models/x.glb' })).toThrow();
    expect(() => validateRecord({ ...model, mount: 'roof' })).toThrow();
    const { gltfUrl: _g, lowGltfUrl: _l, mount: _m, ...bare } = model;
    expect(validateRecord(bare)).toEqual(bare);
    expect(modelRecordKind.shape.gltfUrl).toBeDefined();
    expect(modelPlanSymbolUrl('/files/catalogue/models/yf-a.low.glb')).toBe('/files/catalogue/models/yf-a.plan.json');
  });
});

describe('furniture in 3D', () => {
  it('loads each GLB once for all its records and draws one instance per record in each part', async () => {
    const records = items.flatMap((item) => Array.from({ length: 12 }, (_, i) => modelOf(item, i)));
    const { graph, calls, requestFrame } = placed(records);
    // Boxes until the files arrive.
    expect(boxesDrawn(graph)).toBe(records.length);
    await loadsSettle();
    expect([...calls.entries()].sort()).toEqual(items.map((item) => [urlOf(item.row), 1] as const).sort());
    expect(requestFrame).toHaveBeenCalled();
    for (const item of items) {
      const meshes = graph.models.furnitureOf(urlOf(item.row));
      const shape = graph.models.files!.ready(urlOf(item.row))!;
      expect(meshes.length).toBe(shape.parts.length);
      expect(meshes.length).toBeGreaterThan(0);
      for (const mesh of meshes) expect(mesh.count).toBe(12);
    }
    // The boxes stand down; the proxies stay for picking.
    expect(boxesDrawn(graph)).toBe(0);
    expect(graph.objectFor(records[0]!.id)!.userData.recordId).toBe(records[0]!.id);
    // Draw calls: one batch per material the files use, whatever the number of records or files.
    const drawn = furnitureDrawn(graph);
    const parts = items.flatMap((item) => graph.models.furnitureOf(urlOf(item.row)));
    expect(drawn.length).toBe(new Set(parts.map((p) => p.material.name)).size);
    expect(new Set(parts.map((p) => p.mesh))).toEqual(new Set(drawn));
    // One instance per part per record.
    expect(drawn.reduce((n, m) => n + m.instanceCount, 0)).toBe(parts.length * 12);
  });

  it('draws a furnished house in one batch per material, however many kinds and files (draw calls stay bounded)', async () => {
    // Every family of the catalogue, two records each, with their low-poly files too.
    const rows = modelRows();
    const kinds = [...new Map(rows.map((r) => [r.class, r])).values()];
    const more: Item[] = [];
    for (const row of kinds) {
      const [glb, low] = await Promise.all([modelFile(row.model_id, 'glb'), modelFile(row.model_id, 'low')]);
      fileOf.set(urlOf(row), glb!);
      fileOf.set(urlOf(row, true), low!);
      more.push({ row, glb: glb!, low: low! });
    }
    const records = more.flatMap((item, k) => [0, 1].map((i) => ({ ...modelOf(item, i), id: `m-${k}-${i}`, position: { x: i * 2500, y: k * 3000, z: 0 } })));
    const { graph } = placed(records);
    await loadsSettle();
    const names = (low: boolean) => more.flatMap((item) => graph.models.files!.ready(urlOf(item.row, low))!.parts.map((p) => p.material.name));
    const full = names(false);
    expect(furnitureDrawn(graph).length).toBeLessThanOrEqual(new Set(full).size);
    // All on their low files (as lod puts far ones): those files' parts join the same batches.
    graph.setLowPolyModels(true);
    await loadsSettle();
    const both = new Set([...full, ...names(true)]);
    const drawn = furnitureDrawn(graph);
    expect(drawn.length).toBeLessThanOrEqual(both.size);
    expect(drawn.reduce((n, m) => n + m.instanceCount, 0)).toBe(2 * names(true).length);
    // What it replaces: one draw object per part per file.
    expect(full.length + names(true).length).toBeGreaterThan(3 * both.size);
    expect(more.length).toBeGreaterThan(20);
  });

  it('fills its record\'s size at its position, turned with it, within a millimetre', async () => {
    const sofa = items[0]!;
    const plain = modelOf(sofa, 0, { position: { x: 1234, y: 2345, z: 0 } });
    const resized = modelOf(sofa, 1, { position: { x: -3000, y: 500, z: 700 }, size: { x: 2600, y: 1100, z: 900 } });
    const turned = modelOf(sofa, 2, { position: { x: 5000, y: -4000, z: 0 }, rotation: Math.PI / 2 });
    const { graph, store } = placed([plain, resized, turned]);
    await loadsSettle();
    const meshes = graph.models.furnitureOf(urlOf(sofa.row));
    const boxes = [0, 1, 2].map((i) => instanceBox(meshes, i));
    const byId = (model: ModelRecord) => boxes.find((b) => b.containsPoint(new Vector3(model.position.x * MM, (model.position.z + model.size.z / 2) * MM, -model.position.y * MM)))!;
    expectBoxNear(byId(plain), expectedBox(plain));
    expectBoxNear(byId(resized), expectedBox(resized));
    expectBoxNear(byId(turned), expectedBox(turned, true));
    // The back (the file's -z, catalogue +y: a sofa's backrest, its highest part) turns with the
    // record: behind the centre at no turn (world -z), in front of it at half a turn.
    const plainAt = () => [0, 1, 2].find((i) => instanceBox(meshes, i).containsPoint(new Vector3(1.234, 0.3, -2.345)))!;
    const backSide = () => Math.sign(highestPoint(meshes, plainAt()).z - -2.345);
    expect(backSide()).toBe(-1);
    const { diff } = store.transact((tx) => tx.put({ ...plain, rotation: Math.PI }));
    graph.sync(diff, store);
    expectBoxNear(instanceBox(meshes, plainAt()), expectedBox(plain));
    expect(backSide()).toBe(1);
  });

  it('leaves a hidden model out of its batches, and follows the view modes', async () => {
    const sofa = items[0]!;
    const records = [0, 1].map((i) => modelOf(sofa, i));
    const { graph } = placed(records);
    await loadsSettle();
    const parts = graph.models.furnitureOf(urlOf(sofa.row));
    const drawnAt = (index: number) => parts.every((p) => p.getMatrixAt(index, new Matrix4()).determinant() !== 0);
    expect([drawnAt(0), drawnAt(1)]).toEqual([true, true]);
    const hidden = graph.objectFor(records[1]!.id)!;
    hidden.visible = false;
    expect(graph.prepareFrame()).toBe(true);
    // Its instances are not drawn (getMatrixAt reads the batch's visibility), the other's are.
    const shown = [0, 1].map(drawnAt);
    expect(shown.sort()).toEqual([false, true]);
    expect(furnitureDrawn(graph).every((m) => m.instanceCount === 2 * parts.filter((p) => p.mesh === m).length)).toBe(true);
    hidden.visible = true;
    graph.prepareFrame();
    expect([drawnAt(0), drawnAt(1)]).toEqual([true, true]);
    // Wireframe: no surfaces; transparent: the batches' materials at 0.8; back to opaque.
    graph.setViewMode(1);
    expect(furnitureDrawn(graph)).toEqual([]);
    graph.setViewMode(3);
    const batches = furnitureDrawn(graph);
    expect(batches.length).toBeGreaterThan(0);
    for (const m of batches) expect((m.material as Material).opacity).toBeLessThanOrEqual(0.8);
    graph.setViewMode(0);
    for (const m of furnitureDrawn(graph)) expect((m.material as Material).transparent).toBe((m.material as Material).userData.ownLook.transparent);
  });

  it('switches to the low-poly files with lowPolyModels, loading each once', async () => {
    const records = items.flatMap((item) => [0, 1, 2].map((i) => modelOf(item, i)));
    const { graph, calls } = placed(records);
    await loadsSettle();
    const high = items.map((item) => graph.models.files!.ready(urlOf(item.row))!);
    // The full files leave at once; boxes stand in until the low ones arrive.
    expect(graph.setLowPolyModels(true)).toBe(true);
    expect(boxesDrawn(graph)).toBe(records.length);
    await loadsSettle();
    expect(boxesDrawn(graph)).toBe(0);
    for (const [k, item] of items.entries()) {
      expect(calls.get(urlOf(item.row, true))).toBe(1);
      const low = graph.models.files!.ready(urlOf(item.row, true))!;
      const triangles = (shape: typeof low) => shape.parts.reduce((n, p) => n + (p.geometry.index?.count ?? p.geometry.getAttribute('position').count) / 3, 0);
      expect(triangles(low)).toBeLessThan(triangles(high[k]!));
      for (const mesh of graph.models.furnitureOf(urlOf(item.row, true))) expect(mesh.count).toBe(3);
      for (const mesh of graph.models.furnitureOf(urlOf(item.row))) expect(mesh.count).toBe(0);
    }
    // Back to the full files: already loaded, drawn at once.
    expect(graph.setLowPolyModels(false)).toBe(true);
    for (const item of items) for (const mesh of graph.models.furnitureOf(urlOf(item.row))) expect(mesh.count).toBe(3);
    expect(calls.get(urlOf(items[0]!.row))).toBe(1);
  });

  it('keeps the box and warns once when a file fails', async () => {
    const records = [0, 1, 2, 3].map((i) => modelOf(items[1]!, i));
    const { graph, warn, calls } = placed(records, () => Promise.reject(new Error('HTTP 404')));
    await loadsSettle();
    expect(calls.size).toBe(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(urlOf(items[1]!.row));
    expect(boxesDrawn(graph)).toBe(records.length);
    expect(graph.models.furnitureOf(urlOf(items[1]!.row))).toEqual([]);
  });

  it('parses a GLB in Node without its pictures, keeping its materials', async () => {
    const shape = await parseModel(items[0]!.glb, { textures: false });
    expect(shape.parts.length).toBeGreaterThan(0);
    const size = shape.box.getSize(new Vector3());
    const { sizex, sizey, sizez } = items[0]!.row;
    expect(Math.abs(size.x * 1000 - sizex)).toBeLessThan(1);
    expect(Math.abs(size.z * 1000 - sizey)).toBeLessThan(1);
    expect(Math.abs(size.y * 1000 - sizez)).toBeLessThan(1);
  });
});

describe('furniture in the plan', () => {
  it('is its footprint with a cross before the symbol arrives, then the symbol inside the footprint', async () => {
    const bed = items[1]!;
    const model = modelOf(bed, 0, { rotation: 0.7, size: { x: bed.row.sizex * 1.2, y: bed.row.sizey, z: bed.row.sizez } });
    const store = createStore({ initial: [STOREY, model] });
    const loads: string[] = [];
    const onReady = vi.fn();
    const symbols = createPlanSymbols({
      load: (url) => {
        loads.push(url);
        return Promise.resolve(bed.row.plan as unknown);
      },
      onReady,
    });
    const before = drawPlanBase(store, { pxPerMm: 0.1, symbols });
    const lines = before.lines.filter((l) => l.id === model.id);
    // Four sides and two diagonals.
    expect(lines.length).toBe(1);
    expect(lines[0]!.segments.length).toBe(12);
    expect(before.fills.filter((f) => f.id === model.id).length).toBe(1);
    await symbols.load(modelPlanSymbolUrl(model.gltfUrl!));
    expect(onReady).toHaveBeenCalledTimes(1);
    const after = drawPlanBase(store, { pxPerMm: 0.1, symbols });
    drawPlanBase(store, { pxPerMm: 0.2, symbols });
    expect(loads).toEqual([modelPlanSymbolUrl(model.gltfUrl!)]);
    const segments = after.lines.find((l) => l.id === model.id)!.segments;
    const plan = bed.row.plan as PlanSymbol;
    const expected = [...plan.outlines.map((r) => r.length * 2), ...plan.lines.map((l) => (l.length - 1) * 2)].reduce((a, b) => a + b, 0);
    expect(segments.length).toBe(expected);
    // Every point lies within the turned, stretched footprint.
    const c = Math.cos(-model.rotation);
    const s = Math.sin(-model.rotation);
    for (const p of segments) {
      const dx = p.x - model.position.x;
      const dy = p.y - model.position.y;
      expect(Math.abs(dx * c - dy * s)).toBeLessThanOrEqual(model.size.x / 2 + 1);
      expect(Math.abs(dx * s + dy * c)).toBeLessThanOrEqual(model.size.y / 2 + 1);
    }
    // Selected: the accent colour.
    store.transact((tx) => tx.put({ id: 'selection', type: 'selection', ids: [model.id] } as SceneRecord));
    const selected = drawPlanBase(store, { pxPerMm: 0.1, symbols }).lines.find((l) => l.id === model.id)!;
    expect(selected.state).toBe('selected');
    expect(selected.color).not.toBe(lines[0]!.color);
  });
});

describe('the plan view', () => {
  it('asks for a model symbol once, redraws when it arrives, and keeps the cross when it fails', async () => {
    const k = new TestKernel();
    try {
      k.exec('scene.createDefaultRoom', {});
      const [sofa, lamp] = [items[0]!, items[2]!];
      const add = (item: Item, x: number) =>
        k.exec('model.add', { modelId: item.row.model_id, position: { x, y: 1500, z: 0 }, size: { x: item.row.sizex, y: item.row.sizey, z: item.row.sizez }, gltfUrl: urlOf(item.row), lowGltfUrl: urlOf(item.row, true), mount: 'floor' }).id;
      const sofaId = add(sofa, 2000);
      const lampId = add(lamp, 4000);
      expect(k.kernel.records.getOfType(sofaId, 'model')?.gltfUrl).toBe(urlOf(sofa.row));
      const asked: string[] = [];
      const requestFrame = vi.fn();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const view = createPlanView({
        sprites: null,
        width: 800,
        height: 600,
        dpr: 1,
        requestFrame,
        loadPlanSymbol: (url) => {
          asked.push(url);
          return url.includes(sofa.row.model_id) ? Promise.resolve(sofa.row.plan as unknown) : Promise.reject(new Error('HTTP 404'));
        },
      });
      const diffs: Parameters<typeof view.sync>[0][] = [];
      k.kernel.onCommit((diff) => diffs.push(diff));
      view.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
      k.exec('view.setCamera', { view: 2 });
      view.sync(diffs.at(-1)!, k.kernel.records);
      const segmentsOf = (id: string) => view.drawing!.lines.find((l) => l.id === id)!.segments.length;
      // Both as footprints with a cross until their symbols settle.
      expect(segmentsOf(sofaId)).toBe(12);
      expect(segmentsOf(lampId)).toBe(12);
      await loadsSettle();
      expect(requestFrame).toHaveBeenCalled();
      expect(segmentsOf(sofaId)).toBeGreaterThan(12);
      expect(segmentsOf(lampId)).toBe(12);
      expect(warn).toHaveBeenCalledTimes(1);
      // A redraw (the hover, another edit) asks for nothing again.
      k.exec('model.update', { id: sofaId, rotation: 1 });
      view.sync(diffs.at(-1)!, k.kernel.records);
      expect(asked.sort()).toEqual([modelPlanSymbolUrl(urlOf(sofa.row)), modelPlanSymbolUrl(urlOf(lamp.row))].sort());
      warn.mockRestore();
      view.dispose();
    } finally {
      k.dispose();
    }
  });
});

describe('model outlines', () => {
  it('are hidden in the material view and shown in the wireframe modes', () => {
    const { graph } = placed([modelOf(items[0]!, 0)]);
    const edges = graph.scene.getObjectByName('model-edges')!;
    expect(edges).toBeDefined();
    expect(edges.visible).toBe(false);
    graph.setViewMode(2);
    expect(edges.visible).toBe(true);
    graph.setViewMode(0);
    expect(edges.visible).toBe(false);
  });
});
