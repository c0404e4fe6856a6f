// The UI's entry to the kernel. Nothing else under ui/ reaches into ui/kernel/* or the worker.
export { KernelCanvas, type KernelCanvasProps } from './KernelCanvas';
export { kernelState, type KernelMirror, type KernelStatus, type KernelStartError } from './mirror';
export { execCommand, undo, redo, onKernelError, type KernelErrorListener } from './exec';
export { useKernel } from './useKernel';
export { kernelPanoramas, type KernelPanoramas } from './files';
export { kernelCaptures, kernelFiles, kernelQueries, kernelQuotes, whenKernelReady, type KernelCaptures, type KernelFiles, type KernelQueries, type KernelQuotes } from './files';
export { importPlanFile, PLAN_IMPORT_TIMEOUT_MS, type PlanImportOutcome } from './plan-import';
