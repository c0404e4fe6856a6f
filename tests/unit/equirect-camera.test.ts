import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Object3D, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { EQUIRECT_TURN_Y } from '../../kernel-worker/render/pano-stitch';
import { equirectDirection } from '../../protocol/panorama';

// A high-quality panorama (a render job) is traced with three-gpu-pathtracer's EquirectCamera, not
// stitched from cube faces: its picture must follow protocol/panorama.ts as the stitched ones do,
// or the viewers and the walk's hotspots would look the wrong way. The camera's ray direction is
// the library's shader (equirectUvToDirection, then cameraWorldMatrix); this transcribes it, checks
// the transcription against the shader text installed, and turns the camera as path-trace.ts does.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shaderFile = path.join(root, 'node_modules/three-gpu-pathtracer/src/shader/common/util_functions.glsl.js');

/** equirectUvToDirection of the shader, for a texture coordinate (y up from the bottom row). */
function shaderDirection(uvx: number, uvy: number): Vector3 {
  const x = uvx - 0.5;
  const y = 1 - uvy;
  const theta = x * 2 * Math.PI;
  const phi = y * Math.PI;
  const sinPhi = Math.sin(phi);
  return new Vector3(sinPhi * Math.cos(theta), Math.cos(phi), sinPhi * Math.sin(theta));
}

describe('the path tracer’s equirect camera', () => {
  it('is the shader installed (a library update that changes the mapping fails here)', () => {
    const source = fs.readFileSync(shaderFile, 'utf8').replace(/\s+/g, ' ');
    expect(source).toContain('uv.x -= 0.5; uv.y = 1.0 - uv.y;');
    expect(source).toContain('float theta = uv.x * 2.0 * PI; float phi = uv.y * PI;');
    expect(source).toContain('return vec3( sinPhi * cos( theta ), cos( phi ), sinPhi * sin( theta ) );');
  });

  it('turned as path-trace.ts turns it, looks where protocol/panorama.ts says every pixel looks', () => {
    const camera = new Object3D();
    camera.rotation.set(0, EQUIRECT_TURN_Y, 0);
    camera.updateMatrixWorld();
    let worst = 0;
    for (let v = 0.05; v < 1; v += 0.1) {
      for (let u = 0; u < 1; u += 0.0625) {
        // the picture is read back top row first: image row v is texture y 1 - v
        const traced = shaderDirection(u, 1 - v).transformDirection(camera.matrixWorld);
        const wanted = new Vector3(...equirectDirection(u, v));
        worst = Math.max(worst, traced.distanceTo(wanted));
      }
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('unturned it would look east in the middle: the turn is what makes it right', () => {
    const middle = shaderDirection(0.5, 0.5);
    expect(middle.x).toBeCloseTo(1, 9);
    const turned = middle.clone().applyAxisAngle(new Vector3(0, 1, 0), EQUIRECT_TURN_Y);
    expect([turned.x, turned.y, turned.z].map((c) => Math.round(c * 1e9) / 1e9)).toEqual([0, 0, -1]);
  });
});
