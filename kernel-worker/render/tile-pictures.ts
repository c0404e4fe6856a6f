import { CanvasTexture, LinearMipmapLinearFilter, RepeatWrapping, SRGBColorSpace, type Texture } from 'three';
import { trackLoad } from './pending-loads';

// Pavings' tile pictures (PavingRecord.image): fetched in the worker, decoded with
// createImageBitmap, and drawn on an OffscreenCanvas as one tile with its joint (right and top
// edges, like materials.ts' generated grid), which the paving's material then repeats per tile.
// One load per address (in flight or done) whatever the number of materials and tile sizes using
// it; one composed texture per address and tile size. A failed load or compose warns once and
// leaves the materials on their tinted grid. Where the worker lacks fetch, createImageBitmap or
// OffscreenCanvas (Node: the kernel tests), there is no default loader and nothing is loaded.

/** A decoded picture: what the loader gives and the composer draws (an ImageBitmap in the browser). */
export interface TileImage {
  readonly width: number;
  readonly height: number;
  /** frees the decoded pixels (ImageBitmap.close) */
  close?(): void;
}

/** Loads a picture by address; null or a rejection: keep the tinted grid. */
export type LoadTileImage = (url: string) => Promise<TileImage | null>;

/** A tile's size and joint (mm). */
export interface TileSize {
  readonly width: number;
  readonly height: number;
  readonly gap: number;
}

/**
 * One tile of the picture and its joint as a texture in sRGB, wrapping, with mipmaps; null: keep
 * the grid. The default draws on an OffscreenCanvas (composeTileOnCanvas).
 */
export type ComposeTile = (image: TileImage, tile: TileSize) => Texture | null;

/** The joint's grey (materials.ts' grid joint, 150 of 255). */
export const JOINT_COLOUR = 'rgb(150, 150, 150)';
/** Texels along the composed tile's longer side at most (a bigger picture is scaled down). */
export const MAX_TILE_TEXELS = 1024;

/** The address to fetch: '/files/...' against the worker's origin, absolute URLs as they are. */
export function resolveTileImageUrl(url: string, origin: string | undefined = (globalThis as { location?: { origin?: string } }).location?.origin): string {
  if (!origin || origin === 'null') return url;
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** fetch -> blob -> createImageBitmap; null where the worker lacks those (or OffscreenCanvas, which the default composer needs). */
export function browserTileImageLoader(): LoadTileImage | null {
  const g = globalThis as { fetch?: unknown; createImageBitmap?: unknown; OffscreenCanvas?: unknown };
  if (typeof g.fetch !== 'function' || typeof g.createImageBitmap !== 'function' || typeof g.OffscreenCanvas !== 'function') return null;
  return async (url) => {
    const response = await fetch(resolveTileImageUrl(url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return createImageBitmap(await response.blob());
  };
}

/** Where the picture and the joint go on the composed texture (texels; y down from the top). */
export function tileLayout(image: { readonly width: number; readonly height: number }, tile: TileSize): { width: number; height: number; jointX: number; jointY: number } {
  const tw = Math.max(1, tile.width);
  const th = Math.max(1, tile.height);
  const gap = Math.max(0, tile.gap);
  // Texels per mm: the picture's own resolution (stretched to the tile's proportions), capped.
  let scale = Math.max(image.width / tw, image.height / th, 8 / Math.max(tw, th));
  scale = Math.min(scale, MAX_TILE_TEXELS / Math.max(tw + gap, th + gap));
  // At least a texel of joint, or the grid would vanish on large tiles (as the generated grid).
  const jointX = Math.max(1, Math.round(gap * scale));
  const jointY = Math.max(1, Math.round(gap * scale));
  return { width: Math.max(1, Math.round(tw * scale)) + jointX, height: Math.max(1, Math.round(th * scale)) + jointY, jointX, jointY };
}

/**
 * The default composer: the picture stretched over the tile, the joint on the right and top, a
 * faint bevel along the tile's edges (as the generated grid). The canvas is the texture's source;
 * three flips it on upload, so the canvas top is the tile's top (v up), where the joint is.
 */
export const composeTileOnCanvas: ComposeTile = (image, tile) => {
  const { width, height, jointX, jointY } = tileLayout(image, tile);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const w = width - jointX;
  const h = height - jointY;
  ctx.fillStyle = JOINT_COLOUR;
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image as unknown as CanvasImageSource, 0, jointY, w, h);
  if (w > 4 && h > 4) {
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.075)';
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, jointY + 0.5, w - 1, h - 1);
  }
  const texture = new CanvasTexture(canvas);
  return finishTileTexture(texture);
};

/** The texture settings of a composed tile (sRGB, wrapping, mipmaps, some anisotropy for floors seen at a glance). */
export function finishTileTexture<T extends Texture>(texture: T, anisotropy = 8): T {
  texture.colorSpace = SRGBColorSpace;
  texture.wrapS = RepeatWrapping;
  texture.wrapT = RepeatWrapping;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.generateMipmaps = true;
  texture.anisotropy = anisotropy;
  texture.needsUpdate = true;
  return texture;
}

export interface TilePictures {
  /** The composed tile if it is ready; null when it failed; undefined when not asked or still loading. */
  ready(url: string, tile: TileSize): Texture | null | undefined;
  /** The composed tile once loaded (shared: clone it to place it); null when it failed or the cache was disposed. Never rejects. */
  load(url: string, tile: TileSize): Promise<Texture | null>;
  /** Addresses asked for so far (tests). */
  readonly loads: number;
  /** Disposes the composed textures and closes the pictures; loads finishing later give null. */
  dispose(): void;
}

export function createTilePictures(options: { readonly load: LoadTileImage; readonly compose?: ComposeTile; readonly warn?: (message: string, error: unknown) => void }): TilePictures {
  const compose = options.compose ?? composeTileOnCanvas;
  const warn = options.warn ?? ((message: string, error: unknown) => console.warn(message, error));
  /** Pictures by address: the load in flight or done (null: failed). */
  const images = new Map<string, Promise<TileImage | null>>();
  const decoded = new Set<TileImage>();
  /** Composed tiles by address and size: the texture, or null when composing failed. */
  const composed = new Map<string, Texture | null>();
  const pending = new Map<string, Promise<Texture | null>>();
  let disposed = false;

  const keyOf = (url: string, tile: TileSize) => `${tile.width}:${tile.height}:${tile.gap}|${url}`;

  function image(url: string): Promise<TileImage | null> {
    let p = images.get(url);
    if (!p) {
      p = (async () => {
        try {
          return await options.load(url);
        } catch (error) {
          if (!disposed) warn(`[render] tile picture ${url} not loaded; the tile grid stays`, error);
          return null;
        }
      })().then((img) => {
        if (!img) return null;
        if (disposed) {
          img.close?.();
          return null;
        }
        decoded.add(img);
        return img;
      });
      images.set(url, p);
    }
    return p;
  }

  return {
    ready(url, tile) {
      return composed.get(keyOf(url, tile));
    },
    load(url, tile) {
      const key = keyOf(url, tile);
      const known = composed.get(key);
      if (known !== undefined) return Promise.resolve(known);
      let p = pending.get(key);
      if (!p) {
        p = image(url).then((img) => {
          pending.delete(key);
          if (!img || disposed) return null;
          let texture: Texture | null = null;
          try {
            texture = compose(img, tile);
          } catch (error) {
            warn(`[render] tile picture ${url} not drawn; the tile grid stays`, error);
          }
          composed.set(key, texture);
          return texture;
        });
        pending.set(key, trackLoad(p));
      }
      return p;
    },
    get loads() {
      return images.size;
    },
    dispose() {
      disposed = true;
      for (const t of composed.values()) t?.dispose();
      composed.clear();
      pending.clear();
      for (const img of decoded) img.close?.();
      decoded.clear();
      images.clear();
    },
  };
}
