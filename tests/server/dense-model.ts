// A dense textured model for upload tests and the model-upload bench: the size of a detailed
// sofa from a modelling tool when n is about 224 (100,000 triangles, a 1024 px texture).
import { Document, NodeIO } from '@gltf-transform/core';
import { encodePng } from '../../server/catalogues/png';

/** A UV sphere of 2 * n * n triangles with a striped PNG base colour texture, as a GLB. */
export async function denseGlb(n: number, texturePx: number): Promise<Uint8Array> {
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
