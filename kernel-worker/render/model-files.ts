import { Box3, Matrix4, Mesh, Vector3, type BufferGeometry, type Material } from 'three';
import { GLTFLoader, type GLTFLoaderPlugin } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { createAssetCache, type AssetCache } from './asset-cache';
import { resolveTileImageUrl } from './tile-pictures';

// Catalogue models' GLB files, loaded once per address and decoded once per model into the parts
// the model layer instances (models.ts): each mesh part of the file with its node transforms
// baked into a geometry of its own, and its material. Textures come through three's GLTFLoader,
// which decodes them with createImageBitmap where it exists (the worker); where it does not (Node:
// the kernel tests, the bench) the parts are read without their textures rather than failing.

/** One part of a model: drawn as one InstancedMesh for all the records of that model. */
export interface ModelPart {
  readonly geometry: BufferGeometry;
  readonly material: Material;
}

/** A decoded model, in glTF metres (y up, front +z). */
export interface ModelShape {
  readonly parts: readonly ModelPart[];
  /** its natural box */
  readonly box: Box3;
  /** maps the natural box onto the unit box the record's matrix places (models.ts modelMatrix) */
  readonly normal: Matrix4;
}

/** The file's bytes; null or a rejection: the box stays. */
export type LoadModelFile = (url: string) => Promise<ArrayBuffer | Uint8Array | null>;

/** The worker's fetch; null where there is none or no createImageBitmap (Node: nothing is loaded unless a test says so). */
export function browserModelFileLoader(): LoadModelFile | null {
  const g = globalThis as { fetch?: unknown; createImageBitmap?: unknown };
  if (typeof g.fetch !== 'function' || typeof g.createImageBitmap !== 'function') return null;
  return async (url) => {
    const response = await fetch(resolveTileImageUrl(url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.arrayBuffer();
  };
}

/** Reads every texture as absent: for runtimes that cannot decode pictures. */
const noTextures: (parser: unknown) => GLTFLoaderPlugin = () => ({ name: 'no-textures', loadTexture: () => Promise.resolve(null) }) as unknown as GLTFLoaderPlugin;

/** Whether this runtime decodes the GLB's pictures (three's ImageBitmapLoader needs createImageBitmap). */
export const canDecodeTextures = (): boolean => typeof (globalThis as { createImageBitmap?: unknown }).createImageBitmap === 'function';

/** Decodes a GLB into its parts; `textures: false` reads it without its pictures. */
export async function parseModel(data: ArrayBuffer | Uint8Array, options: { textures?: boolean } = {}): Promise<ModelShape> {
  const loader = new GLTFLoader();
  if (!(options.textures ?? canDecodeTextures())) loader.register(noTextures);
  const buffer = data instanceof Uint8Array ? data.slice().buffer : data;
  const gltf = await loader.parseAsync(buffer, '');
  gltf.scene.updateMatrixWorld(true);
  const parts: ModelPart[] = [];
  const box = new Box3();
  gltf.scene.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    const geometry = (o.geometry as BufferGeometry).clone().applyMatrix4(o.matrixWorld);
    geometry.computeBoundingBox();
    box.union(geometry.boundingBox!);
    // The generators write one primitive per material, which three reads as one mesh each.
    const material = (Array.isArray(o.material) ? o.material[0] : o.material) as Material;
    parts.push({ geometry, material });
  });
  if (!parts.length || box.isEmpty()) throw new Error('no mesh in the file');
  const size = box.getSize(new Vector3());
  const centre = box.getCenter(new Vector3());
  // A flat part (a rug) keeps a non-zero scale: a millimetre.
  const normal = new Matrix4()
    .makeScale(1 / Math.max(size.x, 1e-3), 1 / Math.max(size.y, 1e-3), 1 / Math.max(size.z, 1e-3))
    .multiply(new Matrix4().makeTranslation(-centre.x, -box.min.y, -centre.z));
  return { parts, box, normal };
}

/** Frees a model's geometries and materials (and their textures). */
export function disposeModel(shape: ModelShape): void {
  for (const { geometry, material } of shape.parts) {
    geometry.dispose();
    for (const value of Object.values(material)) if (value && typeof value === 'object' && 'isTexture' in value) (value as { dispose(): void }).dispose();
    material.dispose();
  }
}

export type ModelFiles = AssetCache<ModelShape>;

export interface ModelFilesOptions {
  readonly load: LoadModelFile;
  /** decodes the bytes (default parseModel) */
  readonly parse?: (data: ArrayBuffer | Uint8Array) => Promise<ModelShape>;
  readonly onReady?: (url: string, shape: ModelShape | null) => void;
  readonly warn?: (message: string, error: unknown) => void;
}

export function createModelFiles(options: ModelFilesOptions): ModelFiles {
  const parse = options.parse ?? ((data) => parseModel(data));
  return createAssetCache<ModelShape>({
    what: 'its box',
    load: async (url) => {
      const data = await options.load(url);
      return data ? parse(data) : null;
    },
    onReady: options.onReady,
    warn: options.warn,
    free: disposeModel,
  });
}
