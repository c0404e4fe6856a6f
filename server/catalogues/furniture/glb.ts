// Writes a model's parts as one GLB (glTF 2.0 binary) with @gltf-transform/core: one node, one
// mesh, one primitive per material, PBR metallic-roughness materials with embedded PNG textures.
// The output depends only on the parts (no dates or random ids), so a model's bytes are the same
// on every run.
import { Document, NodeIO } from '@gltf-transform/core';
import { materialImages, srgbToLinear } from './materials';
import type { Part } from './model';
import { parseColor } from '../textures';

const io = new NodeIO();

function linear(hex: string): [number, number, number] {
  const [r, g, b] = parseColor(hex);
  return [srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)];
}

export async function writeGlb(name: string, parts: readonly Part[]): Promise<Uint8Array> {
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'yfang furniture catalogue';
  const buffer = doc.createBuffer();
  const mesh = doc.createMesh(name);
  for (const part of parts) {
    const m = part.material;
    const material = doc
      .createMaterial(m.key)
      .setMetallicFactor(m.metallic)
      .setRoughnessFactor(m.roughness)
      .setDoubleSided(m.doubleSided ?? false);
    const images = materialImages(m);
    if (images) {
      // the texture carries the colour; the factor stays white so the picture is not tinted
      const texture = doc.createTexture(m.key).setImage(images.png).setMimeType('image/png');
      material.setBaseColorTexture(texture).setBaseColorFactor([1, 1, 1, m.alpha ?? 1]);
    } else {
      material.setBaseColorFactor([...linear(m.colour), m.alpha ?? 1]);
    }
    if ((m.alpha ?? 1) < 1) material.setAlphaMode('BLEND');
    if (m.emissive) material.setEmissiveFactor(linear(m.emissive));
    const vertices = part.pos.length / 3;
    const indices = vertices < 65536 ? Uint16Array.from(part.idx) : part.idx;
    const primitive = doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(part.pos).setBuffer(buffer))
      .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(part.nrm).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
      .setMaterial(material);
    // texture coordinates only where a texture uses them (an unused attribute is dead weight)
    if (images) primitive.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(part.uv).setBuffer(buffer));
    mesh.addPrimitive(primitive);
  }
  const node = doc.createNode(name).setMesh(mesh);
  const scene = doc.createScene(name).addChild(node);
  doc.getRoot().setDefaultScene(scene);
  return io.writeBinary(doc);
}
