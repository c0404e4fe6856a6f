import {
  AmbientLight,
  Box3,
  Color,
  DirectionalLight,
  Group,
  HemisphereLight,
  MathUtils,
  PointLight,
  SpotLight,
  Vector3,
  type Light,
} from 'three';
import type { LightRecord } from '../../protocol/records';
import type { RecordReader } from '../document/store';
import { MM } from './coords';

// The light of the 3D views: a sky (hemisphere: cool from above, warm bounce from the floor), a
// little ambient so corners never go black, a low warm sun through the windows with shadows, and
// the room lights of the document's light records. Tuned for ACES filmic tone mapping at the
// renderer's exposure (three-renderer.ts): interiors read warm and bright without washing out.

export type ShadowMode = 'off' | 'hard' | 'soft';

/**
 * Room lights drawn at once. Every light adds uniforms and shader work to every lit material
 * (three.js lights forward), and a few hundred would exceed WebGL's uniform limits and fail to
 * compile at all; so the current storey's first ones (by id) are lit, the rest wait.
 */
export const MAX_ROOM_LIGHTS = 8;

/** Soft shadows blur the PCF lookups over this many texels; hard ones take one. */
const SOFT_SHADOW_RADIUS = 4;
const SHADOW_MAP_SIZE = 2048;

export const SKY_COLOUR = 0xf3f6fb;
export const GROUND_COLOUR = 0xb9a58a;
export const SUN_COLOUR = 0xfff1de;

export interface Lighting {
  /** Everything this module adds to the scene. */
  readonly group: Group;
  readonly sun: DirectionalLight;
  /** Aims the sun and sizes its shadow camera to the content. */
  fit(bounds: Box3): void;
  /** Brings the room lights in line with the light records of a storey; true when anything changed. */
  syncLights(records: RecordReader, storeyId: string | null): boolean;
  /** Number of room lights (light records drawn). */
  readonly roomLights: number;
  setShadows(mode: ShadowMode): void;
  readonly shadows: ShadowMode;
  dispose(): void;
}

interface Built {
  readonly key: string;
  readonly light: Light;
}

export function createLighting(): Lighting {
  const group = new Group();
  group.name = 'lighting';
  const hemisphere = new HemisphereLight(SKY_COLOUR, GROUND_COLOUR, 1.15);
  const ambient = new AmbientLight(0xffffff, 0.2);
  const sun = new DirectionalLight(SUN_COLOUR, 3.2);
  sun.name = 'sun';
  sun.castShadow = true;
  sun.shadow.mapSize.set(SHADOW_MAP_SIZE, SHADOW_MAP_SIZE);
  // Walls are closed solids and cast from their back faces (materials.ts), so no bias is needed;
  // a bias would leave a lit sliver along every inside corner.
  sun.shadow.bias = 0;
  sun.shadow.normalBias = 0;
  sun.shadow.radius = SOFT_SHADOW_RADIUS;
  group.add(hemisphere, ambient, sun, sun.target);

  const rooms = new Group();
  rooms.name = 'room-lights';
  group.add(rooms);
  const built = new Map<string, Built>();
  let shadows: ShadowMode = 'soft';

  function buildLight(record: LightRecord, elevation: number): Light {
    const colour = new Color(/^#[0-9a-f]{6}$/i.test(record.color) ? record.color : '#ffffff');
    const at = new Vector3(record.position.x * MM, (elevation + record.position.z) * MM, -record.position.y * MM);
    let light: Light;
    if (record.kind === 'point') {
      light = new PointLight(colour, record.intensity, 0, 2);
    } else {
      // Spots and ceiling panels shine down; a panel ('area') is a wide, fully soft spot.
      const spot =
        record.kind === 'spot'
          ? new SpotLight(colour, record.intensity, 0, MathUtils.degToRad(35), 0.45, 2)
          : new SpotLight(colour, record.intensity, 0, MathUtils.degToRad(80), 1, 2);
      spot.target.position.set(at.x, at.y - 1, at.z);
      rooms.add(spot.target);
      light = spot;
    }
    light.position.copy(at);
    light.name = record.id;
    light.userData.recordId = record.id;
    return light;
  }

  function drop(id: string): void {
    const entry = built.get(id);
    if (!entry) return;
    rooms.remove(entry.light);
    if (entry.light instanceof SpotLight) rooms.remove(entry.light.target);
    entry.light.dispose();
    built.delete(id);
  }

  return {
    group,
    sun,
    fit(bounds) {
      if (bounds.isEmpty()) return;
      const centre = bounds.getCenter(new Vector3());
      const radius = Math.max(bounds.getSize(new Vector3()).length() / 2, 1);
      // Late-afternoon light from the south-west, high enough that rooms are not mostly shadow.
      sun.position.copy(centre).add(new Vector3(-0.45, 1, 0.6).normalize().multiplyScalar(radius * 3));
      sun.target.position.copy(centre);
      sun.target.updateMatrixWorld();
      const cam = sun.shadow.camera;
      cam.left = -radius;
      cam.right = radius;
      cam.top = radius;
      cam.bottom = -radius;
      cam.near = 0.1;
      cam.far = radius * 6;
      cam.updateProjectionMatrix();
    },
    syncLights(records, storeyId) {
      let changed = false;
      const seen = new Set<string>();
      const lit = records
        .ofType('light')
        .filter((l) => l.storeyId === storeyId)
        .slice(0, MAX_ROOM_LIGHTS);
      for (const record of lit) {
        seen.add(record.id);
        const elevation = records.getOfType(record.storeyId, 'storey')?.elevation ?? 0;
        const key = JSON.stringify([record.kind, record.position, record.color, record.intensity, elevation]);
        if (built.get(record.id)?.key === key) continue;
        drop(record.id);
        const light = buildLight(record, elevation);
        rooms.add(light);
        built.set(record.id, { key, light });
        changed = true;
      }
      for (const id of [...built.keys()]) {
        if (seen.has(id)) continue;
        drop(id);
        changed = true;
      }
      return changed;
    },
    get roomLights() {
      return built.size;
    },
    setShadows(mode) {
      shadows = mode;
      // Toggling castShadow changes the light state, which recompiles what needs it; switching
      // renderer.shadowMap.enabled after the first frame would not.
      sun.castShadow = mode !== 'off';
      sun.shadow.radius = mode === 'soft' ? SOFT_SHADOW_RADIUS : 1;
    },
    get shadows() {
      return shadows;
    },
    dispose() {
      for (const id of [...built.keys()]) drop(id);
      sun.shadow.map?.dispose();
      sun.dispose();
      hemisphere.dispose();
      ambient.dispose();
    },
  };
}
