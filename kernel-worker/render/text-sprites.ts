import { CanvasTexture, LinearFilter, SRGBColorSpace, type Texture } from 'three';

// Labels for the plan view, drawn with the 2D context of an OffscreenCanvas in the worker (no DOM,
// no font files to ship: the system's CJK fonts through 'sans-serif'), one texture per distinct
// text and style, at the device pixel ratio so they are as sharp as the canvas. The plan layer
// takes a factory so Node tests (no OffscreenCanvas) build the scene without labels.

export interface TextStyle {
  readonly text: string;
  /** CSS px */
  readonly sizePx: number;
  /** 0xRRGGBB */
  readonly color: number;
  readonly bold: boolean;
  /** a rounded box behind the text, or null */
  readonly background: number | null;
}

export interface TextSprite {
  readonly texture: Texture;
  /** size on screen, CSS px (the texture is this times the pixel ratio) */
  readonly widthPx: number;
  readonly heightPx: number;
  /** the cache key: equal styles share one sprite */
  readonly key: string;
}

export interface TextSprites {
  /** The sprite for a text (cached), or null when it cannot be drawn. */
  sprite(style: TextStyle): TextSprite | null;
  /** Textures are drawn for this ratio; changing it drops the cache. */
  setPixelRatio(dpr: number): void;
  /** Frees the sprites not asked for since the last few calls (call once per rebuilt drawing). */
  sweep(): void;
  readonly size: number;
  dispose(): void;
}

export const PLAN_FONT_FAMILY = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Source Han Sans SC", sans-serif';

/** Sprites not used for this many sweeps are disposed (labels come back when zooming back). */
const KEEP_SWEEPS = 4;

const hex = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

export function textKey(style: TextStyle): string {
  return `${style.sizePx}|${style.bold ? 1 : 0}|${style.color}|${style.background ?? ''}|${style.text}`;
}

type Canvas2D = OffscreenCanvasRenderingContext2D;

/** Null where there is no OffscreenCanvas with a 2D context (Node, very old browsers). */
export function createTextSprites(dpr = 1): TextSprites | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const probe = new OffscreenCanvas(1, 1).getContext('2d');
  if (!probe) return null;
  const measure: Canvas2D = probe;
  let ratio = Math.max(1, dpr);
  let sweeps = 0;
  const cache = new Map<string, { sprite: TextSprite; used: number }>();

  const fontOf = (style: TextStyle) => `${style.bold ? 600 : 400} ${style.sizePx}px ${PLAN_FONT_FAMILY}`;

  function draw(style: TextStyle, key: string): TextSprite | null {
    measure.font = fontOf(style);
    const metrics = measure.measureText(style.text);
    const padX = style.background !== null ? 5 : 1;
    const padY = style.background !== null ? 2 : 0;
    const widthPx = Math.ceil(metrics.width) + 2 * padX;
    const heightPx = Math.ceil(style.sizePx * 1.3) + 2 * padY;
    // Whole device pixels: the quad then maps texels one to one when it sits on the pixel grid.
    const w = Math.max(1, Math.round(widthPx * ratio));
    const h = Math.max(1, Math.round(heightPx * ratio));
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.scale(w / widthPx, h / heightPx);
    if (style.background !== null) {
      ctx.fillStyle = hex(style.background);
      ctx.strokeStyle = hex(style.color);
      ctx.lineWidth = 1;
      const r = Math.min(4, heightPx / 2);
      // arcTo rather than roundRect, which Chrome 80-98 lack.
      const [x0, y0, x1, y1] = [0.5, 0.5, widthPx - 0.5, heightPx - 0.5];
      ctx.beginPath();
      ctx.moveTo(x0 + r, y0);
      ctx.arcTo(x1, y0, x1, y1, r);
      ctx.arcTo(x1, y1, x0, y1, r);
      ctx.arcTo(x0, y1, x0, y0, r);
      ctx.arcTo(x0, y0, x1, y0, r);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
    ctx.font = fontOf(style);
    ctx.fillStyle = hex(style.color);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(style.text, widthPx / 2, heightPx / 2 + style.sizePx * 0.04);
    const texture = new CanvasTexture(canvas);
    texture.colorSpace = SRGBColorSpace;
    texture.minFilter = LinearFilter;
    texture.magFilter = LinearFilter;
    texture.generateMipmaps = false;
    return { texture, widthPx, heightPx, key };
  }

  function clear(): void {
    for (const { sprite } of cache.values()) sprite.texture.dispose();
    cache.clear();
  }

  return {
    sprite(style) {
      const key = textKey(style);
      const hit = cache.get(key);
      if (hit) {
        hit.used = sweeps;
        return hit.sprite;
      }
      const sprite = draw(style, key);
      if (sprite) cache.set(key, { sprite, used: sweeps });
      return sprite;
    },
    setPixelRatio(next) {
      const r = Math.max(1, next);
      if (r === ratio) return;
      ratio = r;
      clear();
    },
    sweep() {
      sweeps += 1;
      for (const [key, entry] of cache) {
        if (sweeps - entry.used > KEEP_SWEEPS) {
          entry.sprite.texture.dispose();
          cache.delete(key);
        }
      }
    },
    get size() {
      return cache.size;
    },
    dispose: clear,
  };
}
