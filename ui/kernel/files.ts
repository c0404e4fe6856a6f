import * as Comlink from 'comlink';
import { KernelCommandError, toKernelError } from '../../protocol/errors';
import type { DropResult, KernelApi } from '../../protocol/kernel-api';
import type { PanoPoint, PanoramaOptions, PanoramaShot, PanoSpot } from '../../protocol/panorama';
import type { BackupDeltaResult } from '../../protocol/scene-file';
import { currentKernel } from './session';

// The kernel's file calls for the UI (load, newScene, save, backupDelta, acknowledge, savedFileData), over
// the Comlink API the bridge already holds. Failures come back as KernelCommandErrors and are NOT
// reported to the 内核命令出错！ listeners: the scene session says what went wrong in its own words
// (a refused file is a message about the file, not a kernel failure).

export type KernelFiles = Pick<KernelApi, 'load' | 'newScene' | 'save' | 'exportFile' | 'backupDelta' | 'acknowledge' | 'savedFileData'>;

async function call<T>(method: string, run: (api: Comlink.Remote<KernelApi>) => Promise<T>): Promise<T> {
  const started = currentKernel();
  if (!started) throw new KernelCommandError('NOT_READY', method, 'the kernel has not been started');
  try {
    const handle = await started;
    return await run(handle.api);
  } catch (e) {
    throw toKernelError(e, method);
  }
}

export const kernelFiles: KernelFiles = {
  // Bytes are transferred, not copied: a scene file may be tens of megabytes.
  load: (file) => call('load', (api) => api.load(typeof file === 'string' ? file : Comlink.transfer(file, [file.buffer]))),
  newScene: (meta) => call('newScene', (api) => api.newScene(meta)),
  save: () => call('save', (api) => api.save()),
  exportFile: () => call('exportFile', (api) => api.exportFile()),
  backupDelta: (purpose) => call<BackupDeltaResult>('backupDelta', (api) => api.backupDelta(purpose)),
  acknowledge: (base) => call('acknowledge', (api) => api.acknowledge(base)),
  savedFileData: (sceneCode) => call('savedFileData', (api) => api.savedFileData(sceneCode)),
};

/** Images of the scene drawn in the worker (render/capture.ts); they reject on a headless kernel. */
export type KernelCaptures = Pick<KernelApi, 'preview' | 'storeyPreviews' | 'setRenderOptions'>;

export const kernelCaptures: KernelCaptures = {
  preview: (options) => call('preview', (api) => api.preview(options)),
  storeyPreviews: (options) => call('storeyPreviews', (api) => api.storeyPreviews(options)),
  setRenderOptions: (options) => call('setRenderOptions', (api) => api.setRenderOptions(options)),
};

/** 720° panoramas drawn and stitched in the worker (render/panorama.ts), and the point a click picks. */
export interface KernelPanoramas {
  panorama(options: PanoramaOptions, onProgress?: (fraction: number) => void): Promise<PanoramaShot>;
  panoramaPoint(x: number, y: number, locale?: 'zh' | 'en'): Promise<PanoPoint | null>;
  panoramaSpot(at: PanoramaOptions['at']): Promise<PanoSpot>;
}

export const kernelPanoramas: KernelPanoramas = {
  // the progress callback crosses to the worker as a Comlink proxy
  panorama: (options, onProgress) => call('panorama', (api) => api.panorama(options, onProgress ? Comlink.proxy(onProgress) : undefined) as Promise<PanoramaShot>),
  panoramaPoint: (x, y, locale) => call('panoramaPoint', (api) => api.panoramaPoint(x, y, locale) as Promise<PanoPoint | null>),
  panoramaSpot: (at) => call('panoramaSpot', (api) => api.panoramaSpot(at) as Promise<PanoSpot>),
};

/** Questions about the view that change nothing (the drop of a catalogue card: where it would land). */
export type KernelQueries = Pick<KernelApi, 'dropPlacement' | 'previewDrop' | 'planData'>;

export const kernelQueries: KernelQueries = {
  // Comlink's Remote type splits the result union across promises; it is one DropResult.
  dropPlacement: (x, y, piece) => call<DropResult>('dropPlacement', (api) => api.dropPlacement(x, y, piece) as Promise<DropResult>),
  previewDrop: (x, y, piece) => call<DropResult | null>('previewDrop', (api) => api.previewDrop(x, y, piece) as Promise<DropResult | null>),
  planData: () => call('planData', (api) => api.planData()),
};

/** The quotation of the open scene (reads the document, changes nothing; the kernel caches per cabinet). */
export type KernelQuotes = Pick<KernelApi, 'quote'>;

export const kernelQuotes: KernelQuotes = {
  quote: (priceList) => call('quote', (api) => api.quote(priceList)),
};

/** Path-traced stills of the view in the kernel worker (the quick render preview). */
export type KernelTrace = Pick<KernelApi, 'viewCamera' | 'traceStart' | 'traceProgress' | 'traceImage' | 'traceStop'>;

export const kernelTrace: KernelTrace = {
  viewCamera: () => call('viewCamera', (api) => api.viewCamera()),
  traceStart: (options) => call('traceStart', (api) => api.traceStart(options)),
  traceProgress: () => call('traceProgress', (api) => api.traceProgress()),
  traceImage: (quality) => call('traceImage', (api) => api.traceImage(quality)),
  traceStop: () => call('traceStop', (api) => api.traceStop()),
};

/** Resolves once the current canvas's kernel is ready (null when none is being started). */
export function whenKernelReady(): Promise<void> | null {
  const started = currentKernel();
  return started ? started.then(() => undefined) : null;
}
