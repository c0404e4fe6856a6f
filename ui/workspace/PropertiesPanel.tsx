import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import type { CommandArgs } from '../../protocol/commands';
import type { FloorOpeningKind, Vec2, WallPanelStyle } from '../../protocol/records';
import type { SelectedDetail } from '../../protocol/snapshot';
import { useKernel } from '../kernel';
import { CabinetProperties } from './CabinetProperties';
import { NumberField, ReadonlyField, Segmented, SelectField, SwatchField, SwitchField, TextField, type SelectOption } from './controls';
import { Icon, OpeningIcon, type IconName } from './icons';
import { LIMITS, MAX_NAME_LENGTH } from './number-input';
import { openingKindInfo } from './opening-kinds';
import { send } from './panel-commands';
import { clientArea, withClientArea } from './client-info';
import { serverClientId } from './clients/client-form';
import { chooseSceneClient, unlinkClient } from './clients/link';
import { RegionPicker } from '../widgets/RegionPicker';
import { numberOnly } from '../widgets/input';
import { roomTypeName } from './room-types';
import { pickerRoomType, useRoomTypeOptions } from './RoomTypePicker';
import { useAreaFormat, useLengthFormat } from './format';
import { useWallColorOptions } from './wall-colors';
import { useWallTypeOptions } from './wall-types';
import { ModelParts } from './materials/ModelParts';
import './materials/material-lib.css';

// 属性: what the one selected wall, door or window, or room is, and the fields that change it.
// Each field sends its own command (one undo step) when it is committed.

type Detail<K extends SelectedDetail['kind']> = Extract<SelectedDetail, { kind: K }>;

export function PropertiesPanel() {
  const { selected, selection } = useKernel();
  if (!selected) return <EmptyProperties several={selection.length > 1} />;
  // A new selection starts with fresh fields (no half-typed value carried over).
  switch (selected.kind) {
    case 'wall':
      return <WallProperties key={selected.id} wall={selected} />;
    case 'opening':
      return <OpeningProperties key={selected.id} opening={selected} />;
    case 'room':
      return <RoomProperties key={selected.id} room={selected} />;
    case 'wallPanel':
      return <WallPanelProperties key={selected.id} panel={selected} />;
    case 'model':
      return <ModelProperties key={selected.id} model={selected} />;
    case 'cabinet':
      return <CabinetProperties key={selected.id} cabinet={selected} />;
    case 'floorOpening':
      return <FloorOpeningProperties key={selected.id} opening={selected} />;
    case 'other':
      return <OtherProperties key={selected.id} id={selected.id} title={selected.type} />;
  }
}

function EmptyProperties({ several }: { readonly several: boolean }) {
  return (
    <div className="hp-stack">
      <p className="hp-empty">
        {several ? <Trans>已选中多个对象，按 Delete 可一起删除。</Trans> : <Trans>在平面图或三维视图中选中墙体、门窗或房间，在此编辑其属性。</Trans>}
      </p>
      {several ? null : <ClientCard />}
    </div>
  );
}

/** The scene's client (core.md §3), edited while nothing is selected: each change one undo step. */
function ClientCard() {
  const { t } = useLingui();
  const { meta } = useKernel();
  const client = meta.client;
  return (
    <div className="hp-stack" data-testid="client-properties">
      <Heading icon="rooms">
        <span className="hp-props__title">
          <Trans>客户信息</Trans>
        </span>
      </Heading>
      <div className="hp-form">
        <TextField label={t`客户姓名`} value={client.name} maxLength={MAX_NAME_LENGTH} onCommit={(name) => void send('meta.update', { client: { name } })} />
        <TextField label={t`联系电话`} value={client.phone} maxLength={20} inputMode="tel" sanitise={numberOnly} onCommit={(phone) => void send('meta.update', { client: { phone } })} />
        <RegionPicker label={t`所在城市`} value={clientArea(client)} onChange={(code) => void send('meta.update', { client: { custom_client_info: withClientArea(client, code) } })} />
        <TextField label={t`详细地址`} value={client.address} maxLength={100} onCommit={(address) => void send('meta.update', { client: { address } })} />
      </div>
      <LinkedClient />
    </div>
  );
}

/** Which stored client (客户列表) the scheme belongs to, and the buttons that change it. */
function LinkedClient() {
  const { t } = useLingui();
  const { meta } = useKernel();
  const linked = serverClientId(meta.client.id) !== null;
  const name = meta.client.name || t`未命名客户`;
  return (
    <div className="hp-stack" data-testid="client-link">
      <p className="hp-client-link" aria-live="polite">
        {linked ? <Trans>已关联客户：{name}</Trans> : <Trans>未关联客户列表中的客户</Trans>}
      </p>
      <div className="hp-actions">
        <button type="button" className="button button--secondary hp-action" onClick={chooseSceneClient}>
          <Trans>选择客户</Trans>
        </button>
        {linked ? (
          <button type="button" className="button button--secondary hp-action" title={t`保留客户信息，不再关联客户列表中的客户`} onClick={() => void unlinkClient()}>
            <Trans>取消关联</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}

function Heading({ icon, children }: { readonly icon: IconName | 'opening'; readonly children: ReactNode }) {
  return (
    <div className="hp-props__heading">
      {icon === 'opening' ? null : <Icon name={icon} size={18} />}
      {children}
    </div>
  );
}

function WallProperties({ wall }: { readonly wall: Detail<'wall'> }) {
  const { t } = useLingui();
  const formatLength = useLengthFormat();
  const wallTypes = useWallTypeOptions();
  const wallColors = useWallColorOptions();
  const update = (change: Omit<CommandArgs<'wall.update'>, 'id'>) =>
    void send('wall.update', { id: wall.id, ...change });
  return (
    <div className="hp-stack" data-testid="wall-properties">
      <Heading icon="wall">
        <span className="hp-props__title">
          <Trans>墙体</Trans>
        </span>
      </Heading>
      <div className="hp-form">
        <ReadonlyField label={t`长度`} value={formatLength(wall.length)} unit="mm" />
        <NumberField label={t`厚度`} value={wall.thickness} limits={LIMITS.wallThickness} onCommit={(thickness) => update({ thickness })} />
        <NumberField label={t`高度`} value={wall.height} limits={LIMITS.wallHeight} onCommit={(height) => update({ height })} />
        <SelectField label={t`墙体类型`} value={wall.wallType} options={wallTypes} onChange={(wallType) => update({ wallType })} />
        <SwatchField label={t`颜色`} value={wall.color} options={wallColors} onChange={(color) => update({ color })} />
      </div>
      <div className="hp-actions">
        <button
          type="button"
          className="button button--secondary hp-action"
          title={t`在墙体中点处拆分为两段`}
          onClick={() => void send('wall.split', { id: wall.id, at: wall.length / 2 })}
        >
          <Icon name="split" size={16} />
          <Trans>拆分墙体</Trans>
        </button>
        <button
          type="button"
          className="button button--secondary hp-action"
          title={t`在墙体朝向房间的一面铺护墙板（高 1200 mm）`}
          data-testid="wall-add-panel"
          onClick={() => void addPanel(wall.id)}
        >
          <Icon name="wall" size={16} />
          <Trans>护墙板</Trans>
        </button>
        <DeleteButton onClick={() => void send('records.remove', { ids: [wall.id] })} label={t`删除墙体`} />
      </div>
    </div>
  );
}

/** Lays the default panel on the wall's room face and selects it, so its sizes and its quote are a click away. */
async function addPanel(wallId: string): Promise<void> {
  const added = await send('wallPanel.add', { wallId });
  if (added) await send('selection.set', { ids: [added.id] });
}

// 护墙板: the selected wall panel's heights, thickness, style and colour.
function useStyleOptions(): readonly SelectOption<WallPanelStyle>[] {
  const { t } = useLingui();
  return useMemo(
    () => [
      { value: 'flat', label: t`平板` },
      { value: 'framed', label: t`框线` },
    ],
    [t],
  );
}

function WallPanelProperties({ panel }: { readonly panel: Detail<'wallPanel'> }) {
  const { t } = useLingui();
  // A panel always has a colour of its own: no default swatch.
  const colors = useWallColorOptions().filter((o) => o.value !== null);
  const styles = useStyleOptions();
  const update = (change: Omit<CommandArgs<'wallPanel.update'>, 'id'>) => void send('wallPanel.update', { id: panel.id, ...change });
  return (
    <div className="hp-stack" data-testid="wall-panel-properties">
      <Heading icon="wall">
        <span className="hp-props__title">
          <Trans>护墙板</Trans>
        </span>
      </Heading>
      <div className="hp-form">
        <NumberField label={t`底部高度`} value={panel.bottom} limits={LIMITS.elevation} onCommit={(bottom) => update({ bottom })} />
        <NumberField label={t`顶部高度`} value={panel.top} limits={LIMITS.elevation} onCommit={(top) => update({ top })} />
        <NumberField label={t`厚度`} value={panel.thickness} limits={LIMITS.panelThickness} onCommit={(thickness) => update({ thickness })} />
        <SelectField label={t`样式`} value={panel.style} options={styles} onChange={(style) => update({ style })} />
        <SwatchField label={t`颜色`} value={panel.color} options={colors} onChange={(color) => color !== null && update({ color })} />
      </div>
      <div className="hp-actions">
        <Link to="/wallboardQuote" className="button button--secondary hp-action" data-testid="wall-panel-quote">
          <Trans>墙板报价</Trans>
        </Link>
        <DeleteButton onClick={() => void send('records.remove', { ids: [panel.id] })} label={t`删除护墙板`} />
      </div>
    </div>
  );
}

/** The outline stretched to `width` x `depth` from its box's south-west corner (a rectangle stays one). */
export function resizedOutline(outline: readonly Vec2[], width: number, depth: number): Vec2[] {
  const minX = Math.min(...outline.map((p) => p.x));
  const minY = Math.min(...outline.map((p) => p.y));
  const w = Math.max(...outline.map((p) => p.x)) - minX || 1;
  const d = Math.max(...outline.map((p) => p.y)) - minY || 1;
  return outline.map((p) => ({ x: Math.round(minX + ((p.x - minX) * width) / w), y: Math.round(minY + ((p.y - minY) * depth) / d) }));
}

function FloorOpeningProperties({ opening }: { readonly opening: Detail<'floorOpening'> }) {
  const { t } = useLingui();
  const update = (change: Omit<CommandArgs<'floorOpening.update'>, 'id'>) => void send('floorOpening.update', { id: opening.id, ...change });
  const kinds: readonly { value: FloorOpeningKind; label: string }[] = [
    { value: 'stair', label: t`楼梯洞口` },
    { value: 'void', label: t`挖洞` },
  ];
  return (
    <div className="hp-stack" data-testid="floor-opening-properties">
      <Heading icon={opening.openingKind === 'stair' ? 'stair' : 'hole'}>
        <span className="hp-props__title">{opening.name || (opening.openingKind === 'stair' ? t`楼梯洞口` : t`挖洞`)}</span>
      </Heading>
      <div className="hp-form">
        <Segmented label={t`类型`} value={opening.openingKind} options={kinds} onChange={(kind) => update({ kind })} />
        <NumberField label={t`宽度`} value={opening.width} limits={LIMITS.floorOpening} onCommit={(width) => update({ outline: resizedOutline(opening.outline, width, opening.depth) })} />
        <NumberField label={t`深度`} value={opening.depth} limits={LIMITS.floorOpening} onCommit={(depth) => update({ outline: resizedOutline(opening.outline, opening.width, depth) })} />
        <ReadonlyField label={t`面积`} value={opening.area.toFixed(2)} unit="m²" />
        <TextField label={t`名称`} value={opening.name} maxLength={200} onCommit={(name) => update({ name })} />
      </div>
      <div className="hp-actions">
        <DeleteButton onClick={() => void send('floorOpening.remove', { id: opening.id })} label={t`删除洞口`} />
      </div>
    </div>
  );
}

function OpeningProperties({ opening }: { readonly opening: Detail<'opening'> }) {
  const { t, i18n } = useLingui();
  const info = openingKindInfo(opening.openingKind);
  const update = (change: { width?: number; height?: number; elevation?: number; offset?: number; flipSide?: boolean; flipHinge?: boolean }) =>
    void send('opening.update', { id: opening.id, ...change });
  return (
    <div className="hp-stack" data-testid="opening-properties">
      <Heading icon="opening">
        <span className="hp-props__symbol">
          <OpeningIcon kind={opening.openingKind} />
        </span>
        <span className="hp-props__title">{i18n._(info.name)}</span>
      </Heading>
      <div className="hp-form">
        <NumberField label={t`宽度`} value={opening.width} limits={LIMITS.openingWidth} onCommit={(width) => update({ width })} />
        <NumberField label={t`高度`} value={opening.height} limits={LIMITS.openingHeight} onCommit={(height) => update({ height })} />
        <NumberField label={t`离地高度`} value={opening.elevation} limits={LIMITS.elevation} onCommit={(elevation) => update({ elevation })} />
        <NumberField label={t`距墙起点`} value={opening.offset} limits={LIMITS.offset} onCommit={(offset) => update({ offset })} />
      </div>
      <div className="hp-switches">
        <SwitchField label={t`翻转朝向`} hint={t`开向墙体的另一侧`} checked={opening.flipSide} onChange={(flipSide) => update({ flipSide })} />
        {info.hinged ? (
          <SwitchField label={t`翻转开向`} hint={t`铰链换到另一侧`} checked={opening.flipHinge} onChange={(flipHinge) => update({ flipHinge })} />
        ) : null}
      </div>
      <div className="hp-actions">
        <DeleteButton onClick={() => void send('opening.remove', { id: opening.id })} label={t`删除门窗`} />
      </div>
    </div>
  );
}

function RoomProperties({ room }: { readonly room: Detail<'room'> }) {
  const { t, i18n } = useLingui();
  const formatArea = useAreaFormat();
  const formatLength = useLengthFormat();
  const options = useRoomTypeOptions(room.roomType);
  return (
    <div className="hp-stack" data-testid="room-properties">
      <Heading icon="rooms">
        <span className="hp-props__title">{room.name.trim() || i18n._(roomTypeName(room.roomType))}</span>
      </Heading>
      <div className="hp-form">
        <TextField
          label={t`名称`}
          value={room.name}
          placeholder={i18n._(roomTypeName(room.roomType))}
          maxLength={MAX_NAME_LENGTH}
          onCommit={(name) => void send('room.update', { id: room.id, name })}
        />
        <SelectField label={t`房间类型`} value={pickerRoomType(room.roomType)} options={options} onChange={(roomType) => void send('room.update', { id: room.id, roomType })} />
        <ReadonlyField label={t`面积`} value={formatArea(room.area)} unit="m²" />
        <ReadonlyField label={t`地面面积`} value={formatArea(room.groundArea)} unit="m²" />
        <ReadonlyField label={t`层高`} value={formatLength(room.height)} unit="mm" />
      </div>
    </div>
  );
}

/** Degrees in [0, 360) of a rotation in radians, to two decimals. */
function degreesOf(radians: number): number {
  const d = (((radians * 180) / Math.PI) % 360 + 360) % 360;
  return Math.round(d * 100) / 100;
}

function ModelProperties({ model }: { readonly model: Detail<'model'> }) {
  const { t } = useLingui();
  const update = (change: Omit<CommandArgs<'model.update'>, 'id'>) => void send('model.update', { id: model.id, ...change });
  const resize = (axis: 'x' | 'y' | 'z', value: number) => update({ size: { ...model.size, [axis]: value } });
  return (
    <div className="hp-stack" data-testid="model-properties">
      <Heading icon="sofa">
        <span className="hp-props__title">{model.name || model.modelId}</span>
      </Heading>
      <div className="hp-form">
        <TextField label={t`名称`} value={model.name} placeholder={model.modelId} maxLength={MAX_NAME_LENGTH} onCommit={(name) => update({ name })} />
        <NumberField label={t`宽度`} value={model.size.x} limits={LIMITS.modelSize} disabled={!model.resizable} onCommit={(x) => resize('x', x)} />
        <NumberField label={t`深度`} value={model.size.y} limits={LIMITS.modelSize} disabled={!model.resizable} onCommit={(y) => resize('y', y)} />
        <NumberField label={t`高度`} value={model.size.z} limits={LIMITS.modelSize} disabled={!model.resizable} onCommit={(z) => resize('z', z)} />
        {model.resizable ? null : <p className="hp-hint">{t`该产品为固定尺寸，不能修改大小`}</p>}
        <NumberField label={t`离地高度`} value={model.position.z} limits={LIMITS.elevation} onCommit={(z) => update({ position: { ...model.position, z } })} />
        <NumberField
          label={t`旋转角度`}
          value={degreesOf(model.rotation)}
          limits={LIMITS.rotation}
          unit="°"
          onCommit={(deg) => update({ rotation: (deg * Math.PI) / 180 })}
        />
      </div>
      <ModelParts model={model} />
      <div className="hp-actions">
        <DeleteButton onClick={() => void send('model.remove', { id: model.id })} label={t`删除模型`} />
      </div>
    </div>
  );
}

function OtherProperties({ id, title }: { readonly id: string; readonly title: string }) {
  const { t } = useLingui();
  return (
    <div className="hp-stack">
      <Heading icon="properties">
        <span className="hp-props__title">{title}</span>
      </Heading>
      <div className="hp-actions">
        <DeleteButton onClick={() => void send('records.remove', { ids: [id] })} label={t`删除`} />
      </div>
    </div>
  );
}

function DeleteButton({ label, onClick }: { readonly label: string; readonly onClick: () => void }) {
  return (
    <button type="button" className="button button--secondary hp-action hp-action--danger" onClick={onClick}>
      <Icon name="trash" size={16} />
      {label}
    </button>
  );
}
