// Cloud render jobs and the coupons that pay for them (catalogues.md §3 'Render coupon types', §9
// prices). Shared by the server (spending, the job API) and the editor's render dialog, so the
// resolution list, the picture sizes and the job states are one table.
import type { PanoPosition, PanoWidth } from './panorama';
import type { RenderCamera } from './render';

/** catalogues.md §3: the coupon list, in the order the dialog shows it. */
export const RENDER_RESOLUTIONS = ['540P', '720P', '1080P', '4K', '6K', '8K', '12K', 'UHQ'] as const;
export type RenderResolution = (typeof RENDER_RESOLUTIONS)[number];

/** immediate: rendered before any leisure job; leisure: when the workers have nothing immediate (cheaper). */
export const RENDER_MODES = ['immediate', 'leisure'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

export function isRenderResolution(value: string): value is RenderResolution {
  return (RENDER_RESOLUTIONS as readonly string[]).includes(value);
}
export function isRenderMode(value: string): value is RenderMode {
  return (RENDER_MODES as readonly string[]).includes(value);
}

/**
 * Picture size and path-tracing samples per resolution (16:9). The spec names the resolutions
 * only; UHQ ("ultra high quality") is read as a 1080P picture traced with many more samples.
 */
export const RENDER_SIZES: Readonly<Record<RenderResolution, { width: number; height: number; samples: number }>> = {
  '540P': { width: 960, height: 540, samples: 32 },
  '720P': { width: 1280, height: 720, samples: 32 },
  '1080P': { width: 1920, height: 1080, samples: 32 },
  '4K': { width: 3840, height: 2160, samples: 24 },
  '6K': { width: 5760, height: 3240, samples: 16 },
  '8K': { width: 7680, height: 4320, samples: 16 },
  '12K': { width: 11520, height: 6480, samples: 12 },
  UHQ: { width: 1920, height: 1080, samples: 256 },
};

/** A coupon type that can be credited: one coupon, or a pack of 10 (4K and 6K only). */
export interface RenderCouponType {
  readonly id: string;
  readonly resolution: RenderResolution;
  readonly mode: RenderMode;
  /** coupons credited: 1, or 10 for a pack */
  readonly coupons: number;
  /** catalogues.md §9; null where the spec shows none (currency not shown either) */
  readonly price: number | null;
}

const PRICES: Readonly<Record<string, number>> = {
  UHQ: 3,
  UHQ_leisure: 2,
  '4K': 9,
  '4K_leisure': 6,
  '6K': 19,
  '6K_leisure': 15,
  '8K': 9,
  '8K_leisure': 7,
  '12K': 19,
  '12K_leisure': 19,
  '540P': 6,
  '720P_leisure': 9,
  '1080P_leisure': 19,
  '4K_leisure_pack': 58,
  '4K_pack': 88,
  '6K_leisure_pack': 145,
  '6K_pack': 185,
};

const PACK_RESOLUTIONS: readonly RenderResolution[] = ['4K', '6K'];
export const RENDER_PACK_SIZE = 10;

function couponId(resolution: RenderResolution, mode: RenderMode, pack: boolean): string {
  return `${resolution}${mode === 'leisure' ? '_leisure' : ''}${pack ? '_pack' : ''}`;
}

/** Every coupon type: each resolution in both modes, plus the 10-packs of 4K and 6K. */
export const RENDER_COUPON_TYPES: readonly RenderCouponType[] = [
  ...RENDER_RESOLUTIONS.flatMap((resolution) =>
    RENDER_MODES.map((mode) => {
      const id = couponId(resolution, mode, false);
      return { id, resolution, mode, coupons: 1, price: PRICES[id] ?? null };
    }),
  ),
  ...PACK_RESOLUTIONS.flatMap((resolution) =>
    RENDER_MODES.map((mode) => {
      const id = couponId(resolution, mode, true);
      return { id, resolution, mode, coupons: RENDER_PACK_SIZE, price: PRICES[id] ?? null };
    }),
  ),
];

export function renderCouponType(id: string): RenderCouponType | null {
  return RENDER_COUPON_TYPES.find((t) => t.id === id) ?? null;
}

/** One line of a user's coupons. */
export interface RenderCouponCount {
  readonly resolution: RenderResolution;
  readonly mode: RenderMode;
  readonly count: number;
}

/** What the profile (member section) and GET /api/render/coupons report. */
export interface RenderCoupons {
  /** all leisure coupons together (the store's leisureRenderNum) */
  readonly leisureRenderNum: number;
  /** all immediate coupons together (the store's immediateRenderNum) */
  readonly immediateRenderNum: number;
  /** every resolution and mode, zero included, in RENDER_RESOLUTIONS order */
  readonly detail: readonly RenderCouponCount[];
}

export function couponsFrom(rows: readonly RenderCouponCount[]): RenderCoupons {
  const count = (resolution: RenderResolution, mode: RenderMode) =>
    rows.find((r) => r.resolution === resolution && r.mode === mode)?.count ?? 0;
  const detail = RENDER_RESOLUTIONS.flatMap((resolution) => RENDER_MODES.map((mode) => ({ resolution, mode, count: count(resolution, mode) })));
  const sum = (mode: RenderMode) => detail.filter((d) => d.mode === mode).reduce((s, d) => s + d.count, 0);
  return { leisureRenderNum: sum('leisure'), immediateRenderNum: sum('immediate'), detail };
}

/**
 * queued: waiting for a worker (also between attempts); rendering: a worker traces it (progress
 * 0..1); done: the picture is stored; failed: every attempt failed (the coupon was refunded);
 * cancelled: withdrawn by its owner (refunded when it had not started).
 */
export const RENDER_JOB_STATES = ['queued', 'rendering', 'done', 'failed', 'cancelled'] as const;
export type RenderJobState = (typeof RENDER_JOB_STATES)[number];

/**
 * A high-quality panorama made as a render job: the equirect camera's eye (job camera) and, for
 * the panorama stored when it is done, where it was taken from and the room's name.
 */
export interface RenderPanoSpec {
  readonly width: PanoWidth;
  /** plan mm, z above the storey's floor (as protocol/panorama.ts' Panorama.position) */
  readonly position: PanoPosition;
  /** the room's name, '' when none (at most 64 characters) */
  readonly label: string;
}

export interface RenderJob {
  readonly id: string;
  readonly sceneId: number;
  readonly resolution: RenderResolution;
  readonly mode: RenderMode;
  readonly camera: RenderCamera | null;
  readonly storeyId: string | null;
  readonly state: RenderJobState;
  /** 0..1 while rendering; 1 when done */
  readonly progress: number;
  /** attempts started so far (a worker that died mid-job counts one) */
  readonly attempts: number;
  readonly width: number;
  readonly height: number;
  /** done: the full-size JPEG and its 100 x 100 thumbnail; '' otherwise */
  readonly url: string;
  readonly thumbUrl: string;
  /** why the last attempt failed ('' when none did) */
  readonly error: string;
  /** the coupon went back to the owner (failed, or cancelled before it started) */
  readonly refunded: boolean;
  /** a panorama job: what it makes (null: a still) */
  readonly pano: RenderPanoSpec | null;
  /** a done panorama job: the stored panorama (/api/panos/{id}); null otherwise or once it was deleted */
  readonly panoId: string | null;
  /** ISO 8601 */
  readonly createdAt: string;
  readonly finishedAt: string | null;
}

/** POST /api/render/jobs */
export interface RenderSubmit {
  readonly sceneId: number;
  readonly camera: RenderCamera | null;
  readonly storeyId: string | null;
  readonly resolution: RenderResolution;
  readonly mode: RenderMode;
  /**
   * A panorama instead of a still: the camera must be an equirect one (its eye), storeyId the
   * storey it stands on, and resolution PANO_RESOLUTIONS[pano.width] (the coupon of about as many
   * pixels).
   */
  readonly pano?: RenderPanoSpec | null;
}

export function isFinished(state: RenderJobState): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}
