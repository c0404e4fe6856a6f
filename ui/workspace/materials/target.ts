import { useSyncExternalStore } from 'react';

// The model part the material library dresses next: chosen in the properties panel's part list
// (更换) or in the library itself, kept per model so selecting another model starts fresh.

let chosen: { readonly modelId: string; readonly part: string } | null = null;
const listeners = new Set<() => void>();

export function choosePart(modelId: string, part: string): void {
  chosen = { modelId, part };
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The part chosen for this model, if any. */
export function useChosenPart(modelId: string | null): string | null {
  const c = useSyncExternalStore(subscribe, () => chosen);
  return c && c.modelId === modelId ? c.part : null;
}
