import { t } from '@lingui/core/macro';
import { isApiError } from '../../api';
import { isKernelCommandError } from '../../protocol/errors';
import { apiErrorText } from '../notice';

// Every text the scene session shows, translated when shown. The decisions live in the pure
// modules (save.ts, open.ts, backup.ts, restore.ts); this file only words their outcomes.

export const sceneText = {
  unsavedTitle: () => t`未保存方案`,
  defaultName: () => t`未命名方案`,
  copyName: (name: string) => t`${name} 副本`,
  /** 'empty scene cannot be saved' */
  emptyScene: () => t`场景不能为空！`,
  /** 'saved successfully' */
  saved: () => t`保存成功`,
  /** 'uploadFile fail!' with the detail */
  uploadFailed: (detail: string) => t`上传文件失败！${detail}`,
  saveFailed: (detail: string) => t`保存失败：${detail}`,
  busy: () => t`正在处理当前方案，请稍候`,
  /** core.md §8 scene opening failed */
  openFailed: () => t`打开场景出错～`,
  /** 'cannot get scene file' */
  noFile: () => t`无法获取场景文件`,
  badFile: () => t`场景文件已损坏或无法识别，当前方案保持不变`,
  newerFile: () => t`该场景文件由更新版本的软件保存，请刷新页面后再打开；当前方案保持不变`,
  /** 'backup task ended because of no change' */
  backupNoChange: () => t`场景无变化，备份任务结束`,
  /** 'the scene was auto backed up' */
  backedUp: () => t`场景已自动备份`,
  /** 'timed backup failed, please save at once' */
  backupFailed: () => t`定时备份失败，请立即保存场景`,
  unsavedHint: () => t`当前方案尚未保存，请及时保存，以免丢失设计`,
  /** 'please save the scene first' */
  saveFirst: () => t`请先保存场景`,
  /** 'please select one record to restore' */
  selectRecord: () => t`请选择一条记录进行恢复`,
  restored: () => t`已恢复到所选版本`,
  restoreConflict: () => t`所选版本已载入，但该方案已在其他地方保存了新版本，未能设为当前版本。请另存为副本以保留它。`,
  restoreFailed: (detail: string) => t`所选版本已载入，但未能设为当前版本：${detail}。请保存方案。`,
  forcedLogoutSaving: () => t`您的账号已在其他地方登录，正在为您自动保存…`,
  autoSaved: () => t`已为您自动保存当前方案`,
  /** 'auto save scheme error' (or the server's retmsg) */
  autoSaveFailed: () => t`自动保存方案出错`,
  opening: () => t`当前方案打开中...`,
  newSchemeFailed: () => t`新建方案失败，当前方案保持不变`,
  /** 户型入库 done */
  houseTypeStored: (name: string) => t`已将「${name}」存入户型库`,
  restoring: () => t`正在恢复历史版本…`,
  /** an offline copy is on screen; it is stored only once saved */
  offlineRestored: () => t`已恢复离线备份，请保存方案`,
  offlineSavedFailed: () => t`无法连接服务器，当前方案已备份在本浏览器中，请在网络恢复后保存`,
  /** the browser's storage is full: older copies made room, or none could be kept */
  offlineQuotaDropped: () => t`浏览器存储空间不足，已删除较早的离线备份`,
  offlineQuotaFull: () => t`浏览器存储空间不足，无法保存离线备份`,
};

/** A failure in words: the server's or client's message for API errors, the kernel's otherwise. */
export function failureText(error: unknown): string {
  if (isApiError(error)) return apiErrorText(error);
  if (isKernelCommandError(error)) return t`内核命令出错！`;
  return error instanceof Error ? error.message : String(error);
}

export function uploadFailureDetail(error: unknown): string {
  if (isApiError(error)) return error.serverMessage || apiErrorText(error);
  return failureText(error);
}
