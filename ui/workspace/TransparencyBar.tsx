import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { kernelCaptures, useKernel } from '../kernel';
import { SLIDER_DEBOUNCE_MS } from '../widgets/constants';
import { debounce } from '../widgets/logic';
import './transparency-bar.css';

// The transparent-wall bar (catalogues.md §9): over the 3D view while the view mode is transparent
// wireframe (3), two sliders for the opacity of the walls (default 0.8) and of floors and ceilings
// (default 0.3). Loading a file switches the kernel back to view mode 0, which hides the bar.

export const DEFAULT_WALL_OPACITY = 0.8;
export const DEFAULT_GROUND_OPACITY = 0.3;

/** The values last chosen: they outlive the bar (switching modes) and go to a kernel that restarts. */
export const transparency = proxy({ wall: DEFAULT_WALL_OPACITY, ground: DEFAULT_GROUND_OPACITY });

function send(): void {
  // Refusals cannot happen for values the sliders produce; a headless kernel ignores them.
  kernelCaptures.setRenderOptions({ wallOpacity: transparency.wall, groundOpacity: transparency.ground }).catch(() => {});
}

/** catalogues.md §4: a dragged slider reports 100 ms after its last move (the bar's value shows at once). */
const sendSoon = debounce(send, SLIDER_DEBOUNCE_MS);

const percent = (v: number) => `${Math.round(v * 100)}%`;

export function TransparencyBar() {
  const { t } = useLingui();
  const { viewMode, cameraView, status } = useKernel();
  const values = useSnapshot(transparency);
  const wallId = useId();
  const groundId = useId();

  // A kernel that (re)started has the defaults: give it the chosen values.
  useEffect(() => {
    if (status !== 'ready') return;
    if (transparency.wall !== DEFAULT_WALL_OPACITY || transparency.ground !== DEFAULT_GROUND_OPACITY) send();
  }, [status]);

  // The plan view (camera 2) is 2D: nothing there to see through.
  if (status !== 'ready' || viewMode !== 3 || cameraView === 2) return null;

  const slider = (id: string, key: 'wall' | 'ground', label: string) => (
    <input
      id={id}
      type="range"
      min={0}
      max={1}
      step={0.05}
      value={values[key]}
      aria-label={label}
      aria-valuetext={percent(values[key])}
      onChange={(e) => {
        transparency[key] = Number(e.currentTarget.value);
        sendSoon();
      }}
    />
  );

  return (
    <div className="transparency-bar" role="group" aria-label={t`透明显示`}>
      <label className="transparency-bar__item" htmlFor={wallId}>
        <span className="transparency-bar__label">
          <Trans>墙体不透明度</Trans>
        </span>
        {slider(wallId, 'wall', t`墙体不透明度`)}
        <output className="transparency-bar__value" htmlFor={wallId}>
          {percent(values.wall)}
        </output>
      </label>
      <label className="transparency-bar__item" htmlFor={groundId}>
        <span className="transparency-bar__label">
          <Trans>地面不透明度</Trans>
        </span>
        {slider(groundId, 'ground', t`地面不透明度`)}
        <output className="transparency-bar__value" htmlFor={groundId}>
          {percent(values.ground)}
        </output>
      </label>
      <button
        type="button"
        className="transparency-bar__reset"
        onClick={() => {
          transparency.wall = DEFAULT_WALL_OPACITY;
          transparency.ground = DEFAULT_GROUND_OPACITY;
          sendSoon.cancel();
          send();
        }}
      >
        <Trans>恢复默认</Trans>
      </button>
    </div>
  );
}
