import { RENDER_OPTION_LIMITS, type MouseButtonAction, type MouseButtonModes, type RenderOptions } from '../../protocol/kernel-api';

// The 3D views' navigation settings from the user config (catalogues.md user config:
// cameraMoveSpeedPercentage, angleDragResponse, isEnableLod, isUseLowGltf and the mouse-button
// camera modes), as render options for the kernel (useUserRenderOptions.ts sends them).

type Limit = { readonly min: number; readonly max: number };

/** A number, or a numeric string (configs written by older clients hold strings), clamped; null otherwise. */
function numberIn(raw: unknown, limit: Limit): number | null {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.min(limit.max, Math.max(limit.min, value));
}

/** true/false, 1/0 or their strings; null otherwise. */
function flag(raw: unknown): boolean | null {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  return null;
}

const ACTIONS: readonly MouseButtonAction[] = ['rotate', 'pan', 'none'];
const action = (raw: unknown): MouseButtonAction | null => (ACTIONS.includes(raw as MouseButtonAction) ? (raw as MouseButtonAction) : null);

/**
 * The render options a user config asks for; what it lacks or holds in an unusable form is left
 * out (the kernel keeps its defaults). The mouse-button modes are read from `mouseButtons`:
 * { left, middle, right }, each 'rotate', 'pan' or 'none'; all three must be usable.
 */
export function renderOptionsFromConfig(config: unknown): Partial<RenderOptions> {
  if (typeof config !== 'object' || config === null) return {};
  const c = config as Record<string, unknown>;
  const out: { -readonly [K in keyof RenderOptions]?: RenderOptions[K] } = {};
  const speed = numberIn(c.cameraMoveSpeedPercentage, RENDER_OPTION_LIMITS.cameraSpeed);
  if (speed !== null) out.cameraSpeed = speed;
  const response = numberIn(c.angleDragResponse, RENDER_OPTION_LIMITS.dragResponse);
  if (response !== null) out.dragResponse = response;
  const lod = flag(c.isEnableLod);
  if (lod !== null) out.lod = lod;
  const low = flag(c.isUseLowGltf);
  if (low !== null) out.lowPolyModels = low;
  const buttons = c.mouseButtons;
  if (typeof buttons === 'object' && buttons !== null) {
    const b = buttons as Record<string, unknown>;
    const modes = { left: action(b.left), middle: action(b.middle), right: action(b.right) };
    if (modes.left && modes.middle && modes.right) out.mouseButtons = modes as MouseButtonModes;
  }
  return out;
}
