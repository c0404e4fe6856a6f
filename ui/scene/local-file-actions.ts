import { t } from '@lingui/core/macro';
import type { DragEvent } from 'react';
import { proxy } from 'valtio/vanilla';
import { readUser } from '../auth/storage';
import { kernelFiles, kernelState } from '../kernel';
import { notify } from '../notice';
import { downloadFile } from '../quote/download';
import { liveKernel } from './live';
import {
  clientRemark,
  exportRefusal,
  fromOrderOrExam,
  LOCAL_FILE_MAX_BYTES,
  LOCAL_FILE_MIME,
  localFileName,
  needsImportPrompt,
  sniffLocalFile,
  type ImportRefusal,
} from './local-file';
import { sceneText } from './messages';
import { saveFirst } from './open-model-room';
import { importLocalBytes } from './controller';
import { sceneSession } from './state';

// 导出到本地 / 导入本地文件 in the browser: the decisions of local-file.ts bound to the kernel, the
// download, the file's bytes, the notices and the 保存提示 (rendered by SceneMoreMenu).

export interface LocalFileUi {
  /** 保存提示 before an import replaces unsaved work: the file waiting to be imported */
  prompt: { readonly fileName: string } | null;
  /** an import is reading or loading a file */
  importing: boolean;
}

export const localFileUi = proxy<LocalFileUi>({ prompt: null, importing: false });

export type ImportPromptChoice = 'save' | 'discard' | 'close';
let answerPrompt: ((choice: ImportPromptChoice) => void) | null = null;

export function answerImportPrompt(choice: ImportPromptChoice): void {
  const answer = answerPrompt;
  answerPrompt = null;
  localFileUi.prompt = null;
  answer?.(choice);
}

function ask(fileName: string): Promise<ImportPromptChoice> {
  answerImportPrompt('close');
  return new Promise((resolve) => {
    answerPrompt = resolve;
    localFileUi.prompt = { fileName };
  });
}

const MiB = 1024 * 1024;

/** Why a file was not imported, in the designer's words; the open scheme is untouched by each. */
export function importRefusalText(reason: ImportRefusal): string {
  switch (reason) {
    case 'empty':
      return t`导入失败：文件是空的。当前方案未改变`;
    case 'too-large':
      return t`导入失败：文件超过 ${LOCAL_FILE_MAX_BYTES / MiB} MB 上限。当前方案未改变`;
    case 'foreign':
      return t`导入失败：这不是云方设计的场景文件。当前方案未改变`;
    case 'damaged':
      return t`导入失败：场景文件已损坏或不完整。当前方案未改变`;
    case 'newer':
      return t`导入失败：该场景文件由更新版本的软件保存，请刷新页面后再导入。当前方案未改变`;
  }
}

/** 导出到本地: the scene file of what is on screen, once the scheme is saved (core.md §5). */
export async function requestExport(): Promise<void> {
  const scene = sceneSession.scene;
  if (exportRefusal({ sceneId: scene?.id ?? null, fromOrderOrExam: fromOrderOrExam(window.location.search) })) {
    notify(sceneText.saveFirst(), { kind: 'warning' });
    return;
  }
  try {
    const file = await kernelFiles.exportFile();
    const fileName = localFileName({
      project: readUser()?.project ?? '',
      remark: clientRemark(kernelState.meta.client),
      schemeName: scene?.name ?? kernelState.meta.name,
      fallback: sceneText.defaultName(),
    });
    downloadFile({ bytes: file.gzip, fileName, mimeType: LOCAL_FILE_MIME });
  } catch (error) {
    console.error('[scene] export failed', error);
    notify(t`导出失败，请重试`, { kind: 'error' });
  }
}

/** 导入本地文件 (the picker or a drop on the canvas): 保存提示 first when unsaved work is on screen. */
export async function requestImport(file: File): Promise<boolean> {
  // Refused before reading a byte when its size alone says so.
  const early = sniffLocalFile(file.size, new Uint8Array(0));
  if (early) {
    notify(importRefusalText(early), { kind: 'error' });
    return false;
  }
  if (sceneSession.busy) {
    notify(sceneText.busy(), { kind: 'warning' });
    return false;
  }
  if (needsImportPrompt(sceneSession, liveKernel)) {
    const choice = await ask(file.name);
    if (choice === 'close') return false;
    if (choice === 'save' && !(await saveFirst())) return false;
  }
  localFileUi.importing = true;
  try {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      console.error('[scene] reading the local file failed', error);
      notify(t`无法读取该文件。当前方案未改变`, { kind: 'error' });
      return false;
    }
    const outcome = await importLocalBytes(bytes);
    switch (outcome.kind) {
      case 'imported':
        notify(t`已导入「${file.name}」，请保存为新方案`, { kind: 'success' });
        return true;
      case 'busy':
        notify(sceneText.busy(), { kind: 'warning' });
        return false;
      case 'refused':
        if (outcome.error) console.error('[scene] the kernel refused the file', outcome.error.code, outcome.error.detail);
        notify(importRefusalText(outcome.reason), { kind: 'error' });
        return false;
      case 'failed':
        console.error('[scene] import failed', outcome.error);
        notify(sceneText.openFailed(), { kind: 'error' });
        return false;
    }
  } finally {
    localFileUi.importing = false;
  }
}

const isFileDrag = (e: DragEvent): boolean => e.dataTransfer.types.includes('Files');

/** A file dragged over the view: accepted, so that dropping it imports it (instead of the browser opening it in place of the workspace). */
export function localFileDragOver(e: DragEvent<HTMLElement>): void {
  if (!isFileDrag(e)) return;
  e.preventDefault();
  e.dataTransfer.dropEffect = 'copy';
}

/** A file dropped on the view: imported as 导入本地文件 does (one file; the first of several). */
export function localFileDrop(e: DragEvent<HTMLElement>): void {
  if (!isFileDrag(e)) return;
  e.preventDefault();
  const file = e.dataTransfer.files[0];
  if (file) void requestImport(file);
}
