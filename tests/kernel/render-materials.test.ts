import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTexture, MeshStandardMaterial, RGBAFormat, SRGBColorSpace, type Texture } from 'three';
import type { PavingRecord } from '../../protocol/records';
import { diffAddingAll } from '../../kernel-worker/document/diff';
import { createHighlighter } from '../../kernel-worker/render/highlight';
import { createMaterials, lookKey, pavingLook } from '../../kernel-worker/render/materials';
import { createSceneGraph, meshesOf } from '../../kernel-worker/render/scene-graph';
import {
  browserTileImageLoader,
  finishTileTexture,
  resolveTileImageUrl,
  tileLayout,
  type ComposeTile,
  type TileImage,
} from '../../kernel-worker/render/tile-pictures';
import { TestKernel } from './test-kernel';

// Pavings' tile pictures (render/tile-pictures.ts, materials.ts): the look carries the address,
// the material shows the tinted grid until the picture arrives, then the composed tile in white,
// one load per address; failures and disposal leave the grid alone.

const IMAGE = '/files/catalogue/tiles/t001.png';

function paving(over: Partial<PavingRecord> = {}): PavingRecord {
  return {
    id: 'p1',
    type: 'paving',
    surface: { id: 'room1', face: 'floor' },
    tileCode: 'CZ-600',
    tileWidth: 600,
    tileHeight: 600,
    gap: 2,
    rotation: 0,
    offset: { x: 0, y: 0 },
    mode: '0',
    ...over,
  } as PavingRecord;
}

/** A promise the test settles by hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets promise chains run out. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function fakeImage(): TileImage & { closed: number } {
  return {
    width: 64,
    height: 64,
    closed: 0,
    close() {
      this.closed += 1;
    },
  };
}

/** A composer without a canvas: a DataTexture of the layout's size, remembering what it drew. */
function fakeComposer(): ComposeTile & { calls: { image: TileImage; tile: { width: number; height: number; gap: number } }[]; made: Texture[] } {
  const calls: { image: TileImage; tile: { width: number; height: number; gap: number } }[] = [];
  const made: Texture[] = [];
  const compose: ComposeTile = (image, tile) => {
    calls.push({ image, tile });
    const { width, height } = tileLayout(image, tile);
    const texture = finishTileTexture(new DataTexture(new Uint8Array(width * height * 4), width, height, RGBAFormat));
    made.push(texture);
    return texture;
  };
  return Object.assign(compose, { calls, made });
}

const sameSource = (a: Texture | null, b: Texture) => a !== null && a.source === b.source;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tile pictures on pavings', () => {
  it('carries the picture in the look: another key with it, the same for two pavings with the same picture', () => {
    const plain = pavingLook(paving());
    const a = pavingLook(paving({ id: 'p1', image: IMAGE }));
    const b = pavingLook(paving({ id: 'p2', surface: { id: 'room2', face: 'floor' }, image: IMAGE }));
    const other = pavingLook(paving({ image: '/files/catalogue/tiles/t002.png' }));
    expect(plain.image).toBeUndefined();
    expect(a.image).toBe(IMAGE);
    expect(lookKey(a)).not.toBe(lookKey(plain));
    expect(lookKey(a)).toBe(lookKey(b));
    expect(lookKey(other)).not.toBe(lookKey(a));

    const materials = createMaterials({ loadTileImage: null });
    expect(materials.surface(a)).toBe(materials.surface(b));
    expect(materials.surface(a)).not.toBe(materials.surface(plain));
    expect(materials.looks).toBe(2);
    materials.dispose();
  });

  it('shows the tinted grid, then the composed picture in white at the same repeat, and asks for a frame', async () => {
    const image = fakeImage();
    const load = deferred<TileImage | null>();
    const loader = vi.fn((_url: string) => load.promise);
    const compose = fakeComposer();
    const onChange = vi.fn();
    const materials = createMaterials({ loadTileImage: loader, composeTile: compose, onChange });
    const look = pavingLook(paving({ image: IMAGE, gap: 3, rotation: 0.25, offset: { x: 100, y: 50 } }));
    const material = materials.surface(look);
    const grid = material.map!;
    const tint = material.color.getHex();
    expect(grid).toBeInstanceOf(DataTexture);
    expect(tint).not.toBe(0xffffff);
    expect(grid.repeat.x).toBeCloseTo(1 / 0.603, 6);
    expect(loader).toHaveBeenCalledWith(IMAGE);

    load.resolve(image);
    await flush();
    expect(compose.calls).toHaveLength(1);
    expect(compose.calls[0]!.tile).toMatchObject({ width: 600, height: 600, gap: 3 });
    const map = material.map!;
    expect(map).not.toBe(grid);
    expect(sameSource(map, compose.made[0]!)).toBe(true);
    expect(map.colorSpace).toBe(SRGBColorSpace);
    expect([map.repeat.x, map.repeat.y, map.rotation, map.offset.x, map.offset.y]).toEqual([grid.repeat.x, grid.repeat.y, grid.rotation, grid.offset.x, grid.offset.y]);
    expect(material.color.getHex()).toBe(0xffffff);
    expect(onChange).toHaveBeenCalledTimes(1);

    // Another look with the same picture and tile size: dressed at once, nothing loaded or drawn again.
    const turned = materials.surface(pavingLook(paving({ id: 'p2', image: IMAGE, gap: 3, rotation: 1 })));
    expect(sameSource(turned.map, compose.made[0]!)).toBe(true);
    expect(turned.color.getHex()).toBe(0xffffff);
    expect(turned.map!.rotation).toBe(1);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(compose.calls).toHaveLength(1);

    materials.dispose();
    expect(image.closed).toBe(1);
  });

  it('loads a picture once for every look using it, in flight or done; another tile size is drawn again from it', async () => {
    const load = deferred<TileImage | null>();
    const loader = vi.fn((_url: string) => load.promise);
    const compose = fakeComposer();
    const onChange = vi.fn();
    const materials = createMaterials({ loadTileImage: loader, composeTile: compose, onChange });
    const floor = materials.surface(pavingLook(paving({ image: IMAGE })));
    const wall = materials.surface(pavingLook(paving({ id: 'w', surface: { id: 'wall1', face: 'left' }, image: IMAGE })));
    const small = materials.surface(pavingLook(paving({ id: 's', image: IMAGE, tileWidth: 300, tileHeight: 300 })));
    expect(new Set([floor, wall, small]).size).toBe(3);
    expect(loader).toHaveBeenCalledTimes(1);
    load.resolve(fakeImage());
    await flush();
    // 600 x 600 (floor and wall share it) and 300 x 300.
    expect(compose.calls.map((c) => c.tile.width)).toEqual([600, 300]);
    expect(sameSource(floor.map, compose.made[0]!) && sameSource(wall.map, compose.made[0]!)).toBe(true);
    expect(sameSource(small.map, compose.made[1]!)).toBe(true);
    expect(small.map!.repeat.x).toBeCloseTo(1 / 0.302, 6);
    expect(onChange).toHaveBeenCalledTimes(3);
    materials.dispose();
  });

  it('keeps the tinted grid when a picture fails to load or to draw, warns once, and throws nowhere', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loader = vi.fn(async (url: string): Promise<TileImage | null> => {
      if (url.includes('missing')) throw new Error('HTTP 404');
      return fakeImage();
    });
    const onChange = vi.fn();
    const broken: ComposeTile = () => {
      throw new Error('decode');
    };
    const materials = createMaterials({ loadTileImage: loader, composeTile: broken, onChange });
    const missing = '/files/catalogue/tiles/missing.png';
    const a = materials.surface(pavingLook(paving({ image: missing })));
    const grid = a.map;
    const tint = a.color.getHex();
    await flush();
    expect(a.map).toBe(grid);
    expect(a.color.getHex()).toBe(tint);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(missing);
    // Another look with the failed picture: no second load, no second warning.
    const b = materials.surface(pavingLook(paving({ id: 'p2', image: missing, rotation: 1 })));
    await flush();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(b.map).toBeInstanceOf(DataTexture);
    expect(warn).toHaveBeenCalledTimes(1);

    // Loaded but not drawable (the composer throws): the grid stays, one warning.
    const c = materials.surface(pavingLook(paving({ id: 'p3', image: IMAGE })));
    const cGrid = c.map;
    await flush();
    expect(c.map).toBe(cGrid);
    expect(warn).toHaveBeenCalledTimes(2);
    materials.surface(pavingLook(paving({ id: 'p4', image: IMAGE, rotation: 2 })));
    await flush();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
    materials.dispose();
  });

  it('attaches nothing once disposed: a picture arriving later is closed, never drawn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = deferred<TileImage | null>();
    const compose = fakeComposer();
    const onChange = vi.fn();
    const materials = createMaterials({ loadTileImage: () => load.promise, composeTile: compose, onChange });
    const material = materials.surface(pavingLook(paving({ image: IMAGE })));
    const grid = material.map;
    materials.dispose();
    const image = fakeImage();
    load.resolve(image);
    await flush();
    expect(compose.calls).toHaveLength(0);
    expect(material.map).toBe(grid);
    expect(onChange).not.toHaveBeenCalled();
    expect(image.closed).toBe(1);

    // A load failing after disposal is not worth a warning either.
    const late = deferred<TileImage | null>();
    const again = createMaterials({ loadTileImage: () => late.promise, composeTile: compose });
    again.surface(pavingLook(paving({ image: IMAGE })));
    again.dispose();
    late.reject(new Error('aborted'));
    await flush();
    expect(warn).not.toHaveBeenCalled();
  });

  it('loads nothing in Node by default: no browser loader, the grid stays', async () => {
    expect(browserTileImageLoader()).toBeNull();
    const fetch = vi.spyOn(globalThis, 'fetch');
    const materials = createMaterials();
    const material = materials.surface(pavingLook(paving({ image: IMAGE })));
    const grid = material.map;
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(material.map).toBe(grid);
    materials.dispose();
  });

  it("resolves '/files/' addresses against the worker's origin and keeps absolute ones", () => {
    expect(resolveTileImageUrl(IMAGE, 'https://app.example')).toBe(`https://app.example${IMAGE}`);
    expect(resolveTileImageUrl('https://cdn.example/t.png', 'https://app.example')).toBe('https://cdn.example/t.png');
    expect(resolveTileImageUrl(IMAGE, undefined)).toBe(IMAGE);
  });

  it('lays out one tile of the picture with the joint scaled from mm to its texels', () => {
    // 600 mm over 512 px: 0.853 px/mm, a 2 mm joint is 2 px.
    expect(tileLayout({ width: 512, height: 512 }, { width: 600, height: 600, gap: 2 })).toEqual({ width: 514, height: 514, jointX: 2, jointY: 2 });
    // A square picture on a 300 x 600 tile: stretched to the tile, at the finer resolution.
    const tall = tileLayout({ width: 256, height: 256 }, { width: 300, height: 600, gap: 3 });
    expect(tall).toEqual({ width: 256 + 3, height: 512 + 3, jointX: 3, jointY: 3 });
    // A huge picture is capped; a joint stays at least a texel.
    const big = tileLayout({ width: 4096, height: 4096 }, { width: 1200, height: 1200, gap: 0 });
    expect(Math.max(big.width, big.height)).toBeLessThanOrEqual(1024 + 1);
    expect(big.jointX).toBe(1);
  });

  it('dresses a paved floor in the scene graph once its picture is in, and asks the renderer for a frame', async () => {
    const k = new TestKernel();
    try {
      k.exec('scene.createDefaultRoom', {});
      const loads: string[] = [];
      const load = deferred<TileImage | null>();
      const compose = fakeComposer();
      const requestFrame = vi.fn();
      const graph = createSceneGraph({
        requestFrame,
        loadTileImage: (url) => {
          loads.push(url);
          return load.promise;
        },
        composeTile: compose,
      });
      k.kernel.onCommit((d) => graph.sync(d, k.kernel.records));
      graph.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
      const roomId = k.ofType('room')[0]!.id;
      const floor = () => meshesOf(graph.objectFor(roomId)!)[0]!.material as MeshStandardMaterial;

      k.exec('paving.lay', { surface: { id: roomId, face: 'floor' }, tileCode: 'CZ-600', tileWidth: 600, tileHeight: 600, image: IMAGE });
      expect(graph.lastSync.rebuilt.has(roomId)).toBe(true);
      const material = floor();
      expect(material.map).toBeInstanceOf(DataTexture);
      expect(material.color.getHex()).not.toBe(0xffffff);
      expect(loads).toEqual([IMAGE]);
      requestFrame.mockClear();

      load.resolve(fakeImage());
      await flush();
      expect(floor()).toBe(material);
      expect(sameSource(material.map, compose.made[0]!)).toBe(true);
      expect(material.map!.repeat.x).toBeCloseTo(1 / 0.602, 6);
      expect(material.color.getHex()).toBe(0xffffff);
      expect(requestFrame).toHaveBeenCalled();

      // Laying the tile without a picture goes back to the tinted grid.
      k.exec('paving.lay', { surface: { id: roomId, face: 'floor' }, tileCode: 'CZ-600', tileWidth: 600, tileHeight: 600 });
      expect(floor()).not.toBe(material);
      expect(floor().map).toBeInstanceOf(DataTexture);
      graph.dispose();
    } finally {
      k.dispose();
    }
  });

  it('a selected floor shows the picture too: its tinted copy follows once the materials changed', async () => {
    const k = new TestKernel();
    try {
      k.exec('scene.createDefaultRoom', {});
      const load = deferred<TileImage | null>();
      const compose = fakeComposer();
      const highlighter = createHighlighter();
      const order: string[] = [];
      let roomId = '';
      const graph = createSceneGraph({
        requestFrame: () => order.push('frame'),
        onMaterialsChanged: () => {
          order.push('materials');
          highlighter.update([roomId], null, (id) => graph.objectFor(id));
        },
        loadTileImage: () => load.promise,
        composeTile: compose,
      });
      k.kernel.onCommit((d) => graph.sync(d, k.kernel.records));
      graph.sync(diffAddingAll(k.kernel.records.all()), k.kernel.records);
      roomId = k.ofType('room')[0]!.id;
      k.exec('paving.lay', { surface: { id: roomId, face: 'floor' }, tileCode: 'CZ-600', tileWidth: 600, tileHeight: 600, image: IMAGE });
      const mesh = meshesOf(graph.objectFor(roomId)!)[0]!;
      const shared = mesh.material as MeshStandardMaterial;
      highlighter.update([roomId], null, (id) => graph.objectFor(id));
      const tinted = mesh.material as MeshStandardMaterial;
      expect(tinted).not.toBe(shared);
      expect(tinted.map).toBeInstanceOf(DataTexture);

      load.resolve(fakeImage());
      await flush();
      expect(order).toEqual(['materials', 'frame']);
      expect(mesh.material).toBe(tinted);
      expect(tinted.map).toBe(shared.map);
      expect(sameSource(tinted.map, compose.made[0]!)).toBe(true);
      expect(tinted.emissiveIntensity).toBeGreaterThan(0);
      highlighter.dispose();
      graph.dispose();
    } finally {
      k.dispose();
    }
  });
});

