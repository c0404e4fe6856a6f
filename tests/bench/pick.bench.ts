// Picking in the 3D views (kernel-worker/render/picking.ts): three-mesh-bvh hierarchies against
// three.js' own raycaster on the same scene, and against brute force on a 1M-triangle mesh.
// Runs in Node: raycasting is plain JavaScript, no WebGL involved.

import { BoxGeometry, Mesh, MeshStandardMaterial, PerspectiveCamera, Raycaster, SphereGeometry, Vector2, type Object3D } from 'three';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createStore } from '../../kernel-worker/document/store';
import { placeView } from '../../kernel-worker/render/cameras';
import { MM } from '../../kernel-worker/render/coords';
import { createPicker, geometryBvh, pickWithoutBvh, recordIdOf } from '../../kernel-worker/render/picking';
import { createSceneGraph } from '../../kernel-worker/render/scene-graph';
import { generateHouseRecords, type HouseOptions } from '../fixtures/house-scene';
import { mulberry32 } from '../fixtures/prng';
import { median, round } from './stats';
import type { Benchmark, BenchRow } from './types';

const PICKS = Number(process.env.BENCH_PICKS ?? 400);
const BRUTE_PICKS = Number(process.env.BENCH_BRUTE_PICKS ?? 20);
/** Parts per furniture item (legs, seat, back … as separate meshes, the way catalogue models come). */
const PARTS = 4;

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** The generated whole house (walls, floors, 3,388 models of four parts each), as the renderer's scene. */
function houseScene(options: HouseOptions) {
  const records = generateHouseRecords(options);
  const store = createStore({ initial: records });
  const graph = createSceneGraph();
  graph.sync(diffAddingAll(store.all()), store);
  const material = new MeshStandardMaterial();
  const part = new BoxGeometry(1, 1, 1);
  let models = 0;
  for (const m of store.ofType('model')) {
    const elevation = store.getOfType(m.storeyId, 'storey')?.elevation ?? 0;
    for (let i = 0; i < PARTS; i++) {
      const mesh = new Mesh(part, material);
      // Stacked slices of the model's box: each part its own mesh, all the model's record.
      mesh.scale.set(m.size.x * MM, (m.size.z * MM) / PARTS, m.size.y * MM);
      mesh.position.set(m.position.x * MM, (elevation + m.position.z + ((i + 0.5) * m.size.z) / PARTS) * MM, -m.position.y * MM);
      mesh.rotation.y = m.rotation;
      mesh.userData.recordId = m.id;
      graph.scene.add(mesh);
    }
    models += 1;
  }
  graph.scene.updateMatrixWorld(true);
  // What the view controller picks from (view-controller.ts collectPickable): the records' own
  // meshes. The static batches' meshes are in the scene too, with no record and, until a frame
  // merges them, no geometry.
  const meshes: Mesh[] = [];
  graph.scene.traverse((o: Object3D) => {
    if (o instanceof Mesh && recordIdOf(o) !== null) meshes.push(o);
  });
  return { graph, meshes, walls: store.countOf('wall'), models };
}

const bench: Benchmark = {
  id: 'pick',
  title: `3D picking: BVH vs three.js raycaster (generated house) and vs brute force (1M triangles), ${PICKS} picks`,
  async run({ smoke }) {
    const picks = smoke ? 20 : PICKS;
    const brutePicks = smoke ? 3 : BRUTE_PICKS;
    const rows: BenchRow[] = [];
    // A smoke run: one storey of 1,000 records, a 10,000-triangle sphere.
    const { graph, meshes, walls, models } = houseScene(smoke ? { records: 1000, storeys: 1 } : {});
    const triangles = meshes.reduce((n, m) => n + (m.geometry.index ? m.geometry.index.count : m.geometry.attributes.position!.count) / 3, 0);
    const aspect = 16 / 9;
    const camera = new PerspectiveCamera();
    const placement = placeView(0, { bounds: graph.bounds() }, aspect);
    camera.fov = placement.pose.fov;
    camera.aspect = aspect;
    camera.position.copy(placement.pose.position);
    camera.lookAt(placement.pose.target);
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();

    const rng = mulberry32(5);
    // Over the middle of the view, where the house is.
    const points = Array.from({ length: picks }, () => new Vector2((rng.next() - 0.5) * 1.2, (rng.next() - 0.5) * 1.2));
    const raycaster = new Raycaster();
    const picker = createPicker(() => meshes);

    // First pick builds the object-level tree; the geometry trees are built on first use.
    const build = time(() => {
      raycaster.setFromCamera(points[0]!, camera);
      picker.pick(raycaster);
    });
    for (const p of points) {
      raycaster.setFromCamera(p, camera);
      picker.pick(raycaster);
    }

    const bvhTimes: number[] = [];
    const plainTimes: number[] = [];
    let agree = 0;
    let hits = 0;
    // Alternate the two so that both see the same machine.
    for (const p of points) {
      raycaster.setFromCamera(p, camera);
      let a: ReturnType<typeof picker.pick> = null;
      let b: ReturnType<typeof pickWithoutBvh> = null;
      bvhTimes.push(time(() => (a = picker.pick(raycaster))));
      plainTimes.push(time(() => (b = pickWithoutBvh(raycaster, meshes))));
      const hitA = a as ReturnType<typeof picker.pick>;
      const hitB = b as ReturnType<typeof pickWithoutBvh>;
      if (hitA) hits += 1;
      if ((hitA === null && hitB === null) || (hitA && hitB && Math.abs(hitA.distance - hitB.distance) < 1e-6)) agree += 1;
    }
    // Right after an edit: one model rebuilt (its four parts replaced by new meshes), then a pick.
    const afterEdit: number[] = [];
    const modelMeshes = meshes.filter((m) => String(m.userData.recordId).length > 0 && m.geometry.type === 'BoxGeometry');
    for (let i = 0; i < Math.min(30, picks); i++) {
      const old = modelMeshes.slice(i * PARTS, (i + 1) * PARTS);
      for (const m of old) {
        const fresh = m.clone();
        graph.scene.remove(m);
        graph.scene.add(fresh);
        fresh.updateMatrixWorld();
        meshes[meshes.indexOf(m)] = fresh;
      }
      picker.invalidate();
      raycaster.setFromCamera(points[i]!, camera);
      afterEdit.push(time(() => picker.pick(raycaster)));
    }
    const bvh = median(bvhTimes) * 1000;
    const plain = median(plainTimes) * 1000;
    rows.push(
      { name: `house: ${meshes.length} meshes (${walls} walls, ${models} models x ${PARTS} parts), ${Math.round(triangles)} triangles`, value: hits, unit: `hits of ${picks}`, target: '', met: null },
      { name: 'house: same nearest hit as three.js raycaster', value: agree, unit: `of ${picks}`, target: `${picks}`, met: agree === picks },
      { name: 'house: pick with BVH, median', value: round(bvh, 1), unit: 'µs', target: `<= three.js raycaster (${round(plain, 1)} µs)`, met: bvh <= plain },
      { name: 'house: three.js raycaster (no BVH), median', value: round(plain, 1), unit: 'µs', target: '', met: null },
      { name: 'house: first pick (builds the object tree)', value: round(build, 1), unit: 'ms', target: '', met: null },
      { name: 'house: first pick after a one-model edit, median', value: round(median(afterEdit), 2), unit: 'ms', target: '', met: null },
    );

    // One 1M-triangle mesh: brute force (three's Mesh.raycast tests every triangle) vs the BVH.
    const sphere = new Mesh(smoke ? new SphereGeometry(1, 101, 51) : new SphereGeometry(1, 1001, 501), new MeshStandardMaterial());
    sphere.updateMatrixWorld();
    const sphereTriangles = sphere.geometry.index!.count / 3;
    const label = smoke ? 'sphere' : '1M mesh';
    const bigBuild = time(() => geometryBvh(sphere));
    const far = new PerspectiveCamera(40, 1, 0.1, 100);
    far.position.set(0, 0, 4);
    far.lookAt(0, 0, 0);
    far.updateMatrixWorld();
    const bigPicker = createPicker(() => [sphere]);
    const bigBvh: number[] = [];
    const brute: number[] = [];
    const bruteCaster = new Raycaster();
    const aim = Array.from({ length: picks }, () => new Vector2((rng.next() - 0.5) * 0.6, (rng.next() - 0.5) * 0.6));
    for (const [i, p] of aim.entries()) {
      raycaster.setFromCamera(p, far);
      bigBvh.push(time(() => bigPicker.pick(raycaster)));
      if (i < brutePicks) {
        bruteCaster.setFromCamera(p, far);
        // three's own raycast without the hierarchy: every triangle.
        brute.push(time(() => pickWithoutBvh(bruteCaster, [sphere])));
      }
    }
    const fast = median(bigBvh) * 1000;
    const slow = median(brute) * 1000;
    const ratio = slow / fast;
    rows.push(
      { name: `${label} (${sphereTriangles} triangles): pick with BVH, median`, value: round(fast, 1), unit: 'µs', target: '', met: null },
      { name: `${label}: brute force (three.js Mesh.raycast), median`, value: round(slow, 0), unit: 'µs', target: '', met: null },
      { name: `${label}: brute force / BVH`, value: Math.round(ratio), unit: 'x', target: '>= 1000x', met: ratio >= 1000 },
      { name: `${label}: building its BVH (once per geometry)`, value: round(bigBuild, 0), unit: 'ms', target: '', met: null },
    );
    graph.dispose();
    return rows;
  },
};

export default bench;
