import { REGION_ROOT } from './constants';

// The region table of catalogues.md §3: administrative codes (GB/T 2260) keyed by their parent,
// the provinces under the root key 86. region-data.json holds the provinces and their cities
// (from the MIT-licensed china-area-data 5.0.1; the four municipalities' 市辖区 / 县 rows folded into
// one city named as the municipality, which is how a client's city is told). It is imported only
// when a picker first opens, so it stays out of the main bundle.

export type RegionTable = { readonly [parent: string]: { readonly [code: string]: string } };

export interface RegionEntry {
  readonly code: string;
  readonly name: string;
}

let loading: Promise<RegionTable> | null = null;

/** The region table, fetched once (a separate chunk). */
export function loadRegions(): Promise<RegionTable> {
  loading ??= import('./region-data.json').then((m) => m.default as RegionTable);
  return loading;
}

function entries(table: RegionTable, parent: string): RegionEntry[] {
  return Object.entries(table[parent] ?? {})
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

export function provincesOf(table: RegionTable): RegionEntry[] {
  return entries(table, REGION_ROOT);
}

export function citiesOf(table: RegionTable, provinceCode: string): RegionEntry[] {
  return entries(table, provinceCode);
}

/** The province a city code belongs to (its first two digits). */
export function provinceCodeOf(cityCode: string): string {
  return `${cityCode.slice(0, 2)}0000`;
}

/** "广东省 深圳市" for a city code the table knows, null otherwise. */
export function cityLabel(table: RegionTable, cityCode: string): string | null {
  const province = provinceCodeOf(cityCode);
  const provinceName = table[REGION_ROOT]?.[province];
  const cityName = table[province]?.[cityCode];
  if (!provinceName || !cityName) return null;
  return provinceName === cityName ? cityName : `${provinceName} ${cityName}`;
}
