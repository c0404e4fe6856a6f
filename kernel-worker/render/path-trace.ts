import {
  ACESFilmicToneMapping,
  BatchedMesh,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  PointLight,
  RectAreaLight,
  Scene,
  SpotLight,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
} from 'three';
import { DenoiseMaterial, EquirectCamera, GradientEquirectTexture, PhysicalSpotLight, WebGLPathTracer } from 'three-gpu-pathtracer';
import { FullScreenQuad } from 'three/examples/jsm/postprocessing/Pass.js';
import { GROUND_COLOUR, SKY_COLOUR } from './lighting';
import { EQUIRECT_TURN_Y } from './pano-stitch';

// The progressive path tracer (three-gpu-pathtracer) over the kernel's own scene graph: soft
// shadows, global illumination, a sky and the room lights. Loaded with a dynamic import only when
// a trace is asked for (trace.ts), never on the worker's start-up path: it is a large module and
// its shader takes seconds to compile. It draws on an OffscreenCanvas of its own at the requested
// size, so the designer's view keeps drawing (and keeps its size) while a trace runs.
//
// The scene graph draws for a rasteriser: models are batched (BatchedMesh) and boxes instanced,
// which the path tracer's scene generator does not expand; so what is visible is baked into plain
// meshes in world space first (bake()). Materials are the graph's own (textures, colours,
// roughness come through) except where the rasteriser fakes light: the ceilings' glow is dropped
// (bounced light does that job now) and the hemisphere and ambient lights become the sky.

/** ACES filmic; path-traced interiors are darker than the rasterised view's fill lights make them. */
export const TRACE_EXPOSURE = 2.2;
/** Light bounces per path: enough for a room lit through its windows and off its walls. */
const BOUNCES = 4;
/** Tiles per sample: a software GL draws one tile per call, so a stop waits one tile at most. */
const TILES = 2;
/** Sky radiance (environment intensity). */
const SKY_INTENSITY = 1.1;
/**
 * Below this many samples the picture is smoothed by an edge-aware filter (glslSmartDeNoise,
 * three-gpu-pathtracer's DenoiseMaterial) before it is tone mapped: a software GL traces a few
 * samples in the time a GPU traces hundreds, and raw that is speckle, not a room.
 */
const DENOISE_BELOW = 48;
/** Lamp faces glow this much brighter in a trace: they are what the eye sees of the light. */
const LAMP_GLOW = 6;

export interface TraceScene {
  /** the scene graph's scene, prepared: what should show is visible, the rest hidden */
  readonly scene: Object3D;
  /** the view's lights (lighting.ts' group): room lights and the sun are taken, sky lights become the environment */
  readonly lights: Object3D;
  /** the eye and look (perspective), or only the eye (equirect) */
  readonly camera: PerspectiveCamera;
  /** a 720° panorama from the camera's eye, laid out as protocol/panorama.ts says, not a perspective picture */
  readonly equirect?: boolean;
}

export interface PathTrace {
  readonly width: number;
  readonly height: number;
  /** whole samples per pixel traced so far */
  readonly samples: number;
  /** true while the shader still compiles (no sample is traced meanwhile) */
  readonly compiling: boolean;
  /**
   * True while the GL still works through the tiles asked for: samples count when drawn, not when
   * done, so without waiting a software GL would queue thousands of tiles and a stop would wait
   * for all of them.
   */
  readonly busy: boolean;
  /** Traces one tile of the next sample. */
  step(): void;
  /** The picture so far: a JPEG of width x height and a 100 x 100 centre crop. */
  snapshot(quality: number): Promise<{ jpeg: Uint8Array; thumbJpeg: Uint8Array }>;
  dispose(): void;
}

export const THUMB_SIZE = 100;

/** The rasteriser's stand-ins for light (ceiling glow) removed, lamps made bright: the trace's copy of a material. */
function traceMaterial(source: Material, cache: Map<Material, Material | null>): Material | null {
  if (cache.has(source)) return cache.get(source)!;
  let out: Material | null = null;
  // Overlays (the gizmo, plan layers) and line or shader materials are not surfaces of the room.
  if (source instanceof MeshStandardMaterial && source.depthTest && source.visible) {
    const copy = source.clone();
    if (copy.userData.fakeGlow === true) copy.emissiveIntensity = 0;
    else if (copy.emissiveIntensity > 0 && copy.emissive.getHex() !== 0 && copy.userData.lamp === true) copy.emissiveIntensity *= LAMP_GLOW;
    out = copy;
  }
  cache.set(source, out);
  return out;
}

/** One geometry of a BatchedMesh as a geometry of its own (its vertices and indices copied out). */
function batchedGeometry(batch: BatchedMesh, geometryId: number): BufferGeometry {
  const source = batch.geometry;
  const range = batch.getGeometryRangeAt(geometryId);
  if (!range) return new BufferGeometry();
  const out = new BufferGeometry();
  for (const [name, attribute] of Object.entries(source.attributes)) {
    if (!(attribute instanceof BufferAttribute)) continue;
    const size = attribute.itemSize;
    const array = attribute.array.slice(range.vertexStart * size, (range.vertexStart + range.vertexCount) * size);
    out.setAttribute(name, new BufferAttribute(array, size, attribute.normalized));
  }
  const index = source.getIndex();
  if (index && range.indexCount > 0) {
    const indices = new Uint32Array(range.indexCount);
    for (let i = 0; i < range.indexCount; i++) indices[i] = index.getX(range.indexStart + i) - range.vertexStart;
    out.setIndex(new BufferAttribute(indices, 1));
  }
  return out;
}

/** What is visible of the graph as plain meshes in world space (instances and batches expanded). */
export function bake(root: Object3D): { scene: Scene; dispose(): void } {
  const scene = new Scene();
  const materials = new Map<Material, Material | null>();
  const owned: BufferGeometry[] = [];
  const tinted = new Map<string, Material>();
  const matrix = new Matrix4();
  const colour = new Color();
  root.updateMatrixWorld(true);

  const add = (geometry: BufferGeometry, material: Material, world: Matrix4) => {
    const mesh = new Mesh(geometry, material);
    mesh.matrixAutoUpdate = false;
    mesh.matrix.copy(world);
    mesh.matrixWorld.copy(world);
    scene.add(mesh);
  };
  /** An instance colour multiplies the material's (three's instanceColor): a copy per colour. */
  const withColour = (material: Material, c: Color | null): Material => {
    if (!c || !(material instanceof MeshStandardMaterial)) return material;
    const key = `${material.uuid}:${c.getHexString()}`;
    let m = tinted.get(key);
    if (!m) {
      const copy = material.clone();
      copy.color.multiply(c);
      m = copy;
      tinted.set(key, m);
    }
    return m;
  };

  root.traverseVisible((o) => {
    if (!(o instanceof Mesh) || Array.isArray(o.material)) return;
    const material = traceMaterial(o.material as Material, materials);
    if (!material) return;
    if (o instanceof BatchedMesh) {
      const geometries = new Map<number, BufferGeometry>();
      // Ids run up to every instance ever added; deleted ones throw below.
      const count = (o as unknown as { _instanceInfo: unknown[] })._instanceInfo.length;
      for (let i = 0; i < count; i++) {
        let geometryId: number;
        try {
          if (!o.getVisibleAt(i)) continue;
          geometryId = o.getGeometryIdAt(i);
        } catch {
          // a deleted instance
          continue;
        }
        if (geometryId < 0) continue;
        let geometry = geometries.get(geometryId);
        if (!geometry) {
          geometry = batchedGeometry(o, geometryId);
          geometries.set(geometryId, geometry);
          owned.push(geometry);
        }
        o.getMatrixAt(i, matrix);
        o.getColorAt(i, colour);
        const white = colour.r === 1 && colour.g === 1 && colour.b === 1;
        add(geometry, withColour(material, white ? null : colour), matrix.clone().premultiply(o.matrixWorld));
      }
      return;
    }
    if (o instanceof InstancedMesh) {
      for (let i = 0; i < o.count; i++) {
        o.getMatrixAt(i, matrix);
        const c = o.instanceColor ? new Color().fromArray(o.instanceColor.array, i * 3) : null;
        add(o.geometry, withColour(material, c), matrix.clone().premultiply(o.matrixWorld));
      }
      return;
    }
    add(o.geometry, material, o.matrixWorld.clone());
  });
  return {
    scene,
    dispose() {
      for (const g of owned) g.dispose();
      for (const m of materials.values()) m?.dispose();
      for (const m of tinted.values()) m.dispose();
    },
  };
}

/**
 * The view's lights for the tracer: the sun as it is, spots as soft spots (the radius of their
 * lens), ceiling panels ('area' lights, wide spots in the view) as area lights of their panel's
 * size, bulbs as point lights. The sky and ambient lights are left out: the sky is the environment.
 */
function traceLights(lights: Object3D, scene: Scene): void {
  lights.updateMatrixWorld(true);
  const at = new Vector3();
  lights.traverseVisible((l) => {
    l.getWorldPosition(at);
    if (l instanceof DirectionalLight) {
      const sun = new DirectionalLight(l.color, l.intensity);
      sun.position.copy(at);
      sun.target.position.copy(l.target.getWorldPosition(new Vector3()));
      scene.add(sun, sun.target);
    } else if (l instanceof SpotLight && l.angle > 1.2) {
      // A ceiling panel (lighting.ts: an 80° fully soft spot): a downward 0.56 m square emitter
      // whose intensity along its normal matches the spot's (nits = candela / area).
      const side = 0.56;
      const panel = new RectAreaLight(l.color, l.intensity / (side * side), side, side);
      panel.position.copy(at).y -= 0.025;
      panel.lookAt(at.x, at.y - 1, at.z);
      scene.add(panel);
    } else if (l instanceof SpotLight) {
      const spot = new PhysicalSpotLight(l.color, l.intensity, 0, l.angle, l.penumbra, l.decay);
      spot.radius = 0.045;
      spot.position.copy(at).y -= 0.045;
      spot.target.position.set(at.x, at.y - 1, at.z);
      scene.add(spot, spot.target);
    } else if (l instanceof PointLight) {
      const bulb = new PointLight(l.color, l.intensity, 0, l.decay);
      bulb.position.copy(at);
      scene.add(bulb);
    }
  });
}

/**
 * The GL side, kept for the worker's life once made: SwiftShader (headless workers without a GPU)
 * compiles the path tracer's shader for minutes on a busy machine, so a render worker that keeps
 * its page pays that once, not per picture. One trace draws at a time (trace.ts).
 */
interface Engine {
  readonly canvas: OffscreenCanvas;
  readonly renderer: WebGLRenderer;
  readonly tracer: WebGLPathTracer;
  readonly sky: GradientEquirectTexture;
  readonly denoise: FullScreenQuad;
}

let engine: Engine | null = null;

function theEngine(): Engine {
  if (engine) return engine;
  const canvas = new OffscreenCanvas(16, 16);
  const gl = canvas.getContext('webgl2', { antialias: false, alpha: false, depth: true, stencil: false, preserveDrawingBuffer: true });
  if (!gl) throw new Error('OffscreenCanvas.getContext("webgl2") returned null');
  const renderer = new WebGLRenderer({ canvas, context: gl });
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.toneMappingExposure = TRACE_EXPOSURE;
  renderer.setPixelRatio(1);
  const tracer = new WebGLPathTracer(renderer);
  tracer.bounces = BOUNCES;
  tracer.transmissiveBounces = 4;
  tracer.filterGlossyFactor = 0.5;
  tracer.tiles.set(TILES, TILES);
  tracer.renderDelay = 0;
  tracer.fadeDuration = 0;
  tracer.minSamples = 0;
  tracer.rasterizeScene = false;
  tracer.dynamicLowRes = false;
  tracer.renderScale = 1;
  // Tiles accumulate off screen; the canvas gets the picture only when a snapshot asks for it.
  tracer.renderToCanvas = false;
  const sky = new GradientEquirectTexture(64);
  sky.topColor.set(SKY_COLOUR);
  sky.bottomColor.set(GROUND_COLOUR);
  sky.exponent = 1.2;
  sky.update();
  const denoise = new FullScreenQuad(new DenoiseMaterial({ sigma: 4, kSigma: 1, threshold: 0.1 }));
  engine = { canvas, renderer, tracer, sky, denoise };
  return engine;
}

/**
 * The path tracer's equirect camera at `eye`, turned so its picture follows protocol/panorama.ts.
 * Its shader (equirectUvToDirection) puts local +x at the picture's middle and local +z a quarter
 * to the right; the panorama wants world -z (north) in the middle and +x (east) a quarter to the
 * right: a quarter turn about y (local +x -> world -z, local +z -> world +x). Checked against the
 * shader's formula in tests/unit/equirect-camera.test.ts.
 */
export function equirectCamera(eye: Vector3): EquirectCamera {
  const camera = new EquirectCamera();
  camera.position.copy(eye);
  camera.rotation.set(0, EQUIRECT_TURN_Y, 0);
  return camera;
}

export function createPathTrace(source: TraceScene, width: number, height: number): PathTrace {
  const { canvas, renderer, tracer, sky, denoise } = theEngine();
  renderer.setSize(width, height, false);

  const baked = bake(source.scene);
  const scene = baked.scene;
  traceLights(source.lights, scene);
  scene.environment = sky;
  scene.environmentIntensity = SKY_INTENSITY;
  scene.background = sky;

  const camera = source.equirect ? equirectCamera(source.camera.position) : new PerspectiveCamera(source.camera.fov, width / height, 0.05, 2000);
  if (!source.equirect) {
    camera.position.copy(source.camera.position);
    camera.quaternion.copy(source.camera.quaternion);
  }
  camera.updateMatrixWorld();
  tracer.setScene(scene, camera);
  // the thumbnail: a perspective picture's middle square; a panorama's quarter around its middle
  // (90° looking north, as the browser-made panoramas' thumbnails, render/panorama.ts)
  const crop = source.equirect
    ? { x: width * 0.375, y: height * 0.25, w: width / 4, h: height / 2 }
    : { x: (width - Math.min(width, height)) / 2, y: (height - Math.min(width, height)) / 2, w: Math.min(width, height), h: Math.min(width, height) };

  const toBytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
  const gl = renderer.getContext() as WebGL2RenderingContext;
  let fence: WebGLSync | null = null;

  return {
    width,
    height,
    get samples() {
      return Math.floor(tracer.samples);
    },
    get compiling() {
      return (tracer as unknown as { isCompiling: boolean }).isCompiling;
    },
    get busy() {
      if (!fence) return false;
      // The status only changes between tasks: polled from the trace's timer, never spun on.
      if (gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) return true;
      gl.deleteSync(fence);
      fence = null;
      return false;
    },
    step() {
      tracer.renderSample();
      fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      gl.flush();
    },
    async snapshot(quality) {
      // The accumulated picture, tone mapped, onto the canvas (its buffer is preserved).
      const samples = Math.floor(tracer.samples);
      if (samples < DENOISE_BELOW) {
        const material = denoise.material as DenoiseMaterial & { uniforms: Record<string, { value: unknown }> };
        material.uniforms.map!.value = tracer.target.texture;
        // Fewer samples, wider and stronger smoothing: at one sample the speckle is as bright as
        // an edge, so the edge threshold rises with the noise (5 px and 0.6 there, 1.5 px and 0.1 near the limit).
        const noise = 1 - samples / DENOISE_BELOW;
        material.uniforms.sigma!.value = 1.5 + 3.5 * noise;
        material.uniforms.threshold!.value = 0.1 + 0.5 * noise * noise;
        renderer.setRenderTarget(null);
        denoise.render(renderer);
      } else {
        tracer.pausePathTracing = true;
        tracer.renderToCanvas = true;
        tracer.renderSample();
        tracer.renderToCanvas = false;
        tracer.pausePathTracing = false;
      }
      // The readback waits for the traced tiles: on SwiftShader this is where the time goes.
      const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      const thumb = new OffscreenCanvas(THUMB_SIZE, THUMB_SIZE);
      const ctx = thumb.getContext('2d');
      if (!ctx) throw new Error('OffscreenCanvas.getContext("2d") returned null');
      const bitmap = await createImageBitmap(jpeg);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, crop.x, crop.y, crop.w, crop.h, 0, 0, THUMB_SIZE, THUMB_SIZE);
      bitmap.close();
      const thumbJpeg = await thumb.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
      return { jpeg: await toBytes(jpeg), thumbJpeg: await toBytes(thumbJpeg) };
    },
    dispose() {
      if (fence) gl.deleteSync(fence);
      fence = null;
      // The engine stays (see Engine); the next trace replaces the scene in it.
      tracer.reset();
      baked.dispose();
    },
  };
}
