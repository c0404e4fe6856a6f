import { LIMITS } from './number-input';

/**
 * The wall thickness a user config asks new walls to get (catalogues.md user config
 * wallThickness), or null when it has none the panel would accept itself.
 */
export function wallThicknessFromConfig(config: unknown): number | null {
  if (typeof config !== 'object' || config === null) return null;
  const raw = (config as { wallThickness?: unknown }).wallThickness;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const { min, max } = LIMITS.wallThickness;
  return value >= min && value <= max ? value : null;
}
