// The plan-import worker: reads one IFC or Sweet Home 3D file and answers plans as data
// (protocol/plan-import.ts). The UI starts one per import and ends it after (or when the reading
// runs too long); the kernel then builds the answer with plan.import.
import * as Comlink from 'comlink';
import type { PlanFileReading, PlanImportFormat, PlanImportWorkerApi } from '../../protocol/plan-import';
import { readPlanFile } from './read-plan-file';

const api: PlanImportWorkerApi = {
  read(bytes: Uint8Array, format: PlanImportFormat, onProgress?: (fraction: number) => void): Promise<PlanFileReading> {
    return readPlanFile(bytes, format, {
      onProgress,
      ifcWasmUrl: async () => (await import('web-ifc/web-ifc.wasm?url')).default,
    });
  },
};

Comlink.expose(api);
