import { KernelCommandError } from '../../protocol/errors';
import type { CaptureOptions } from '../../protocol/kernel-api';

// The three-free half of the captures (capture.ts): checking a capture's options and turning
// image bytes into a data URL. The kernel API uses it without loading three.js.

export const PREVIEW_DEFAULTS = { width: 800, height: 600, type: 'image/png', quality: 0.9 } as const;
const MIN_SIZE = 16;

export interface CaptureRequest {
  readonly width: number;
  readonly height: number;
  readonly type: 'image/png' | 'image/jpeg';
  readonly quality: number;
}

/** Fills in the defaults and checks the request (INVALID_ARGS on nonsense). */
export function captureRequest(options: CaptureOptions | undefined, maxSize: number, method = 'preview'): CaptureRequest {
  const o = options ?? {};
  const size = (value: unknown, fallback: number, name: string): number => {
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < MIN_SIZE || value > maxSize) {
      throw new KernelCommandError('INVALID_ARGS', method, `${name}: must be a number from ${MIN_SIZE} to ${maxSize}`);
    }
    return Math.round(value);
  };
  const type = o.type ?? PREVIEW_DEFAULTS.type;
  if (type !== 'image/png' && type !== 'image/jpeg') {
    throw new KernelCommandError('INVALID_ARGS', method, 'type: must be "image/png" or "image/jpeg"');
  }
  const quality = o.quality ?? PREVIEW_DEFAULTS.quality;
  if (typeof quality !== 'number' || !(quality >= 0 && quality <= 1)) {
    throw new KernelCommandError('INVALID_ARGS', method, 'quality: must be a number from 0 to 1');
  }
  return {
    width: size(o.width, PREVIEW_DEFAULTS.width, 'width'),
    height: size(o.height, PREVIEW_DEFAULTS.height, 'height'),
    type,
    quality,
  };
}

/** A data: URL of image bytes (core.md §3 imageData is one). */
export function dataUrl(bytes: Uint8Array, type: string): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return `data:${type};base64,${btoa(binary)}`;
}
