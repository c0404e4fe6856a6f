// The CPU-heavy part of a JSON body that carries a whole scene inline (store-scene-backup's
// content, auto_save_scene's filecontnt): parse with the depth and text checks of parseJsonBytes,
// turn the scene into the bytes that will be stored (canonical JSON), scan them as an upload is
// scanned, and hash the body for the Idempotency-Key fingerprint. A pure function of the bytes,
// so the same code runs on the event loop for small bodies and in a worker thread (scene-pool.ts)
// for large ones; its answer is plain data (no ApiError, no class instances) for that reason.
import { createHash } from 'node:crypto';
import { canonicalJson, SCENE_FILE_FORMAT } from '../../protocol/scene-file';
import { findBadText, jsonDepth } from '../http/input';
import { SCENE_FILE_MAX_DEPTH, SCENE_FILE_MAX_INFLATED } from './limits';
import { SceneScanError, scanSceneBytes } from './scan';

export interface InlineBodyOptions {
  /** deepest nesting of the body as a whole */
  readonly maxDepth: number;
  /** the field holding the scene; taken out and prepared when it holds one */
  readonly sceneField: 'content' | 'filecontnt';
  /** prepare the scene only when the body's action is this one (auto_save_scene shares its route) */
  readonly onlyForAction?: string;
  /** "<method> <path>\n" when the request has an Idempotency-Key: the body's fingerprint is hashed after it */
  readonly fingerprintPrefix: string | null;
}

/** The scene of the body as it will be stored, checked, or why it cannot be. */
export type PreparedScene =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly records: number; readonly contentRecords: number }
  | { readonly ok: false; readonly tooLarge: true }
  | { readonly ok: false; readonly tooLarge: false; readonly reason: string };

export type InlineBody =
  | {
      readonly ok: true;
      /** the body, with the scene field (when prepared) replaced by an empty value of its JSON type */
      readonly value: unknown;
      readonly scene: PreparedScene | null;
      readonly fingerprint: string | null;
    }
  | { readonly ok: false; readonly error: 'jsonTooDeep' | 'invalidJson' }
  | { readonly ok: false; readonly error: 'invalidText'; readonly path: string[] };

const encoder = new TextEncoder();

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The bytes of a scene field worth preparing: a full scene file object (store-scene-backup's
 * content; a delta stays in the body for the event loop to resolve) or auto_save_scene's
 * filecontnt as text or as an object. null leaves the field as it is.
 */
function sceneText(field: InlineBodyOptions['sceneField'], v: unknown): string | null {
  if (field === 'content') return isPlainObject(v) && v.format === SCENE_FILE_FORMAT ? canonicalJson(v) : null;
  if (typeof v === 'string') return v.length > 0 ? v : null;
  return isPlainObject(v) ? canonicalJson(v) : null;
}

function prepareScene(text: string): PreparedScene {
  const bytes = encoder.encode(text);
  if (bytes.byteLength > SCENE_FILE_MAX_INFLATED) return { ok: false, tooLarge: true };
  try {
    const scan = scanSceneBytes(bytes, SCENE_FILE_MAX_DEPTH);
    if (scan.format !== SCENE_FILE_FORMAT) return { ok: false, tooLarge: false, reason: `"format" must be "${SCENE_FILE_FORMAT}"` };
    if (!scan.hasRecords) return { ok: false, tooLarge: false, reason: '"records" is missing' };
    return { ok: true, bytes, records: scan.records, contentRecords: scan.contentRecords };
  } catch (e) {
    if (e instanceof SceneScanError) return { ok: false, tooLarge: false, reason: e.message };
    throw e;
  }
}

export function prepareInlineBody(bytes: Uint8Array, options: InlineBodyOptions): InlineBody {
  if (jsonDepth(bytes, options.maxDepth) > options.maxDepth) return { ok: false, error: 'jsonTooDeep' };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, error: 'invalidJson' };
  }
  const bad = findBadText(value);
  if (bad) return { ok: false, error: 'invalidText', path: bad };
  let fingerprint: string | null = null;
  if (options.fingerprintPrefix !== null) fingerprint = createHash('sha256').update(options.fingerprintPrefix).update(bytes).digest('hex');
  let scene: PreparedScene | null = null;
  if (isPlainObject(value) && (options.onlyForAction === undefined || value.action === options.onlyForAction)) {
    const field = value[options.sceneField];
    const text = sceneText(options.sceneField, field);
    if (text !== null) {
      scene = prepareScene(text);
      value[options.sceneField] = typeof field === 'string' ? '-' : {};
    }
  }
  return { ok: true, value, scene, fingerprint };
}
