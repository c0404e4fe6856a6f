import {
  BackSide,
  DataTexture,
  DoubleSide,
  FrontSide,
  LineBasicMaterial,
  MeshStandardMaterial,
  NoColorSpace,
  RGBAFormat,
  Texture,
  type Material,
} from 'three';
import type { AppliedMaterial, PavingRecord, ViewMode } from '../../protocol/records';
import { MM } from './coords';
import { browserTileImageLoader, createTilePictures, finishTileTexture, type ComposeTile, type LoadTileImage, type TileImage as TileImageLike, type TilePictures } from './tile-pictures';

// Shared materials per kind of surface, so switching the view mode touches a handful of
// materials instead of every mesh; surfaces with a paving (a wall side, a room's floor or
// ceiling) share one material per look (colour and tile grid), with a tile texture generated
// per tile size. A paving with a picture (PavingRecord.image) shows the tinted grid until the
// picture has loaded (tile-pictures.ts), then one tile of the picture per tile, untinted.

/** core.md §9: transparent wall opacity 0.8, ground 0.3. */
export const TRANSPARENT_WALL_OPACITY = 0.8;
export const TRANSPARENT_GROUND_OPACITY = 0.3;

/** What a surface shows: its colour and, when tiled, the grid (mm). */
export interface SurfaceLook {
  readonly kind: 'wall' | 'floor' | 'ceiling';
  readonly colour: number;
  readonly tile: {
    readonly width: number;
    readonly height: number;
    readonly gap: number;
    /** radians, counter-clockwise */
    readonly rotation: number;
    /** where the grid starts in the surface's frame (mm) */
    readonly offsetX: number;
    readonly offsetY: number;
  } | null;
  /** the tile's picture (PavingRecord.image), shown once loaded over a tiled look */
  readonly image?: string;
  /** a library material on the surface: it replaces colour, tile and picture */
  readonly material?: AppliedMaterial;
}

/** The look of a surface dressed with a library material. */
export function materialLook(kind: SurfaceLook['kind'], material: AppliedMaterial): SurfaceLook {
  return { kind, colour: parseInt(material.color.slice(1), 16), tile: null, material };
}

/** What of an applied material changes how it is drawn. */
export function appliedKey(m: AppliedMaterial): string {
  return `${m.materialId}:${m.color}:${m.roughness}:${m.metalness}:${m.opacity ?? 1}:${m.tileSize}:${m.map ?? ''}:${m.normalMap ?? ''}`;
}

export interface MaterialOptions {
  /**
   * Loads the pavings' tile pictures. Default: fetch + createImageBitmap where the worker has
   * them (and OffscreenCanvas); none in Node. null: no pictures (the tinted grid).
   */
  readonly loadTileImage?: LoadTileImage | null;
  /** Draws one tile of a picture and its joint (default: on an OffscreenCanvas). */
  readonly composeTile?: ComposeTile;
  /** A picture arrived and changed materials: a frame should be drawn. */
  readonly onChange?: () => void;
}

export interface SceneMaterials {
  readonly wall: MeshStandardMaterial;
  readonly floor: MeshStandardMaterial;
  /** rooms' own ceilings, seen from below only */
  readonly ceiling: MeshStandardMaterial;
  readonly skirting: MeshStandardMaterial;
  readonly edge: LineBasicMaterial;
  /** openings: aluminium window frames, wooden door casings and leaves, glass, handles and tracks, door thresholds */
  readonly windowFrame: MeshStandardMaterial;
  readonly doorFrame: MeshStandardMaterial;
  readonly leaf: MeshStandardMaterial;
  readonly glass: MeshStandardMaterial;
  readonly metal: MeshStandardMaterial;
  readonly stone: MeshStandardMaterial;
  /** light fixtures: a housing and the glowing part */
  readonly fixture: MeshStandardMaterial;
  /** The shared material of a look (made on first use, kept while the graph lives). */
  surface(look: SurfaceLook): MeshStandardMaterial;
  /** The glowing part of a light of this colour (#rrggbb). */
  lamp(colour: string): MeshStandardMaterial;
  /**
   * A model part dressed with a library material, shared per material and the part's own
   * material's sidedness; its textures repeat every tileSize over uv in metres.
   */
  part(applied: AppliedMaterial, own: Material): MeshStandardMaterial;
  /** How many surface looks have a material (tests). */
  readonly looks: number;
  apply(mode: ViewMode): void;
  /** The transparent mode's opacities (renderer option, the UI's transparent-wall bar); true when they changed. */
  setTransparency(wall: number, ground: number): boolean;
  dispose(): void;
}

/** Colours a paving's tile code may take, per surface (no catalogue yet: chosen by the code). */
const FLOOR_TONES = [0xd9d2c5, 0xcfc9c0, 0xb89572, 0x9c7552, 0xe6e1d8, 0x8f8a85, 0xc7b299, 0xdcd6cc];
const WALL_TONES = [0xf1ede6, 0xe3ddd3, 0xd5dbe0, 0xcfd8cc, 0xe8dccb, 0xdfe3e6, 0xc9c2b8, 0xf4f1ea];
const CEILING_TONES = [0xf7f6f2, 0xefece6, 0xe7e9ea, 0xf3efe6];

/** Default floor colours by room type (catalogues.md §3 codes): wood in bedrooms and studies, tiles elsewhere. */
const WOOD = 0xb89572;
const FLOOR_BY_ROOM_TYPE: ReadonlyMap<number, number> = new Map([
  [2, WOOD],
  [3, WOOD],
  [4, WOOD],
  [13, WOOD],
  [7, 0xd7d4cf],
  [8, 0xdcdde0],
  [11, 0xb9b3a9],
]);
const DEFAULT_FLOOR = 0xd9d2c5;

/** FNV-1a: a stable small hash of a catalogue code (a tile's, a model's), to pick a placeholder tone. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The look of a surface a paving covers. */
export function pavingLook(paving: PavingRecord): SurfaceLook {
  const kind = paving.surface.face === 'floor' ? 'floor' : paving.surface.face === 'ceiling' ? 'ceiling' : 'wall';
  const tones = kind === 'floor' ? FLOOR_TONES : kind === 'ceiling' ? CEILING_TONES : WALL_TONES;
  return {
    kind,
    colour: tones[hashOf(paving.tileCode) % tones.length]!,
    tile: {
      width: paving.tileWidth,
      height: paving.tileHeight,
      gap: paving.gap,
      rotation: paving.rotation,
      offsetX: paving.offset.x,
      offsetY: paving.offset.y,
    },
    ...(paving.image ? { image: paving.image } : {}),
  };
}

/** A room floor without a paving: the room type's default tile (commands/room.ts defaultFloorTile) in its colour. */
export function defaultFloorLook(roomType: number, tile: { readonly width: number; readonly height: number }): SurfaceLook {
  return {
    kind: 'floor',
    colour: FLOOR_BY_ROOM_TYPE.get(roomType) ?? DEFAULT_FLOOR,
    tile: { width: tile.width, height: tile.height, gap: 2, rotation: 0, offsetX: 0, offsetY: 0 },
  };
}

export function lookKey(look: SurfaceLook): string {
  if (look.material) return `${look.kind}|m:${appliedKey(look.material)}`;
  const t = look.tile;
  const base = t ? `${look.kind}:${look.colour}:${t.width}:${t.height}:${t.gap}:${t.rotation}:${t.offsetX}:${t.offsetY}` : `${look.kind}:${look.colour}`;
  return look.image ? `${base}|${look.image}` : base;
}

/** The ceilings' own light (see createMaterials). */
const CEILING_GLOW = 0xf4f1ea;
const CEILING_GLOW_INTENSITY = 0.32;

/** Texture pixels along a tile's longer side. */
const TILE_TEXELS = 128;

/**
 * One tile and its joint (right and top edges) as RGBA pixels: the tile in white (the material's
 * colour tints it) with a faint bevel, the joint in grey.
 */
function tileTexture(width: number, height: number, gap: number): DataTexture {
  const w = Math.max(1, width + gap);
  const h = Math.max(1, height + gap);
  const scale = TILE_TEXELS / Math.max(w, h);
  const pw = Math.max(8, Math.round(w * scale));
  const ph = Math.max(8, Math.round(h * scale));
  // At least a texel of joint, or the grid would vanish on large tiles.
  const gx = Math.max(1, Math.round(gap * scale));
  const gy = Math.max(1, Math.round(gap * scale));
  const data = new Uint8Array(pw * ph * 4);
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      const joint = x >= pw - gx || y >= ph - gy;
      const edge = !joint && (x === pw - gx - 1 || y === ph - gy - 1 || x === 0 || y === 0);
      const v = joint ? 150 : edge ? 236 : 255;
      const i = 4 * (y * pw + x);
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return finishTileTexture(new DataTexture(data, pw, ph, RGBAFormat), 4);
}

/** Surface uv are metres: one repeat per tile and joint, the grid turned and shifted as the paving says. */
function placeTile(map: Texture, t: NonNullable<SurfaceLook['tile']>): void {
  map.repeat.set(1 / (Math.max(1, t.width + t.gap) * MM), 1 / (Math.max(1, t.height + t.gap) * MM));
  map.rotation = t.rotation;
  map.offset.set(-t.offsetX * MM * map.repeat.x, -t.offsetY * MM * map.repeat.y);
}

export function createMaterials(options: MaterialOptions = {}): SceneMaterials {
  // Back faces into the shadow map: no acne on lit faces and no leaks at corners.
  const wall = new MeshStandardMaterial({ color: 0xf2efe8, roughness: 0.92, metalness: 0, shadowSide: BackSide });
  const floor = new MeshStandardMaterial({ color: DEFAULT_FLOOR, roughness: 0.8, metalness: 0, side: DoubleSide });
  // Ceilings face down and are drawn from below only: from above (bird eye) the rooms show. Lit
  // from below only by the sky light's warm ground colour they read brown; a little light of
  // their own stands in for what the floor and walls would bounce up.
  const ceiling = new MeshStandardMaterial({
    color: 0xf7f6f2,
    roughness: 0.95,
    metalness: 0,
    side: FrontSide,
    emissive: CEILING_GLOW,
    emissiveIntensity: CEILING_GLOW_INTENSITY,
  });
  // The path tracer (path-trace.ts) drops this glow: its bounced light does the job.
  ceiling.userData.fakeGlow = true;
  // A shade darker than the walls, so the board reads against them.
  const skirting = new MeshStandardMaterial({ color: 0xd2c9bb, roughness: 0.55, metalness: 0 });
  const edge = new LineBasicMaterial({ color: 0x46505c });
  const windowFrame = new MeshStandardMaterial({ color: 0x4b5159, roughness: 0.45, metalness: 0.35 });
  const doorFrame = new MeshStandardMaterial({ color: 0x8a6b4f, roughness: 0.7, metalness: 0 });
  const leaf = new MeshStandardMaterial({ color: 0xc9ab86, roughness: 0.65, metalness: 0 });
  const metal = new MeshStandardMaterial({ color: 0xa9aeb5, roughness: 0.35, metalness: 0.6 });
  const stone = new MeshStandardMaterial({ color: 0xd8d4cc, roughness: 0.6, metalness: 0 });
  const fixture = new MeshStandardMaterial({ color: 0xe8e8e8, roughness: 0.4, metalness: 0.3 });
  // Glass lets the sun through (no shadow from it) and never hides what is behind it.
  const glass = new MeshStandardMaterial({
    color: 0xb9d4e3,
    roughness: 0.05,
    metalness: 0.1,
    transparent: true,
    opacity: 0.28,
    depthWrite: false,
    side: DoubleSide,
  });
  const solids = [windowFrame, doorFrame, leaf, metal, stone, skirting, fixture];
  const looks = new Map<string, { material: MeshStandardMaterial; kind: SurfaceLook['kind'] }>();
  const lamps = new Map<string, MeshStandardMaterial>();
  /** Textures by tile size: looks of one size share the pixels (three uploads a source once). */
  const tiles = new Map<string, DataTexture>();
  let mode: ViewMode = 0;
  const loadTileImage = options.loadTileImage === undefined ? browserTileImageLoader() : options.loadTileImage;
  const pictures: TilePictures | null = loadTileImage ? createTilePictures({ load: loadTileImage, compose: options.composeTile }) : null;
  let disposed = false;
  // A library material's pictures are used whole (no joint), one texture per address; normal maps stay linear.
  const plain = (colourSpace: 'srgb' | 'linear') => (image: TileImageLike) => {
    const texture = finishTileTexture(new Texture(image as unknown as ImageBitmap));
    texture.flipY = false;
    if (colourSpace === 'linear') texture.colorSpace = NoColorSpace;
    return texture;
  };
  const materialMaps: TilePictures | null = loadTileImage ? createTilePictures({ load: loadTileImage, compose: plain('srgb') }) : null;
  const normalMaps: TilePictures | null = loadTileImage ? createTilePictures({ load: loadTileImage, compose: plain('linear') }) : null;
  const parts = new Map<string, MeshStandardMaterial>();

  const setOpacity = (m: MeshStandardMaterial, opacity: number) => {
    const transparent = opacity < 1;
    if (m.transparent !== transparent) m.needsUpdate = true;
    m.transparent = transparent;
    m.opacity = opacity;
    // Transparent surfaces must not hide what is behind them from the depth test.
    m.depthWrite = !transparent;
  };
  let wallOpacity = TRANSPARENT_WALL_OPACITY;
  let groundOpacity = TRANSPARENT_GROUND_OPACITY;
  const opacityOf = (kind: SurfaceLook['kind']) => (mode !== 3 ? 1 : kind === 'wall' ? wallOpacity : groundOpacity);

  /** Puts the library material's colour, finish and (once loaded) textures on `material`. */
  function dress(material: MeshStandardMaterial, m: AppliedMaterial, isCurrent: () => boolean): void {
    material.color.set(m.color);
    material.roughness = m.roughness;
    material.metalness = m.metalness;
    const alpha = m.opacity ?? 1;
    if (alpha < 1) {
      material.transparent = true;
      material.opacity = alpha;
      material.depthWrite = false;
    }
    // Surface and part uv are metres: one repeat every tileSize.
    const repeat = 1 / Math.max(m.tileSize * MM, 1e-3);
    const place = (texture: Texture, slot: 'map' | 'normalMap') => {
      const t = texture.clone();
      t.repeat.set(repeat, repeat);
      t.needsUpdate = true;
      material[slot]?.dispose();
      material[slot] = t;
      // the picture carries the colour (the library's colour is its average, shown until it loads)
      if (slot === 'map') material.color.setHex(0xffffff);
      material.needsUpdate = true;
    };
    const fetchInto = (pictures: TilePictures | null, url: string | undefined, slot: 'map' | 'normalMap') => {
      if (!pictures || !url) return;
      const size = { width: m.tileSize, height: m.tileSize, gap: 0 };
      const ready = pictures.ready(url, size);
      if (ready) return place(ready, slot);
      if (ready === null) return;
      pictures
        .load(url, size)
        .then((texture) => {
          if (!texture || disposed || !isCurrent()) return;
          place(texture, slot);
          options.onChange?.();
        })
        .catch((error: unknown) => console.warn(`[render] material picture ${url} not shown`, error));
    };
    fetchInto(materialMaps, m.map, 'map');
    fetchInto(normalMaps, m.normalMap, 'normalMap');
  }

  function part(applied: AppliedMaterial, own: Material): MeshStandardMaterial {
    const key = `${own.side}|${appliedKey(applied)}`;
    let material = parts.get(key);
    if (!material) {
      material = new MeshStandardMaterial({ side: own.side });
      const made = material;
      dress(made, applied, () => parts.get(key) === made);
      parts.set(key, made);
    }
    return material;
  }

  function surface(look: SurfaceLook): MeshStandardMaterial {
    const key = lookKey(look);
    const known = looks.get(key);
    if (known) return known.material;
    const base = look.kind === 'wall' ? wall : look.kind === 'floor' ? floor : ceiling;
    // Cloned from the kind's base: a ceiling look keeps the ceilings' side and glow.
    const material = base.clone();
    if (look.material) {
      dress(material, look.material, () => looks.get(key)?.material === material);
      // the ceilings' glow in the material's own colour, so a painted ceiling is not washed out
      if (look.kind === 'ceiling') material.emissive.set(look.material.color);
      setOpacity(material, opacityOf(look.kind));
      looks.set(key, { material, kind: look.kind });
      return material;
    }
    material.color.setHex(look.colour);
    const t = look.tile;
    if (t) {
      const sizeKey = `${t.width}:${t.height}:${t.gap}`;
      let source = tiles.get(sizeKey);
      if (!source) tiles.set(sizeKey, (source = tileTexture(t.width, t.height, t.gap)));
      const map = source.clone();
      placeTile(map, t);
      map.needsUpdate = true;
      material.map = map;
    }
    setOpacity(material, opacityOf(look.kind));
    looks.set(key, { material, kind: look.kind });
    if (t && look.image && pictures) showPicture(key, material, look.image, t);
    return material;
  }

  /** The tile's picture on the material: at once if composed already, else once loaded (the tinted grid until then). */
  function showPicture(key: string, material: MeshStandardMaterial, url: string, t: NonNullable<SurfaceLook['tile']>): void {
    if (!pictures) return;
    const use = (picture: Texture) => {
      const map = picture.clone();
      placeTile(map, t);
      material.map?.dispose();
      material.map = map;
      material.color.setHex(0xffffff);
      material.needsUpdate = true;
    };
    const ready = pictures.ready(url, t);
    if (ready) {
      use(ready);
      return;
    }
    if (ready === null) return;
    pictures
      .load(url, t)
      .then((picture) => {
        // Disposed meanwhile, or the look's material is no longer this one: nothing to dress.
        if (!picture || disposed || looks.get(key)?.material !== material) return;
        use(picture);
        options.onChange?.();
      })
      .catch((error: unknown) => console.warn(`[render] tile picture ${url} not shown`, error));
  }

  function lamp(colour: string): MeshStandardMaterial {
    const hex = /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : '#ffffff';
    let m = lamps.get(hex);
    if (!m) {
      m = new MeshStandardMaterial({ color: 0xffffff, emissive: hex, emissiveIntensity: 1.6, roughness: 0.3, metalness: 0 });
      m.userData.lamp = true;
      lamps.set(hex, m);
    }
    return m;
  }

  return {
    wall,
    floor,
    ceiling,
    skirting,
    edge,
    windowFrame,
    doorFrame,
    leaf,
    glass,
    metal,
    stone,
    fixture,
    surface,
    lamp,
    part,
    get looks() {
      return looks.size;
    },
    apply(next) {
      mode = next;
      setOpacity(wall, opacityOf('wall'));
      setOpacity(floor, opacityOf('floor'));
      setOpacity(ceiling, opacityOf('ceiling'));
      for (const { material, kind } of looks.values()) setOpacity(material, opacityOf(kind));
      // Openings see through with the walls they sit in.
      for (const m of solids) setOpacity(m, mode === 3 ? wallOpacity : 1);
    },
    setTransparency(wall, ground) {
      if (wall === wallOpacity && ground === groundOpacity) return false;
      wallOpacity = wall;
      groundOpacity = ground;
      this.apply(mode);
      return mode === 3;
    },
    dispose() {
      disposed = true;
      for (const m of [wall, floor, ceiling, edge, glass, ...solids, ...lamps.values()]) m.dispose();
      for (const { material } of looks.values()) {
        material.map?.dispose();
        material.dispose();
      }
      for (const t of tiles.values()) t.dispose();
      for (const m of parts.values()) {
        m.map?.dispose();
        m.normalMap?.dispose();
        m.dispose();
      }
      pictures?.dispose();
      materialMaps?.dispose();
      normalMaps?.dispose();
    },
  };
}

/** Which parts a view mode shows: 0 material, 1 wireframe, 2 both, 3 transparent + wireframe. */
export function partsShown(mode: ViewMode): { surfaces: boolean; edges: boolean } {
  return { surfaces: mode !== 1, edges: mode !== 0 };
}
