import { trackLoad } from './pending-loads';

// One load per address for the files the views fetch in the worker (models' GLBs, their plan
// symbols): the first ask starts the load, later asks share it, and once it settles the result
// is kept (null: it failed, warned once). Callers ask with ready() while drawing and draw a
// stand-in until onReady tells them the address has settled.

/** Loads an address; null or a rejection: the stand-in stays. */
export type LoadAsset<T> = (url: string) => Promise<T | null>;

export interface AssetCache<T> {
  /** The asset when loaded; null when it failed; undefined when not asked or still loading. */
  ready(url: string): T | null | undefined;
  /** Starts the load if it is not started; resolves to the asset or null. Never rejects. */
  load(url: string): Promise<T | null>;
  /** Addresses asked for so far (tests). */
  readonly loads: number;
  /** Frees what was loaded (free); loads finishing later give null and call nobody. */
  dispose(): void;
}

export interface AssetCacheOptions<T> {
  readonly load: LoadAsset<T>;
  /** what the stand-in is, for the warning: '[render] model x.glb not loaded; <what> stays' */
  readonly what: string;
  /** the address has settled (loaded or failed): redraw what waited on it */
  readonly onReady?: (url: string, asset: T | null) => void;
  readonly warn?: (message: string, error: unknown) => void;
  readonly free?: (asset: T) => void;
}

export function createAssetCache<T>(options: AssetCacheOptions<T>): AssetCache<T> {
  const warn = options.warn ?? ((message: string, error: unknown) => console.warn(message, error));
  const settled = new Map<string, T | null>();
  const pending = new Map<string, Promise<T | null>>();
  let disposed = false;

  return {
    ready: (url) => settled.get(url),
    load(url) {
      if (settled.has(url)) return Promise.resolve(settled.get(url) ?? null);
      let p = pending.get(url);
      if (!p) {
        p = (async (): Promise<T | null> => {
          try {
            return await options.load(url);
          } catch (error) {
            if (!disposed) warn(`[render] ${url} not loaded; ${options.what} stays`, error);
            return null;
          }
        })().then((asset) => {
          pending.delete(url);
          if (disposed) {
            if (asset) options.free?.(asset);
            return null;
          }
          settled.set(url, asset);
          options.onReady?.(url, asset);
          return asset;
        });
        pending.set(url, trackLoad(p));
      }
      return p;
    },
    get loads() {
      return settled.size + pending.size;
    },
    dispose() {
      disposed = true;
      for (const asset of settled.values()) if (asset) options.free?.(asset);
      settled.clear();
      pending.clear();
    },
  };
}
