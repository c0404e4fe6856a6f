import { t } from '@lingui/core/macro';
import { LABELS_PER_SCENE, type NameCheck, type SchemeSort } from '../scene/scheme-list';

// The words of 我的方案 that depend on a case (sort choice, question, refused name), translated
// when shown.

export function sortLabel(sort: SchemeSort): string {
  switch (sort) {
    case 'updatedAt:desc':
      return t`最近修改`;
    case 'updatedAt:asc':
      return t`最早修改`;
    case 'createdAt:desc':
      return t`最新创建`;
    case 'createdAt:asc':
      return t`最早创建`;
    case 'name:asc':
      return t`名称 A→Z`;
    case 'name:desc':
      return t`名称 Z→A`;
  }
}

export type SchemeQuestion =
  | { readonly kind: 'delete'; readonly name: string }
  | { readonly kind: 'deep-delete'; readonly name: string }
  | { readonly kind: 'delete-selected'; readonly count: number }
  | { readonly kind: 'clone-selected'; readonly count: number }
  | { readonly kind: 'remove-label'; readonly label: string };

export function questionText(q: SchemeQuestion): { title: string; confirm: string } {
  switch (q.kind) {
    case 'delete': {
      const { name } = q;
      return { title: t`将方案「${name}」移到回收站？可在回收站中还原。`, confirm: t`删除` };
    }
    case 'deep-delete': {
      const { name } = q;
      return { title: t`彻底删除方案「${name}」？方案及其全部历史版本将被永久删除，此操作不可撤销。`, confirm: t`彻底删除` };
    }
    case 'delete-selected': {
      const { count } = q;
      return { title: t`将选中的 ${count} 个方案移到回收站？可在回收站中还原。`, confirm: t`删除` };
    }
    case 'clone-selected': {
      const { count } = q;
      return { title: t`将选中的 ${count} 个方案各复制一份，命名为“未命名方案”？`, confirm: t`复制` };
    }
    case 'remove-label': {
      const { label } = q;
      return { title: t`从所有方案中移除标签「${label}」？方案本身不受影响。`, confirm: t`移除` };
    }
  }
}

export function nameProblem(reason: Exclude<NameCheck, { ok: true }>['reason'], max: number): string {
  switch (reason) {
    case 'empty':
      return t`请输入名称`;
    case 'too-long':
      return t`名称不能超过 ${max} 个字`;
    case 'duplicate':
      return t`该方案已有这个标签`;
    case 'too-many':
      return t`每个方案最多 ${LABELS_PER_SCENE} 个标签`;
  }
}
