import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Matrix4, PerspectiveCamera, Vector3 } from 'three';
import type { ModelRecord, StoreyRecord } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { LOD_FAR, LOD_NEAR, screenFraction } from '../../kernel-worker/render/models';
import { modelFile, modelRows, type ModelRow } from '../../server/catalogues/furniture/catalogue';

// Level of detail by distance (lod, isEnableLod): a row of sofas of the generated catalogue going
// away from the camera. The near ones are drawn from the full GLB and the far ones from the
// low-poly GLB, each file loaded and decoded once and drawn instanced; a model at the border
// does not switch back while the camera creeps (hysteresis), and none falls back to its box.

const STOREY: StoreyRecord = { id: 'storey-0', type: 'storey', index: 0, name: '1F', elevation: 0, layerHeight: 2800 };
const SOFAS = 12;
/** between two sofas along the row, mm */
const STEP = 3000;

let row: ModelRow;
const files = new Map<string, Uint8Array>();
const full = () => `/files/catalogue/models/${row.model_id}.glb`;
const low = () => `/files/catalogue/models/${row.model_id}.low.glb`;

beforeAll(async () => {
  row = modelRows().find((r) => r.class === 'sofa')!;
  files.set(full(), (await modelFile(row.model_id, 'glb'))!);
  files.set(low(), (await modelFile(row.model_id, 'low'))!);
}, 60_000);

function sofa(i: number): ModelRecord {
  return {
    id: `sofa-${String(i).padStart(2, '0')}`,
    type: 'model',
    storeyId: STOREY.id,
    modelId: row.model_id,
    name: row.name,
    // Plan +y is world -z: the row goes away from a camera at the origin looking down -z.
    position: { x: 0, y: 3000 + i * STEP, z: 0 },
    rotation: 0,
    size: { x: row.sizex, y: row.sizey, z: row.sizez },
    gltfUrl: full(),
    lowGltfUrl: low(),
    mount: 'floor',
  };
}

function setUp() {
  const calls = new Map<string, number>();
  const requestFrame = vi.fn();
  const loadModelFile = vi.fn(async (url: string) => {
    calls.set(url, (calls.get(url) ?? 0) + 1);
    return files.get(url) ?? null;
  });
  const records = Array.from({ length: SOFAS }, (_, i) => sofa(i));
  const store = createStore({ initial: [STOREY, ...records] });
  const graph = createSceneGraph({ loadModelFile, requestFrame, warn: vi.fn() });
  graph.sync(diffAddingAll(store.all()), store);
  const camera = new PerspectiveCamera(60, 16 / 9, 0.1, 500);
  camera.position.set(0, 1.2, 0);
  camera.lookAt(0, 0.5, -100);
  camera.updateMatrixWorld();
  return { graph, camera, calls, requestFrame, records };
}

async function loadsSettle(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 5));
}

/** Instances drawn by the sets of a file (every part of a set has the same count). */
const drawnFrom = (graph: ReturnType<typeof setUp>['graph'], url: string) => graph.models.furnitureOf(url)[0]?.count ?? 0;

/** How large sofa i looks from the camera (the layer's own measure). */
function fraction(camera: PerspectiveCamera, i: number): number {
  const centre = new Vector3(0, row.sizez / 2000, -(3000 + i * STEP) / 1000);
  const radius = Math.hypot(row.sizex, row.sizey, row.sizez) / 2000;
  return screenFraction(camera, centre, radius, camera.getWorldPosition(new Vector3()));
}

/** Runs the scene's before-frame hook as three does at the start of a render. */
function frame(graph: ReturnType<typeof setUp>['graph'], camera: PerspectiveCamera): void {
  graph.scene.onBeforeRender(null as never, graph.scene, camera, null as never, null as never, null as never);
  graph.scene.onAfterRender(null as never, graph.scene, camera, null as never, null as never, null as never);
}

describe('level of detail by distance', () => {
  it('draws near models from the full file and far ones from the low-poly file, each decoded once', async () => {
    const { graph, camera, calls, requestFrame } = setUp();
    await loadsSettle();
    expect(drawnFrom(graph, full())).toBe(SOFAS);
    const farExpected = Array.from({ length: SOFAS }, (_, i) => fraction(camera, i) < LOD_FAR).filter(Boolean).length;
    // The row must reach both sides of the thresholds for the test to mean anything.
    expect(farExpected).toBeGreaterThan(2);
    expect(farExpected).toBeLessThan(SOFAS - 2);

    graph.setLod(true);
    // The low file is not decoded yet: every sofa stays on the full file (no box meanwhile) and the load is asked for.
    frame(graph, camera);
    expect(drawnFrom(graph, full())).toBe(SOFAS);
    expect(graph.models.mesh.count - SOFAS).toBe(0);
    requestFrame.mockClear();
    await loadsSettle();
    // Its arrival asks for the frame that switches them.
    expect(requestFrame).toHaveBeenCalled();
    frame(graph, camera);
    expect(graph.models.farCount).toBe(farExpected);
    expect(drawnFrom(graph, low())).toBe(farExpected);
    expect(drawnFrom(graph, full())).toBe(SOFAS - farExpected);
    // One InstancedMesh per part per file, whatever the number of sofas.
    expect(graph.models.furnitureOf(low()).length).toBe(graph.models.files!.ready(low())!.parts.length);
    expect(calls.get(full())).toBe(1);
    expect(calls.get(low())).toBe(1);

    // Walking up to the far end: everything near again, from the already decoded full file.
    camera.position.set(0, 1.2, -(3000 + SOFAS * STEP) / 1000 - 2);
    camera.lookAt(0, 0.5, 100);
    camera.updateMatrixWorld();
    frame(graph, camera);
    const nearNow = Array.from({ length: SOFAS }, (_, i) => fraction(camera, i) >= LOD_NEAR).filter(Boolean).length;
    expect(drawnFrom(graph, full())).toBeGreaterThanOrEqual(nearNow);
    expect(calls.get(full())).toBe(1);
    expect(calls.get(low())).toBe(1);
  });

  it('does not switch back and forth at the border (hysteresis)', async () => {
    const { graph, camera } = setUp();
    graph.setLod(true);
    await loadsSettle();
    frame(graph, camera);
    await loadsSettle();
    // Sofa 4: put the camera where it looks just under LOD_FAR, so it goes to the low file.
    const target = 4;
    const place = (f: number) => {
      // fraction = r / (d tan(fov/2)): the distance that gives f.
      const radius = Math.hypot(row.sizex, row.sizey, row.sizez) / 2000;
      const d = radius / (f * Math.tan((camera.getEffectiveFOV() / 2) * (Math.PI / 180)));
      const centre = new Vector3(0, row.sizez / 2000, -(3000 + target * STEP) / 1000);
      camera.position.set(0, centre.y, centre.z + d);
      camera.lookAt(centre);
      camera.updateMatrixWorld();
      frame(graph, camera);
    };
    const isFar = () => graph.models.furnitureOf(low())[0]!.count > 0 && drawnOfTargetIsLow(graph, target);
    place(LOD_FAR * 0.97);
    expect(isFar()).toBe(true);
    // Creeping closer within the margin keeps it on the low file...
    for (const f of [LOD_FAR * 1.02, LOD_FAR * 1.1, LOD_FAR * 1.2, LOD_FAR * 0.99, LOD_FAR * 1.25]) {
      place(f);
      expect(isFar()).toBe(true);
    }
    // ...and past LOD_NEAR it comes back to the full file, where a little backing off keeps it.
    place(LOD_NEAR * 1.03);
    expect(isFar()).toBe(false);
    for (const f of [LOD_NEAR * 0.98, LOD_NEAR * 0.85, LOD_FAR * 1.01]) {
      place(f);
      expect(isFar()).toBe(false);
    }
  });

  it('draws every model from its full file again when lod is turned off', async () => {
    const { graph, camera } = setUp();
    graph.setLod(true);
    frame(graph, camera);
    await loadsSettle();
    frame(graph, camera);
    expect(graph.models.farCount).toBeGreaterThan(0);
    expect(graph.setLod(false)).toBe(true);
    expect(graph.models.farCount).toBe(0);
    expect(drawnFrom(graph, full())).toBe(SOFAS);
    expect(drawnFrom(graph, low())).toBe(0);
    // Off: the camera no longer matters.
    frame(graph, camera);
    expect(drawnFrom(graph, full())).toBe(SOFAS);
  });
});

/** Whether sofa `target`'s instance is in the low file's set: its instance matrix there is not the hidden one. */
function drawnOfTargetIsLow(graph: ReturnType<typeof setUp>['graph'], target: number): boolean {
  const meshes = graph.models.furnitureOf(low());
  const z = -(3000 + target * STEP) / 1000;
  const m = meshes[0]!;
  const matrix = new Matrix4();
  for (let i = 0; i < m.count; i++) {
    const e = m.getMatrixAt(i, matrix).elements;
    if (Math.abs(e[14]! - z) < 0.05 && e[0]! !== 0) return true;
  }
  return false;
}
