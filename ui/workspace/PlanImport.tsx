import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { PlanImportSummary } from '../../protocol/plan-import';
import { importPlanFile, undo, useKernel } from '../kernel';
import { notify } from '../notice';
import { checkPlanFile, PLAN_IMPORT_ACCEPT, planImportFormat, planImportRefusal, planImportRefusalText, planImportSummaryLines } from '../scene/plan-import';
import { Icon } from './icons';
import { SceneDialog } from './SceneDialog';
import './plan-import.css';

// 导入户型文件 (户型 panel, issue 18): a plan from an architect's IFC file or a Sweet Home 3D home,
// read and built in the kernel worker as one undo step. A progress bar while a big file is read,
// then a summary of what was built and what was left out (and why), with 撤销导入 at hand.

type Phase = { kind: 'idle' } | { kind: 'reading'; name: string; fraction: number } | { kind: 'done'; name: string; summary: PlanImportSummary };

export function PlanImport() {
  const { t } = useLingui();
  const { status } = useKernel();
  const picker = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  async function importFile(file: File) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const refused = checkPlanFile(file.name, file.size, bytes.subarray(0, 16));
    const format = planImportFormat(file.name, bytes.subarray(0, 16));
    if (refused || !format) {
      notify(planImportRefusalText(refused ?? 'notAPlanFile'), { kind: 'error' });
      return;
    }
    setPhase({ kind: 'reading', name: file.name, fraction: 0 });
    try {
      const outcome = await importPlanFile(bytes, format, (fraction) => setPhase((p) => (p.kind === 'reading' ? { ...p, fraction } : p)));
      if (outcome.ok) {
        setPhase({ kind: 'done', name: file.name, summary: outcome.summary });
        return;
      }
      // The detail (which reader, what it met) is for developers; the designer reads the reason.
      console.warn('[plan import] refused', outcome.failure, outcome.detail);
      notify(planImportRefusalText(planImportRefusal(outcome.failure)), { kind: 'error' });
    } catch (e) {
      // The kernel refused to build it: execCommand has already said why.
      console.error('[plan import] not built', e);
    }
    setPhase({ kind: 'idle' });
  }

  const close = () => setPhase({ kind: 'idle' });
  const fileName = phase.kind === 'idle' ? '' : phase.name;
  const lines = phase.kind === 'done' ? planImportSummaryLines(phase.summary) : null;

  return (
    <>
      <button
        type="button"
        className="button button--secondary hp-action"
        title={t`从 IFC 或 Sweet Home 3D 文件导入户型：墙体、门窗、房间名称和楼层`}
        disabled={status !== 'ready' || phase.kind === 'reading'}
        aria-busy={phase.kind === 'reading'}
        onClick={() => picker.current?.click()}
      >
        <Icon name="import" size={16} />
        <Trans>导入户型文件</Trans>
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        accept={PLAN_IMPORT_ACCEPT}
        aria-label={t`户型文件`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <SceneDialog
        open={phase.kind !== 'idle'}
        title={phase.kind === 'done' ? t`户型已导入` : t`正在导入户型`}
        onClose={close}
        rules={{ closeOnBackdrop: false, closeOnEscape: phase.kind !== 'reading' }}
        // The worker is building: the summary comes when it is done.
        beforeClose={() => phase.kind !== 'reading'}
        footer={
          phase.kind === 'done' ? (
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  close();
                  void undo();
                }}
              >
                <Trans>撤销导入</Trans>
              </button>
              <button type="button" className="button button--primary" onClick={close}>
                <Trans>完成</Trans>
              </button>
            </>
          ) : null
        }
      >
        {phase.kind === 'reading' ? (
          <div className="plan-import__progress" role="status">
            <span>{t`正在读取 ${fileName}…`}</span>
            <progress max={100} value={Math.round(phase.fraction * 100)} aria-label={t`导入进度`} />
          </div>
        ) : null}
        {phase.kind === 'done' && lines ? (
          <div className="plan-import__summary">
            <p className="plan-import__file">
              {phase.name} · {phase.summary.schema}
            </p>
            <ul className="plan-import__built" aria-label={t`已导入`}>
              {lines.built.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {lines.leftOut.length > 0 ? (
              <>
                <h3 className="plan-import__heading">
                  <Trans>未导入的内容</Trans>
                </h3>
                <ul className="plan-import__left-out" aria-label={t`未导入的内容`}>
                  {lines.leftOut.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="plan-import__all">
                <Trans>文件中的墙体、门窗和房间已全部导入。</Trans>
              </p>
            )}
          </div>
        ) : null}
      </SceneDialog>
    </>
  );
}
