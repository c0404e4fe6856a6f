import * as Comlink from 'comlink';
import type { PlanImportFailure, PlanImportFormat, PlanImportSummary, PlanImportWorkerApi } from '../../protocol/plan-import';
import { execCommand } from './exec';

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
