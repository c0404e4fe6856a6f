// Reads a model a designer uploads (GLB, a .gltf with its resources as data URIs, or a zip
// holding a .gltf with its .bin and textures), checks it against the upload limits and turns it
// into the files a catalogue model has: a GLB with the base centre at the origin, a low-poly GLB,
// a cover drawn by the catalogue's own rasteriser and a plan symbol (the top-view outline).
// Every refusal is a ModelUploadRefusal naming its reason; the route turns it into a zh/en
// message (server/messages.ts modelUpload*). Nothing here touches the database or storage.
import type { ModelUploadRefusalReason } from '../../protocol/model-upload';
import { Document, ImageUtils, NodeIO, Primitive, type JSONDocument, type Mesh, type Node, type Scene } from '@gltf-transform/core';
import { inflateRawSync } from 'node:zlib';
import { encodePng } from './png';
import { decodePng } from './png-decode';
import { renderCover } from './furniture/cover';
import type { MaterialDef } from './furniture/materials';
import { Plan, type Part, type PlanSymbol } from './furniture/model';
import type { RgbImage } from './textures';

export interface ModelUploadLimits {
  /** triangles drawn by the scene, every instance of a mesh counted */
  readonly maxTriangles: number;
  readonly maxTextures: number;
  /** longest side of one texture in pixels */
  readonly maxTexturePx: number;
  /** all files of a zip together once inflated (a zip bomb stops here) */
  readonly maxUnzippedBytes: number;
}

export const MODEL_UPLOAD_LIMITS: ModelUploadLimits = {
  maxTriangles: 500_000,
  maxTextures: 16,
  maxTexturePx: 4096,
  maxUnzippedBytes: 200 * 1024 * 1024,
};

export type RefusalReason = ModelUploadRefusalReason;

export class ModelUploadRefusal extends Error {
  override name = 'ModelUploadRefusal';
  constructor(
    readonly reason: RefusalReason,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(reason);
  }
}

/** Units the file's numbers are in; 'auto' guesses from the size (see unitScale). */
export const MODEL_UNITS = ['auto', 'm', 'cm', 'mm'] as const;
export type ModelUnit = (typeof MODEL_UNITS)[number];

export interface ProcessedModel {
  readonly glb: Uint8Array;
  /** null when simplifying saved too little to be worth a second file */
  readonly lowGlb: Uint8Array | null;
  readonly coverPng: Uint8Array;
  readonly plan: PlanSymbol;
  /** catalogue frame in mm: x width, y depth, z height */
  readonly sizex: number;
  readonly sizey: number;
  readonly sizez: number;
  readonly triangles: number;
  readonly lowTriangles: number;
  /** 'glb', 'gltf' or 'zip': what the upload was */
  readonly format: 'glb' | 'gltf' | 'zip';
  /** the scale applied to reach metres (1 for metres, 0.01 for centimetres, ...) */
  readonly scale: number;
}

const io = new NodeIO();
const TEXTURE_MIME = new Set(['image/png', 'image/jpeg']);
/** Extensions that carry textures in formats the product does not read. */
const TEXTURE_EXTENSIONS = new Set(['EXT_texture_webp', 'KHR_texture_basisu', 'EXT_texture_avif']);
const COVER_PX = 256;

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

type Container = 'glb' | 'gltf' | 'zip';

function containerOf(bytes: Uint8Array): Container | null {
  if (ascii(bytes, 0, 'glTF')) return 'glb';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) return 'zip';
  // a .gltf is JSON: an object, maybe after a byte-order mark and white space
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  return bytes[i] === 0x7b ? 'gltf' : null;
}

function parseJson(bytes: Uint8Array): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, ''));
  } catch {
    throw new ModelUploadRefusal('corrupt');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ModelUploadRefusal('corrupt');
  return json as Record<string, unknown>;
}

/** Folder-relative path inside a zip, with '.' and '..' resolved; null when it climbs out. */
function joinPath(dir: string, uri: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    decoded = uri;
  }
  const parts = [...(dir ? dir.split('/') : []), ...decoded.replace(/\\/g, '/').split('/')];
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(p);
  }
  return out.join('/');
}

interface Resourced {
  readonly uri?: string;
}

const isData = (uri: string) => /^data:/i.test(uri);

function resourceUris(json: Record<string, unknown>): string[] {
  const list = (key: string) => (Array.isArray(json[key]) ? (json[key] as Resourced[]) : []);
  return [...list('buffers'), ...list('images')].map((r) => r?.uri).filter((u): u is string => typeof u === 'string' && !isData(u));
}

/**
 * The files of a zip, each inflated no further than the size its central directory declares (the
 * declared sizes together at most maxUnzippedBytes). A general unzip inflates an entry to its end
 * whatever its header says and drops the excess, so a bomb behind a small declared size cost the
 * CPU of all of it; node's inflate stops at maxOutputLength instead. Zip64 entries are not read
 * (models are far below 4 GiB).
 */
export function boundedUnzip(bytes: Uint8Array, limits: Pick<ModelUploadLimits, 'maxUnzippedBytes'>): Record<string, Uint8Array> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tooLarge = () => new ModelUploadRefusal('tooLarge', { limitMb: Math.floor(limits.maxUnzippedBytes / 1048576) });
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 65535); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ModelUploadRefusal('corrupt');
  const count = dv.getUint16(end + 10, true);
  let at = dv.getUint32(end + 16, true);
  const entries: { name: string; method: number; size: number; declared: number; local: number }[] = [];
  let declaredTotal = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.byteLength || dv.getUint32(at, true) !== 0x02014b50) throw new ModelUploadRefusal('corrupt');
    const flags = dv.getUint16(at + 8, true);
    const nameLength = dv.getUint16(at + 28, true);
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = flags & 0x800 ? new TextDecoder().decode(rawName) : String.fromCharCode(...rawName);
    const entry = { name, method: dv.getUint16(at + 10, true), size: dv.getUint32(at + 20, true), declared: dv.getUint32(at + 24, true), local: dv.getUint32(at + 42, true) };
    if (entry.size === 0xffffffff || entry.declared === 0xffffffff || entry.local === 0xffffffff) throw new ModelUploadRefusal('corrupt');
    at += 46 + nameLength + dv.getUint16(at + 30, true) + dv.getUint16(at + 32, true);
    if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
    declaredTotal += entry.declared;
    if (declaredTotal > limits.maxUnzippedBytes) throw tooLarge();
    entries.push(entry);
  }
  const files: Record<string, Uint8Array> = {};
  for (const e of entries) {
    if (e.local + 30 > bytes.byteLength || dv.getUint32(e.local, true) !== 0x04034b50) throw new ModelUploadRefusal('corrupt');
    const start = e.local + 30 + dv.getUint16(e.local + 26, true) + dv.getUint16(e.local + 28, true);
    if (start + e.size > bytes.byteLength) throw new ModelUploadRefusal('corrupt');
    const data = bytes.subarray(start, start + e.size);
    if (e.method === 0) {
      if (e.size !== e.declared) throw new ModelUploadRefusal('corrupt');
      files[e.name] = data;
    } else if (e.method === 8) {
      let out: Buffer;
      try {
        // one byte past the declared size tells a lie from an exact fit
        out = inflateRawSync(data, { maxOutputLength: e.declared + 1 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw new ModelUploadRefusal('corrupt');
      }
      if (out.byteLength !== e.declared) throw e.declared < out.byteLength ? tooLarge() : new ModelUploadRefusal('corrupt');
      files[e.name] = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    } else {
      throw new ModelUploadRefusal('corrupt');
    }
  }
  return files;
}

/** The glTF JSON and its external files, from a zip. */
function fromZip(bytes: Uint8Array, limits: ModelUploadLimits): { jsonDoc: JSONDocument } | { glb: Uint8Array } {
  const files = boundedUnzip(bytes, limits);
  const names = Object.keys(files).map((n) => n.replace(/\\/g, '/'));
  const byName = new Map(Object.entries(files).map(([n, b]) => [n.replace(/\\/g, '/'), b]));
  // the shallowest .gltf is the model (a zip of a folder puts it one level down)
  const depth = (n: string) => n.split('/').length;
  const gltf = names.filter((n) => /\.gltf$/i.test(n)).sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0];
  if (!gltf) {
    const glb = names.filter((n) => /\.glb$/i.test(n)).sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0];
    if (glb) return { glb: byName.get(glb)! };
    throw new ModelUploadRefusal('notModel');
  }
  const json = parseJson(byName.get(gltf)!);
  const dir = gltf.includes('/') ? gltf.slice(0, gltf.lastIndexOf('/')) : '';
  const lower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const uri of resourceUris(json)) {
    const path = joinPath(dir, uri);
    // exporters on Windows write names whose case differs from the file's
    const found = path === null ? undefined : (byName.get(path) ?? byName.get(lower.get(path.toLowerCase()) ?? ''));
    if (!found) throw new ModelUploadRefusal('missingFile', { file: uri.slice(0, 120) });
    resources[uri] = found as Uint8Array<ArrayBuffer>;
  }
  return { jsonDoc: { json: json as unknown as JSONDocument['json'], resources } };
}

function checkJson(json: Record<string, unknown>): void {
  const asset = json.asset as { version?: unknown } | undefined;
  if (typeof asset?.version !== 'string' || !asset.version.startsWith('2.')) throw new ModelUploadRefusal('corrupt');
  const required = Array.isArray(json.extensionsRequired) ? json.extensionsRequired.filter((e): e is string => typeof e === 'string') : [];
  for (const ext of required) {
    if (TEXTURE_EXTENSIONS.has(ext)) throw new ModelUploadRefusal('textureFormat', { format: ext });
    throw new ModelUploadRefusal('unsupportedExtension', { extension: ext.slice(0, 64) });
  }
}

/** Reads the upload into a glTF-Transform document, or refuses it. */
export async function readUpload(bytes: Uint8Array, limits: ModelUploadLimits = MODEL_UPLOAD_LIMITS): Promise<{ doc: Document; format: Container }> {
  const format = containerOf(bytes);
  if (!format) throw new ModelUploadRefusal('notModel');
  let jsonDoc: JSONDocument;
  if (format === 'zip') {
    const inner = fromZip(bytes, limits);
    jsonDoc = 'glb' in inner ? await glbJson(inner.glb) : inner.jsonDoc;
  } else if (format === 'glb') {
    jsonDoc = await glbJson(bytes);
  } else {
    const json = parseJson(bytes);
    const external = resourceUris(json);
    // a lone .gltf can only bring its data inside itself
    if (external.length > 0) throw new ModelUploadRefusal('missingFile', { file: external[0]!.slice(0, 120) });
    jsonDoc = { json: json as unknown as JSONDocument['json'], resources: {} };
  }
  checkJson(jsonDoc.json as unknown as Record<string, unknown>);
  try {
    return { doc: await io.readJSON(jsonDoc), format };
  } catch (e) {
    if (e instanceof ModelUploadRefusal) throw e;
    throw new ModelUploadRefusal('corrupt');
  }
}

async function glbJson(bytes: Uint8Array): Promise<JSONDocument> {
  try {
    return await io.binaryToJSON(bytes);
  } catch (e) {
    if (e instanceof Error && /external/i.test(e.message)) throw new ModelUploadRefusal('missingFile', { file: '*' });
    throw new ModelUploadRefusal('corrupt');
  }
}

function sceneOf(doc: Document): Scene | null {
  const root = doc.getRoot();
  return root.getDefaultScene() ?? root.listScenes()[0] ?? null;
}

// glTF primitive modes (Primitive.Mode's values, typed as numbers here)
const MODE = { TRIANGLES: 4, TRIANGLE_STRIP: 5, TRIANGLE_FAN: 6 } as const;
const TRIANGLE_MODES = new Set<number>([MODE.TRIANGLES, MODE.TRIANGLE_STRIP, MODE.TRIANGLE_FAN]);

function primitiveTriangles(p: Primitive): number {
  const mode = p.getMode();
  if (!TRIANGLE_MODES.has(mode)) return 0;
  const count = p.getIndices()?.getCount() ?? p.getAttribute('POSITION')?.getCount() ?? 0;
  return mode === MODE.TRIANGLES ? Math.floor(count / 3) : Math.max(0, count - 2);
}

function meshTriangles(mesh: Mesh): number {
  return mesh.listPrimitives().reduce((n, p) => n + primitiveTriangles(p), 0);
}

/** Each mesh instance in the scene with its world matrix. */
function instances(scene: Scene): { node: Node; mesh: Mesh }[] {
  const out: { node: Node; mesh: Mesh }[] = [];
  scene.traverse((node) => {
    const mesh = node.getMesh();
    if (mesh) out.push({ node, mesh });
  });
  return out;
}

export function sceneTriangles(doc: Document): number {
  const scene = sceneOf(doc);
  return scene ? instances(scene).reduce((n, i) => n + meshTriangles(i.mesh), 0) : 0;
}

function checkTextures(doc: Document, limits: ModelUploadLimits): void {
  const textures = doc.getRoot().listTextures();
  if (textures.length > limits.maxTextures) throw new ModelUploadRefusal('tooManyTextures', { count: textures.length, max: limits.maxTextures });
  for (const t of textures) {
    const image = t.getImage();
    if (!image) throw new ModelUploadRefusal('missingFile', { file: t.getURI() || t.getName() || 'texture' });
    const mime = ImageUtils.getMimeType(image);
    if (!mime || !TEXTURE_MIME.has(mime)) throw new ModelUploadRefusal('textureFormat', { format: (t.getMimeType() || t.getURI() || '?').slice(0, 64) });
    const size = ImageUtils.getSize(image, mime);
    if (!size) throw new ModelUploadRefusal('corrupt');
    const [w, h] = size;
    if (Math.max(w, h) > limits.maxTexturePx) throw new ModelUploadRefusal('textureTooLarge', { width: w, height: h, max: limits.maxTexturePx });
  }
}

type Vec3 = [number, number, number];

function apply(m: readonly number[], x: number, y: number, z: number): Vec3 {
  return [m[0]! * x + m[4]! * y + m[8]! * z + m[12]!, m[1]! * x + m[5]! * y + m[9]! * z + m[13]!, m[2]! * x + m[6]! * y + m[10]! * z + m[14]!];
}

/** The world-space box of every triangle vertex drawn by the scene. */
function worldBounds(scene: Scene): { min: Vec3; max: Vec3 } | null {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  const v: number[] = [];
  for (const { node, mesh } of instances(scene)) {
    const m = node.getWorldMatrix();
    for (const p of mesh.listPrimitives()) {
      if (primitiveTriangles(p) === 0) continue;
      const pos = p.getAttribute('POSITION');
      if (!pos) continue;
      for (let i = 0; i < pos.getCount(); i++) {
        pos.getElement(i, v);
        const w = apply(m, v[0]!, v[1]!, v[2]!);
        for (let k = 0; k < 3; k++) {
          if (!Number.isFinite(w[k]!)) throw new ModelUploadRefusal('corrupt');
          if (w[k]! < min[k]!) min[k] = w[k]!;
          if (w[k]! > max[k]!) max[k] = w[k]!;
        }
      }
    }
  }
  return min[0] === Infinity ? null : { min, max };
}

/**
 * Metres per file unit. glTF is in metres, but exporters often write centimetres or millimetres
 * unscaled: a "sofa" 210 m wide is a sofa in cm. 'auto' takes metres unless the largest side
 * passes 20 m (centimetres up to 2,000 units, then millimetres), which no furniture reaches.
 */
export function unitScale(unit: ModelUnit, largestSide: number): number {
  if (unit === 'm') return 1;
  if (unit === 'cm') return 0.01;
  if (unit === 'mm') return 0.001;
  if (largestSide <= 20) return 1;
  return largestSide <= 2000 ? 0.01 : 0.001;
}

function linearToSrgb(c: number): number {
  const v = Math.max(0, Math.min(1, c));
  return Math.round(255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055));
}

const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

const MAX_DECODED_PIXELS = 4096 * 4096;

/** A JPEG texture's pixels, by pdf.js's decoder (pdfjs-dist is here for PDF pages already). */
async function decodeJpeg(bytes: Uint8Array): Promise<RgbImage | null> {
  try {
    const { JpegImage } = await import('pdfjs-dist/image_decoders/pdf.image_decoders.mjs');
    const jpeg = new JpegImage();
    jpeg.parse(bytes);
    const { width, height } = jpeg;
    if (!width || !height || width * height > MAX_DECODED_PIXELS) return null;
    const rgb = jpeg.getData({ width, height, forceRGB: true, isSourcePDF: false });
    return rgb.length === width * height * 3 ? { width, height, rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length) } : null;
  } catch {
    return null;
  }
}

/** Every base colour texture's pixels (PNG or JPEG), decoded once however many materials share it; null where unreadable. */
async function decodeBaseColours(doc: Document): Promise<Map<Uint8Array, RgbImage | null>> {
  const images = new Map<Uint8Array, RgbImage | null>();
  for (const m of doc.getRoot().listMaterials()) {
    const bytes = m.getBaseColorTexture()?.getImage();
    if (!bytes || images.has(bytes)) continue;
    const mime = ImageUtils.getMimeType(bytes);
    images.set(bytes, mime === 'image/png' ? decodePng(bytes) : mime === 'image/jpeg' ? await decodeJpeg(bytes) : null);
  }
  return images;
}

/** A picture multiplied by a colour factor (sRGB 0-255), through one lookup table a channel. */
function tint(picture: RgbImage, srgb: readonly number[]): RgbImage {
  const lut = new Uint8Array(3 * 256);
  for (let c = 0; c < 3; c++) for (let v = 0; v < 256; v++) lut[c * 256 + v] = Math.round((v * srgb[c]!) / 255);
  const src = picture.rgb;
  const out = new Uint8Array(src.length);
  for (let i = 0; i + 2 < src.length; i += 3) {
    out[i] = lut[src[i]!]!;
    out[i + 1] = lut[256 + src[i + 1]!]!;
    out[i + 2] = lut[512 + src[i + 2]!]!;
  }
  return { width: picture.width, height: picture.height, rgb: out };
}

/** The cover's view of a glTF material: colour, gloss, and the decoded base colour picture. */
function materialOf(p: Primitive, index: number, images: ReadonlyMap<Uint8Array, RgbImage | null>): MaterialDef {
  const m = p.getMaterial();
  if (!m) return { key: `default-${index}`, colour: '#ffffff', metallic: 0, roughness: 1 };
  const factor = m.getBaseColorFactor();
  const srgb = [linearToSrgb(factor[0]), linearToSrgb(factor[1]), linearToSrgb(factor[2])];
  let image: RgbImage | undefined;
  const bytes = m.getBaseColorTexture()?.getImage();
  if (bytes) {
    // a picture that could not be decoded leaves the colour factor on the cover
    const decoded = images.get(bytes);
    if (decoded) image = srgb.every((c) => c === 255) ? decoded : tint(decoded, srgb);
  }
  const emissive = m.getEmissiveFactor();
  const glows = emissive.some((c) => c > 0.05);
  return {
    key: `${m.getName() || 'material'}-${index}`,
    colour: hex(srgb),
    metallic: m.getMetallicFactor(),
    roughness: m.getRoughnessFactor(),
    ...(m.getAlphaMode() === 'BLEND' && factor[3] < 1 ? { alpha: Math.max(0.15, factor[3]) } : {}),
    doubleSided: m.getDoubleSided(),
    ...(glows ? { emissive: hex(emissive.map(linearToSrgb)) } : {}),
    ...(image ? { image } : {}),
  };
}

/** Triangle-list indices of a primitive, whatever its mode and whether it is indexed. */
function triangleIndices(p: Primitive): Uint32Array {
  const count = p.getIndices()?.getCount() ?? p.getAttribute('POSITION')?.getCount() ?? 0;
  const source = p.getIndices()?.getArray();
  const at = (i: number) => (source ? Number(source[i]) : i);
  const mode = p.getMode();
  if (mode === MODE.TRIANGLES) {
    const out = new Uint32Array(Math.floor(count / 3) * 3);
    // an index accessor's array (Uint8/16/32) copies in one call; the per-element path is for the rest
    if ((source instanceof Uint32Array || source instanceof Uint16Array || source instanceof Uint8Array) && source.length >= out.length) out.set(source.subarray(0, out.length));
    else for (let i = 0; i < out.length; i++) out[i] = at(i);
    return out;
  }
  const tris = Math.max(0, count - 2);
  const out = new Uint32Array(tris * 3);
  for (let t = 0; t < tris; t++) {
    if (mode === MODE.TRIANGLE_FAN) out.set([at(0), at(t + 1), at(t + 2)], t * 3);
    // strips flip every other triangle to keep the winding
    else out.set(t % 2 === 0 ? [at(t), at(t + 1), at(t + 2)] : [at(t + 1), at(t), at(t + 2)], t * 3);
  }
  return out;
}

/** Every drawn primitive in world space, as the cover renderer's parts. */
function partsOf(scene: Scene, images: ReadonlyMap<Uint8Array, RgbImage | null>): Part[] {
  const parts: Part[] = [];
  const v: number[] = [];
  let index = 0;
  for (const { node, mesh } of instances(scene)) {
    const m = node.getWorldMatrix();
    for (const p of mesh.listPrimitives()) {
      const position = p.getAttribute('POSITION');
      if (!position || primitiveTriangles(p) === 0) continue;
      const n = position.getCount();
      const pos = new Float32Array(n * 3);
      const raw = position.getArray();
      if (raw instanceof Float32Array && !position.getNormalized() && raw.length >= n * 3) {
        // the common case read straight from the array: getElement per vertex was most of the time
        for (let i = 0; i < n * 3; i += 3) {
          const x = raw[i]!, y = raw[i + 1]!, z = raw[i + 2]!;
          pos[i] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
          pos[i + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
          pos[i + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        }
      } else {
        for (let i = 0; i < n; i++) pos.set(apply(m, ...(position.getElement(i, v) as Vec3)), i * 3);
      }
      const idx = triangleIndices(p);
      // normals from the placed triangles (area weighted): right under any node scale or mirror,
      // and present when the file has none
      const nrm = new Float32Array(n * 3);
      for (let t = 0; t < idx.length; t += 3) {
        const a = idx[t]! * 3, b = idx[t + 1]! * 3, c = idx[t + 2]! * 3;
        if (c >= pos.length || a >= pos.length || b >= pos.length) continue;
        const ux = pos[b]! - pos[a]!, uy = pos[b + 1]! - pos[a + 1]!, uz = pos[b + 2]! - pos[a + 2]!;
        const wx = pos[c]! - pos[a]!, wy = pos[c + 1]! - pos[a + 1]!, wz = pos[c + 2]! - pos[a + 2]!;
        const fx = uy * wz - uz * wy, fy = uz * wx - ux * wz, fz = ux * wy - uy * wx;
        // written out: a [a, b, c] array per triangle was a good part of this loop's time
        nrm[a] = nrm[a]! + fx;
        nrm[a + 1] = nrm[a + 1]! + fy;
        nrm[a + 2] = nrm[a + 2]! + fz;
        nrm[b] = nrm[b]! + fx;
        nrm[b + 1] = nrm[b + 1]! + fy;
        nrm[b + 2] = nrm[b + 2]! + fz;
        nrm[c] = nrm[c]! + fx;
        nrm[c + 1] = nrm[c + 1]! + fy;
        nrm[c + 2] = nrm[c + 2]! + fz;
      }
      const texcoord = p.getAttribute('TEXCOORD_0');
      const uv = new Float32Array(n * 2);
      const rawUv = texcoord?.getArray();
      if (rawUv instanceof Float32Array && !texcoord!.getNormalized() && rawUv.length >= n * 2) uv.set(rawUv.subarray(0, n * 2));
      else if (texcoord) for (let i = 0; i < n; i++) uv.set(texcoord.getElement(i, v).slice(0, 2), i * 2);
      // indices past the vertices (a broken file) are dropped; the usual file has none to drop
      const inRange = idx.every((i) => i < n) ? idx : idx.filter((i) => i < n);
      parts.push({ material: materialOf(p, index++, images), pos, nrm, uv, idx: inRange });
    }
  }
  return parts;
}

/** The convex hull of the footprint (x, z in metres), counter-clockwise (Andrew's monotone chain). */
function footprintHull(parts: readonly Part[]): [number, number][] {
  // Millimetre grid (the plan is drawn in mm). Only the nearest and farthest point of each grid
  // column can lie on the hull, so a dense mesh shrinks to two points a millimetre of width
  // before the sort, instead of sorting every vertex.
  const columns = new Map<number, { lo: number; hi: number }>();
  for (const p of parts) {
    for (let k = 0; k < p.pos.length; k += 3) {
      const x = Math.round(p.pos[k]! * 1000), z = Math.round(p.pos[k + 2]! * 1000);
      const col = columns.get(x);
      if (!col) columns.set(x, { lo: z, hi: z });
      else if (z < col.lo) col.lo = z;
      else if (z > col.hi) col.hi = z;
    }
  }
  const pts: [number, number][] = [];
  for (const [x, { lo, hi }] of columns) {
    pts.push([x / 1000, lo / 1000]);
    if (hi !== lo) pts.push([x / 1000, hi / 1000]);
  }
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The low-poly variant: every triangle primitive's indices simplified by meshoptimizer to about
 * a quarter, the vertices kept (the file shrinks less than the triangle count, which is what the
 * renderer pays for). Answers null when that saves under 10 % of the triangles (small models).
 */
async function simplify(glb: Uint8Array, triangles: number): Promise<{ glb: Uint8Array; triangles: number } | null> {
  if (triangles < 200) return null;
  const { MeshoptSimplifier } = await import('meshoptimizer');
  await MeshoptSimplifier.ready;
  const doc = await io.readBinary(glb);
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const p of mesh.listPrimitives()) {
      const position = p.getAttribute('POSITION');
      const array = position?.getArray();
      if (!position || !(array instanceof Float32Array) || position.getNormalized() || primitiveTriangles(p) < 64) continue;
      const indices = triangleIndices(p);
      const target = Math.max(3, Math.floor(indices.length / 4 / 3) * 3);
      const [reduced] = MeshoptSimplifier.simplify(indices, array, 3, target, 0.02);
      if (reduced.length === 0 || reduced.length >= indices.length) continue;
      const old = p.getIndices();
      const small = position.getCount() < 65536 ? Uint16Array.from(reduced) : reduced;
      p.setIndices(doc.createAccessor().setType('SCALAR').setArray(small).setBuffer(buffer)).setMode(MODE.TRIANGLES);
      if (old && old.listParents().length <= 1) old.dispose();
    }
  }
  const low = await io.writeBinary(doc);
  const lowTriangles = sceneTriangles(doc);
  return lowTriangles <= triangles * 0.9 ? { glb: low, triangles: lowTriangles } : null;
}

export interface ProcessOptions {
  readonly unit?: ModelUnit;
  readonly limits?: ModelUploadLimits;
  /** floor-standing pieces get a contact shadow on the cover */
  readonly shadow?: boolean;
}

/** Checks and converts an upload; throws ModelUploadRefusal for every reason it is refused. */
export async function processModelUpload(bytes: Uint8Array, opts: ProcessOptions = {}): Promise<ProcessedModel> {
  const limits = opts.limits ?? MODEL_UPLOAD_LIMITS;
  const { doc, format } = await readUpload(bytes, limits);
  const scene = sceneOf(doc);
  const triangles = sceneTriangles(doc);
  if (!scene || triangles === 0) throw new ModelUploadRefusal('emptyScene');
  if (triangles > limits.maxTriangles) throw new ModelUploadRefusal('tooManyTriangles', { count: triangles, max: limits.maxTriangles });
  checkTextures(doc, limits);
  const box = worldBounds(scene);
  if (!box) throw new ModelUploadRefusal('emptyScene');
  const extent = [box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]] as const;
  const scale = unitScale(opts.unit ?? 'auto', Math.max(...extent));
  // zero-thickness models (a flat picture) still get one millimetre, since sizes must be positive
  const mm = extent.map((e) => Math.max(1, Math.round(e * scale * 1000)));
  if (mm.some((v) => v > 100_000)) throw new ModelUploadRefusal('corrupt');

  // One new root under the scene carries the unit scale and moves the base centre to the origin,
  // so the file's own nodes (and their animations, if any) stay as they were.
  const root = doc
    .createNode('upload-root')
    .setScale([scale, scale, scale])
    .setTranslation([-scale * (box.min[0] + box.max[0]) * 0.5, -scale * box.min[1], -scale * (box.min[2] + box.max[2]) * 0.5]);
  for (const child of scene.listChildren()) {
    scene.removeChild(child);
    root.addChild(child);
  }
  scene.addChild(root);
  doc.getRoot().setDefaultScene(scene);
  for (const other of doc.getRoot().listScenes()) if (other !== scene) other.dispose();
  doc.getRoot().getAsset().generator = 'yfang model upload';

  let glb: Uint8Array;
  try {
    glb = await io.writeBinary(doc);
  } catch {
    throw new ModelUploadRefusal('corrupt');
  }
  const low = await simplify(glb, triangles);
  const parts = partsOf(scene, await decodeBaseColours(doc));
  const cover = renderCover(parts, { size: COVER_PX, shadow: opts.shadow ?? true });
  const plan = new Plan();
  const hull = footprintHull(parts);
  // a footprint without area (a flat picture seen edge on) is drawn as its box, at least 1 mm deep
  const half = (a: number, b: number) => Math.max(0.0005, ((b - a) * scale) / 2);
  if (hull.length >= 3) plan.outline(hull);
  else plan.rect(-half(box.min[0], box.max[0]), -half(box.min[2], box.max[2]), half(box.min[0], box.max[0]), half(box.min[2], box.max[2]), true);
  return {
    glb,
    lowGlb: low?.glb ?? null,
    coverPng: encodePng(cover.width, cover.height, cover.rgb),
    plan: plan.symbol(),
    sizex: mm[0]!,
    sizey: mm[2]!,
    sizez: mm[1]!,
    triangles,
    lowTriangles: low?.triangles ?? triangles,
    format,
    scale,
  };
}
