// The one entry the kernel API uses to read another tool's plan file. Each reader (and web-ifc's
// WASM, a few MB) is loaded on the first import only, never with the editor.
import { KernelCommandError } from '../../protocol/errors';
import { PLAN_IMPORT_MAX_BYTES, PlanImportError, type ImportedPlan, type PlanImportFormat } from '../../protocol/plan-import';

export interface ReadPlanFileOptions {
  readonly onProgress?: (fraction: number) => void;
  /** where web-ifc.wasm is served from (the worker bundle's asset; node finds it itself) */
  readonly ifcWasmUrl?: () => Promise<string>;
}

/** Reads the file; PlanImportError becomes BAD_FILE / UNSUPPORTED_VERSION with the code first in the detail. */
export async function readPlanFile(bytes: Uint8Array, format: PlanImportFormat, options: ReadPlanFileOptions = {}): Promise<ImportedPlan> {
  try {
    if (bytes.byteLength > PLAN_IMPORT_MAX_BYTES) throw new PlanImportError('tooLarge', `${bytes.byteLength} bytes`);
    if (bytes.byteLength === 0) throw new PlanImportError('empty', 'the file is empty');
    if (format === 'sh3d') {
      const { readSh3d } = await import('./sh3d');
      options.onProgress?.(0.5);
      const plan = readSh3d(bytes);
      options.onProgress?.(1);
      return plan;
    }
    const { readIfc } = await import('./ifc');
    const wasm = options.ifcWasmUrl ? await options.ifcWasmUrl() : null;
    return await readIfc(bytes, { onProgress: options.onProgress, locateWasm: wasm ? () => wasm : undefined });
  } catch (e) {
    if (e instanceof PlanImportError) {
      throw new KernelCommandError(e.code === 'unsupportedSchema' ? 'UNSUPPORTED_VERSION' : 'BAD_FILE', 'importPlanFile', e.message);
    }
    throw e;
  }
}
