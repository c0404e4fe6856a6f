import * as Comlink from 'comlink';
import { KERNEL_BOOT_ERROR_MESSAGE, KERNEL_READY_MESSAGE, type KernelApi, type KernelBootMessage } from '../../protocol/kernel-api';
import type { RenderPageApi, RenderPageStart } from '../../protocol/render-page';
import { installTransferHandlers } from '../../protocol/transfer';

// The headless renderer's page (render.html, driven by server/render/headless.ts through
// Playwright): a read-only kernel worker drawing into a canvas of the picture's size, a scene
// file loaded into it, and a path-traced still (kernel traceStart). No React, no login, no
// server calls: the scene's bytes come in through start(), the picture goes out through image().
// The page and its kernel stay for the next picture (the next start() loads the next scene):
// SwiftShader compiles the path tracer's shader once per page, which costs minutes on a busy
// machine without a GPU.

const READY_TIMEOUT_MS = 60_000;

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function startWorker(): Promise<Worker> {
  const worker = new Worker(new URL('../../kernel-worker/main.ts', import.meta.url), { type: 'module', name: 'kernel' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the kernel worker did not get ready')), READY_TIMEOUT_MS);
    worker.addEventListener('message', function ready(event: MessageEvent<unknown>) {
      const data = event.data as Partial<KernelBootMessage> | null;
      if (data?.type !== KERNEL_READY_MESSAGE && data?.type !== KERNEL_BOOT_ERROR_MESSAGE) return;
      clearTimeout(timer);
      worker.removeEventListener('message', ready);
      if (data.type === KERNEL_READY_MESSAGE) resolve(worker);
      else reject(new Error(`the kernel worker failed while starting: ${data.detail ?? ''}`));
    });
    worker.addEventListener('error', (e) => reject(new Error(`the kernel worker failed to start: ${e.message}`)));
  });
}

let api: Comlink.Remote<KernelApi> | null = null;

/** The kernel, drawing its (unseen) view small: the picture is traced on a canvas of its own. */
async function startKernel(request: RenderPageStart): Promise<Comlink.Remote<KernelApi>> {
  installTransferHandlers();
  const worker = await startWorker();
  const kernel = Comlink.wrap<KernelApi>(worker);
  const canvas = document.createElement('canvas');
  const aspect = request.width / request.height;
  canvas.width = Math.round(160 * Math.min(aspect, 4));
  canvas.height = 160;
  const offscreen = canvas.transferControlToOffscreen();
  const init = await kernel.init(Comlink.transfer(offscreen, [offscreen]), { width: canvas.width, height: canvas.height, dpr: 1, readOnly: true });
  if (init.rendererError) throw new Error(`${init.rendererError.code}: ${init.rendererError.detail}`);
  api = kernel;
  return kernel;
}

const page: RenderPageApi = {
  async start(request) {
    const kernel = api ?? (await startKernel(request));
    const bytes = fromBase64(request.sceneFile);
    await kernel.load(Comlink.transfer(bytes, [bytes.buffer]));
    await kernel.traceStart({ camera: request.camera, storeyId: request.storeyId, width: request.width, height: request.height, samples: request.samples });
  },
  async progress() {
    if (!api) throw new Error('start() first');
    return api.traceProgress();
  },
  async image(quality) {
    if (!api) throw new Error('start() first');
    const image = await api.traceImage(quality);
    return { jpeg: toBase64(image.jpeg), thumbJpeg: toBase64(image.thumbJpeg), width: image.width, height: image.height, samples: image.samples };
  },
  async stop() {
    await api?.traceStop();
  },
};

(window as unknown as { yfRender: RenderPageApi }).yfRender = page;
