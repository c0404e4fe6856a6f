import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { exportPlanIfc, kernelState, useKernel } from '../kernel';
import { notify } from '../notice';
import { downloadFile, safeFileName } from '../quote/download';
import { exportBaseName } from '../../protocol/access';
import { readUser } from '../auth/storage';
import { clientRemark } from '../scene/local-file';
import { sceneSession } from '../scene/state';
import { Icon } from './icons';

// 导出IFC (户型 panel, beside 导入户型文件; issue 18): the plan of every storey as an IFC4 file for
// architects' tools. The kernel hands out the plan, a worker of its own writes it with web-ifc
// (kernel-worker/import/ifc-export.ts), and the browser downloads it. The file is named like the
// 导出到本地 file (the scheme's name; in MLS the client's remark).

export const IFC_MIME = 'application/x-step';

export function PlanExport() {
  const { t } = useLingui();
  const { status } = useKernel();
  const [busy, setBusy] = useState(false);

  async function exportIfc() {
    const base =
      safeFileName(exportBaseName(readUser()?.project ?? '', clientRemark(kernelState.meta.client), sceneSession.scene?.name ?? kernelState.meta.name)) || t`户型`;
    const fileName = `${base}.ifc`;
    setBusy(true);
    try {
      const outcome = await exportPlanIfc(fileName);
      if (outcome.ok) {
        downloadFile({ bytes: outcome.bytes, fileName, mimeType: IFC_MIME });
        return;
      }
      if ('empty' in outcome) {
        notify(t`方案中还没有墙体，没有可导出的户型`, { kind: 'warning' });
        return;
      }
      console.warn('[plan export] not written', outcome.detail);
      notify(t`导出 IFC 失败，请重试`, { kind: 'error' });
    } catch (e) {
      console.error('[plan export] failed', e);
      notify(t`导出 IFC 失败，请重试`, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="button button--secondary hp-action"
      title={t`把全部楼层的墙体、门窗、房间和楼板导出为 IFC4 文件，供建筑设计软件打开`}
      disabled={status !== 'ready' || busy}
      aria-busy={busy}
      onClick={() => void exportIfc()}
    >
      <Icon name="export" size={16} />
      <Trans>导出IFC</Trans>
    </button>
  );
}
