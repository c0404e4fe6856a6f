// The plan-import worker: reads one IFC or Sweet Home 3D file and answers plans as data
// (protocol/plan-import.ts). The UI starts one per import and ends it after (or when the reading
// runs too long); the kernel then builds the answer with plan.import. It also writes the plan the
// kernel hands out (planData) as an IFC4 file for 导出IFC: web-ifc lives here, never in the editor.
import * as Comlink from 'comlink';
import type { ExportedPlan, PlanExportResult } from '../../protocol/plan-export';
import type { PlanFileReading, PlanImportFormat, PlanImportWorkerApi } from '../../protocol/plan-import';
import { readPlanFile } from './read-plan-file';

const ifcWasmUrl = async (): Promise<string> => (await import('web-ifc/web-ifc.wasm?url')).default;

const api: PlanImportWorkerApi = {
  read(bytes: Uint8Array, format: PlanImportFormat, onProgress?: (fraction: number) => void): Promise<PlanFileReading> {
    return readPlanFile(bytes, format, {
      onProgress,
      ifcWasmUrl,
    });
  },
  async exportIfc(plan: ExportedPlan, fileName: string): Promise<PlanExportResult> {
    try {
      const { exportIfc } = await import('./ifc-export');
      const wasm = await ifcWasmUrl();
      const bytes = await exportIfc(plan, { fileName, locateWasm: () => wasm });
      return Comlink.transfer({ ok: true, bytes }, [bytes.buffer]);
    } catch (e) {
      return { ok: false, detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
  },
};

Comlink.expose(api);
