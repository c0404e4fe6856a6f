import { BackSide, DoubleSide, LineBasicMaterial, MeshStandardMaterial } from 'three';
import type { ViewMode } from '../../protocol/records';

// Shared materials per kind of surface, so switching the view mode touches a handful of
// materials instead of every mesh.

/** core.md §9: transparent wall opacity 0.8, ground 0.3. */
export const TRANSPARENT_WALL_OPACITY = 0.8;
export const TRANSPARENT_GROUND_OPACITY = 0.3;

export interface SceneMaterials {
  readonly wall: MeshStandardMaterial;
  readonly floor: MeshStandardMaterial;
  readonly edge: LineBasicMaterial;
  apply(mode: ViewMode): void;
  dispose(): void;
}

export function createMaterials(): SceneMaterials {
  // Back faces into the shadow map: no acne on lit faces and no leaks at corners.
  const wall = new MeshStandardMaterial({ color: 0xf2efe8, roughness: 0.92, metalness: 0, shadowSide: BackSide });
  const floor = new MeshStandardMaterial({ color: 0xcdb697, roughness: 0.8, metalness: 0, side: DoubleSide });
  const edge = new LineBasicMaterial({ color: 0x46505c });
  const setOpacity = (m: MeshStandardMaterial, opacity: number) => {
    const transparent = opacity < 1;
    if (m.transparent !== transparent) m.needsUpdate = true;
    m.transparent = transparent;
    m.opacity = opacity;
    // Transparent surfaces must not hide what is behind them from the depth test.
    m.depthWrite = !transparent;
  };
  return {
    wall,
    floor,
    edge,
    apply(mode) {
      setOpacity(wall, mode === 3 ? TRANSPARENT_WALL_OPACITY : 1);
      setOpacity(floor, mode === 3 ? TRANSPARENT_GROUND_OPACITY : 1);
    },
    dispose() {
      wall.dispose();
      floor.dispose();
      edge.dispose();
    },
  };
}

/** Which parts a view mode shows: 0 material, 1 wireframe, 2 both, 3 transparent + wireframe. */
export function partsShown(mode: ViewMode): { surfaces: boolean; edges: boolean } {
  return { surfaces: mode !== 1, edges: mode !== 0 };
}
