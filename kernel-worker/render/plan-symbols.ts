import { createAssetCache, type AssetCache } from './asset-cache';
import { resolveTileImageUrl } from './tile-pictures';

// Models' plan symbols (`<model>.plan.json` beside the GLB, catalogue `plan`): their top-view
// outlines and key lines, in mm in the catalogue frame (z up, front -y, origin at the footprint's
// centre), fetched once per address like the GLBs (asset-cache.ts); the plan view redraws when
// one arrives and draws the footprint with a cross until then.

export type SymbolPoint = readonly [number, number];

export interface PlanSymbol {
  /** closed outlines (the first is the footprint) */
  readonly outlines: readonly (readonly SymbolPoint[])[];
  /** open key lines */
  readonly lines: readonly (readonly SymbolPoint[])[];
}

/** Loads a symbol by address (the parsed JSON); null or a rejection: the rectangle stays. */
export type LoadPlanSymbol = (url: string) => Promise<unknown>;

export type PlanSymbols = AssetCache<PlanSymbol>;

const MAX_POINTS = 20_000;

/** The symbol in the JSON, or an error saying what is wrong with it (a file from elsewhere is not trusted). */
export function readPlanSymbol(json: unknown): PlanSymbol {
  let points = 0;
  const polylines = (value: unknown, name: string): SymbolPoint[][] => {
    if (!Array.isArray(value)) throw new Error(`plan symbol: ${name} is not a list`);
    return value.map((line: unknown) => {
      if (!Array.isArray(line)) throw new Error(`plan symbol: a line of ${name} is not a list`);
      return line.map((p: unknown): SymbolPoint => {
        if (++points > MAX_POINTS) throw new Error('plan symbol: too many points');
        if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => typeof v === 'number' && Number.isFinite(v))) throw new Error(`plan symbol: a point of ${name} is not [x, y]`);
        return [p[0] as number, p[1] as number];
      });
    });
  };
  const o = json as { outlines?: unknown; lines?: unknown } | null;
  if (!o || typeof o !== 'object') throw new Error('plan symbol: not an object');
  return { outlines: polylines(o.outlines, 'outlines'), lines: polylines(o.lines ?? [], 'lines') };
}

/** The worker's fetch; null where there is none. */
export function browserPlanSymbolLoader(): LoadPlanSymbol | null {
  if (typeof (globalThis as { fetch?: unknown }).fetch !== 'function' || typeof (globalThis as { createImageBitmap?: unknown }).createImageBitmap !== 'function') return null;
  return async (url) => {
    const response = await fetch(resolveTileImageUrl(url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  };
}

export function createPlanSymbols(options: { readonly load: LoadPlanSymbol; readonly onReady?: (url: string) => void; readonly warn?: (message: string, error: unknown) => void }): PlanSymbols {
  return createAssetCache<PlanSymbol>({
    what: 'its footprint',
    load: async (url) => {
      const json = await options.load(url);
      return json === null ? null : readPlanSymbol(json);
    },
    onReady: options.onReady,
    warn: options.warn,
  });
}
