import { describe, expect, it, onTestFinished } from 'vitest';
import { KernelCommandError } from '../../protocol/errors';
import { inProcessKernel } from './fixtures/in-process-kernel';

// The panorama calls of the kernel API without WebGL: panorama() refuses clearly (the pictures
// themselves are checked in tests/e2e/pano.spec.ts through the real renderer, and the stitch in
// tests/unit/pano-stitch.test.ts); panoramaPoint() picks a point in a room on the plan.

const size = { width: 800, height: 600, dpr: 1 };

describe('panoramas through the kernel API', () => {
  it('refuses a panorama without a renderer, and picks points only inside a room', async () => {
    const { api, channel, close } = inProcessKernel();
    onTestFinished(close);
    await api.init(null, size);
    await channel.exec('scene.createDefaultRoom', {});
    await channel.exec('view.setCamera', { view: 2 });
    const e = await api.panorama({ at: { kind: 'point', x: 0, y: 0, storeyId: null }, width: 2048 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(KernelCommandError);
    expect((e as KernelCommandError).code).toBe('WEBGL2_UNAVAILABLE');
    // the spot of a render job's panorama stands in the 3D view too (tests/e2e/pano.spec.ts with one)
    const spot = await api.panoramaSpot({ kind: 'point', x: 0, y: 0, storeyId: null }).catch((x: unknown) => x);
    expect((spot as KernelCommandError).code).toBe('WEBGL2_UNAVAILABLE');

    // the plan view fits the room: its middle is inside, a corner of the canvas is not
    const inside = await api.panoramaPoint(size.width / 2, size.height / 2);
    expect(inside).not.toBeNull();
    expect(inside!.roomId).toEqual(expect.any(String));
    expect(inside!.roomLabel).toBe('未命名');
    expect((await api.panoramaPoint(size.width / 2, size.height / 2, 'en'))!.roomLabel).not.toBe('未命名');
    expect(await api.panoramaPoint(2, 2)).toBeNull();
    const bad = await api.panoramaPoint(Number.NaN, 2).catch((x: unknown) => x);
    expect((bad as KernelCommandError).code).toBe('INVALID_ARGS');
  });
});
