import * as Comlink from 'comlink';
import type { PlanImportFailure, PlanImportFormat, PlanImportSummary, PlanImportWorkerApi } from '../../protocol/plan-import';
import type { PlanExportResult } from '../../protocol/plan-export';
import { execCommand } from './exec';
import { kernelQueries } from './files';

// Another tool's plan file into the open scene (issue 18): a worker of its own reads it (so a file
// that keeps a reader busy stops that worker, not the editor's kernel), then the kernel builds the
// answer with plan.import as one undo step.

/** A reading that runs longer than this is stopped: far above a real building's few seconds. */
export const PLAN_IMPORT_TIMEOUT_MS = 120_000;

export type PlanImportOutcome =
  | { readonly ok: true; readonly summary: PlanImportSummary }
  | { readonly ok: false; readonly failure: PlanImportFailure | 'timeout'; readonly detail: string };

function createImportWorker(): Worker {
  return new Worker(new URL('../../kernel-worker/import/worker.ts', import.meta.url), { type: 'module', name: 'plan-import' });
}

export async function importPlanFile(bytes: Uint8Array, format: PlanImportFormat, onProgress: (fraction: number) => void, timeoutMs = PLAN_IMPORT_TIMEOUT_MS): Promise<PlanImportOutcome> {
  const worker = createImportWorker();
  const reader = Comlink.wrap<PlanImportWorkerApi>(worker);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    // The bytes are transferred: an IFC file may be tens of megabytes.
    const answer = await Promise.race([reader.read(Comlink.transfer(bytes, [bytes.buffer]), format, Comlink.proxy(onProgress)), timedOut]);
    if (answer === 'timeout') return { ok: false, failure: 'timeout', detail: `reading took longer than ${timeoutMs} ms` };
    if (!answer.ok) return { ok: false, failure: answer.failure, detail: answer.detail };
    const { plan } = answer;
    const result = await execCommand('plan.import', { storeys: plan.storeys });
    return { ok: true, summary: { format: plan.format, schema: plan.schema, skipped: plan.skipped, result } };
  } finally {
    clearTimeout(timer);
    reader[Comlink.releaseProxy]();
    worker.terminate();
  }
}

/** Writing a plan's IFC file that runs longer than this is stopped (a big building takes seconds). */
export const PLAN_EXPORT_TIMEOUT_MS = 120_000;

export type PlanExportOutcome = PlanExportResult | { readonly ok: false; readonly empty: true };

/**
 * The open scene's plan as an IFC4 file (导出IFC): the kernel hands out the plan as data, a
 * plan-file worker writes it with web-ifc (loaded there only), then the worker is stopped. A scene
 * without walls has nothing to export (`empty`).
 */
export async function exportPlanIfc(fileName: string, timeoutMs = PLAN_EXPORT_TIMEOUT_MS): Promise<PlanExportOutcome> {
  const plan = await kernelQueries.planData();
  if (!plan.storeys.some((s) => s.walls.length > 0)) return { ok: false, empty: true };
  const worker = createImportWorker();
  const writer = Comlink.wrap<PlanImportWorkerApi>(worker);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const answer = await Promise.race([writer.exportIfc(plan, fileName), timedOut]);
    if (answer === 'timeout') return { ok: false, detail: `writing took longer than ${timeoutMs} ms` };
    return answer;
  } finally {
    clearTimeout(timer);
    writer[Comlink.releaseProxy]();
    worker.terminate();
  }
}
