// The one entry that reads another tool's plan file, in its own worker (./worker.ts): a reader
// stuck on a hostile file can be stopped without the editor's kernel. Each reader (and web-ifc's
// WASM, a few MB) loads on the first import only, never with the editor.
import { PLAN_IMPORT_MAX_BYTES, PlanImportError, type PlanFileReading, type PlanImportFormat } from '../../protocol/plan-import';

export interface ReadPlanFileOptions {
  readonly onProgress?: (fraction: number) => void;
  /** where web-ifc.wasm is served from (the worker bundle's asset; node finds it itself) */
  readonly ifcWasmUrl?: () => Promise<string>;
}

/** Reads the file; a file it cannot read is an answer (failure and detail), not a throw. */
export async function readPlanFile(bytes: Uint8Array, format: PlanImportFormat, options: ReadPlanFileOptions = {}): Promise<PlanFileReading> {
  try {
    if (bytes.byteLength > PLAN_IMPORT_MAX_BYTES) throw new PlanImportError('tooLarge', `${bytes.byteLength} bytes`);
    if (bytes.byteLength === 0) throw new PlanImportError('empty', 'the file is empty');
    if (format === 'sh3d') {
      const { readSh3d } = await import('./sh3d');
      options.onProgress?.(0.5);
      const plan = readSh3d(bytes);
      options.onProgress?.(1);
      return { ok: true, plan };
    }
    const { readIfc } = await import('./ifc');
    const wasm = options.ifcWasmUrl ? await options.ifcWasmUrl() : null;
    const plan = await readIfc(bytes, { onProgress: options.onProgress, locateWasm: wasm ? () => wasm : undefined });
    return { ok: true, plan };
  } catch (e) {
    if (e instanceof PlanImportError) return { ok: false, failure: e.code, detail: e.message };
    // A reader that fails in a way it did not foresee met a file it cannot read.
    return { ok: false, failure: 'damaged', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
