// The kernel worker of kernel-worker/main.ts (the same createKernelApi and three.js renderer) with
// what the render benchmark needs on top: the time of every renderer.render() call (the frame's
// CPU time in the worker: scene graph upkeep, culling, sorting, draw calls), draw calls and
// triangles per frame, a way to draw frames on demand from a moving camera, and the scene's
// drawn geometry, materials, lights and camera handed to the page for its bare three.js baseline.
import * as Comlink from 'comlink';
import {
  BatchedMesh,
  Box3,
  Matrix4,
  BufferAttribute,
  Camera,
  InterleavedBufferAttribute,
  DirectionalLight,
  HemisphereLight,
  AmbientLight,
  InstancedMesh,
  Light,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  PointLight,
  Scene,
  SpotLight,
  Vector3,
  WebGLRenderer,
  type DataTexture,
  type Object3D,
} from 'three';
import { KERNEL_READY_MESSAGE, type KernelBootMessage } from '../../../protocol/kernel-api';
import { installTransferHandlers } from '../../../protocol/transfer';
import { createKernelApi } from '../../../kernel-worker/api';
import { frameScheduler } from '../../../kernel-worker/clock';
import { createThreeRenderer } from '../../../kernel-worker/render/three-renderer';

export interface MaterialData {
  readonly color: number;
  readonly emissive: number;
  readonly emissiveIntensity: number;
  readonly roughness: number;
  readonly metalness: number;
  readonly side: number;
  readonly shadowSide: number | null;
  readonly transparent: boolean;
  readonly opacity: number;
  readonly depthWrite: boolean;
  readonly map: { data: Uint8Array; width: number; height: number; repeat: [number, number]; offset: [number, number]; rotation: number; anisotropy: number } | null;
}

export interface MeshData {
  readonly position: Float32Array;
  readonly normal: Float32Array;
  readonly uv: Float32Array | null;
  readonly index: Uint32Array | null;
  readonly material: MaterialData;
  readonly castShadow: boolean;
  readonly receiveShadow: boolean;
  /** instanced: matrices (16 per instance) and colours (3 per instance) */
  readonly instances: { count: number; matrices: Float32Array; colors: Float32Array | null } | null;
}

export interface LightData {
  readonly kind: 'hemisphere' | 'ambient' | 'directional' | 'point' | 'spot';
  readonly color: number;
  readonly groundColor: number;
  readonly intensity: number;
  readonly position: [number, number, number];
  readonly target: [number, number, number];
  readonly distance: number;
  readonly decay: number;
  readonly angle: number;
  readonly penumbra: number;
  readonly castShadow: boolean;
  readonly shadow: { mapSize: number; radius: number; bias: number; normalBias: number; camera: [number, number, number, number, number, number] } | null;
}

export interface SceneData {
  readonly meshes: MeshData[];
  readonly lights: LightData[];
  readonly background: number;
  readonly camera: { fov: number; aspect: number; near: number; far: number; position: [number, number, number]; quaternion: [number, number, number, number] };
  /** the point the measuring camera circles */
  readonly centre: [number, number, number];
  readonly toneMappingExposure: number;
  readonly shadowRadius: number;
}

export interface FrameSample {
  readonly times: number[];
  readonly calls: number;
  readonly triangles: number;
}

let renderer: WebGLRenderer | null = null;
let lastScene: Scene | null = null;
let lastCamera: Camera | null = null;
let frames = 0;
let waiting: (() => void)[] = [];
let measuring = false;

// The kernel's renderer is not reachable from outside, so it is caught where the scene graph's
// scene hands it over: the graph assigns scene.onBeforeRender, which three calls with the
// renderer, the scene and the camera at the start of every render() of that scene. A frame is
// counted there too: the render runs to its end in the same task, before the promises resolved
// here can answer the page. (Wrapping the instance's render() from this hook missed the frame that
// installed the wrapper: when the first frame ever drawn was the one after the load, nothing
// answered and the page waited for good.)
function frameStarts(instance: WebGLRenderer, scene: Scene, camera: Camera): void {
  renderer = instance;
  if (measuring) return;
  if (camera instanceof PerspectiveCamera) {
    lastScene = scene;
    lastCamera = camera;
  }
  frames += 1;
  const done = waiting;
  waiting = [];
  done.forEach((f) => f());
}
Object.defineProperty(Scene.prototype, 'onBeforeRender', {
  configurable: true,
  get: () => () => {},
  set(this: Scene, hook: (...args: unknown[]) => void) {
    Object.defineProperty(this, 'onBeforeRender', {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        hook(...args);
        const [instance, scene, camera] = args;
        if (instance instanceof WebGLRenderer && scene instanceof Scene && camera instanceof Camera) frameStarts(instance, scene, camera);
      },
    });
  },
});

/** A texture's pixels: a DataTexture's own, or an ImageBitmap's (the GLBs' pictures) read back. */
function pixelsOf(image: unknown): { data: Uint8Array; width: number; height: number } | undefined {
  if (!image) return undefined;
  if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) {
    const c = new OffscreenCanvas(image.width, image.height);
    const g = c.getContext('2d')!;
    g.drawImage(image, 0, 0);
    const d = g.getImageData(0, 0, image.width, image.height).data;
    return { data: new Uint8Array(d.buffer.slice(0)), width: image.width, height: image.height };
  }
  const i = image as { data: Uint8Array; width: number; height: number };
  return { data: i.data.slice(), width: i.width, height: i.height };
}

function materialData(m: MeshStandardMaterial): MaterialData {
  const map = m.map as DataTexture | null;
  const image = pixelsOf(map?.image);
  return {
    color: m.color.getHex(),
    emissive: m.emissive.getHex(),
    emissiveIntensity: m.emissiveIntensity,
    roughness: m.roughness,
    metalness: m.metalness,
    side: m.side,
    shadowSide: m.shadowSide ?? null,
    transparent: m.transparent,
    opacity: m.opacity,
    depthWrite: m.depthWrite,
    map:
      map && image
        ? { data: image.data, width: image.width, height: image.height, repeat: [map.repeat.x, map.repeat.y], offset: [map.offset.x, map.offset.y], rotation: map.rotation, anisotropy: map.anisotropy }
        : null,
  };
}

/** An attribute's values on their own (the GLBs' parts are interleaved: position, normal and uv in one buffer). */
function plainArray(a: BufferAttribute | InterleavedBufferAttribute): Float32Array {
  if (!(a instanceof InterleavedBufferAttribute) && a.array instanceof Float32Array) return a.array.slice();
  const out = new Float32Array(a.count * a.itemSize);
  for (let i = 0; i < a.count; i++) for (let k = 0; k < a.itemSize; k++) out[i * a.itemSize + k] = a.getComponent(i, k);
  return out;
}

/** What a frame of the 3D view draws: the meshes three would render (visible, in the camera's layers). */
function drawnMeshes(scene: Scene, camera: Camera): Mesh[] {
  const out: Mesh[] = [];
  const visit = (o: Object3D) => {
    if (!o.visible) return;
    if (o instanceof Mesh && o.layers.test(camera.layers)) out.push(o);
    o.children.forEach(visit);
  };
  visit(scene);
  return out;
}

/**
 * A BatchedMesh (the furniture, one per material, models.ts) as the baseline draws it: one
 * instanced mesh per geometry in it, with the matrices of its shown instances. The baseline stays
 * per-part instanced, the bare three.js way of drawing repeated models.
 */
function batchedData(mesh: BatchedMesh, material: MaterialData): MeshData[] {
  const byGeometry = new Map<number, number[]>();
  const m = new Matrix4();
  for (let id = 0; id < mesh.maxInstanceCount; id++) {
    let visible: boolean;
    try {
      visible = mesh.getVisibleAt(id);
    } catch {
      continue; // a deleted or never used id
    }
    if (!visible) continue;
    const geometryId = mesh.getGeometryIdAt(id);
    let list = byGeometry.get(geometryId);
    if (!list) byGeometry.set(geometryId, (list = []));
    list.push(...mesh.getMatrixAt(id, m).elements);
  }
  const g = mesh.geometry;
  const position = g.getAttribute('position') as BufferAttribute;
  const normal = g.getAttribute('normal') as BufferAttribute;
  const uv = g.getAttribute('uv') as BufferAttribute | undefined;
  const index = g.index!;
  const out: MeshData[] = [];
  for (const [geometryId, matrices] of byGeometry) {
    const range = mesh.getGeometryRangeAt(geometryId)!;
    const v0 = range.vertexStart;
    const v1 = v0 + range.vertexCount;
    const indices = new Uint32Array(range.indexCount);
    for (let i = 0; i < range.indexCount; i++) indices[i] = index.getX(range.indexStart + i) - v0;
    out.push({
      position: (position.array as Float32Array).slice(v0 * 3, v1 * 3),
      normal: (normal.array as Float32Array).slice(v0 * 3, v1 * 3),
      uv: uv ? (uv.array as Float32Array).slice(v0 * 2, v1 * 2) : null,
      index: indices,
      material,
      castShadow: mesh.castShadow,
      receiveShadow: mesh.receiveShadow,
      instances: { count: matrices.length / 16, matrices: Float32Array.from(matrices), colors: null },
    });
  }
  return out;
}

function sceneData(): SceneData {
  if (!lastScene || !lastCamera || !renderer) throw new Error('nothing drawn yet');
  const scene = lastScene;
  const camera = lastCamera as PerspectiveCamera;
  // Batches and instances are brought up to date as before a frame.
  scene.onBeforeRender(renderer, scene, camera, null as never, null as never, null as never);
  scene.updateMatrixWorld(true);
  const meshes: MeshData[] = [];
  const box = new Box3();
  for (const mesh of drawnMeshes(scene, camera)) {
    const material = mesh.material;
    if (Array.isArray(material) || !(material instanceof MeshStandardMaterial)) throw new Error(`unexpected material on ${mesh.name}`);
    if (mesh instanceof BatchedMesh) {
      meshes.push(...batchedData(mesh, materialData(material)));
      continue;
    }
    const g = mesh.geometry.clone().applyMatrix4(mesh instanceof InstancedMesh ? new Mesh().matrixWorld : mesh.matrixWorld);
    g.computeBoundingBox();
    if (!(mesh instanceof InstancedMesh)) box.union(g.boundingBox!);
    const uv = g.getAttribute('uv');
    meshes.push({
      position: plainArray(g.getAttribute('position')),
      normal: plainArray(g.getAttribute('normal')),
      uv: uv ? plainArray(uv) : null,
      index: g.index ? Uint32Array.from(g.index.array) : null,
      material: materialData(material),
      castShadow: mesh.castShadow,
      receiveShadow: mesh.receiveShadow,
      instances:
        mesh instanceof InstancedMesh
          ? {
              count: mesh.count,
              matrices: (mesh.instanceMatrix.array as Float32Array).slice(0, mesh.count * 16),
              colors: mesh.instanceColor ? (mesh.instanceColor.array as Float32Array).slice(0, mesh.count * 3) : null,
            }
          : null,
    });
  }
  const lights: LightData[] = [];
  scene.traverseVisible((o) => {
    if (!(o instanceof Light)) return;
    const p = o.getWorldPosition(new Vector3());
    const target = o instanceof DirectionalLight || o instanceof SpotLight ? o.target.getWorldPosition(new Vector3()) : new Vector3();
    const shadow = (o as Light & { shadow?: { mapSize: { x: number }; radius: number; bias: number; normalBias: number; camera: unknown } }).shadow;
    const shadowCamera = shadow?.camera as { left?: number; right?: number; top?: number; bottom?: number; near: number; far: number } | undefined;
    lights.push({
      kind: o instanceof HemisphereLight ? 'hemisphere' : o instanceof AmbientLight ? 'ambient' : o instanceof DirectionalLight ? 'directional' : o instanceof SpotLight ? 'spot' : 'point',
      color: o.color.getHex(),
      groundColor: o instanceof HemisphereLight ? o.groundColor.getHex() : 0,
      intensity: o.intensity,
      position: [p.x, p.y, p.z],
      target: [target.x, target.y, target.z],
      distance: o instanceof PointLight || o instanceof SpotLight ? o.distance : 0,
      decay: o instanceof PointLight || o instanceof SpotLight ? o.decay : 2,
      angle: o instanceof SpotLight ? o.angle : 0,
      penumbra: o instanceof SpotLight ? o.penumbra : 0,
      castShadow: o.castShadow,
      shadow:
        o.castShadow && shadow && shadowCamera
          ? {
              mapSize: shadow.mapSize.x,
              radius: shadow.radius,
              bias: shadow.bias,
              normalBias: shadow.normalBias,
              camera: [shadowCamera.left ?? 0, shadowCamera.right ?? 0, shadowCamera.top ?? 0, shadowCamera.bottom ?? 0, shadowCamera.near, shadowCamera.far],
            }
          : null,
    });
  });
  const c = box.getCenter(new Vector3());
  const position = camera.getWorldPosition(new Vector3());
  const q = camera.quaternion;
  return {
    meshes,
    lights,
    background: (scene.background as { getHex(): number } | null)?.getHex() ?? 0,
    camera: { fov: camera.fov, aspect: camera.aspect, near: camera.near, far: camera.far, position: [position.x, position.y, position.z], quaternion: [q.x, q.y, q.z, q.w] },
    centre: [c.x, box.min.y, c.z],
    toneMappingExposure: renderer.toneMappingExposure,
    shadowRadius: 0,
  };
}

/** Frames from the kernel's renderer on its own scene, the camera circling `centre` by `step` radians a frame. */
function measure(n: number, centre: [number, number, number], step: number): FrameSample {
  if (!lastScene || !lastCamera || !renderer) throw new Error('nothing drawn yet');
  const camera = lastCamera;
  const start = camera.position.clone();
  const startQ = camera.quaternion.clone();
  const pivot = new Vector3(...centre);
  const gl = renderer.getContext();
  const pixel = new Uint8Array(4);
  const times: number[] = [];
  let calls = 0;
  let triangles = 0;
  measuring = true;
  try {
    for (let i = 0; i < n; i++) {
      camera.position.copy(start).sub(pivot).applyAxisAngle(new Vector3(0, 1, 0), step * i).add(pivot);
      camera.quaternion.copy(startQ);
      camera.rotateOnWorldAxis(new Vector3(0, 1, 0), step * i);
      camera.updateMatrixWorld();
      const t0 = performance.now();
      renderer.render(lastScene, camera);
      times.push(performance.now() - t0);
      calls = renderer.info.render.calls;
      triangles = renderer.info.render.triangles;
      // Wait for the GPU outside the timed part, so no frame pays for the one before it.
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    }
  } finally {
    camera.position.copy(start);
    camera.quaternion.copy(startQ);
    camera.updateMatrixWorld();
    measuring = false;
  }
  return { times, calls, triangles };
}

self.addEventListener('error', (e) => console.error(`[render-house worker] ${e.message}`));
self.addEventListener('unhandledrejection', (e) => console.error(`[render-house worker] ${String(e.reason)}`));

// The models' GLB fetches, counted so the page knows when the house is furnished.
let modelFetches = 0;
let modelFetchesInFlight = 0;
const plainFetch = self.fetch.bind(self);
self.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const glb = String(input instanceof Request ? input.url : input).endsWith('.glb');
  if (!glb) return plainFetch(input, init);
  modelFetches += 1;
  modelFetchesInFlight += 1;
  try {
    const response = await plainFetch(input, init);
    // The body is read by the loader: count it as arrived once read.
    const bytes = await response.arrayBuffer();
    return new Response(bytes, { status: response.status, headers: response.headers });
  } finally {
    modelFetchesInFlight -= 1;
  }
};

installTransferHandlers();
const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as number) };
// The clock kernel-worker/main.ts passes in.
const api = createKernelApi({ kernel: { timers }, createRenderer: createThreeRenderer({ frames: frameScheduler(self, timers), timers }) });

const benchApi = {
  ...api,
  /** Resolves after the kernel's renderer has drawn its next frame. */
  nextFrame: () => new Promise<void>((resolve) => waiting.push(resolve)),
  framesDrawn: () => frames,
  modelFetches: () => modelFetches,
  modelFetchesInFlight: () => modelFetchesInFlight,
  measure,
  sceneData: () => {
    const data = sceneData();
    // A Set: the parts of one batch share its material, and a buffer may be transferred once.
    const transfers = new Set<ArrayBuffer>();
    for (const m of data.meshes) {
      for (const a of [m.position, m.normal, m.uv, m.index, m.instances?.matrices, m.instances?.colors, m.material.map?.data]) if (a) transfers.add(a.buffer as ArrayBuffer);
    }
    return Comlink.transfer(data, [...transfers]);
  },
};

export type RenderHouseApi = typeof benchApi;

Comlink.expose(benchApi);
const ready: KernelBootMessage = { type: KERNEL_READY_MESSAGE };
self.postMessage(ready);
