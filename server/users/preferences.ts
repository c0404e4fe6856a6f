import type { Db } from '../db/types';
import { ApiError } from '../http/envelope';
import { RETCODE } from '../http/retcodes';
import type { Locale } from '../messages';
import {
  hotkeyList,
  userConfigFromStored,
  type HotkeyName,
  type HotkeyProblem,
  type Preferences,
  type UserConfig,
  type UserConfigProblem,
} from '../../protocol/preferences';

// The user_preferences row of a user (migration 37): what differs from the defaults, read and
// written whole under a row lock so two tabs saving at once cannot lose each other's change.

interface StoredRow {
  config: Record<string, unknown>;
  hotkeys: Record<string, unknown>;
}

export async function readStored(db: Db, userId: number, lock = false): Promise<StoredRow> {
  const rows = await db.query<StoredRow>(
    `select config, hotkeys from user_preferences where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return rows[0] ?? { config: {}, hotkeys: {} };
}

export function preferencesOf(row: StoredRow): Preferences {
  return { config: userConfigFromStored(row.config), hotkeys: hotkeyList(row.hotkeys) };
}

export async function writeStored(db: Db, userId: number, row: StoredRow): Promise<void> {
  await db.query(
    `insert into user_preferences (user_id, config, hotkeys, updated_at) values ($1, $2::jsonb, $3::jsonb, now())
     on conflict (user_id) do update set config = excluded.config, hotkeys = excluded.hotkeys, updated_at = now()`,
    [userId, JSON.stringify(row.config), JSON.stringify(row.hotkeys)],
  );
}

/** Only the values that differ from the defaults are stored. */
export function configDiff(config: UserConfig, defaults: UserConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(config) as (keyof UserConfig)[]) if (config[key] !== defaults[key]) out[key] = config[key];
  return out;
}

const CONFIG_LABELS: Record<keyof UserConfig, Record<Locale, string>> = {
  cameraMoveSpeedPercentage: { zh: '相机移动速度', en: 'Camera speed' },
  wallThickness: { zh: '默认墙厚', en: 'Default wall thickness' },
  angleDragResponse: { zh: '视角拖动灵敏度', en: 'View drag response' },
  isEnableLod: { zh: '模型细节分级', en: 'Model level of detail' },
  isUseLowGltf: { zh: '使用低精度模型', en: 'Low-detail models' },
  fullScreenDetailMode: { zh: '全屏细节模式', en: 'Full-screen detail mode' },
  enableWheelScaleModel: { zh: '滚轮缩放模型', en: 'Wheel scales models' },
  enableDynamicLine: { zh: '动态线条', en: 'Dynamic lines' },
  dynamicLineWidth: { zh: '动态线宽', en: 'Dynamic line width' },
  staticLineWidth: { zh: '静态线宽', en: 'Static line width' },
  backupTime: { zh: '自动备份间隔', en: 'Backup interval' },
  backupMode: { zh: '备份方式', en: 'Backup mode' },
};

const HOTKEY_LABELS: Record<HotkeyName, Record<Locale, string>> = {
  undo: { zh: '撤销', en: 'Undo' },
  redo: { zh: '重做', en: 'Redo' },
  copy: { zh: '复制', en: 'Copy' },
  paste: { zh: '粘贴', en: 'Paste' },
  hide: { zh: '隐藏', en: 'Hide' },
  delete: { zh: '删除', en: 'Delete' },
  viewBirdEye: { zh: '鸟瞰视图', en: 'Bird eye view' },
  viewRoam: { zh: '漫游视图', en: 'Roam view' },
  viewTop: { zh: '顶视图', en: 'Top view' },
  viewLookDown: { zh: '俯视图', en: 'Look down' },
  viewLookUp: { zh: '仰视图', en: 'Look up' },
  viewSurface: { zh: '立面视图', en: 'Surface view' },
  viewFront: { zh: '正立面', en: 'Front elevation' },
  viewSide: { zh: '侧立面', en: 'Side elevation' },
  flyDown: { zh: '漫游下降', en: 'Fly down' },
  flyUp: { zh: '漫游上升', en: 'Fly up' },
  flyForward: { zh: '漫游前进', en: 'Fly forward' },
  flyBack: { zh: '漫游后退', en: 'Fly back' },
  flyLeft: { zh: '漫游左移', en: 'Fly left' },
  flyRight: { zh: '漫游右移', en: 'Fly right' },
  ceilingShow: { zh: '显示吊顶', en: 'Show ceiling' },
  ceilingHide: { zh: '隐藏吊顶', en: 'Hide ceiling' },
};

const invalid = (id: ConstructorParameters<typeof ApiError>[2], params: Record<string, string | number>, field: string) =>
  new ApiError(400, RETCODE.BAD_REQUEST, id, params, { field });

export function configProblemError(problem: UserConfigProblem, locale: Locale): ApiError {
  if (problem.kind === 'unknownField') return invalid('userConfigUnknownField', { field: problem.field }, problem.field);
  const label = CONFIG_LABELS[problem.field][locale];
  switch (problem.kind) {
    case 'notNumber':
      return invalid('userConfigNotNumber', { label }, problem.field);
    case 'notInteger':
      return invalid('userConfigNotInteger', { label }, problem.field);
    case 'outOfRange':
      return invalid('userConfigOutOfRange', { label, min: problem.min, max: problem.max }, problem.field);
    case 'notFlag':
      return invalid('userConfigNotFlag', { label }, problem.field);
  }
}

export function hotkeyProblemError(problem: HotkeyProblem, locale: Locale): ApiError {
  if (problem.kind === 'unknownHotkey') return invalid('hotkeyUnknown', { name: problem.name }, problem.name);
  const label = HOTKEY_LABELS[problem.name][locale];
  switch (problem.kind) {
    case 'badCombo':
      return invalid('hotkeyBadCombo', { label, value: problem.value }, problem.name);
    case 'needsModifier':
      return invalid('hotkeyNeedsModifier', { label, value: problem.value }, problem.name);
    case 'plainKeyOnly':
      return invalid('hotkeyPlainKeyOnly', { label, value: problem.value }, problem.name);
    case 'reserved':
      return invalid('hotkeyReserved', { label, value: problem.value }, problem.name);
    case 'conflict':
      return new ApiError(409, RETCODE.BAD_REQUEST, 'hotkeyConflict', { label, value: problem.value, other: HOTKEY_LABELS[problem.other][locale] }, {
        field: problem.name,
        other: problem.other,
      });
  }
}
