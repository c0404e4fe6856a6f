import { exportBaseName } from '../../protocol/access';
import { KernelCommandError, toKernelError } from '../../protocol/errors';
import type { ClientInfo } from '../../protocol/records';
import { NOT_A_SCENE_FILE, UNKNOWN_FILE_FORMAT, type LoadResult } from '../../protocol/scene-file';
import { safeFileName } from '../quote/download';
import type { SceneKernelPort } from './ports';
import type { OpLock, SceneSessionState } from './state';
import { hasUnsavedWork } from './state';

// Scene files on the designer's own disk (core.md §5, issue 16): 导出到本地 downloads the scene file
// exactly as the kernel saves it, 导入本地文件 loads one through the kernel's own load (its
// migrations and validation) as a new, never-saved scheme. The decisions are small functions here;
// the controller (local-file-actions.ts) binds them to the browser.

/**
 * The file: gzip of the scene JSON (format "yfang-scene"), the very bytes the kernel uploads on a
 * save. Named `<scheme>.yfscene` so that the file picker can offer our files first; import takes
 * any name and goes by the content (gzip or plain JSON).
 */
export const LOCAL_FILE_EXTENSION = 'yfscene';
export const LOCAL_FILE_MIME = 'application/gzip';
/** What the file picker offers (import still reads any file the designer picks or drops). */
export const LOCAL_FILE_ACCEPT = '.yfscene,.gz,.json';
/**
 * The largest file import reads: the server's cap on a scene file (SCENE_FILE_MAX_INFLATED in
 * server/scenes/limits.ts), so that whatever is imported can also be saved. A real export is a
 * small fraction of it (the largest bench house: 0.76 MiB of JSON, 88 KiB gzip).
 */
export const LOCAL_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** What the export needs to know of the session (core.md §5). */
export interface ExportContext {
  readonly sceneId: number | null;
  /** the scene came from an order or an exam: those export without a stored scene */
  readonly fromOrderOrExam: boolean;
}

/** core.md §5: export to local needs a saved scene unless it is from an order or exam ('please save the scene first'). */
export function exportRefusal(ctx: ExportContext): 'save-first' | null {
  return ctx.sceneId === null && !ctx.fromOrderOrExam ? 'save-first' : null;
}

/**
 * Whether the page was opened for an order or an exam. Such a session carries the order number or
 * the exam id in its address (orderNo / examId), the way ?sceneId= names a stored scene.
 */
export function fromOrderOrExam(search: string): boolean {
  const q = new URLSearchParams(search);
  return (q.get('orderNo') ?? '').trim() !== '' || (q.get('examId') ?? '').trim() !== '';
}

/** The client's remark: its custom_client_info entry keyed Remark ('' when none). */
export function clientRemark(client: ClientInfo | undefined): string {
  return client?.custom_client_info?.find((e) => e.key === 'Remark')?.Remark ?? '';
}

/**
 * The download's name: the scheme's name, or in project MLS the client's Remark when it has one
 * (catalogues.md §6, as the quote exports do), made safe for a file system.
 */
export function localFileName(input: { readonly project: string; readonly remark: string; readonly schemeName: string; readonly fallback: string }): string {
  const base = safeFileName(exportBaseName(input.project, input.remark, input.schemeName)) || safeFileName(input.fallback) || 'scene';
  return `${base}.${LOCAL_FILE_EXTENSION}`;
}

/** Why a local file was not imported; the open scene is untouched in every case. */
export type ImportRefusal = 'empty' | 'too-large' | 'foreign' | 'damaged' | 'newer';

const MAGIC: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP)
  [0x42, 0x4d], // BMP
  [0x67, 0x6c, 0x54, 0x46], // glTF binary
  [0x50, 0x4b, 0x03, 0x04], // zip (xlsx, a zipped glTF …)
  [0x25, 0x50, 0x44, 0x46], // PDF
];

/**
 * What can be said of a file before the kernel reads it: too big or empty, or plainly a file of
 * another kind (an image, a model, an archive) by its first bytes. null: hand it to the kernel.
 */
export function sniffLocalFile(size: number, head: Uint8Array): ImportRefusal | null {
  if (size === 0) return 'empty';
  if (size > LOCAL_FILE_MAX_BYTES) return 'too-large';
  if (MAGIC.some((m) => m.length <= head.length && m.every((b, i) => head[i] === b))) return 'foreign';
  return null;
}

/** A kernel refusal of the file in the designer's terms. */
export function refusalOfLoadError(error: KernelCommandError): ImportRefusal {
  if (error.detail.startsWith(NOT_A_SCENE_FILE) || error.detail.startsWith(UNKNOWN_FILE_FORMAT)) return 'foreign';
  if (error.code === 'UNSUPPORTED_VERSION') return 'newer';
  return 'damaged';
}

/**
 * Whether importing over the open scene asks 保存提示 first: only when there is work on screen
 * the server does not hold (an untouched new scene, or a stored one with no changes, is replaced
 * without a question).
 */
export function needsImportPrompt(
  state: Pick<SceneSessionState, 'scene' | 'unconfirmedSave'>,
  kernel: Pick<SceneKernelPort, 'contentRecords' | 'dirty'>,
): boolean {
  if (kernel.contentRecords() === 0) return false;
  if (state.scene === null) return kernel.dirty() || state.unconfirmedSave;
  return hasUnsavedWork(state, kernel.dirty());
}

/** What import needs of the kernel. */
export type LocalFileKernelPort = Pick<SceneKernelPort, 'load'>;

export interface LocalFileDeps {
  readonly kernel: LocalFileKernelPort;
  readonly state: SceneSessionState;
  readonly lock: OpLock;
}

export type ImportOutcome =
  | { readonly kind: 'imported'; readonly result: LoadResult }
  | { readonly kind: 'busy' }
  | { readonly kind: 'refused'; readonly reason: ImportRefusal; readonly error: KernelCommandError | null }
  | { readonly kind: 'failed'; readonly error: unknown };

/** Kernel refusals that are about the file (the rest are the kernel's own trouble). */
const FILE_REFUSALS: readonly string[] = ['BAD_FILE', 'UNSUPPORTED_VERSION', 'INVALID_ARGS'];

/**
 * Loads a local file's bytes as a new scheme that was never saved: the session forgets the scene
 * it had (a save can never write the file into it). Under the session's lock like every open. The
 * kernel swaps the scene only once the whole file validated, so a refusal changes nothing.
 */
export async function importLocalFile(deps: LocalFileDeps, bytes: Uint8Array): Promise<ImportOutcome> {
  const { state, lock, kernel } = deps;
  const sniffed = sniffLocalFile(bytes.byteLength, bytes.subarray(0, 8));
  if (sniffed) return { kind: 'refused', reason: sniffed, error: null };
  if (state.busy) return { kind: 'busy' };
  state.busy = 'opening';
  try {
    return await lock.run(async (): Promise<ImportOutcome> => {
      let result: LoadResult;
      try {
        result = await kernel.load(bytes);
      } catch (e) {
        const error = e instanceof KernelCommandError ? e : toKernelError(e, 'load');
        if (!FILE_REFUSALS.includes(error.code)) return { kind: 'failed', error };
        return { kind: 'refused', reason: refusalOfLoadError(error), error };
      }
      Object.assign(state, { scene: null, unconfirmedSave: false, conflict: null, lastBackup: null });
      return { kind: 'imported', result };
    });
  } finally {
    state.busy = null;
  }
}
