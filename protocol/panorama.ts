// 720° panoramas: six 90° cube faces rendered by the kernel from one eye point, stitched into an
// equirectangular image (2:1) in the kernel worker, stored by the server and shown by the viewers.
// The direction conventions live here, once, because three parties must agree on them: the
// stitch (kernel-worker/render/pano-stitch.ts), the viewer's shader and the walk hotspots (ui/pano).
//
// Directions are in the kernel's 3D world (kernel-worker/render/coords.ts): metres, y up, plan x
// east = world +x, plan y north = world -z. Longitude 0 (the middle of the image) looks north
// (world -z); longitude grows turning east (clockwise seen from above), so the image reads as
// seen from inside, never mirrored. Latitude +90° is straight up (the top row).

import type { RenderCamera } from './render';
import type { RenderResolution } from './render-jobs';

/** The widths a panorama is made at (height is half): 2K, 4K, 8K. */
export const PANO_WIDTHS = [2048, 4096, 8192] as const;
export type PanoWidth = (typeof PANO_WIDTHS)[number];
/** How the widths are named to designers. */
export const PANO_WIDTH_LABELS: Readonly<Record<PanoWidth, string>> = { 2048: '2K', 4096: '4K', 8192: '8K' };

/**
 * The render coupon a high-quality panorama (a render job) spends: the resolution of about the
 * same number of pixels (2048 x 1024 ~ 1920 x 1080, 4096 x 2048 ~ 3840 x 2160, 8192 x 4096 ~
 * 7680 x 4320).
 */
export const PANO_RESOLUTIONS: Readonly<Record<PanoWidth, RenderResolution>> = { 2048: '1080P', 4096: '4K', 8192: '8K' };

/** Default eye height above the storey floor, mm (a standing adult's eye, a little under roam's 1600). */
export const PANO_EYE_HEIGHT_MM = 1500;
/** The eye heights accepted, mm above the storey floor. */
export const PANO_EYE_LIMITS = { min: 100, max: 10_000 } as const;

/** Where a panorama is taken from: plan millimetres, z above the storey floor. */
export interface PanoPosition {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/**
 * What the kernel renders a panorama of. point: a plan point (a click in a room) on a storey
 * (null: the current one), the eye `eyeHeight` mm above its floor; 'eye': the roam view's eye as it is.
 */
export interface PanoramaOptions {
  readonly at: { readonly kind: 'point'; readonly x: number; readonly y: number; readonly storeyId: string | null; readonly eyeHeight?: number } | { readonly kind: 'eye' };
  readonly width: PanoWidth;
  /** JPEG quality 0-1 (default 0.9) */
  readonly quality?: number;
}

export interface PanoramaShot {
  /** the equirectangular JPEG, width x width/2 */
  readonly jpeg: Uint8Array;
  /** a 100 x 100 JPEG of the view straight ahead (album thumbnails, core.md §5) */
  readonly thumbJpeg: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly position: PanoPosition;
  readonly storeyId: string;
  /** the room the eye stands in (its name, or '' when unnamed or outside every room) */
  readonly roomLabel: string;
  readonly roomId: string | null;
}

/** A plan point picked for a panorama (kernel panoramaPoint: the pointer over the current view). */
export interface PanoPoint {
  readonly x: number;
  readonly y: number;
  readonly storeyId: string;
  readonly roomId: string | null;
  readonly roomLabel: string;
}

/**
 * Where a panorama would be taken from (kernel panoramaSpot): what a render job of it needs
 * (the equirect camera in world metres) and what the stored panorama records.
 */
export interface PanoSpot {
  readonly camera: RenderCamera;
  readonly position: PanoPosition;
  readonly storeyId: string;
  readonly roomId: string | null;
  readonly roomLabel: string;
}

/** A stored panorama as the server answers it (owner's view, and the public view of a share code). */
export interface Panorama {
  readonly id: string;
  readonly sceneId: string;
  readonly url: string;
  readonly thumbUrl: string;
  readonly width: number;
  readonly height: number;
  readonly position: PanoPosition;
  readonly storeyId: string;
  readonly label: string;
  readonly createdAt: string;
  /** null: not shared (always null in public answers' `others`, which are reached by their own code) */
  readonly shareCode: string | null;
}

/** GET /api/pano-share/{code}: the shared panorama and the scene's other shared ones (walkPano). */
export interface SharedPanorama {
  readonly pano: Panorama;
  readonly others: readonly Panorama[];
}

export type Vec3Tuple = [number, number, number];

/** Unit direction of an equirectangular image point (u, v in 0..1, v 0 the top). */
export function equirectDirection(u: number, v: number, out: Vec3Tuple = [0, 0, 0]): Vec3Tuple {
  const lon = (u - 0.5) * 2 * Math.PI;
  const lat = (0.5 - v) * Math.PI;
  const c = Math.cos(lat);
  out[0] = Math.sin(lon) * c;
  out[1] = Math.sin(lat);
  out[2] = -Math.cos(lon) * c;
  return out;
}

/** Longitude (radians, -π..π, 0 north, east positive) and latitude (radians, up positive) of a direction. */
export function directionAngles(x: number, y: number, z: number): { lon: number; lat: number } {
  const h = Math.hypot(x, z);
  return { lon: Math.atan2(x, -z), lat: Math.atan2(y, h) };
}

/** The equirectangular image point (u, v in 0..1) a direction shows at. */
export function directionToEquirect(x: number, y: number, z: number): { u: number; v: number } {
  const { lon, lat } = directionAngles(x, y, z);
  return { u: lon / (2 * Math.PI) + 0.5, v: 0.5 - lat / Math.PI };
}

/**
 * The direction from one panorama's eye to another point (plan mm, z above the same reference), in
 * world axes: plan x -> world x, plan y -> world -z, z -> world y (the walk hotspots).
 */
export function planDirection(from: PanoPosition, to: PanoPosition): Vec3Tuple {
  return [to.x - from.x, to.z - from.z, -(to.y - from.y)];
}

/**
 * The six cube faces the kernel renders, in this order: each looks along `forward` with `up` as
 * the image's up; right = forward x up. Face images are square, rows top to bottom, 90° across.
 */
export const CUBE_FACES: readonly { readonly name: string; readonly forward: Vec3Tuple; readonly up: Vec3Tuple }[] = [
  { name: '+x', forward: [1, 0, 0], up: [0, 1, 0] },
  { name: '-x', forward: [-1, 0, 0], up: [0, 1, 0] },
  { name: '+y', forward: [0, 1, 0], up: [0, 0, 1] },
  { name: '-y', forward: [0, -1, 0], up: [0, 0, -1] },
  { name: '+z', forward: [0, 0, 1], up: [0, 1, 0] },
  { name: '-z', forward: [0, 0, -1], up: [0, 1, 0] },
];

export function cross(a: Vec3Tuple, b: Vec3Tuple): Vec3Tuple {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
