import { Trans, useLingui } from '@lingui/react/macro';
import type { CommandArgs } from '../../protocol/commands';
import { CABINET_MIN_SIZE, CABINET_MAX_SIZE, SLIDING_PANELS } from '../../protocol/cabinets';
import type { SelectedDetail } from '../../protocol/snapshot';
import { useCabinetOptions } from './cabinet-options';
import { NumberField, SelectField, SwatchField, SwitchField, TextField } from './controls';
import { Icon } from './icons';
import { LIMITS, MAX_NAME_LENGTH, type NumberLimits } from './number-input';
import { send } from './panel-commands';
import { WorktopProperties } from './WorktopProperties';

// 定制柜 in the properties panel: every field of the selected cabinet, each change one
// cabinet.update (one undo step). A change the kernel refuses (a handle that does not fit: 拉手错误)
// is told by the kernel notices and leaves the cabinet as it was.

type Cabinet = Extract<SelectedDetail, { kind: 'cabinet' }>;

const count = (max: number): NumberLimits => ({ min: 0, max });

export function CabinetProperties({ cabinet }: { readonly cabinet: Cabinet }) {
  const { t } = useLingui();
  const o = useCabinetOptions();
  const update = (change: Omit<CommandArgs<'cabinet.update'>, 'id'>) => void send('cabinet.update', { id: cabinet.id, ...change });
  const min = CABINET_MIN_SIZE[cabinet.cabinetKind];
  const filler = cabinet.cabinetKind === 'filler';
  const degrees = Math.round((((cabinet.rotation * 180) / Math.PI) % 360 + 360) % 360);
  return (
    <div className="hp-stack" data-testid="cabinet-properties">
      <div className="hp-props__heading">
        <Icon name="cabinet" size={18} />
        <span className="hp-props__title">{o.label(cabinet)}</span>
      </div>
      <div className="hp-form">
        <TextField label={t`名称`} value={cabinet.name} placeholder={o.label({ ...cabinet, name: '' })} maxLength={MAX_NAME_LENGTH} onCommit={(name) => update({ name })} />
        <NumberField label={t`宽度`} value={cabinet.width} limits={{ min: min.width, max: CABINET_MAX_SIZE.width }} onCommit={(width) => update({ width })} />
        <NumberField label={t`深度`} value={cabinet.depth} limits={{ min: min.depth, max: CABINET_MAX_SIZE.depth }} onCommit={(depth) => update({ depth })} />
        <NumberField label={t`高度`} value={cabinet.height} limits={{ min: min.height, max: CABINET_MAX_SIZE.height }} onCommit={(height) => update({ height })} />
        <NumberField label={t`离地高度`} value={cabinet.position.z} limits={LIMITS.elevation} onCommit={(z) => update({ position: { ...cabinet.position, z } })} />
        <NumberField label={t`旋转角度`} value={degrees} limits={LIMITS.rotation} unit="°" onCommit={(deg) => update({ rotation: (deg * Math.PI) / 180 })} />
        <NumberField label={t`踢脚高度`} value={cabinet.plinth} limits={count(300)} onCommit={(plinth) => update({ plinth })} />
        <SelectField label={t`板厚`} value={cabinet.board} options={o.boards} onChange={(board) => (board === 9 || board === 18 || board === 25) && update({ board })} />
        <SwatchField label={t`柜体颜色`} value={cabinet.matCode} options={o.materials} onChange={(matCode) => update({ matCode })} />
        {filler ? null : (
          <>
            <SwitchField label={t`背板`} checked={cabinet.backPanel} onChange={(backPanel) => update({ backPanel })} />
            <NumberField label={t`层板数`} value={cabinet.shelves} limits={count(20)} unit="" onCommit={(shelves) => update({ shelves })} />
            <NumberField label={t`抽屉数`} value={cabinet.drawers} limits={count(10)} unit="" onCommit={(drawers) => update({ drawers })} />
            <SwitchField label={t`挂衣杆`} checked={cabinet.hangingRail} onChange={(hangingRail) => update({ hangingRail })} />
            <SelectField label={t`门型`} value={cabinet.doorType} options={o.doors} onChange={(doorType) => update({ doorType })} />
            {cabinet.doorType === 'sliding' ? (
              <NumberField label={t`趟门扇数`} value={cabinet.doorPanels} limits={{ min: SLIDING_PANELS.min, max: SLIDING_PANELS.max }} unit="" onCommit={(doorPanels) => update({ doorPanels })} />
            ) : null}
            <SelectField label={t`门板造型`} value={cabinet.doorShape} options={o.shapes} onChange={(doorShape) => update({ doorShape })} />
            <SelectField label={t`拉手`} value={cabinet.handleId} options={o.handles} onChange={(handleId) => update({ handleId })} />
          </>
        )}
        <SwatchField label={t`门板颜色`} value={cabinet.doorColor} options={o.materials} onChange={(doorColor) => update({ doorColor })} />
        <SelectField label={t`纹理方向`} value={cabinet.textureDir} options={o.grains} onChange={(textureDir) => update({ textureDir })} />
        <SwitchField label={t`左见光板`} checked={cabinet.endPanelLeft === true} onChange={(endPanelLeft) => update({ endPanelLeft })} />
        <SwitchField label={t`右见光板`} checked={cabinet.endPanelRight === true} onChange={(endPanelRight) => update({ endPanelRight })} />
      </div>
      {cabinet.cabinetKind === 'base' || cabinet.cabinetKind === 'cornerBase' ? (
        <>
          <h3 className="cp-heading">
            <Trans>台面</Trans>
          </h3>
          <WorktopProperties cabinet={cabinet} />
        </>
      ) : null}
      <div className="hp-actions">
        <button type="button" className="button button--secondary hp-action hp-action--danger" onClick={() => void send('cabinet.remove', { id: cabinet.id })}>
          <Icon name="trash" size={16} />
          <Trans>删除柜体</Trans>
        </button>
      </div>
    </div>
  );
}
