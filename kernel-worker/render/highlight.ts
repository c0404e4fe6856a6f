import { Color, EdgesGeometry, Group, LessEqualDepth, LineBasicMaterial, LineSegments, Mesh, MeshStandardMaterial, type Material, type Object3D } from 'three';

// Selection and hover feedback in the 3D views. A selected record's meshes get an outline (their
// edges in the accent colour, drawn over everything of equal depth) and a slight emissive tint; a
// hovered one only the tint, lighter. Materials are shared per kind of surface (materials.ts), so
// a tinted mesh gets its own copy of its material, refreshed from the shared one on every update
// (view modes change opacity on the shared ones). Outlines live in their own layer, not inside
// the record's group: the scene graph toggles every line of a group with the view mode.

/** The UI's accent (--color-primary) for the selection; a lighter blue for hover. */
export const SELECTION_COLOUR = 0x2563eb;
export const HOVER_COLOUR = 0x60a5fa;
const SELECTION_TINT = 0.35;
const HOVER_TINT = 0.18;

export type HighlightState = 'selected' | 'hovered';

interface Applied {
  readonly state: HighlightState;
  readonly original: Material | Material[];
  readonly tinted: Material | Material[];
  readonly outline: LineSegments | null;
}

export interface Highlighter {
  /** Added to the scene by the renderer; holds the outlines. */
  readonly layer: Group;
  /**
   * Highlights the objects of these records (objectFor: the record's group, if drawn). Call after
   * every scene change: objects rebuilt since the last call are picked up here.
   */
  update(selected: readonly string[], hovered: string | null, objectFor: (id: string) => Object3D | undefined): boolean;
  /** The state a mesh is shown in (tests). */
  stateOf(mesh: Mesh): HighlightState | null;
  dispose(): void;
}

function tint(source: Material, state: HighlightState, into?: Material): Material {
  const copy = into ?? source.clone();
  if (into) {
    // Transparency is compiled into the shader (three's OPAQUE define): a change needs a new program.
    const recompile = into.transparent !== source.transparent;
    copy.copy(source);
    if (recompile) copy.needsUpdate = true;
  }
  if (copy instanceof MeshStandardMaterial) {
    copy.emissive = new Color(state === 'selected' ? SELECTION_COLOUR : HOVER_COLOUR);
    copy.emissiveIntensity = state === 'selected' ? SELECTION_TINT : HOVER_TINT;
  }
  return copy;
}

function meshesOf(root: Object3D): Mesh[] {
  const out: Mesh[] = [];
  root.traverse((o) => {
    if (o instanceof Mesh) out.push(o);
  });
  return out;
}

export function createHighlighter(): Highlighter {
  const layer = new Group();
  layer.name = 'highlight';
  // Passes at equal depth too: the outline sits exactly on the surfaces' edges.
  const outlineMaterial = new LineBasicMaterial({ color: SELECTION_COLOUR, depthFunc: LessEqualDepth });
  const applied = new Map<Mesh, Applied>();

  function revert(mesh: Mesh, entry: Applied): void {
    mesh.material = entry.original;
    const tinted = Array.isArray(entry.tinted) ? entry.tinted : [entry.tinted];
    tinted.forEach((m) => m.dispose());
    if (entry.outline) {
      layer.remove(entry.outline);
      entry.outline.geometry.dispose();
    }
    applied.delete(mesh);
  }

  function apply(mesh: Mesh, state: HighlightState): void {
    const original = mesh.material;
    const tinted = Array.isArray(original) ? original.map((m) => tint(m, state)) : tint(original, state);
    let outline: LineSegments | null = null;
    if (state === 'selected') {
      outline = new LineSegments(new EdgesGeometry(mesh.geometry, 20), outlineMaterial);
      mesh.updateWorldMatrix(true, false);
      outline.matrixAutoUpdate = false;
      outline.matrix.copy(mesh.matrixWorld);
      outline.renderOrder = 10;
      outline.raycast = () => {};
      layer.add(outline);
    }
    mesh.material = tinted;
    applied.set(mesh, { state, original, tinted, outline });
  }

  return {
    layer,
    update(selected, hovered, objectFor) {
      const wanted = new Map<Mesh, HighlightState>();
      const mark = (id: string, state: HighlightState) => {
        const root = objectFor(id);
        if (!root) return;
        for (const mesh of meshesOf(root)) if (!wanted.has(mesh)) wanted.set(mesh, state);
      };
      for (const id of selected) mark(id, 'selected');
      if (hovered !== null) mark(hovered, 'hovered');

      let changed = false;
      for (const [mesh, entry] of [...applied]) {
        // Gone from the scene (rebuilt or removed) or no longer wanted in this state.
        if (wanted.get(mesh) !== entry.state || !mesh.parent) {
          revert(mesh, entry);
          changed = true;
        }
      }
      for (const [mesh, state] of wanted) {
        const entry = applied.get(mesh);
        if (!entry) {
          apply(mesh, state);
          changed = true;
          continue;
        }
        // Still highlighted: follow the shared material (a view mode may have changed it) and the
        // mesh's visibility (view modes hide surfaces; the outline goes with them).
        const originals = Array.isArray(entry.original) ? entry.original : [entry.original];
        const tinted = Array.isArray(entry.tinted) ? entry.tinted : [entry.tinted];
        originals.forEach((m, i) => tint(m, state, tinted[i]));
      }
      for (const [mesh, entry] of applied) {
        if (entry.outline) entry.outline.visible = isShown(mesh);
      }
      return changed;
    },
    stateOf(mesh) {
      return applied.get(mesh)?.state ?? null;
    },
    dispose() {
      for (const [mesh, entry] of [...applied]) revert(mesh, entry);
      outlineMaterial.dispose();
    },
  };
}

/** A hidden ancestor hides the outline too (Ctrl+H, ceilings toggled off). */
function isShown(object: Object3D): boolean {
  for (let o: Object3D | null = object.parent; o; o = o.parent) if (!o.visible) return false;
  return true;
}
