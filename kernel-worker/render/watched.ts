import { Group, Mesh } from 'three';

// Groups and meshes that say when something outside the scene graph changed them: Ctrl+H and the
// captures show and hide records' groups, the highlight swaps a mesh's material for a tinted
// copy. The batches (static-batches.ts, models.ts) must follow those before the next frame; told,
// a frame looks at the few records that changed instead of every record of the house. three
// assigns both properties in its constructors, which already go through these accessors.

export type Watcher = (() => void) | undefined;

export class WatchedGroup extends Group {
  watcher: Watcher;
}

export class WatchedMesh extends Mesh {
  watcher: Watcher;
}

function watched(prototype: object, key: 'visible' | 'material'): void {
  const store = Symbol(key);
  Object.defineProperty(prototype, key, {
    configurable: true,
    get(this: Record<symbol, unknown>) {
      return this[store];
    },
    set(this: Record<symbol, unknown> & { watcher?: Watcher }, value: unknown) {
      if (this[store] === value) return;
      this[store] = value;
      this.watcher?.();
    },
  });
}

watched(WatchedGroup.prototype, 'visible');
watched(WatchedMesh.prototype, 'material');
