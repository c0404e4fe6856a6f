import { buildFixture } from '../../render/light-fixtures';
import { viewIndex, type ViewKind } from '../view-kind';

// A light record's fixture (render/light-fixtures.ts); the light itself is render/lighting.ts'.

export const lightsOfStorey = viewIndex('light', 'lightsOfStorey', (l) => l.storeyId);

export const lightView: ViewKind<'light', string> = {
  type: 'light',
  indexes: [lightsOfStorey],
  dependsOn: {
    storey: (s, q) => q.indexed(lightsOfStorey, s.id).map((l) => l.id),
  },
  storeyOf: (light) => light.storeyId,
  update(light, env, old) {
    const elevation = env.elevationOf(light.storeyId);
    const key = [light.kind, light.position.x, light.position.y, light.position.z, light.color, elevation].join(':');
    if (old === key) return undefined;
    return { state: key, fill: (group) => buildFixture(group, light, elevation, env.fixtures, env.materials), edges: true };
  },
};
