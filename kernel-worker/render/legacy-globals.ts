// three.js (r187) builds WeakRef and FinalizationRegistry into WebGLRenderer, which Chrome ships
// from 84; designers may run Chrome 80 (core.md §9). three uses them only to notice geometries and
// textures that were garbage-collected without dispose(). The scene graph disposes everything it
// drops, so a strong reference and a registry that never fires lose nothing. Imported by main.ts
// before anything imports three.

const g = globalThis as unknown as Record<string, unknown>;

if (typeof g.WeakRef !== 'function') {
  g.WeakRef = class StrongRef<T extends object> {
    constructor(private readonly target: T) {}
    deref(): T {
      return this.target;
    }
  };
}

if (typeof g.FinalizationRegistry !== 'function') {
  g.FinalizationRegistry = class SilentRegistry {
    register(): void {}
    unregister(): boolean {
      return false;
    }
  };
}

export {};
