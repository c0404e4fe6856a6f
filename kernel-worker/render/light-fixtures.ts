import { BoxGeometry, CylinderGeometry, IcosahedronGeometry, Mesh, type BufferGeometry, type Object3D } from 'three';
import type { LightRecord } from '../../protocol/records';
import { MM } from './coords';
import type { SceneMaterials } from './materials';

// The visible part of a light record: a small fixture where the light is (the light itself is
// lighting.ts'). A point light is a bulb, a spot a round downlight can, an area light a ceiling
// panel; the glowing part takes the light's colour. Geometries are shared by all fixtures.

export interface FixtureGeometries {
  readonly bulb: BufferGeometry;
  readonly can: BufferGeometry;
  readonly canLens: BufferGeometry;
  readonly panel: BufferGeometry;
  readonly panelFace: BufferGeometry;
  dispose(): void;
}

export function createFixtureGeometries(): FixtureGeometries {
  const bulb = new IcosahedronGeometry(0.06, 1);
  // A downlight: a short can hanging from its light point, the lens at its bottom.
  const can = new CylinderGeometry(0.05, 0.05, 0.04, 20, 1, true).translate(0, -0.02, 0);
  const canLens = new CylinderGeometry(0.045, 0.045, 0.004, 20).translate(0, -0.04, 0);
  const panel = new BoxGeometry(0.6, 0.02, 0.6).translate(0, -0.01, 0);
  const panelFace = new BoxGeometry(0.56, 0.004, 0.56).translate(0, -0.022, 0);
  const all = [bulb, can, canLens, panel, panelFace];
  // The scene graph frees a record's geometries when it drops the record: not these.
  for (const g of all) g.userData.shared = true;
  return {
    bulb,
    can,
    canLens,
    panel,
    panelFace,
    dispose: () => all.forEach((g) => g.dispose()),
  };
}

/** A light record's fixture at its position (elevation: the storey's, mm), into `group`. */
export function buildFixture(group: Object3D, light: LightRecord, elevation: number, geometries: FixtureGeometries, materials: SceneMaterials): void {
  group.position.set(light.position.x * MM, (elevation + light.position.z) * MM, -light.position.y * MM);
  const lamp = materials.lamp(light.color);
  const part = (geometry: BufferGeometry, material: Mesh['material']) => {
    const mesh = new Mesh(geometry, material);
    // A fixture is small and lit from inside: no shadow from it.
    mesh.castShadow = false;
    mesh.receiveShadow = false;
    group.add(mesh);
  };
  switch (light.kind) {
    case 'point':
      part(geometries.bulb, lamp);
      break;
    case 'spot':
      part(geometries.can, materials.fixture);
      part(geometries.canLens, lamp);
      break;
    case 'area':
      part(geometries.panel, materials.fixture);
      part(geometries.panelFace, lamp);
      break;
  }
  group.updateMatrix();
}
