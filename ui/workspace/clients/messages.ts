import { t } from '@lingui/core/macro';
import type { ClientProblem, ClientRecord } from '../../../api';

// The client dialog's texts that depend on data (read at render time, in the active locale).

/** The form's text for one broken limit, shown under the field or row it is about. */
export function problemText(p: ClientProblem): string {
  switch (p.code) {
    case 'required':
      return t`请输入客户姓名`;
    case 'tooLong': {
      const max = p.max;
      return t`不能超过 ${max} 个字`;
    }
    case 'phone':
      return t`电话格式不正确：只能包含数字、空格、短横线和开头的 +86，5 到 15 位数字`;
    case 'region':
      return t`所在城市不正确`;
    case 'tooManyEntries': {
      const max = p.max;
      return t`自定义信息不能超过 ${max} 条`;
    }
    case 'entryKeyRequired':
      return t`请填写名称`;
    case 'entryKeyTooLong': {
      const max = p.max;
      return t`名称不能超过 ${max} 个字`;
    }
    case 'entryValueTooLong': {
      const max = p.max;
      return t`内容不能超过 ${max} 个字`;
    }
    case 'entryKeyRepeated':
      return t`名称重复了`;
  }
}

/** The delete question: a client's schemes stay, unlinked. */
export function deleteQuestion(client: ClientRecord): string {
  const name = client.name;
  const count = client.sceneCount;
  return count > 0 ? t`删除客户“${name}”？它的 ${count} 个方案会保留，但不再属于该客户。` : t`删除客户“${name}”？`;
}
