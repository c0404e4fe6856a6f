// Procedural textures for the seeded catalogue: every tile, paving, waterjet medallion and sample
// room cover is drawn from a small spec (pattern, colours, seed), so the catalogue ships without
// image files and each picture is the same on every machine. Noise is periodic over the image,
// so a texture repeats across a floor without visible seams.

export type TexturePattern =
  | 'marble'
  | 'granite'
  | 'terrazzo'
  | 'concrete'
  | 'wood'
  | 'mosaic'
  | 'checker'
  | 'basketweave'
  | 'medallion'
  | 'plan'
  | 'fabric'
  | 'leather'
  | 'brushed'
  | 'rug';

export const TEXTURE_PATTERNS: readonly TexturePattern[] = [
  'marble',
  'granite',
  'terrazzo',
  'concrete',
  'wood',
  'mosaic',
  'checker',
  'basketweave',
  'medallion',
  'plan',
  'fabric',
  'leather',
  'brushed',
  'rug',
];

export interface TextureSpec {
  readonly pattern: TexturePattern;
  readonly seed: number;
  /** '#rrggbb' */
  readonly base: string;
  readonly accent: string;
  /** a third colour (chips, inlays); defaults to a mix of base and accent */
  readonly extra?: string;
}

export interface RgbImage {
  readonly width: number;
  readonly height: number;
  /** width * height * 3 bytes */
  readonly rgb: Uint8Array;
}

type Rgb = [number, number, number];

export function parseColor(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`bad colour ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const k = t < 0 ? 0 : t > 1 ? 1 : t;
  return [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
}

function shade(c: Rgb, f: number): Rgb {
  return [c[0] * f, c[1] * f, c[2] * f];
}

/** Deterministic 32-bit hash of integers (a variant of the "lowbias32" finaliser). */
function hash3(a: number, b: number, c: number): number {
  let h = (Math.imul(a, 0x27d4eb2d) ^ Math.imul(b, 0x165667b1) ^ Math.imul(c, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function lattice(seed: number, ix: number, iy: number): number {
  return hash3(seed, ix, iy) / 4294967296;
}

/** Value noise at (u, v) in [0,1)^2 with `cells` lattice cells per side, wrapping at the edges. */
function noise(seed: number, u: number, v: number, cellsX: number, cellsY: number): number {
  const x = u * cellsX;
  const y = v * cellsY;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  // No helper closures here: this runs millions of times per picture, and tsx wraps every
  // closure it creates in a naming call that costs more than the noise itself.
  const ax = ((x0 % cellsX) + cellsX) % cellsX;
  const bx = (ax + 1) % cellsX;
  const ay = ((y0 % cellsY) + cellsY) % cellsY;
  const by = (ay + 1) % cellsY;
  const a = lattice(seed, ax, ay);
  const b = lattice(seed, bx, ay);
  const c = lattice(seed, ax, by);
  const d = lattice(seed, bx, by);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** Fractal noise in [0, 1): octaves of periodic value noise. */
function fbm(seed: number, u: number, v: number, cellsX: number, cellsY: number, octaves = 4): number {
  let sum = 0;
  let amp = 0.5;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(seed + o * 101, u, v, cellsX << o, cellsY << o);
    total += amp;
    amp *= 0.5;
  }
  return sum / total;
}

interface Canvas {
  width: number;
  height: number;
  rgb: Uint8Array;
  set(x: number, y: number, c: Rgb): void;
}

function canvas(width: number, height: number): Canvas {
  const rgb = new Uint8Array(width * height * 3);
  return {
    width,
    height,
    rgb,
    set(x, y, c) {
      const i = (y * width + x) * 3;
      rgb[i] = c[0] < 0 ? 0 : c[0] > 255 ? 255 : c[0];
      rgb[i + 1] = c[1] < 0 ? 0 : c[1] > 255 ? 255 : c[1];
      rgb[i + 2] = c[2] < 0 ? 0 : c[2] > 255 ? 255 : c[2];
    },
  };
}

function each(cv: Canvas, fn: (u: number, v: number, x: number, y: number) => Rgb): void {
  for (let y = 0; y < cv.height; y++) {
    for (let x = 0; x < cv.width; x++) cv.set(x, y, fn((x + 0.5) / cv.width, (y + 0.5) / cv.height, x, y));
  }
}

/** Cells per side proportional to the image's aspect, so features stay round on long tiles. */
function cellsFor(cv: Canvas, along: number): [number, number] {
  const aspect = cv.width / cv.height;
  return aspect >= 1 ? [Math.max(1, Math.round(along * aspect)), along] : [along, Math.max(1, Math.round(along / aspect))];
}

interface Colours {
  base: Rgb;
  accent: Rgb;
  extra: Rgb;
}

const GROUT: Rgb = [214, 210, 202];

function drawMarble(cv: Canvas, s: TextureSpec, c: Colours): void {
  const [cx, cy] = cellsFor(cv, 3);
  const r = prng(s.seed);
  const angle = r() * Math.PI;
  const kx = Math.cos(angle) * (2 + Math.round(r() * 2));
  const ky = Math.sin(angle) * (2 + Math.round(r() * 2));
  each(cv, (u, v) => {
    const turbulence = fbm(s.seed, u, v, cx, cy, 5);
    const t = (u * kx + v * ky + turbulence * 2.6) * Math.PI;
    const vein = Math.pow(1 - Math.abs(Math.sin(t)), 10);
    const fine = Math.pow(1 - Math.abs(Math.sin(t * 3.1 + turbulence * 7)), 24) * 0.5;
    const cloud = fbm(s.seed + 7, u, v, cx * 2, cy * 2, 3);
    const ground = mix(c.base, c.extra, (cloud - 0.3) * 0.6);
    return mix(ground, c.accent, vein * 0.85 + fine * 0.4);
  });
}

function drawGranite(cv: Canvas, s: TextureSpec, c: Colours): void {
  const [cx, cy] = cellsFor(cv, 4);
  each(cv, (u, v, x, y) => {
    const grain = hash3(s.seed, x, y) / 4294967296;
    const cloud = fbm(s.seed, u, v, cx, cy, 3);
    let colour = mix(c.base, c.extra, cloud * 0.5);
    if (grain > 0.86) colour = mix(colour, c.accent, 0.85);
    else if (grain < 0.08) colour = shade(colour, 0.72);
    return colour;
  });
}

function drawConcrete(cv: Canvas, s: TextureSpec, c: Colours): void {
  const [cx, cy] = cellsFor(cv, 3);
  each(cv, (u, v, x, y) => {
    const cloud = fbm(s.seed, u, v, cx, cy, 5);
    const grain = (hash3(s.seed + 3, x, y) / 4294967296 - 0.5) * 0.08;
    const pore = hash3(s.seed + 5, x, y) % 997 === 0 ? 0.7 : 1;
    return shade(mix(c.base, c.accent, (cloud - 0.35) * 0.9), (1 + grain) * pore);
  });
}

function drawTerrazzo(cv: Canvas, s: TextureSpec, c: Colours): void {
  drawConcrete(cv, { ...s, accent: s.base }, { ...c, accent: shade(c.base, 0.94) });
  const r = prng(s.seed);
  const palette: Rgb[] = [c.accent, c.extra, shade(c.accent, 0.7), mix(c.base, [255, 255, 255], 0.6), [70, 70, 72]];
  const area = cv.width * cv.height;
  const chips = Math.round(area / 90);
  const maxR = Math.max(2, Math.min(cv.width, cv.height) / 28);
  for (let i = 0; i < chips; i++) {
    const px = r() * cv.width;
    const py = r() * cv.height;
    const rad = 0.8 + Math.pow(r(), 2.5) * maxR;
    const squash = 0.55 + r() * 0.45;
    const rot = r() * Math.PI;
    const colour = palette[Math.floor(r() * palette.length)]!;
    const cos = Math.cos(rot);
    const sin = Math.sin(rot);
    const reach = Math.ceil(rad);
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const lx = (dx * cos + dy * sin) / rad;
        const ly = (-dx * sin + dy * cos) / (rad * squash);
        if (lx * lx + ly * ly > 1) continue;
        // wrap so that the texture still tiles seamlessly
        const x = (((Math.round(px) + dx) % cv.width) + cv.width) % cv.width;
        const y = (((Math.round(py) + dy) % cv.height) + cv.height) % cv.height;
        cv.set(x, y, colour);
      }
    }
  }
}

function drawWood(cv: Canvas, s: TextureSpec, c: Colours): void {
  // Grain runs along the long side of the plank.
  const alongY = cv.height >= cv.width;
  const r = prng(s.seed);
  const rings = 5 + Math.round(r() * 6);
  each(cv, (u, v, x, y) => {
    const across = alongY ? u : v;
    const along = alongY ? v : u;
    const warp = fbm(s.seed, across, along, 2, 1, 4);
    const t = across * rings + warp * 3.2;
    const ring = Math.pow(0.5 + 0.5 * Math.sin(t * Math.PI * 2), 3);
    const streak = noise(s.seed + 9, across, along, alongY ? cv.width : cv.height, 2) * 0.18;
    const fleck = (hash3(s.seed + 1, x, y) / 4294967296 - 0.5) * 0.05;
    return shade(mix(c.base, c.accent, ring * 0.75 + streak), 1 + fleck);
  });
}

/** A grid of chips separated by grout lines; each chip gets its own tone. */
function drawGrid(
  cv: Canvas,
  s: TextureSpec,
  cols: number,
  rows: number,
  groutPx: number,
  tone: (col: number, row: number, r: () => number) => Rgb,
): void {
  const r = prng(s.seed);
  const tones: Rgb[] = [];
  for (let i = 0; i < cols * rows; i++) tones.push(tone(i % cols, Math.floor(i / cols), r));
  each(cv, (u, v, x, y) => {
    const fx = u * cols;
    const fy = v * rows;
    const col = Math.floor(fx);
    const row = Math.floor(fy);
    const edgeX = Math.min(fx - col, col + 1 - fx) * (cv.width / cols);
    const edgeY = Math.min(fy - row, row + 1 - fy) * (cv.height / rows);
    if (edgeX < groutPx / 2 || edgeY < groutPx / 2) return GROUT;
    const grain = (hash3(s.seed, x, y) / 4294967296 - 0.5) * 0.06;
    const bevel = Math.min(edgeX, edgeY) < groutPx ? 0.93 : 1;
    return shade(tones[row * cols + col]!, (1 + grain) * bevel);
  });
}

function drawMosaic(cv: Canvas, s: TextureSpec, c: Colours): void {
  const cols = Math.max(4, Math.round(cv.width / 24));
  const rows = Math.max(4, Math.round(cv.height / 24));
  drawGrid(cv, s, cols, rows, 2, (_c, _r, r) => {
    const pick = r();
    const colour = pick < 0.45 ? c.base : pick < 0.8 ? c.accent : c.extra;
    return shade(colour, 0.9 + r() * 0.2);
  });
}

function drawChecker(cv: Canvas, s: TextureSpec, c: Colours): void {
  drawGrid(cv, s, 4, 4, 2, (col, row, r) => shade((col + row) % 2 === 0 ? c.base : c.accent, 0.96 + r() * 0.08));
}

function drawBasketweave(cv: Canvas, s: TextureSpec, c: Colours): void {
  const blocks = 4;
  const strips = 3;
  const r = prng(s.seed);
  const tones: Rgb[] = [];
  for (let i = 0; i < blocks * blocks * strips; i++) tones.push(mix(c.base, c.accent, r() * 0.8));
  each(cv, (u, v, x, y) => {
    const bx = Math.floor(u * blocks);
    const by = Math.floor(v * blocks);
    const lu = u * blocks - bx;
    const lv = v * blocks - by;
    const horizontal = (bx + by) % 2 === 0;
    const across = horizontal ? lv : lu;
    const strip = Math.min(strips - 1, Math.floor(across * strips));
    const inStrip = across * strips - strip;
    const blockPx = cv.width / blocks;
    const edge = Math.min(inStrip, 1 - inStrip) * (blockPx / strips);
    const blockEdge = Math.min(lu, 1 - lu, lv, 1 - lv) * blockPx;
    if (edge < 1 || blockEdge < 1) return GROUT;
    const along = horizontal ? lu : lv;
    const grain = noise(s.seed + strip, along, across, 6, 1) * 0.25 - 0.12;
    const fleck = (hash3(s.seed, x, y) / 4294967296 - 0.5) * 0.05;
    return shade(tones[(by * blocks + bx) * strips + strip]!, 1 + grain + fleck);
  });
}

function drawMedallion(cv: Canvas, s: TextureSpec, c: Colours): void {
  const r = prng(s.seed);
  const points = 4 + Math.floor(r() * 5) * 2;
  const field = c.base;
  each(cv, (u, v, x, y) => {
    const dx = (u - 0.5) * 2 * (cv.width / Math.min(cv.width, cv.height));
    const dy = (v - 0.5) * 2 * (cv.height / Math.min(cv.width, cv.height));
    const rad = Math.hypot(dx, dy);
    const theta = Math.atan2(dy, dx);
    const star = 0.62 + 0.26 * Math.abs(Math.cos((theta * points) / 2));
    const vein = fbm(s.seed, u, v, 3, 3, 3) * 0.15;
    let colour: Rgb;
    if (rad > 0.96) colour = field;
    else if (rad > 0.9) colour = c.accent;
    else if (rad > 0.86) colour = GROUT;
    else if (rad < star * 0.8 && rad > 0.2) colour = c.extra;
    else if (rad <= 0.2) colour = rad > 0.16 ? GROUT : c.accent;
    else colour = mix(field, c.accent, 0.25);
    const fleck = (hash3(s.seed, x, y) / 4294967296 - 0.5) * 0.04;
    return shade(mix(colour, [255, 255, 255], vein), 1 + fleck);
  });
}

/** A top view of a furnished room for sample-room covers: walls, floor, a rug and furniture. */
function drawPlan(cv: Canvas, s: TextureSpec, c: Colours): void {
  const r = prng(s.seed);
  const W = cv.width;
  const H = cv.height;
  const margin = Math.round(Math.min(W, H) * 0.08);
  const wall = Math.max(3, Math.round(Math.min(W, H) * 0.025));
  const split = Math.round(W * (0.55 + r() * 0.15));
  const doorY = Math.round(H * (0.3 + r() * 0.3));
  const doorH = Math.round(H * 0.14);
  const boardPx = Math.max(4, Math.round(H / 22));
  type Box = { x0: number; y0: number; x1: number; y1: number; colour: Rgb };
  const boxes: Box[] = [];
  const box = (x0: number, y0: number, w: number, h: number, colour: Rgb) =>
    boxes.push({ x0: Math.round(x0), y0: Math.round(y0), x1: Math.round(x0 + w), y1: Math.round(y0 + h), colour });
  // rug, sofa and table in the living area; bed in the bedroom
  box(margin + (split - margin) * 0.2, H * 0.35, (split - margin) * 0.55, H * 0.35, mix(c.extra, [255, 255, 255], 0.35));
  box(margin + wall + 4, H * 0.3, (split - margin) * 0.12, H * 0.45, c.extra);
  box(margin + (split - margin) * 0.4, H * 0.45, (split - margin) * 0.22, H * 0.15, shade(c.accent, 0.8));
  box(split + (W - margin - split) * 0.2, margin + wall + 4, (W - margin - split) * 0.6, H * 0.42, [236, 232, 226]);
  box(split + (W - margin - split) * 0.2, margin + wall + 4, (W - margin - split) * 0.6, H * 0.08, shade(c.extra, 0.9));
  each(cv, (u, v, x, y) => {
    if (x < margin || y < margin || x >= W - margin || y >= H - margin) return [246, 246, 244];
    const outer = x < margin + wall || y < margin + wall || x >= W - margin - wall || y >= H - margin - wall;
    const inner = Math.abs(x - split) < wall / 2 && !(y > doorY && y < doorY + doorH);
    if (outer || inner) return [58, 60, 66];
    for (let i = boxes.length - 1; i >= 0; i--) {
      const b = boxes[i]!;
      if (x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1) {
        const rim = Math.min(x - b.x0, b.x1 - 1 - x, y - b.y0, b.y1 - 1 - y) < 2;
        return rim ? shade(b.colour, 0.75) : b.colour;
      }
    }
    const floor = x < split ? c.base : c.accent;
    const board = Math.floor(y / boardPx);
    const seam = y % boardPx === 0 ? 0.86 : 1;
    const tone = 0.94 + (hash3(s.seed, board, x < split ? 0 : 1) / 4294967296) * 0.1;
    const grain = noise(s.seed + board, u * 3, v, 12, 1) * 0.08;
    return shade(floor, seam * (tone + grain));
  });
}

/** Upholstery: a plain weave of warp and weft threads, each thread's tone slightly different. */
function drawFabric(cv: Canvas, s: TextureSpec, c: Colours): void {
  const threads = Math.max(8, Math.round(cv.width / 4));
  const rowsN = Math.max(8, Math.round(cv.height / 4));
  each(cv, (u, v, x, y) => {
    const fx = u * threads;
    const fy = v * rowsN;
    const col = Math.floor(fx);
    const row = Math.floor(fy);
    // which thread lies on top alternates like a checkerboard: that is what a plain weave is
    const warpOnTop = (col + row) % 2 === 0;
    const across = warpOnTop ? fx - col : fy - row;
    const round = Math.sin(across * Math.PI);
    const tone = (hash3(s.seed, warpOnTop ? col : row + 7919, warpOnTop ? 1 : 2) / 4294967296 - 0.5) * 0.12;
    const slub = fbm(s.seed, u, v, 4, 4, 3) - 0.5;
    const fleck = (hash3(s.seed + 3, x, y) / 4294967296 - 0.5) * 0.05;
    const colour = mix(c.base, c.accent, 0.5 + slub * 0.8 + tone * 2);
    return shade(colour, 0.8 + 0.2 * round + fleck);
  });
}

/** Leather: a fine pebble grain (cells of noise) with soft creases and a slightly waxy cloud. */
function drawLeather(cv: Canvas, s: TextureSpec, c: Colours): void {
  const [cx, cy] = cellsFor(cv, 2);
  each(cv, (u, v, x, y) => {
    const pebble = noise(s.seed, u, v, cv.width / 3, cv.height / 3);
    const crease = Math.pow(1 - Math.abs(fbm(s.seed + 5, u, v, cx * 3, cy * 3, 3) - 0.5) * 2, 18);
    const cloud = fbm(s.seed + 9, u, v, cx, cy, 4);
    const fleck = (hash3(s.seed, x, y) / 4294967296 - 0.5) * 0.04;
    const colour = mix(c.base, c.accent, cloud * 0.6 + crease * 0.5);
    return shade(colour, 0.9 + pebble * 0.14 + fleck);
  });
}

/** Brushed metal: fine streaks along u with a faint cloud. */
function drawBrushed(cv: Canvas, s: TextureSpec, c: Colours): void {
  each(cv, (u, v, _x, y) => {
    const streak = noise(s.seed, u, v, 3, cv.height) * 0.7 + (hash3(s.seed, 0, y) / 4294967296) * 0.3;
    const cloud = fbm(s.seed + 1, u, v, 2, 2, 3);
    return mix(c.base, c.accent, streak * 0.45 + (cloud - 0.5) * 0.3);
  });
}

/** A rug: a field with a woven texture, a border band and a repeated lozenge motif. */
function drawRug(cv: Canvas, s: TextureSpec, c: Colours): void {
  const r = prng(s.seed);
  const motifs = 2 + Math.floor(r() * 3);
  each(cv, (u, v, x, y) => {
    const edge = Math.min(u, 1 - u, v, 1 - v);
    const wool = (hash3(s.seed, x, y) / 4294967296 - 0.5) * 0.12 + (noise(s.seed + 2, u, v, 16, 16) - 0.5) * 0.1;
    let colour: Rgb;
    if (edge < 0.06) colour = c.accent;
    else if (edge < 0.085) colour = c.extra;
    else if (edge < 0.1) colour = c.base;
    else {
      const mu = (u * motifs) % 1;
      const mv = (v * motifs) % 1;
      const d = Math.abs(mu - 0.5) + Math.abs(mv - 0.5);
      colour = d < 0.18 ? c.accent : d < 0.24 ? c.extra : Math.abs(d - 0.42) < 0.03 ? c.extra : c.base;
    }
    return shade(colour, 1 + wool);
  });
}

const DRAW: Record<TexturePattern, (cv: Canvas, s: TextureSpec, c: Colours) => void> = {
  marble: drawMarble,
  granite: drawGranite,
  terrazzo: drawTerrazzo,
  concrete: drawConcrete,
  wood: drawWood,
  mosaic: drawMosaic,
  checker: drawChecker,
  basketweave: drawBasketweave,
  medallion: drawMedallion,
  plan: drawPlan,
  fabric: drawFabric,
  leather: drawLeather,
  brushed: drawBrushed,
  rug: drawRug,
};

export function renderTexture(spec: TextureSpec, width: number, height: number): RgbImage {
  const cv = canvas(width, height);
  const base = parseColor(spec.base);
  const accent = parseColor(spec.accent);
  const extra = spec.extra ? parseColor(spec.extra) : mix(base, accent, 0.5);
  DRAW[spec.pattern](cv, spec, { base, accent, extra });
  return { width, height, rgb: cv.rgb };
}

/** Pixel size keeping the tile's aspect, the long side `longSide` (at least 8 px on the short side). */
export function sizeForAspect(widthMm: number, heightMm: number, longSide: number): { width: number; height: number } {
  if (widthMm <= 0 || heightMm <= 0) return { width: longSide, height: longSide };
  if (widthMm >= heightMm) return { width: longSide, height: Math.max(8, Math.round((longSide * heightMm) / widthMm)) };
  return { width: Math.max(8, Math.round((longSide * widthMm) / heightMm)), height: longSide };
}

/** Box-filter downscale (thumbnails): averages every source pixel into its target pixel. */
export function downscale(src: RgbImage, width: number, height: number): RgbImage {
  const out = new Uint8Array(width * height * 3);
  const sums = new Float64Array(width * height * 4);
  for (let y = 0; y < src.height; y++) {
    const ty = Math.min(height - 1, Math.floor((y * height) / src.height));
    for (let x = 0; x < src.width; x++) {
      const tx = Math.min(width - 1, Math.floor((x * width) / src.width));
      const si = (y * src.width + x) * 3;
      const ti = (ty * width + tx) * 4;
      sums[ti]! += src.rgb[si]!;
      sums[ti + 1]! += src.rgb[si + 1]!;
      sums[ti + 2]! += src.rgb[si + 2]!;
      sums[ti + 3]! += 1;
    }
  }
  for (let i = 0; i < width * height; i++) {
    const n = sums[i * 4 + 3]! || 1;
    out[i * 3] = Math.round(sums[i * 4]! / n);
    out[i * 3 + 1] = Math.round(sums[i * 4 + 1]! / n);
    out[i * 3 + 2] = Math.round(sums[i * 4 + 2]! / n);
  }
  return { width, height, rgb: out };
}

/** Fits `src` inside a square of `size` on a light background (thumbnails of long tiles). */
export function thumbnail(src: RgbImage, size: number): RgbImage {
  const fit = sizeForAspect(src.width, src.height, size);
  const scaled = downscale(src, fit.width, fit.height);
  const out = new Uint8Array(size * size * 3).fill(245);
  const ox = Math.floor((size - fit.width) / 2);
  const oy = Math.floor((size - fit.height) / 2);
  for (let y = 0; y < fit.height; y++) {
    out.set(scaled.rgb.subarray(y * fit.width * 3, (y + 1) * fit.width * 3), ((oy + y) * size + ox) * 3);
  }
  return { width: size, height: size, rgb: out };
}

/** A 3x3 laying of `variants` with grout: the mixed-laying ("hunpu") preview of a tile. */
export function mixedLaying(variants: readonly RgbImage[], seed: number): RgbImage {
  const first = variants[0];
  if (!first) throw new Error('mixedLaying needs at least one variant');
  const grout = 2;
  const n = 3;
  const width = first.width * n + grout * (n + 1);
  const height = first.height * n + grout * (n + 1);
  const out = new Uint8Array(width * height * 3);
  for (let i = 0; i < out.length; i += 3) out.set(GROUT, i);
  const r = prng(seed);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const v = variants[Math.floor(r() * variants.length)]!;
      const ox = grout + col * (first.width + grout);
      const oy = grout + row * (first.height + grout);
      for (let y = 0; y < first.height; y++) {
        out.set(v.rgb.subarray(y * v.width * 3, y * v.width * 3 + first.width * 3), ((oy + y) * width + ox) * 3);
      }
    }
  }
  return { width, height, rgb: out };
}
