import { describe, expect, it } from 'vitest';
import { stitchEquirect, type CubeFaces } from '../../kernel-worker/render/pano-stitch';
import { CUBE_FACES, directionToEquirect, equirectDirection, planDirection } from '../../protocol/panorama';

// The analytic scene of issue 20: the eye in a cube whose six walls have six colours. Every
// direction of the stitched image must show the colour of the wall it looks at.

const COLOURS: Record<string, [number, number, number]> = {
  '+x': [230, 20, 20], // east: red
  '-x': [20, 230, 20], // west: green
  '+y': [20, 20, 230], // up: blue
  '-y': [230, 230, 20], // down: yellow
  '+z': [20, 230, 230], // south: cyan
  '-z': [230, 20, 230], // north: magenta
};

function solidCube(size: number, paint?: (face: string, px: number, py: number) => [number, number, number]): CubeFaces {
  const faces = CUBE_FACES.map((f) => {
    const data = new Uint8Array(size * size * 4);
    for (let py = 0; py < size; py++) {
      for (let px = 0; px < size; px++) {
        const c = paint ? paint(f.name, px, py) : COLOURS[f.name]!;
        data.set([c[0], c[1], c[2], 255], (py * size + px) * 4);
      }
    }
    return data;
  });
  return { size, faces };
}

function pixel(image: Uint8ClampedArray, width: number, i: number, j: number): number[] {
  const o = (j * width + i) * 4;
  return [image[o]!, image[o + 1]!, image[o + 2]!];
}

/** The wall a direction meets, worked out here on its own: the largest component and its sign. */
function wallOf(d: [number, number, number]): string {
  const names = [
    ['+x', '-x'],
    ['+y', '-y'],
    ['+z', '-z'],
  ] as const;
  let best = 0;
  for (let k = 1; k < 3; k++) if (Math.abs(d[k]!) > Math.abs(d[best]!)) best = k;
  return names[best]![d[best]! >= 0 ? 0 : 1];
}

describe('equirectangular stitch of a six-colour cube', () => {
  const width = 256;
  const height = width / 2;
  const image = stitchEquirect(solidCube(32), width);

  it('makes a 2:1 RGBA image', () => {
    expect(image.length).toBe(width * height * 4);
  });

  it('shows the colour of the wall each direction looks at, everywhere', () => {
    let wrong = 0;
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const d = equirectDirection((i + 0.5) / width, (j + 0.5) / height);
        // right on an edge of the cube two walls are equally near: either colour is right
        const sorted = d.map(Math.abs).sort((a, b) => b - a);
        if (sorted[0]! - sorted[1]! < 1e-9) continue;
        if (pixel(image, width, i, j).join() !== COLOURS[wallOf(d)]!.join()) wrong++;
      }
    }
    expect(wrong).toBe(0);
  });

  it('puts north in the middle, east to its right, west to its left, south at both ends', () => {
    const row = height / 2; // the horizon
    expect(pixel(image, width, width / 2, row)).toEqual(COLOURS['-z']);
    expect(pixel(image, width, (width * 3) / 4, row)).toEqual(COLOURS['+x']);
    expect(pixel(image, width, width / 4, row)).toEqual(COLOURS['-x']);
    expect(pixel(image, width, 0, row)).toEqual(COLOURS['+z']);
    expect(pixel(image, width, width - 1, row)).toEqual(COLOURS['+z']);
  });

  it('shows the ceiling across the whole top row and the floor across the bottom row (the poles)', () => {
    for (let i = 0; i < width; i++) {
      expect(pixel(image, width, i, 0)).toEqual(COLOURS['+y']);
      expect(pixel(image, width, i, height - 1)).toEqual(COLOURS['-y']);
    }
  });

  it('changes wall exactly at the seams: ±45° of longitude, and 45° up and down looking at a wall', () => {
    // north-east seam at longitude 45°: u = 0.625
    const seam = 0.625 * width;
    expect(pixel(image, width, seam - 1, height / 2)).toEqual(COLOURS['-z']);
    expect(pixel(image, width, seam, height / 2)).toEqual(COLOURS['+x']);
    // looking north, the ceiling begins at latitude 45° (v = 0.25)
    expect(pixel(image, width, width / 2, height / 4)).toEqual(COLOURS['-z']);
    expect(pixel(image, width, width / 2, height / 4 - 1)).toEqual(COLOURS['+y']);
    expect(pixel(image, width, width / 2, (height * 3) / 4 - 1)).toEqual(COLOURS['-z']);
    expect(pixel(image, width, width / 2, (height * 3) / 4)).toEqual(COLOURS['-y']);
  });

  it('keeps each face the right way round (a face split in halves lands where it should)', () => {
    // north wall: its left half dark, right half light; the ceiling's image-top half (towards +z,
    // south, its `up`) dark. Seen from inside, left of north is west of the middle.
    const split = solidCube(32, (face, px, py) => {
      if (face === '-z') return px < 16 ? [0, 0, 0] : [255, 255, 255];
      if (face === '+y') return py < 16 ? [0, 0, 0] : [255, 255, 255];
      return [128, 128, 128];
    });
    const out = stitchEquirect(split, width);
    const at = (lonDeg: number, latDeg: number) => {
      const u = lonDeg / 360 + 0.5;
      const v = 0.5 - latDeg / 180;
      return pixel(out, width, Math.floor(u * width), Math.floor(v * height));
    };
    expect(at(-20, 0)).toEqual([0, 0, 0]);
    expect(at(20, 0)).toEqual([255, 255, 255]);
    // up and a little north: the ceiling's half towards north (image bottom) is light
    expect(at(0, 70)).toEqual([255, 255, 255]);
    // up and a little south: dark
    expect(at(180, 70)).toEqual([0, 0, 0]);
  });

  it('samples bilinearly inside a face (a ramp stays a ramp, not steps)', () => {
    const ramp = solidCube(8, (face, px) => (face === '-z' ? [px * 32, 0, 0] : [0, 0, 0]));
    const out = stitchEquirect(ramp, 512);
    const row = 128;
    const values: number[] = [];
    for (let i = 220; i < 292; i++) values.push(out[(row * 512 + i) * 4]!);
    // more distinct values than the face has pixels: in-between values were interpolated
    expect(new Set(values).size).toBeGreaterThan(16);
    for (let k = 1; k < values.length; k++) expect(values[k]!).toBeGreaterThanOrEqual(values[k - 1]!);
  });

  it('refuses an odd width and faces of the wrong size', () => {
    expect(() => stitchEquirect(solidCube(4), 101)).toThrow(RangeError);
    expect(() => stitchEquirect({ size: 4, faces: solidCube(5).faces }, 100)).toThrow(RangeError);
  });
});

describe('panorama directions', () => {
  it('maps a direction to the image and back', () => {
    for (const [u, v] of [
      [0.1, 0.2],
      [0.5, 0.5],
      [0.9, 0.75],
    ] as const) {
      const d = equirectDirection(u, v);
      const back = directionToEquirect(d[0], d[1], d[2]);
      expect(back.u).toBeCloseTo(u, 9);
      expect(back.v).toBeCloseTo(v, 9);
    }
  });

  it('points from one eye to another in world axes (plan north is world -z)', () => {
    const d = planDirection({ x: 0, y: 0, z: 1500 }, { x: 0, y: 3000, z: 1500 });
    expect(directionToEquirect(d[0], d[1], d[2]).u).toBeCloseTo(0.5, 9);
    const east = planDirection({ x: 0, y: 0, z: 1500 }, { x: 2000, y: 0, z: 1500 });
    expect(directionToEquirect(east[0], east[1], east[2]).u).toBeCloseTo(0.75, 9);
  });
});
