import { afterEach, describe, expect, it } from 'vitest';
import { Mesh, MeshStandardMaterial, Spherical } from 'three';
import { KernelCommandError } from '../../protocol/errors';
import type { RenderOptions } from '../../protocol/kernel-api';
import { createKernelApi } from '../../kernel-worker/api';
import type { RendererPort } from '../../kernel-worker/render/types';
import { attachNodeRenderer, settle, type NodeRenderer } from './render-kit';
import { TestKernel } from './test-kernel';

// The render options that come from the user config (camera speed, drag response, mouse-button
// camera modes, LOD and low-poly switches) and from the transparent-wall bar (view mode 3
// opacities): checked by the kernel API, then applied by the view controller.

let kernels: TestKernel[] = [];
afterEach(() => {
  kernels.forEach((k) => k.dispose());
  kernels = [];
});

async function withRenderer(): Promise<{ k: TestKernel; r: NodeRenderer }> {
  const k = new TestKernel();
  kernels.push(k);
  k.exec('scene.createDefaultRoom', {});
  const r = await attachNodeRenderer(k);
  r.drawFrames();
  return { k, r };
}

async function apiWithRenderer(calls: Partial<RenderOptions>[]) {
  const port: RendererPort = {
    sync() {},
    input() {},
    resize() {},
    dispose() {},
    setOptions: (o) => void calls.push(o),
  };
  const api = createKernelApi({ createRenderer: () => port });
  await api.init({} as OffscreenCanvas, { width: 800, height: 600, dpr: 1 });
  return api;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(KernelCommandError);
    return (e as KernelCommandError).code;
  }
  return 'resolved';
}

describe('render options through the kernel API', () => {
  it('passes the user-config and transparency options on to the renderer', async () => {
    const calls: Partial<RenderOptions>[] = [];
    const api = await apiWithRenderer(calls);
    const options: Partial<RenderOptions> = {
      cameraSpeed: 150,
      dragResponse: 800,
      mouseButtons: { left: 'pan', middle: 'none', right: 'rotate' },
      lod: true,
      lowPolyModels: false,
      wallOpacity: 0.5,
      groundOpacity: 0,
    };
    await api.setRenderOptions(options);
    expect(calls).toEqual([options]);
  });

  it('refuses values out of range, of the wrong kind, and unknown keys, and passes nothing on', async () => {
    const calls: Partial<RenderOptions>[] = [];
    const api = await apiWithRenderer(calls);
    const bad: unknown[] = [
      { cameraSpeed: 0 },
      { cameraSpeed: 5000 },
      { cameraSpeed: Number.NaN },
      { cameraSpeed: '100' },
      { dragResponse: 10 },
      { mouseButtons: { left: 'zoom', middle: 'pan', right: 'pan' } },
      { mouseButtons: { left: 'pan', middle: 'pan' } },
      { lod: 'yes' },
      { wallOpacity: 1.5 },
      { groundOpacity: -0.1 },
      { fog: true },
    ];
    for (const options of bad) expect(await code(api.setRenderOptions(options as Partial<RenderOptions>)), JSON.stringify(options)).toBe('INVALID_ARGS');
    expect(calls).toEqual([]);
  });
});

describe('render options in the views', () => {
  /** The bird eye's azimuth around its target. */
  const azimuth = (r: NodeRenderer) => new Spherical().setFromVector3(r.views.camera.position.clone().sub(r.views.rig.target)).theta;

  it('camera speed and drag response scale how far a drag turns the bird eye', async () => {
    const turn = async (options: Partial<RenderOptions>) => {
      const { k, r } = await withRenderer();
      r.views.setOptions(options);
      const before = azimuth(r);
      k.drag({ x: 400, y: 400 }, { x: 460, y: 400 }, 3);
      return Math.abs(azimuth(r) - before);
    };
    const normal = await turn({});
    expect(normal).toBeGreaterThan(0.05);
    expect(await turn({ cameraSpeed: 200 })).toBeCloseTo(normal * 2, 6);
    expect(await turn({ dragResponse: 200 })).toBeCloseTo(normal / 2, 6);
  });

  it('mouse-button modes choose which button turns and which pans; none does nothing', async () => {
    const { k, r } = await withRenderer();
    r.views.setOptions({ mouseButtons: { left: 'pan', middle: 'none', right: 'rotate' } });
    const target = r.views.rig.target.clone();
    const theta = azimuth(r);
    k.drag({ x: 400, y: 400 }, { x: 460, y: 430 }, 3);
    expect(r.views.rig.target.distanceTo(target)).toBeGreaterThan(0.05);
    expect(azimuth(r)).toBeCloseTo(theta, 9);

    const panned = r.views.rig.target.clone();
    k.pointerDown(400, 400, { button: 2 }).pointerMove(470, 400, { button: 2 }).pointerUp(470, 400, { button: 2 });
    expect(r.views.rig.target.distanceTo(panned)).toBeLessThan(1e-9);
    expect(Math.abs(azimuth(r) - theta)).toBeGreaterThan(0.05);

    const eye = r.views.camera.position.clone();
    k.pointerDown(400, 400, { button: 1 }).pointerMove(470, 440, { button: 1 }).pointerUp(470, 440, { button: 1 });
    expect(r.views.camera.position.distanceTo(eye)).toBe(0);
  });

  it('camera speed scales walking in the roam view', async () => {
    const walked = async (cameraSpeed: number) => {
      const { k, r } = await withRenderer();
      r.views.setOptions({ cameraSpeed });
      k.exec('view.setCamera', { view: 1 });
      await settle();
      r.drawFrames();
      const start = r.views.camera.position.clone();
      k.keyDown('w');
      for (let t = 0; t < 300; t += 16) {
        r.now += 16;
        r.views.beforeDraw(r.now);
      }
      k.keyUp('w');
      return r.views.camera.position.distanceTo(start);
    };
    const normal = await walked(100);
    expect(normal).toBeGreaterThan(0.3);
    expect(await walked(50)).toBeCloseTo(normal / 2, 3);
  });

  it('wall and ground opacity set the transparent mode, and only it', async () => {
    const { k, r } = await withRenderer();
    const wall = k.ofType('wall')[0]!.id;
    const room = k.ofType('room')[0]!.id;
    const opacities = (id: string) => {
      const out = new Set<number>();
      r.graph.objectFor(id)?.traverse((o) => {
        if (!(o instanceof Mesh)) return;
        for (const m of [o.material].flat()) if (m instanceof MeshStandardMaterial) out.add(m.opacity);
      });
      return [...out];
    };
    expect(r.views.setOptions({ wallOpacity: 0.5, groundOpacity: 0.1 })).toBe(false);
    expect(opacities(wall)).toEqual([1]);
    k.exec('view.setMode', { mode: 3 });
    await settle();
    expect(opacities(wall)).toEqual([0.5]);
    expect(opacities(room)).toContain(0.1);
    expect(r.views.setOptions({ wallOpacity: 0.9 })).toBe(true);
    expect(opacities(wall)).toEqual([0.9]);
    expect(opacities(room)).toContain(0.1);
    k.exec('view.setMode', { mode: 0 });
    await settle();
    expect(opacities(wall)).toEqual([1]);
  });
});
