import { describe, expect, it } from 'vitest';
import { renderOptionsFromConfig } from '../../ui/workspace/render-config';

// The user config's navigation settings (catalogues.md user config) as the kernel's render options.

describe('renderOptionsFromConfig', () => {
  it('reads camera speed, drag response, LOD, low-poly models and the mouse-button modes', () => {
    expect(
      renderOptionsFromConfig({
        cameraMoveSpeedPercentage: 150,
        angleDragResponse: '600',
        isEnableLod: 1,
        isUseLowGltf: 'false',
        mouseButtons: { left: 'pan', middle: 'none', right: 'rotate' },
        wallThickness: 240,
      }),
    ).toEqual({ cameraSpeed: 150, dragResponse: 600, lod: true, lowPolyModels: false, mouseButtons: { left: 'pan', middle: 'none', right: 'rotate' } });
  });

  it('clamps numbers to what the kernel accepts', () => {
    expect(renderOptionsFromConfig({ cameraMoveSpeedPercentage: 0, angleDragResponse: 99999 })).toEqual({ cameraSpeed: 10, dragResponse: 4000 });
  });

  it('leaves out what is missing or unusable', () => {
    expect(renderOptionsFromConfig(null)).toEqual({});
    expect(renderOptionsFromConfig('x')).toEqual({});
    expect(
      renderOptionsFromConfig({
        cameraMoveSpeedPercentage: 'fast',
        angleDragResponse: '',
        isEnableLod: 'maybe',
        mouseButtons: { left: 'zoom', middle: 'pan', right: 'pan' },
      }),
    ).toEqual({});
    expect(renderOptionsFromConfig({ mouseButtons: { left: 'pan', middle: 'pan' } })).toEqual({});
  });
});
