import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { batchEntry } from '../../protocol/commands';
import type { FloorOpeningKind, ToolName, WallDrawMode, WallDrawParams, WallType } from '../../protocol/records';
import { enterFullScreen } from '../app/full-screen';
import { useKernel } from '../kernel';
import { notify } from '../notice';
import { USER_CONFIG_KEY } from '../scene/controller';
import { ConfirmDialog } from './ConfirmDialog';
import { HouseholdStorage } from './HouseholdStorage';
import { PlanExport } from './PlanExport';
import { PlanImport } from './PlanImport';
import { NumberField, Segmented, SelectField, SwatchField, SwitchField } from './controls';
import { Icon, type IconName } from './icons';
import { LIMITS } from './number-input';
import { send } from './panel-commands';
import { wallThicknessFromConfig } from './user-config';
import { useWallColorOptions } from './wall-colors';
import { useWallTypeOptions } from './wall-types';

// 绘制: the tools (select, draw walls), the wall draw parameters of catalogues.md §3 and, while a
// wall is being drawn, its live length and angle and the digits typed for an exact length.

function setDraw(draw: Partial<WallDrawParams>) {
  void send('tool.set', { draw });
}

export function DrawTools() {
  const { t, i18n } = useLingui();
  const { tool, planClosed, status, storeys, currentStoreyId, counts } = useKernel();
  const ready = status === 'ready';
  const [confirmClear, setConfirmClear] = useState(false);
  useUserWallThickness();
  const current = storeys.find((s) => s.id === currentStoreyId) ?? null;
  const empty = (counts.wall ?? 0) === 0 && (counts.room ?? 0) === 0;

  /**
   * Empties the current storey in one undo step: the storey goes with everything on it and an
   * empty one takes its place (same index, name, elevation and height).
   */
  async function clearStorey() {
    setConfirmClear(false);
    if (!current) return;
    const { id, index, name, elevation, layerHeight } = current;
    const done = await send('batch', {
      commands: [batchEntry('storey.remove', { id }), batchEntry('storey.add', { index, name, elevation, layerHeight })],
    });
    const added = done?.results[1];
    if (added && typeof added === 'object' && 'id' in added) await send('view.setStorey', { storeyId: added.id });
  }

  const tools: readonly { name: ToolName; label: string; icon: IconName; hint: string }[] = [
    { name: 'select', label: t`选择`, icon: 'select', hint: t`选择并编辑墙体、门窗和房间 (Esc)` },
    { name: 'wall', label: t`画墙`, icon: 'wall', hint: t`在平面图中逐点绘制墙体` },
  ];
  // Floor openings: one tool, two kinds; each button picks the tool with its kind.
  const holes: readonly { kind: FloorOpeningKind; label: string; icon: IconName; hint: string; testId: string }[] = [
    { kind: 'stair', label: t`楼梯洞口`, icon: 'stair', hint: t`在平面图中拖出或点两个角画出楼梯洞口，楼板和下层吊顶在此开洞，面积不计入房间`, testId: 'tool-stair-opening' },
    { kind: 'void', label: t`挖洞`, icon: 'hole', hint: t`在平面图中拖出或点两个角画出楼板挖洞（中空），面积不计入房间`, testId: 'tool-void-opening' },
  ];

  function freeModelling() {
    if (!planClosed) {
      notify(t`请先绘制一个封闭户型！`, { kind: 'warning' });
      return;
    }
    // core.md §4: entering the modelling menu forces full screen (now, inside the click: the
    // browser grants full screen only to a user gesture).
    void enterFullScreen();
    // Free modelling happens in the 3D view, with the pointer free to pick.
    void send('tool.set', { tool: 'select' }).then(() => send('view.setCamera', { view: 0 }));
  }

  const modes: readonly { value: WallDrawMode; label: string; title: string }[] = [
    { value: 'centre', label: t`中线`, title: t`单击的点落在墙体中线上` },
    { value: 'inner', label: t`内线`, title: t`单击的点落在墙体内侧面上` },
    { value: 'outer', label: t`外线`, title: t`单击的点落在墙体外侧面上` },
  ];
  const wallTypes = useWallTypeOptions();
  const wallColors = useWallColorOptions();
  const draw = tool.draw;
  const drawing = tool.drawing;
  const format = new Intl.NumberFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: 1, useGrouping: false });

  return (
    <div className="hp-stack">
      <div className="hp-tools" role="group" aria-label={t`绘制工具`}>
        {tools.map((item) => (
          <button
            key={item.name}
            type="button"
            className="hp-tool"
            aria-pressed={tool.name === item.name}
            title={item.hint}
            disabled={!ready}
            onClick={() => void send('tool.set', { tool: item.name })}
          >
            <Icon name={item.icon} size={22} />
            <span>{item.label}</span>
          </button>
        ))}
        {holes.map((item) => (
          <button
            key={item.kind}
            type="button"
            className="hp-tool"
            data-testid={item.testId}
            aria-pressed={tool.name === 'floorOpening' && tool.floorOpeningKind === item.kind}
            title={item.hint}
            disabled={!ready}
            onClick={() => void send('tool.set', { tool: 'floorOpening', floorOpening: { kind: item.kind } })}
          >
            <Icon name={item.icon} size={22} />
            <span>{item.label}</span>
          </button>
        ))}
        <button type="button" className="hp-tool" title={t`在三维视图中自由建模`} disabled={!ready} onClick={freeModelling}>
          <Icon name="cube" size={22} />
          <span>
            <Trans>自由建模</Trans>
          </span>
        </button>
        <button
          type="button"
          className="hp-tool hp-tool--danger"
          title={t`删除当前楼层的全部墙体、门窗和房间`}
          disabled={!ready || !current || empty}
          onClick={() => setConfirmClear(true)}
        >
          <Icon name="trash" size={22} />
          <span>
            <Trans>清空</Trans>
          </span>
        </button>
      </div>
      <div className="hp-actions">
        <HouseholdStorage />
        <PlanImport />
        <PlanExport />
      </div>
      <ConfirmDialog
        open={confirmClear}
        title={t`清空当前楼层的全部墙体、门窗和房间？可以撤销。`}
        confirmLabel={t`清空`}
        cancelLabel={t`取消`}
        onConfirm={() => void clearStorey()}
        onCancel={() => setConfirmClear(false)}
        tone="danger"
      />

      {tool.name === 'wall' ? (
        <>
          {drawing ? (
            <div className="hp-readout" aria-live="polite">
              <div className="hp-readout__row">
                <span className="hp-readout__item">
                  <span className="hp-readout__label">
                    <Trans>长度</Trans>
                  </span>
                  <span className="hp-readout__value" data-testid="drawing-length">
                    {format.format(drawing.length)}
                    <small>mm</small>
                  </span>
                </span>
                <span className="hp-readout__item">
                  <span className="hp-readout__label">
                    <Trans>角度</Trans>
                  </span>
                  <span className="hp-readout__value" data-testid="drawing-angle">
                    {format.format(drawing.angle)}
                    <small>°</small>
                  </span>
                </span>
              </div>
              {draw.input ? (
                <div className="hp-readout__typed">
                  <Icon name="keyboard" size={16} />
                  {drawing.typed ? (
                    <span className="hp-readout__digits" data-testid="drawing-typed">
                      {drawing.typed}
                      <small> mm</small>
                    </span>
                  ) : null}
                  <span className="hp-hint">
                    <Trans>输入长度后按回车</Trans>
                  </span>
                </div>
              ) : null}
            </div>
          ) : (
            <p className="hp-hint hp-hint--block">
              <Trans>在平面图中单击确定起点，再次单击画出墙体；单击起点闭合，Esc 或右键结束。</Trans>
            </p>
          )}

          <div className="hp-form">
            <div className="hp-field">
              <span className="hp-field__label" id="hp-draw-mode">
                <Trans>绘制方式</Trans>
              </span>
              <div className="hp-field__body">
                <Segmented label={t`绘制方式`} value={draw.drawMode} options={modes} onChange={(drawMode) => setDraw({ drawMode })} />
              </div>
            </div>
            <NumberField label={t`墙厚`} value={draw.thickness} limits={LIMITS.wallThickness} onCommit={(thickness) => setDraw({ thickness })} />
            <NumberField label={t`墙高`} value={draw.height} limits={LIMITS.wallHeight} onCommit={(height) => setDraw({ height })} />
            <SelectField<WallType> label={t`墙体类型`} value={draw.wallType} options={wallTypes} onChange={(wallType) => setDraw({ wallType })} />
            <SwatchField label={t`墙体颜色`} value={draw.color} options={wallColors} onChange={(color) => setDraw({ color })} />
          </div>
          <div className="hp-switches">
            <SwitchField label={t`吸附`} hint={t`吸附到墙体端点、中点和墙线`} checked={draw.snap} onChange={(snap) => setDraw({ snap })} />
            <SwitchField label={t`正交`} hint={t`以 90° 绘制`} checked={draw.orthogonal} onChange={(orthogonal) => setDraw({ orthogonal })} />
            <SwitchField label={t`角度 15°`} hint={t`以 15° 的倍数绘制`} checked={draw.angle} onChange={(angle) => setDraw({ angle })} />
            <SwitchField label={t`长度输入`} hint={t`绘制时键入数字设定精确长度`} checked={draw.input} onChange={(input) => setDraw({ input })} />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** Applied once per started kernel, so a thickness the designer picks later is not overwritten. */
let configApplied = false;

/** New walls take the user config's wallThickness (catalogues.md user config). */
function useUserWallThickness() {
  const { status } = useKernel();
  useEffect(() => {
    if (status !== 'ready') {
      configApplied = false;
      return;
    }
    if (configApplied) return;
    configApplied = true;
    let config: unknown;
    try {
      const raw = localStorage.getItem(USER_CONFIG_KEY);
      config = raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return;
    }
    const thickness = wallThicknessFromConfig(config);
    if (thickness !== null) setDraw({ thickness });
  }, [status]);
}
