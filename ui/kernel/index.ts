// The UI's entry to the kernel. Nothing else under ui/ reaches into ui/kernel/* or the worker.
export { KernelCanvas, type KernelCanvasProps } from './KernelCanvas';
export { kernelState, type KernelMirror, type KernelStatus, type KernelStartError } from './mirror';
export { execCommand, undo, redo, onKernelError, type KernelErrorListener } from './exec';
export { useKernel } from './useKernel';
export { kernelCaptures, kernelFiles, kernelQueries, kernelQuotes, kernelTrace, whenKernelReady, type KernelCaptures, type KernelFiles, type KernelQueries, type KernelQuotes, type KernelTrace } from './files';
export { exportPlanIfc, importPlanFile, PLAN_EXPORT_TIMEOUT_MS, PLAN_IMPORT_TIMEOUT_MS, type PlanExportOutcome, type PlanImportOutcome } from './plan-import';
export { kernelPanoramas, type KernelPanoramas } from './files';
