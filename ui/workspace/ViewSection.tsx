import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { CameraView, ViewMode } from '../../protocol/records';
import { useKernel } from '../kernel';
import { Icon } from './icons';
import { send } from './panel-commands';

// 视图: the camera (core.md §4 camera views), the view mode, and the way to the material library.

/** core.md §4 view modes: material 0, wireframe 1, material plus wireframe 2, transparent wireframe 3. */
const VIEW_MODE_LABELS: readonly { mode: ViewMode; label: MessageDescriptor }[] = [
  { mode: 0, label: msg`材质` },
  { mode: 1, label: msg`线框` },
  { mode: 2, label: msg`材质+线框` },
  { mode: 3, label: msg`透明线框` },
];

/** core.md §4 camera views: bird eye 0, roam 1, top 2, look down 3, look up 4, surface 5. */
const CAMERA_LABELS: readonly { view: CameraView; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { view: 0, label: msg`鸟瞰`, hint: msg`环绕查看整个户型` },
  { view: 2, label: msg`平面`, hint: msg`二维平面图` },
  { view: 1, label: msg`漫游`, hint: msg`以人眼高度在室内行走 (W/A/S/D)` },
  { view: 3, label: msg`俯视`, hint: msg`从高处向下看` },
  { view: 4, label: msg`仰视`, hint: msg`从地面向上看吊顶` },
  { view: 5, label: msg`立面`, hint: msg`正对所选墙体的立面` },
];

export function ViewSection() {
  const { i18n } = useLingui();
  const { viewMode, cameraView } = useKernel();
  return (
    <div className="hp-stack">
      <div className="hp-field hp-field--stacked">
        <span className="hp-field__label" id="hp-camera-title">
          <Trans>相机</Trans>
        </span>
        <div className="segmented hp-grid-3" role="group" aria-labelledby="hp-camera-title">
          {CAMERA_LABELS.map(({ view, label, hint }) => (
            <button
              key={view}
              type="button"
              className="segmented__item"
              aria-pressed={cameraView === view}
              title={i18n._(hint)}
              onClick={() => void send('view.setCamera', { view })}
            >
              {i18n._(label)}
            </button>
          ))}
        </div>
      </div>
      <div className="hp-field hp-field--stacked">
        <span className="hp-field__label" id="view-mode-title">
          <Trans>视图模式</Trans>
        </span>
        <div className="segmented" role="group" aria-labelledby="view-mode-title">
          {VIEW_MODE_LABELS.map(({ mode, label }) => (
            <button key={mode} type="button" className="segmented__item" aria-pressed={viewMode === mode} onClick={() => void send('view.setMode', { mode })}>
              {i18n._(label)}
            </button>
          ))}
        </div>
      </div>
      <Link to="/MaterialLib/MaterialBall/CommonLib" className="button button--secondary button--block">
        <Icon name="material" size={16} />
        <Trans>打开材质库</Trans>
      </Link>
    </div>
  );
}

/** The 2D / 3D switch of the panel header: the plan (camera 2) or the bird-eye view (camera 0). */
export function DimensionSwitch() {
  const { t } = useLingui();
  const { cameraView, status } = useKernel();
  const plan = cameraView === 2;
  return (
    <div className="hp-dim" role="group" aria-label={t`二维/三维`}>
      <button type="button" className="hp-dim__item" aria-pressed={plan} disabled={status !== 'ready'} title={t`平面图 (2D)`} onClick={() => void send('view.setCamera', { view: 2 })}>
        2D
      </button>
      <button type="button" className="hp-dim__item" aria-pressed={!plan} disabled={status !== 'ready'} title={t`三维视图 (3D)`} onClick={() => void send('view.setCamera', { view: 0 })}>
        3D
      </button>
    </div>
  );
}
