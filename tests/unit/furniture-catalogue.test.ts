// The generated furniture catalogue (server/catalogues/furniture): every model is a valid GLB by
// the Khronos validator, its bounding box (read back from the file's own accessor bounds, which
// the validator checks against the vertex data) is the size its row declares, the low-poly
// variant is lighter, the plan symbol stays inside the footprint, covers are pictures, and the
// generators are deterministic.
import validator, { type ValidationReport } from 'gltf-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel, furnitureDefs, modelFile, modelRows, STYLES, type BuiltModel, type FurnitureDef } from '../../server/catalogues/furniture/catalogue';

/** Covers are drawn small here: the check is that they show something, not how it looks. */
const COVER_TEST_PX = 64;

interface GltfJson {
  accessors: { min?: number[]; max?: number[] }[];
  meshes: { primitives: { attributes: Record<string, number> }[] }[];
  nodes: { mesh?: number; matrix?: number[]; translation?: number[]; rotation?: number[]; scale?: number[] }[];
}

/** The JSON chunk of a GLB, read by hand (header, then the first chunk, which must be JSON). */
function glbJson(glb: Uint8Array): GltfJson {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  expect(view.getUint32(0, true)).toBe(0x46546c67); // 'glTF'
  expect(view.getUint32(4, true)).toBe(2);
  const length = view.getUint32(12, true);
  expect(view.getUint32(16, true)).toBe(0x4e4f534a); // 'JSON'
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as GltfJson;
}

/** Bounds of every POSITION accessor, in metres (the single node has no transform). */
function fileBounds(glb: Uint8Array): { min: number[]; max: number[] } {
  const json = glbJson(glb);
  for (const n of json.nodes) expect(n.matrix ?? n.translation ?? n.rotation ?? n.scale).toBeUndefined();
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of json.meshes) {
    for (const prim of mesh.primitives) {
      const acc = json.accessors[prim.attributes.POSITION!]!;
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a]!, acc.min![a]!);
        max[a] = Math.max(max[a]!, acc.max![a]!);
      }
    }
  }
  return { min, max };
}

function expectValid(report: ValidationReport, what: string): void {
  const errors = report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}`);
  expect(errors, what).toEqual([]);
  expect(report.issues.numErrors, what).toBe(0);
  expect(report.issues.numWarnings, what).toBe(0);
}

describe('furniture catalogue', () => {
  const defs = furnitureDefs();
  const built = new Map<string, BuiltModel>();

  beforeAll(async () => {
    for (const [i, d] of defs.entries()) built.set(d.key, await buildModel(d, i + 1, { coverSize: COVER_TEST_PX }));
  }, 60000);

  it('holds at least 200 models with unique ids over every family a home needs', () => {
    expect(defs.length).toBeGreaterThanOrEqual(200);
    const rows = [...built.values()].map((b) => b.row);
    expect(new Set(rows.map((r) => r.model_id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const kinds = new Set(rows.map((r) => r.category_en[2]));
    const families = new Set(rows.map((r) => r.class));
    for (const f of ['sofa', 'armchair', 'bed', 'wardrobe', 'chest', 'dining-table', 'coffee-table', 'desk', 'chair', 'tv-unit', 'shelf', 'toilet', 'basin', 'shower', 'bath', 'lamp', 'curtain', 'rug', 'plant', 'decor']) {
      expect(families, f).toContain(f);
    }
    for (const k of ['Fridge', 'Oven', 'Hob', 'Coffee table', 'TV unit', 'Bedside table', 'Wall art']) expect(kinds, k).toContain(k);
    // lamps of all three kinds: hung from the ceiling, standing on the floor, on a table
    const lampMounts = new Set(rows.filter((r) => r.class === 'lamp').map((r) => r.type));
    expect([...lampMounts].sort()).toEqual(['ceiling', 'floor', 'surface']);
  });

  it('gives every row the catalogue fields, its size and a style from the style list', () => {
    const styles = new Set(Object.values(STYLES).map((s) => s.zh));
    for (const { row } of built.values()) {
      expect(row.display_size).toBe(`${row.sizex}x${row.sizey}x${row.sizez}`);
      expect(styles, row.model_id).toContain(row.style);
      for (const f of [row.category1, row.category2, row.category3, row.category4, row.name, row.name_en, row.brand, row.class]) {
        expect(f.length, row.model_id).toBeGreaterThan(0);
      }
      expect(row.modelVersion).toBe(1);
      expect(row.isUseLowGltf).toBe(true);
      expect(Math.min(row.sizex, row.sizey, row.sizez), row.model_id).toBeGreaterThan(0);
      expect(row.price).toBeGreaterThan(0);
    }
  });

  it('writes valid GLBs (Khronos validator) whose bounds are the declared size, for both details', async () => {
    for (const d of defs) {
      const b = built.get(d.key)!;
      for (const [glb, what] of [[b.glb, d.key], [b.lowGlb, `${d.key} (low)`]] as const) {
        expectValid(await validator.validateBytes(glb, { maxIssues: 20 }), what);
        const { min, max } = fileBounds(glb);
        // glTF x = catalogue x, glTF -z = catalogue y, glTF y = catalogue z (height)
        const size = [(max[0]! - min[0]!) * 1000, (max[2]! - min[2]!) * 1000, (max[1]! - min[1]!) * 1000];
        for (let a = 0; a < 3; a++) expect(Math.abs(size[a]! - d.size[a]!), `${what} axis ${a}: ${size[a]} vs ${d.size[a]}`).toBeLessThanOrEqual(1);
        // origin: the centre of the footprint at the base
        expect(Math.abs(max[0]! + min[0]!) * 500, what).toBeLessThanOrEqual(1);
        expect(Math.abs(max[2]! + min[2]!) * 500, what).toBeLessThanOrEqual(1);
        expect(Math.abs(min[1]!) * 1000, what).toBeLessThanOrEqual(1);
      }
    }
  }, 60000);

  it('makes the low-poly variant lighter (triangles counted by the validator)', async () => {
    for (const d of defs) {
      const b = built.get(d.key)!;
      const [high, low] = await Promise.all([validator.validateBytes(b.glb), validator.validateBytes(b.lowGlb)]);
      expect(low.info!.totalTriangleCount, d.key).toBeLessThan(high.info!.totalTriangleCount);
      expect(high.info!.totalTriangleCount, d.key).toBe(b.row.triangles);
    }
  }, 60000);

  it('draws a plan symbol inside the footprint, its first outline a closed shape', () => {
    for (const { row } of built.values()) {
      const { outlines, lines } = row.plan;
      expect(outlines.length, row.model_id).toBeGreaterThan(0);
      expect(outlines[0]!.length, row.model_id).toBeGreaterThanOrEqual(3);
      for (const poly of [...outlines, ...lines]) {
        for (const [x, y] of poly) {
          expect(Math.abs(x), row.model_id).toBeLessThanOrEqual(row.sizex / 2 + 1);
          expect(Math.abs(y), row.model_id).toBeLessThanOrEqual(row.sizey / 2 + 1);
        }
      }
      // the outline spans most of the footprint (not a dot in the middle)
      const xs = outlines[0]!.map((p) => p[0]);
      expect(Math.max(...xs) - Math.min(...xs), row.model_id).toBeGreaterThan(row.sizex * 0.9);
    }
  });

  it('renders a cover that shows the piece: many pixels off the background, with shading', () => {
    for (const { cover, coverPng, row } of built.values()) {
      expect(coverPng.length, row.model_id).toBeGreaterThan(100);
      const n = cover.width * cover.height;
      let off = 0;
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < n; i++) {
        const l = (cover.rgb[i * 3]! + cover.rgb[i * 3 + 1]! + cover.rgb[i * 3 + 2]!) / 3;
        sum += l;
        sq += l * l;
        const bg = Math.abs(cover.rgb[i * 3]! - 244) + Math.abs(cover.rgb[i * 3 + 1]! - 243) + Math.abs(cover.rgb[i * 3 + 2]! - 240);
        if (bg > 24) off++;
      }
      const variance = sq / n - (sum / n) ** 2;
      // rugs and flush lights are flat and low: they still cover a few percent of the frame
      expect(off / n, row.model_id).toBeGreaterThan(0.03);
      expect(variance, row.model_id).toBeGreaterThan(40);
    }
  });

  it('lists the same rows without drawing files, and draws one file of a model by its id', async () => {
    const rows = modelRows();
    expect(rows).toEqual(defs.map((d) => built.get(d.key)!.row));
    const sofa = rows.find((r) => r.class === 'sofa')!;
    const first = built.get(sofa.model_id.slice(3))!;
    expect(Buffer.from((await modelFile(sofa.model_id, 'glb'))!).equals(Buffer.from(first.glb))).toBe(true);
    expect(Buffer.from((await modelFile(sofa.model_id, 'low'))!).equals(Buffer.from(first.lowGlb))).toBe(true);
    const cover = (await modelFile(sofa.model_id, 'cover'))!;
    expect([...cover.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect(await modelFile('yf-no-such-model', 'glb')).toBeNull();
  });

  it('is deterministic: the same definition gives the same bytes', async () => {
    // one model of each family, built again from fresh definitions
    const again = furnitureDefs();
    const seen = new Set<string>();
    const sample: [FurnitureDef, number][] = [];
    again.forEach((d, i) => {
      if (!seen.has(d.family)) sample.push([d, i]);
      seen.add(d.family);
    });
    for (const [d, i] of sample) {
      const b = await buildModel(d, i + 1, { coverSize: COVER_TEST_PX });
      const first = built.get(d.key)!;
      expect(Buffer.from(b.glb).equals(Buffer.from(first.glb)), d.key).toBe(true);
      expect(Buffer.from(b.lowGlb).equals(Buffer.from(first.lowGlb)), d.key).toBe(true);
      expect(Buffer.from(b.coverPng).equals(Buffer.from(first.coverPng)), d.key).toBe(true);
      expect(b.row).toEqual(first.row);
    }
  });
});
