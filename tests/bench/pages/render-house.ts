// Runs in Chromium, served by Vite's dev server (tests/bench/render-house.bench.ts drives it). The
// render benchmark's generated whole house (tests/bench/render-house-scene.ts) is opened in the
// kernel worker drawing on an OffscreenCanvas, exactly as the app does; meanwhile the page counts
// its own long tasks. Then frames of the worker's renderer are timed from a circling camera, and
// the same triangles (the worker hands over what its frame draws: merged static geometry per
// material, the models as instances) with the same materials, lights, shadows and camera are
// drawn by a bare three.js renderer on the page's main thread and timed the same way.
import * as Comlink from 'comlink';
import {
  ACESFilmicToneMapping,
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DataTexture,
  DirectionalLight,
  HemisphereLight,
  InstancedBufferAttribute,
  InstancedMesh,
  Mesh,
  MeshStandardMaterial,
  PCFShadowMap,
  PerspectiveCamera,
  PointLight,
  RepeatWrapping,
  RGBAFormat,
  Scene,
  SpotLight,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  LinearMipmapLinearFilter,
  type Side,
} from 'three';
import { KERNEL_BOOT_ERROR_MESSAGE, KERNEL_READY_MESSAGE, type KernelBootMessage } from '../../../protocol/kernel-api';
import { installTransferHandlers } from '../../../protocol/transfer';
import type { FrameSample, MaterialData, RenderHouseApi, SceneData } from './render-house-worker';

export interface RenderHouseResult {
  readonly records: number;
  readonly openMs: number;
  /** from the load call until every model file had arrived and been drawn */
  readonly modelsMs: number;
  /** GLB files the worker fetched (full and low-poly) */
  readonly modelFiles: number;
  /** main-thread long tasks (> 50 ms) from the load call until the scene was drawn and settled */
  readonly longTasks: number[];
  readonly longTaskSupported: boolean;
  /** timed rounds, alternating: worker renderer, then the baseline */
  readonly worker: FrameSample[];
  readonly baseline: FrameSample[];
  readonly meshes: number;
  readonly instances: number;
  readonly renderer: string;
}

// Small enough that SwiftShader (no GPU here) keeps up; a frame's CPU cost hardly depends on it.
const WIDTH = 800;
const HEIGHT = 450;
const STEP = (0.5 * Math.PI) / 180;

function waitForBoot(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('kernel worker sent no ready message within 60 s')), 60_000);
    worker.addEventListener('error', (e) => reject(new Error(`kernel worker failed to start: ${e.message}`)));
    worker.addEventListener('message', function onBoot(e: MessageEvent<KernelBootMessage>) {
      const data = e.data as Partial<KernelBootMessage> | null;
      if (data?.type === KERNEL_READY_MESSAGE) resolve();
      else if (data?.type === KERNEL_BOOT_ERROR_MESSAGE) reject(new Error(`kernel boot error: ${data.detail ?? ''}`));
      else return;
      clearTimeout(timer);
      worker.removeEventListener('message', onBoot);
    });
  });
}

/** Until no model file is in flight and no frame was drawn for half a second (decoded files ask for frames); resolves to when the last file was drawn. */
async function settle(api: Comlink.Remote<RenderHouseApi>): Promise<number> {
  let last = performance.now();
  let frames = await api.framesDrawn();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const [inFlight, now] = await Promise.all([api.modelFetchesInFlight(), api.framesDrawn()]);
    if (inFlight === 0 && now === frames) return last;
    if (now !== frames) last = performance.now();
    frames = now;
  }
}

function within<T>(p: Promise<T>, what: string, ms = 180_000): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms / 1000} s`)), ms))]);
}

function canvas(): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = WIDTH;
  c.height = HEIGHT;
  c.style.width = `${WIDTH}px`;
  c.style.height = `${HEIGHT}px`;
  document.body.append(c);
  return c;
}

function material(m: MaterialData): MeshStandardMaterial {
  const out = new MeshStandardMaterial({
    color: m.color,
    emissive: m.emissive,
    emissiveIntensity: m.emissiveIntensity,
    roughness: m.roughness,
    metalness: m.metalness,
    side: m.side as Side,
    transparent: m.transparent,
    opacity: m.opacity,
    depthWrite: m.depthWrite,
  });
  if (m.shadowSide !== null) out.shadowSide = m.shadowSide as Side;
  if (m.map) {
    const t = new DataTexture(m.map.data, m.map.width, m.map.height, RGBAFormat);
    t.colorSpace = SRGBColorSpace;
    t.wrapS = t.wrapT = RepeatWrapping;
    t.minFilter = LinearMipmapLinearFilter;
    t.generateMipmaps = true;
    // as the worker's (the tiles' 4, the GLBs' pictures 1: SwiftShader filters in software)
    t.anisotropy = m.map.anisotropy;
    t.repeat.set(...m.map.repeat);
    t.offset.set(...m.map.offset);
    t.rotation = m.map.rotation;
    t.needsUpdate = true;
    out.map = t;
  }
  return out;
}

/** The bare baseline: the worker's drawn triangles as plain meshes and instanced meshes, nothing else. */
function baselineScene(data: SceneData): { scene: Scene; camera: PerspectiveCamera } {
  const scene = new Scene();
  scene.background = new Color(data.background);
  for (const m of data.meshes) {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(m.position, 3));
    g.setAttribute('normal', new BufferAttribute(m.normal, 3));
    if (m.uv) g.setAttribute('uv', new BufferAttribute(m.uv, 2));
    if (m.index) g.setIndex(new BufferAttribute(m.index, 1));
    let mesh: Mesh;
    if (m.instances) {
      const im = new InstancedMesh(g, material(m.material), m.instances.count);
      im.instanceMatrix.array.set(m.instances.matrices);
      if (m.instances.colors) im.instanceColor = new InstancedBufferAttribute(m.instances.colors, 3);
      im.computeBoundingSphere();
      mesh = im;
    } else {
      mesh = new Mesh(g, material(m.material));
    }
    mesh.castShadow = m.castShadow;
    mesh.receiveShadow = m.receiveShadow;
    mesh.matrixAutoUpdate = false;
    scene.add(mesh);
  }
  for (const l of data.lights) {
    if (l.kind === 'hemisphere') scene.add(new HemisphereLight(l.color, l.groundColor, l.intensity));
    else if (l.kind === 'ambient') scene.add(new AmbientLight(l.color, l.intensity));
    else {
      const light = l.kind === 'directional' ? new DirectionalLight(l.color, l.intensity) : l.kind === 'spot' ? new SpotLight(l.color, l.intensity, l.distance, l.angle, l.penumbra, l.decay) : new PointLight(l.color, l.intensity, l.distance, l.decay);
      light.position.set(...l.position);
      if (light instanceof DirectionalLight || light instanceof SpotLight) {
        light.target.position.set(...l.target);
        scene.add(light.target);
      }
      if (l.castShadow && l.shadow) {
        light.castShadow = true;
        light.shadow.mapSize.set(l.shadow.mapSize, l.shadow.mapSize);
        light.shadow.radius = l.shadow.radius;
        light.shadow.bias = l.shadow.bias;
        light.shadow.normalBias = l.shadow.normalBias;
        const [left, right, top, bottom, near, far] = l.shadow.camera;
        const cam = light.shadow.camera as unknown as { left: number; right: number; top: number; bottom: number; near: number; far: number; updateProjectionMatrix(): void };
        Object.assign(cam, l.kind === 'directional' ? { left, right, top, bottom, near, far } : { near, far });
        cam.updateProjectionMatrix();
      }
      scene.add(light);
    }
  }
  const c = data.camera;
  const camera = new PerspectiveCamera(c.fov, c.aspect, c.near, c.far);
  camera.position.set(...c.position);
  camera.quaternion.set(...c.quaternion);
  camera.updateMatrixWorld();
  return { scene, camera };
}

function measureBaseline(renderer: WebGLRenderer, scene: Scene, camera: PerspectiveCamera, n: number, centre: [number, number, number]): FrameSample {
  const start = camera.position.clone();
  const startQ = camera.quaternion.clone();
  const pivot = new Vector3(...centre);
  const gl = renderer.getContext();
  const pixel = new Uint8Array(4);
  const times: number[] = [];
  let calls = 0;
  let triangles = 0;
  for (let i = 0; i < n; i++) {
    camera.position.copy(start).sub(pivot).applyAxisAngle(new Vector3(0, 1, 0), STEP * i).add(pivot);
    camera.quaternion.copy(startQ);
    camera.rotateOnWorldAxis(new Vector3(0, 1, 0), STEP * i);
    camera.updateMatrixWorld();
    const t0 = performance.now();
    renderer.render(scene, camera);
    times.push(performance.now() - t0);
    calls = renderer.info.render.calls;
    triangles = renderer.info.render.triangles;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
  }
  camera.position.copy(start);
  camera.quaternion.copy(startQ);
  return { times, calls, triangles };
}

async function run(frames: number, rounds: number, warmUp: number, json: string): Promise<RenderHouseResult> {
  installTransferHandlers();
  const records = (JSON.parse(json) as { records: unknown[] }).records.length;

  const view = canvas();
  const offscreen = view.transferControlToOffscreen();
  const worker = new Worker(new URL('./render-house-worker.ts', import.meta.url), { type: 'module' });
  await waitForBoot(worker);
  const api = Comlink.wrap<RenderHouseApi>(worker);
  const init = await api.init(Comlink.transfer(offscreen, [offscreen]), { width: WIDTH, height: HEIGHT, dpr: 1 });
  if (init.rendererError) throw new Error(`no renderer: ${init.rendererError.code} ${init.rendererError.detail}`);
  // Level of detail by distance, as isEnableLod asks (the target is with it on).
  await api.setRenderOptions({ lod: true });

  // Opening the scene: the page's main thread must stay free (the worker parses, builds, draws).
  const longTasks: number[] = [];
  const longTaskSupported = PerformanceObserver.supportedEntryTypes.includes('longtask');
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
  if (longTaskSupported) observer.observe({ type: 'longtask' });
  const t0 = performance.now();
  const drawn = api.nextFrame();
  await api.load(json);
  await within(drawn, 'the first frame after the load');
  const openMs = performance.now() - t0;
  // Settle: the models' GLBs arrive, are decoded and replace their boxes, and the batches merge on
  // the first frames; a long task would show up meanwhile too.
  const modelsMs = await within(settle(api), 'the models loaded');
  await new Promise((r) => setTimeout(r, 1000));
  observer.disconnect();

  const data = await api.sceneData();
  const baseCanvas = canvas();
  const renderer = new WebGLRenderer({ canvas: baseCanvas, antialias: true, alpha: false, powerPreference: 'high-performance' });
  renderer.setPixelRatio(1);
  renderer.setSize(WIDTH, HEIGHT, false);
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = data.toneMappingExposure;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;
  const { scene, camera } = baselineScene(data);

  const workerRounds: FrameSample[] = [];
  const baselineRounds: FrameSample[] = [];
  // Warm both (programs compiled, buffers uploaded), then alternate rounds.
  await api.measure(warmUp, data.centre, STEP);
  measureBaseline(renderer, scene, camera, warmUp, data.centre);
  for (let r = 0; r < rounds; r++) {
    workerRounds.push(await api.measure(frames, data.centre, STEP));
    baselineRounds.push(measureBaseline(renderer, scene, camera, frames, data.centre));
  }
  const instances = data.meshes.reduce((n, m) => n + (m.instances?.count ?? 0), 0);
  const gl = renderer.getContext();
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const name = debug ? String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)) : String(gl.getParameter(gl.RENDERER));
  const modelFiles = await api.modelFetches();
  renderer.dispose();
  worker.terminate();
  return { records, openMs, modelsMs: modelsMs - t0, modelFiles, longTasks, longTaskSupported, worker: workerRounds, baseline: baselineRounds, meshes: data.meshes.length, instances, renderer: name };
}

declare global {
  interface Window {
    runRenderHouse?: (frames: number, rounds: number, warmUp: number, json: string) => Promise<RenderHouseResult>;
  }
}

window.runRenderHouse = run;
