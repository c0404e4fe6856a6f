// Converting an uploaded model (catalogues/model-upload.ts: read, check, normalise, write the GLB,
// simplify, draw the cover and plan) is synchronous CPU work on the server's event loop, done one
// upload at a time per process (processInTurn). This measures it for a dense textured mesh, the
// size of a detailed sofa from a modelling tool: 100,000 triangles and a 1024 px PNG texture.
// Target: at most 1 s per upload at that size, so a queue of a few uploads stays under the
// client's 60 s timeout and other requests wait at most about a second behind one.
import { Document, NodeIO } from '@gltf-transform/core';
import { encodePng } from '../../server/catalogues/png';
import { processModelUpload } from '../../server/catalogues/model-upload';
import { quantile, round } from './stats';
import type { Benchmark, BenchRow } from './types';

const TARGET_MS = 1000;

/** A UV sphere of about 2 * n * n triangles with a striped PNG base colour texture. */
async function denseGlb(n: number, texturePx: number): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const pos: number[] = [];
  const uv: number[] = [];
  const idx: number[] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const th = (i / n) * Math.PI, ph = (j / n) * 2 * Math.PI;
      pos.push(0.45 * Math.sin(th) * Math.cos(ph), 0.45 * Math.cos(th), 0.45 * Math.sin(th) * Math.sin(ph));
      uv.push(j / n, i / n);
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = i * (n + 1) + j, b = a + n + 1;
      idx.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  const rgb = new Uint8Array(texturePx * texturePx * 3);
  for (let k = 0; k < texturePx * texturePx; k++) rgb.set((k % texturePx) % 64 < 32 ? [180, 120, 70] : [90, 60, 40], k * 3);
  const texture = doc.createTexture('stripes').setImage(encodePng(texturePx, texturePx, rgb)).setMimeType('image/png');
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(pos)).setBuffer(buffer))
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(uv)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(idx)).setBuffer(buffer))
    .setMaterial(doc.createMaterial('fabric').setBaseColorTexture(texture));
  doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(prim)));
  return new NodeIO().writeBinary(doc);
}

const bench: Benchmark = {
  id: 'model-upload',
  title: 'Converting an uploaded model: 100,000 triangles with a 1024 px texture (check, GLB, low-poly, cover, plan)',
  async run({ smoke }) {
    const n = smoke ? 40 : 224;
    const glb = await denseGlb(n, smoke ? 64 : 1024);
    const rounds = smoke ? 1 : 7;
    const times: number[] = [];
    let triangles = 0;
    let lowTriangles = 0;
    await processModelUpload(glb); // warm: the simplifier's WebAssembly and the JIT
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      const done = await processModelUpload(glb);
      times.push(performance.now() - t0);
      triangles = done.triangles;
      lowTriangles = done.lowTriangles;
    }
    const p50 = round(quantile(times, 0.5));
    const rows: BenchRow[] = [
      { name: 'triangles in the upload', value: triangles, unit: 'count', target: '', met: null },
      { name: 'triangles in the low-poly variant', value: lowTriangles, unit: 'count', target: '', met: null },
      { name: 'upload size', value: round(glb.byteLength / 1048576), unit: 'MB', target: '', met: null },
      { name: 'conversion p50', value: p50, unit: 'ms', target: `<= ${TARGET_MS} ms`, met: p50 <= TARGET_MS },
      { name: 'conversion max', value: round(Math.max(...times)), unit: 'ms', target: '', met: null },
    ];
    return rows;
  },
};
export default bench;
