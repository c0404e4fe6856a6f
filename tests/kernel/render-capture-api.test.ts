import { describe, expect, it, onTestFinished } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import { createKernelApi } from '../../kernel-worker/api';
import { captureRequest, dataUrl } from '../../kernel-worker/render/capture-data';
import type { RendererPort } from '../../kernel-worker/render/types';
import { inProcessKernel } from './fixtures/in-process-kernel';

// The capture calls of the kernel API (preview, storeyPreviews, savedFileData's previews) with and
// without a renderer. The images themselves are drawn with WebGL: the e2e spec (views.spec.ts)
// checks a real one decodes; here a stand-in renderer hands out known bytes.

async function rejection(p: Promise<unknown>): Promise<KernelCommandError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(KernelCommandError);
    return e as KernelCommandError;
  }
  throw new Error('expected a rejection');
}

const canvas = {} as OffscreenCanvas;
const size = { width: 800, height: 600, dpr: 1 };

function fakeRenderer(calls: unknown[]): RendererPort {
  return {
    sync() {},
    input() {},
    resize() {},
    dispose() {},
    async capture(options, method) {
      calls.push(['capture', captureRequest(options, 4096, method)]);
      return new Uint8Array([1, 2, 3]);
    },
    async captureStoreys(options, method) {
      calls.push(['captureStoreys', captureRequest(options, 4096, method)]);
      return [
        { layerIndex: 0, preview: new Uint8Array([4]) },
        { layerIndex: 1, preview: new Uint8Array([5]) },
      ];
    },
    setOptions(options) {
      calls.push(['setOptions', options]);
    },
  };
}

describe('captures through the kernel API', () => {
  it('a headless kernel refuses previews with a clear error and saves without images', async () => {
    const { api, channel, close } = inProcessKernel();
    onTestFinished(close);
    await api.init(null, size);
    await channel.exec('scene.createDefaultRoom', {});
    const e = await rejection(api.preview());
    expect([e.code, e.command]).toEqual(['WEBGL2_UNAVAILABLE', 'preview']);
    expect(e.detail).toMatch(/no renderer/);
    expect((await rejection(api.storeyPreviews())).code).toBe('WEBGL2_UNAVAILABLE');
    const data = await api.savedFileData('abc');
    expect([data.imageData, data.imageList]).toEqual(['', []]);
    expect(data.area).toBe(27.42);
  });

  it('a kernel with a renderer hands out its images, and JPEG data URLs in the saved-file data', async () => {
    const calls: unknown[] = [];
    const api = createKernelApi({ createRenderer: () => fakeRenderer(calls) });
    const init = await api.init(canvas, size);
    expect(init.rendererError).toBeNull();
    expect(await api.preview({ width: 1920, height: 1080 })).toEqual(new Uint8Array([1, 2, 3]));
    expect(calls.at(-1)).toEqual(['capture', { width: 1920, height: 1080, type: 'image/png', quality: 0.9 }]);
    const floors = await api.storeyPreviews();
    expect(floors.map((f) => f.layerIndex)).toEqual([0, 1]);
    const data = await api.savedFileData();
    expect(data.imageData).toBe(`data:image/jpeg;base64,${Buffer.from([1, 2, 3]).toString('base64')}`);
    expect(data.imageList).toEqual([
      { layerIndex: 0, preview: 'data:image/jpeg;base64,BA==' },
      { layerIndex: 1, preview: 'data:image/jpeg;base64,BQ==' },
    ]);
    expect(calls).toContainEqual(['capture', { width: 640, height: 480, type: 'image/jpeg', quality: 0.85 }]);
    await api.setRenderOptions({ shadows: 'off' });
    expect(calls.at(-1)).toEqual(['setOptions', { shadows: 'off' }]);
    expect((await rejection(api.setRenderOptions({ shadows: 'blurry' } as never))).code).toBe('INVALID_ARGS');
  });

  it('takes an equirect trace only at 2:1, whatever its target; a perspective one must look somewhere', async () => {
    const started: unknown[] = [];
    const api = createKernelApi({
      createRenderer: () => ({
        ...fakeRenderer([]),
        trace: {
          start: (o) => started.push(o),
          progress: () => ({ state: 'idle', samples: 0, target: 0, width: 0, height: 0 }),
          image: () => Promise.reject(new Error('none')),
          stop() {},
          dispose() {},
        },
      }),
    });
    await api.init(canvas, size);
    const eye = { position: [1, 1.5, -2] as const, target: [1, 1.5, -2] as const, fovDeg: 90 };
    const pano = { camera: { ...eye, projection: 'equirect' as const }, storeyId: null, width: 2048, height: 1024, samples: 8 };
    await api.traceStart(pano);
    expect(started).toEqual([pano]);
    const squashed = await rejection(api.traceStart({ ...pano, height: 1080 }));
    expect([squashed.code, squashed.detail]).toEqual(['INVALID_ARGS', 'options.width: an equirect picture is twice as wide as high']);
    expect((await rejection(api.traceStart({ ...pano, camera: eye }))).detail).toMatch(/target must differ/);
    expect((await rejection(api.traceStart({ ...pano, camera: { ...pano.camera, projection: 'fisheye' as never } }))).code).toBe('INVALID_ARGS');
    expect(started).toHaveLength(1);
  });

  it('checks the capture options', () => {
    expect(captureRequest(undefined, 4096)).toEqual({ width: 800, height: 600, type: 'image/png', quality: 0.9 });
    expect(captureRequest({ width: 1000.4, height: 500, type: 'image/jpeg', quality: 0.5 }, 4096)).toEqual({ width: 1000, height: 500, type: 'image/jpeg', quality: 0.5 });
    for (const bad of [{ width: 8 }, { height: 5000 }, { width: Number.NaN }, { type: 'image/gif' }, { quality: 2 }]) {
      const e = (() => {
        try {
          captureRequest(bad as never, 4096, 'preview');
        } catch (error) {
          return error as KernelCommandError;
        }
        throw new Error(`accepted ${JSON.stringify(bad)}`);
      })();
      expect([e.code, e.command]).toEqual(['INVALID_ARGS', 'preview']);
    }
    expect(dataUrl(new Uint8Array([0xff, 0xd8]), 'image/jpeg')).toBe('data:image/jpeg;base64,/9g=');
  });
});
